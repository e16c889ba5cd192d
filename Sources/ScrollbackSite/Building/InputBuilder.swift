import Foundation
import ScrollbackLayout
import ScrollbackModel
import ScrollbackReaders
import ScrollbackRender

/// Builds the conversations of one input: reads it (or keeps its files when it is unchanged),
/// claims its slugs in its turn and renders them. Several inputs are built at once, one per
/// thread; only the slug claims wait for the inputs before.
struct InputBuilder: Sendable {
    let options: SiteOptions
    let html: HTMLOptions
    let writer: SiteWriter
    let stylesheet: String
    let optionsFingerprint: String
    let progress: SiteProgress
    let turns: SlugTurns
    let media: MediaCache
    /// The last build's conversations, in its order and by key.
    let previous: [ConversationRecord]
    let previousByKey: [String: ConversationRecord]

    private enum Claimed {
        case kept([ConversationRecord])
        case read([(transcript: Transcript, key: String, slug: String)], Reading)
    }

    /// An input as its first reading left it.
    private enum Reading {
        /// Read whole.
        case whole(ReadResult)
        /// Read message by message, to be read again for its pages: its one conversation without
        /// the messages, and what laying it out and copying its files need to know beforehand.
        case streamed(
            header: Transcript, file: ChatInput, prepass: LayoutPrepass, attachments: MediaLibrary.MediaReferences)

        var conversations: [Transcript] {
            switch self {
            case .whole(let result): result.conversations
            case .streamed(let header, file: _, prepass: _, attachments: _): [header]
            }
        }
    }

    /// Builds input `position`; every failure ends up in the outcome (never thrown), and the
    /// input's slug turn is always taken, so the inputs after it never wait for ever.
    func build(_ input: SiteInput, position: Int) -> InputOutcome {
        var outcome = InputOutcome()
        var tookTurn = false
        defer { if !tookTurn { turns.skip(position) } }
        do {
            let chatInput = try ChatInput.load(input.path)
            let transform = input.readOptions.transform
            // With names hidden (`--redact`, `--anonymize`), the input's file name is not written
            // anywhere in the site either: not in the manifest's keys, not in a folder name.
            let hidesNames = transform?.hidesNames ?? false
            let keyPrefix = "\(position)|\(hidesNames ? "input-" + SHA256.hex(input.path) : input.path)|"
            let earlier = previous.filter { $0.key.hasPrefix(keyPrefix) }
            let known = input.unchanged ? earlier.first?.inputFingerprint : nil
            let inputPrint =
                known
                ?? Self.inputFingerprint(
                    chatInput, options: optionsFingerprint + (transform.map { "|" + $0.fingerprint } ?? ""))
            let mayKeep =
                !options.clean && !earlier.isEmpty && earlier.allSatisfy { $0.inputFingerprint == inputPrint }
            // An input that may be kept is not read unless its turn shows it cannot be.
            var result = mayKeep ? nil : try read(chatInput, input, warnings: &outcome.warnings)
            tookTurn = true
            let claimed = try turns.take(position) { slugs -> Claimed in
                if mayKeep, let kept = reuse(earlier, slugs: &slugs) { return .kept(kept) }
                let read = try result ?? self.read(chatInput, input, warnings: &outcome.warnings)
                result = read
                return .read(
                    read.conversations.enumerated().map { index, transcript in
                        let key = keyPrefix + (transcript.id ?? String(index + 1))
                        let name =
                            transcript.title ?? transcript.id
                            ?? (hidesNames
                                ? nil : (input.path as NSString).lastPathComponent.components(separatedBy: ".").first)
                            ?? "conversation"
                        let slug = slugs.claim(name: name, key: key, preferred: previousByKey[key]?.slug)
                        return (transcript, key, slug)
                    }, read)
            }
            switch claimed {
            case .kept(let records):
                for record in records {
                    outcome.warnings += record.warnings
                    progress.pagesKept(record.pages.count, messages: record.summary.messageCount)
                }
                outcome.records = records
            case .read(let conversations, let reading):
                try buildConversations(
                    conversations, reading: reading, of: input, chatInput, position: position, inputPrint: inputPrint,
                    hidesNames: hidesNames, into: &outcome)
            }
        } catch {
            outcome.error = error
        }
        return outcome
    }

    /// Renders the conversations of an input that was read (not kept), into `outcome`.
    private func buildConversations(
        _ conversations: [(transcript: Transcript, key: String, slug: String)], reading: Reading, of input: SiteInput,
        _ chatInput: ChatInput, position: Int, inputPrint: String, hidesNames: Bool, into outcome: inout InputOutcome
    ) throws {
        var options = html
        // An export read from a zip is read from the zip only, never from files beside it.
        options.mediaArchive = MediaArchive.zip(chatInput)
        let base = options.mediaArchive == nil ? chatInput.baseDirectory : nil
        options.mediaBaseDirectory = base
        let builder = ConversationBuilder(
            options: self.options, templates: try HTMLTemplates(options: options), writer: writer,
            stylesheet: stylesheet, optionsFingerprint: optionsFingerprint, progress: progress)
        for conversation in conversations {
            let inputName = hidesNames ? "input \(position + 1)" : chatInput.name
            let previous = self.options.clean ? nil : previousByKey[conversation.key]
            let record: ConversationRecord
            if case .streamed(header: _, let file, let prepass, let attachments) = reading {
                let (format, readOptions) = (input.format, input.readOptions)
                record = try builder.build(
                    header: conversation.transcript, prepass: prepass, attachments: attachments,
                    again: { each in
                        _ = try MessageStream.read(
                            file, format: format, options: readOptions, reporting: false, each: each)
                    }, key: conversation.key, inputFingerprint: inputPrint, slug: conversation.slug,
                    inputName: inputName, base: base, archive: options.mediaArchive,
                    previous: previous, media: media)
                outcome.monthByMonth += 1
            } else {
                record = try builder.build(
                    conversation.transcript, key: conversation.key, inputFingerprint: inputPrint,
                    slug: conversation.slug, inputName: inputName, base: base,
                    archive: options.mediaArchive, previous: previous, media: media)
            }
            outcome.warnings += record.warnings
            outcome.records.append(record)
        }
    }

    private func read(_ chatInput: ChatInput, _ input: SiteInput, warnings: inout [String]) throws -> Reading {
        if let streamed = try readMessageByMessage(chatInput, input) {
            warnings += streamed.report.warnings.map(\.description)
            return streamed.reading
        }
        let result = try Readers.read(chatInput, format: input.format, options: input.readOptions)
        warnings += result.report.warnings.map(\.description)
        return .whole(result)
    }

    /// A big input of one conversation read message by message, if it can be laid out as it is
    /// read again: its messages in time order, each reply after what it answers. `nil` otherwise
    /// (and for a log that does not read: reading it whole says why).
    private func readMessageByMessage(
        _ chatInput: ChatInput, _ input: SiteInput
    ) throws -> (reading: Reading, report: ImportReport)? {
        guard let file = try? ExportFolder.mainFile(of: chatInput) ?? chatInput, let bytes = file.bytes,
            bytes.count >= options.monthByMonthFromBytes, input.readOptions.transform == nil
        else { return nil }
        var prepass = LayoutPrepass()
        var attachments = MediaLibrary.MediaReferences()
        let result: ReadResult?
        do {
            result = try MessageStream.read(file, format: input.format, options: input.readOptions) { message in
                prepass.add(message)
                attachments.add(message)
            }
        } catch {
            return nil
        }
        guard let result, result.conversations.count == 1, prepass.streamable else { return nil }
        return (
            .streamed(header: result.conversations[0], file: file, prepass: prepass, attachments: attachments),
            result.report
        )
    }

    /// Keeps every file of an unchanged input's conversations; `nil` if any is gone.
    private func reuse(_ records: [ConversationRecord], slugs: inout SlugRegistry) -> [ConversationRecord]? {
        var trial = slugs
        for record in records
        where trial.claim(name: record.slug, key: record.key, preferred: record.slug) != record.slug {
            return nil
        }
        for record in records {
            for file in record.files {
                // `media/` files may be shared with a conversation being built on another thread.
                let kept =
                    file.hasPrefix("media/")
                    ? media.stage(file) { writer.has(file) || writer.reuse(file) }
                    : writer.has(file) || writer.reuse(file)
                guard kept else { return nil }
            }
        }
        slugs = trial
        return records
    }

    /// The input's bytes (or, for a folder, its files' names, sizes and times) and the options.
    static func inputFingerprint(_ input: ChatInput, options: String) -> String {
        var print = Fingerprint()
        print.add(options)
        switch input.content {
        case .bytes(let bytes):
            print.add(bytes.count)
            var hasher = SHA256()
            bytes.forEachPiece { hasher.update(buffer: $0) }  // a mapped file is not held whole for this
            print.add(hasher.finalizeHex())
        case .directory(let path):
            let files = (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
            for file in files {
                var info = stat()
                guard stat(path + "/" + file, &info) == 0 else { continue }
                print.add(file)
                print.add(Int(info.st_size))
                print.add(Int(info.modified.tv_sec))
                print.add(Int(info.modified.tv_nsec))
            }
        }
        return print.finalize()
    }
}
