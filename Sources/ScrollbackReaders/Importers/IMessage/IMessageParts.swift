/// A message row split the way Messages draws it: one bubble per part (a stretch of text, each
/// attachment), numbered as tapbacks and replies name them (`p:N/GUID`).
struct IMessageParts {
    /// One part of a message.
    struct Part {
        /// The part's number in the message.
        var index: Int
        var content: Content
    }

    enum Content {
        /// Text, as Markdown, with the plain text it shows; `styled` when the Markdown holds a
        /// style tag (`<u>`) or an effect's.
        case text(markdown: String, plain: String, effects: [Int], styled: Bool)
        /// A file of the `attachment` table.
        case file(IMessageDatabase.AttachmentRow)
        /// A placeholder whose file the database does not list.
        case missingFile
    }

    var parts: [Part] = []

    /// The parts of a message with `text` (the `text` column) or `body` (the decoded
    /// `attributedBody`, preferred), and the files joined to it, in order. A text part's plain
    /// text is given only `withPlain` (it is empty otherwise).
    init(text: String?, body: AttributedBody?, files: [IMessageDatabase.AttachmentRow], withPlain: Bool = true) {
        var room = Room()
        self.init(text: text, body: body, files: files, withPlain: withPlain, room: &room)
    }

    /// The parts, made with `room` kept from the messages before.
    init(
        text: String?, body: AttributedBody?, files: [IMessageDatabase.AttachmentRow], withPlain: Bool,
        room: inout Room
    ) {
        var builder = Builder(files: files, withPlain: withPlain, room: room)
        room = Room()
        if let body {
            for run in body.runs { builder.add(run) }
        } else if let text, !text.isEmpty {
            builder.add(AttributedBody.Run(text: text))
        }
        parts = builder.finish()
        room = builder.room
    }

    /// What making the parts needs besides its result, kept from one message to the next by a
    /// reader of many: the runs of the part being gathered and its Markdown's bytes.
    struct Room {
        var pending: [AttributedBody.Run] = []
        var markdown: [UInt8] = []
    }

    /// Gathers runs into text parts and places attachments where their placeholders are.
    private struct Builder {
        var parts: [Part] = []
        var unused: [IMessageDatabase.AttachmentRow]
        /// The runs of the text part being gathered (`room.pending`) and its Markdown's buffer.
        var room: Room
        var pendingPart: Int?
        var next = 0
        let withPlain: Bool

        init(files: [IMessageDatabase.AttachmentRow], withPlain: Bool, room: Room) {
            unused = files
            self.withPlain = withPlain
            self.room = room
            self.room.pending.removeAll(keepingCapacity: true)
        }

        /// Adds a run: its text, split where U+FFFC stands for an attachment.
        mutating func add(_ run: AttributedBody.Run) {
            guard IMessageParts.hasPlaceholder(run.text) else {
                gather(run)
                return
            }
            let pieces = run.text.split(separator: "\u{FFFC}", omittingEmptySubsequences: false)
            for (offset, piece) in pieces.enumerated() {
                if offset > 0 { addPlaceholder(of: run) }
                var cut = run
                cut.text = String(piece)
                gather(cut)
            }
        }

        /// A placeholder: the attachment it names (by GUID, else the next one) is a part of its own.
        private mutating func addPlaceholder(of run: AttributedBody.Run) {
            flush()
            let index = run.part ?? next
            let found = unused.firstIndex { $0.guid != nil && $0.guid == run.attachmentGUID } ?? unused.indices.first
            if let found {
                parts.append(Part(index: index, content: .file(unused.remove(at: found))))
            } else {
                parts.append(Part(index: index, content: .missingFile))
            }
            next = max(next, index + 1)
            pendingPart = nil
        }

        private mutating func gather(_ run: AttributedBody.Run) {
            guard !run.text.isEmpty else { return }
            if let part = run.part, part != pendingPart, !room.pending.isEmpty { flush() }
            room.pending.append(run)
            pendingPart = run.part ?? pendingPart
        }

        /// The gathered runs as a text part, when they show any words.
        private mutating func flush() {
            // Taken out of the room while it is read, and put back emptied.
            var pending: [AttributedBody.Run] = []
            swap(&pending, &room.pending)
            defer {
                pending.removeAll(keepingCapacity: true)
                swap(&pending, &room.pending)
            }
            guard IMessageParts.hasWords(pending) else { return }
            let plain = !withPlain ? "" : pending.count == 1 ? pending[0].text : pending.map(\.text).joined()
            let index = pendingPart ?? next
            let (markdown, styled) = IMessageParts.markdown(pending, buffer: &room.markdown)
            let effects = pending.compactMap(\.textEffect)
            let content = Content.text(
                markdown: markdown, plain: plain, effects: effects, styled: styled || !effects.isEmpty)
            parts.append(Part(index: index, content: content))
            next = max(next, index + 1)
        }

        /// The parts, with the files no placeholder named after them.
        mutating func finish() -> [Part] {
            flush()
            for file in unused {
                parts.append(Part(index: next, content: .file(file)))
                next += 1
            }
            return parts
        }
    }

    /// Whether `text` holds U+FFFC (`EF BF BC` in UTF-8), found by bytes before any split by characters.
    private static func hasPlaceholder(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var index = 0
            while index + 2 < bytes.count {
                if bytes[index] == 0xEF, bytes[index + 1] == 0xBF, bytes[index + 2] == 0xBC { return true }
                index += 1
            }
            return false
        }
    }

    /// Whether the runs' text has a character that is not white space. A visible ASCII byte is
    /// always the first scalar of such a character (no white space joins one after it); text
    /// without one is read as characters.
    private static func hasWords(_ runs: [AttributedBody.Run]) -> Bool {
        for run in runs {
            var text = run.text
            if text.withUTF8({ $0.contains { (0x21...0x7E).contains($0) } }) { return true }
        }
        let plain = runs.count == 1 ? runs[0].text : runs.map(\.text).joined()
        return plain.contains { !$0.isWhitespace }
    }

    /// The runs as Markdown: their text escaped, with links, bold, italic and strikethrough, and
    /// the forms Scrollback reads for what Markdown lacks: `<u>…</u>` for underline and
    /// `<span data-effect="NAME">…</span>` for an animated text effect (each line on its own, as
    /// the tags pair within a paragraph). Each run is written into one buffer; `styled` says
    /// whether an underline tag was written (the text's own `<` and `>` are escaped, so no other
    /// `<u>` can be in it). `output` is the buffer it is written in, emptied first.
    static func markdown(_ runs: [AttributedBody.Run], buffer output: inout [UInt8]) -> (markdown: String, styled: Bool)
    {
        output.removeAll(keepingCapacity: true)
        output.reserveCapacity(runs.reduce(32) { $0 + $1.text.utf8.count + 8 })
        var atLineStart = true
        var styled = false
        for index in runs.indices {
            if write(runs[index], atLineStart: atLineStart, into: &output) { styled = true }
            atLineStart = endsLine(runs[index].text)
        }
        return (String(decoding: output, as: UTF8.self), styled)
    }

    /// One run's Markdown, appended to `output`; whether it wrote an underline tag.
    private static func write(_ run: AttributedBody.Run, atLineStart: Bool, into output: inout [UInt8]) -> Bool {
        let start = output.count
        if let link = run.link, Self.isSafeLink(link) {
            MarkdownText.link(run.text, url: link, into: &output)
        } else {
            MarkdownText.escape(run.text, atLineStart: atLineStart, into: &output)
        }
        if run.bold { MarkdownText.wrap(&output, from: start, "**") }
        if run.italic { MarkdownText.wrap(&output, from: start, "*") }
        if run.strikethrough { MarkdownText.wrap(&output, from: start, "~~") }
        let underlined = run.underline && tag(&output, from: start, open: "<u>", close: "</u>")
        if let effect = run.textEffect {
            let name = IMessageEvents.textEffect(effect)
            tag(&output, from: start, open: "<span data-effect=\"\(name)\">", close: "</span>")
        }
        return underlined
    }

    /// Whether `text` ends with a line break of its own (`\n`, not the end of `\r\n`), as
    /// `hasSuffix("\n")` says.
    private static func endsLine(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let last = bytes.last, last == 0x0A else { return false }
            return bytes.count < 2 || bytes[bytes.count - 2] != 0x0D
        }
    }

    /// `tagged` for the Markdown `output` holds from `start` on, in place: a piece of one line
    /// with visible ASCII ends (no white space to keep outside) is wrapped as it is. Whether a
    /// tag was written (not for a piece of white space only).
    @discardableResult
    private static func tag(_ output: inout [UInt8], from start: Int, open: String, close: String) -> Bool {
        guard start < output.count else { return false }
        if let last = output.last, (0x21...0x7E).contains(output[start]), (0x21...0x7E).contains(last),
            !output[start...].contains(0x0A)
        {
            output.insert(contentsOf: open.utf8, at: start)
            output.append(contentsOf: close.utf8)
            return true
        }
        let piece = String(decoding: output[start...], as: UTF8.self)
        let tagged = tagged(piece, open: open, close: close)
        output.removeSubrange(start...)
        output.append(contentsOf: tagged.utf8)
        return tagged.utf8.count != piece.utf8.count
    }

    /// Each line of `piece` that has words, between `open` and `close`.
    private static func tagged(_ piece: String, open: String, close: String) -> String {
        piece.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.allSatisfy(\.isWhitespace) ? String(line) : open + line + close
        }.joined(separator: "\n")
    }

    private static func isSafeLink(_ link: String) -> Bool {
        let lower = link.lowercased()
        return lower.hasPrefix("https://") || lower.hasPrefix("http://") || lower.hasPrefix("mailto:")
            || lower.hasPrefix("tel:")
    }
}
