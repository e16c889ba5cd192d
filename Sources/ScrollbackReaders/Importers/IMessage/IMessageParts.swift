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
        /// Text, as Markdown, with the plain text it shows.
        case text(markdown: String, plain: String, effects: [Int])
        /// A file of the `attachment` table.
        case file(IMessageDatabase.AttachmentRow)
        /// A placeholder whose file the database does not list.
        case missingFile
    }

    var parts: [Part] = []

    /// The parts of a message with `text` (the `text` column) or `body` (the decoded
    /// `attributedBody`, preferred), and the files joined to it, in order.
    init(text: String?, body: AttributedBody?, files: [IMessageDatabase.AttachmentRow]) {
        var unused = files
        let runs = body?.runs ?? Self.runs(text ?? "")
        var pending: [AttributedBody.Run] = []
        var pendingPart: Int?
        var next = 0
        func flush() {
            defer { pending = [] }
            let plain = pending.count == 1 ? pending[0].text : pending.map(\.text).joined()
            guard plain.contains(where: { !$0.isWhitespace }) else { return }
            let index = pendingPart ?? next
            parts.append(
                Part(
                    index: index,
                    content: .text(
                        markdown: Self.markdown(pending), plain: plain, effects: pending.compactMap(\.textEffect))))
            next = max(next, index + 1)
        }
        func add(_ run: AttributedBody.Run) {
            guard !run.text.isEmpty else { return }
            if let part = run.part, part != pendingPart, !pending.isEmpty { flush() }
            pending.append(run)
            pendingPart = run.part ?? pendingPart
        }
        for run in runs {
            guard Self.hasPlaceholder(run.text) else {
                add(run)
                continue
            }
            let pieces = run.text.split(separator: "\u{FFFC}", omittingEmptySubsequences: false)
            for (offset, piece) in pieces.enumerated() {
                if offset > 0 {
                    // A placeholder: the attachment it names (by GUID, else the next one) is a part of its own.
                    flush()
                    let index = run.part ?? next
                    let found =
                        unused.firstIndex { $0.guid != nil && $0.guid == run.attachmentGUID } ?? unused.indices.first
                    if let found {
                        parts.append(Part(index: index, content: .file(unused.remove(at: found))))
                    } else {
                        parts.append(Part(index: index, content: .missingFile))
                    }
                    next = max(next, index + 1)
                    pendingPart = nil
                }
                var cut = run
                cut.text = String(piece)
                add(cut)
            }
        }
        flush()
        for file in unused {
            parts.append(Part(index: next, content: .file(file)))
            next += 1
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

    /// Plain text as one run.
    private static func runs(_ text: String) -> [AttributedBody.Run] {
        text.isEmpty ? [] : [AttributedBody.Run(text: text)]
    }

    /// The runs as Markdown: their text escaped, with links, bold, italic and strikethrough, and
    /// the forms Scrollback reads for what Markdown lacks: `<u>…</u>` for underline and
    /// `<span data-effect="NAME">…</span>` for an animated text effect (each line on its own, as
    /// the tags pair within a paragraph).
    static func markdown(_ runs: [AttributedBody.Run]) -> String {
        var output = ""
        var atLineStart = true
        for run in runs {
            var piece: String
            if let link = run.link, Self.isSafeLink(link) {
                piece = MarkdownText.link(run.text, url: link)
            } else {
                piece = MarkdownText.escape(run.text, atLineStart: atLineStart)
            }
            if run.bold { piece = MarkdownText.wrap(piece, "**") }
            if run.italic { piece = MarkdownText.wrap(piece, "*") }
            if run.strikethrough { piece = MarkdownText.wrap(piece, "~~") }
            if run.underline { piece = Self.tagged(piece, open: "<u>", close: "</u>") }
            if let effect = run.textEffect {
                let name = IMessageEvents.textEffect(effect)
                piece = Self.tagged(piece, open: "<span data-effect=\"\(name)\">", close: "</span>")
            }
            output += piece
            atLineStart = run.text.hasSuffix("\n")
        }
        return output
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
