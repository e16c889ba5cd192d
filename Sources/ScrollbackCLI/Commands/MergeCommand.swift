import Foundation
import Scrollback

/// `scrollback merge INPUT... -o FILE|DIR`: exports of the same conversations become one history.
enum MergeCommand {
    static let command = Command(
        name: "merge",
        abstract: "Merge exports of the same conversations into one history that keeps everything.",
        usage: ["merge INPUT... -o FILE|DIR [options]"],
        discussion: """
            Each INPUT is an export in any format Scrollback reads. The history is written in the
            native JSON Lines format: to FILE (a .jsonl name) for one conversation, or to DIR (an
            existing folder, a path ending in /, or a new name with no extension) with one .jsonl
            file per conversation. An existing output is merged too, so exporting again next month
            and merging adds only what is new; a message the newest export no longer holds is kept
            and marked, and an edit keeps the earlier text. Times more than a day after now
            (SOURCE_DATE_EPOCH, if set) do not count towards which export is newest. Files are
            written atomically, and only when their bytes change; a second merge into the same
            output waits for the first. A report per conversation goes to standard error.
            """,
        examples: [
            .init(
                "merge \"WhatsApp Chat with Lee.zip\" --tz Europe/London -o lee.jsonl",
                "Start an archive from an export; merging next month's export adds only what is new."),
            .init("merge exports/*.json -o archive/", "Several conversations, one .jsonl file each in archive/."),
        ],
        options: OptionCatalog.specs(for: .merge),
        run: { arguments, console in try run(arguments, console: console) }
    )

    static func run(_ arguments: Arguments, console: Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("merge needs at least one INPUT (an export).") }
        guard let output = arguments.value("--output"), !output.isEmpty, output != "-" else {
            throw UsageError("merge needs an output: -o FILE (one conversation) or -o DIR/ (one file each).")
        }
        let format = try SharedOptions.inputFormat(arguments)
        let readOptions = try SharedOptions.readOptions(arguments)
        let conversation = arguments.value("--conversation")
        let now = try now(console.environment)

        // One merge into an output at a time, from finding what it holds to writing it: a second
        // run waits, then merges into what the first wrote, so neither's messages are lost.
        let target = OutputLock.resolvingLinks(output)
        if output.hasSuffix("/") || (output as NSString).pathExtension.isEmpty {
            // A new folder's own folder is made first, to hold its lock.
            try? FileManager.default.createDirectory(
                atPath: (target as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        }
        let waiting = { console.note("waiting for another scrollback merge into \(output) to finish") }
        return try OutputLock.holding(target, waiting: waiting) {
            var isDirectory: ObjCBool = false
            let exists = FileManager.default.fileExists(atPath: output, isDirectory: &isDirectory)
            // A folder: one named with a trailing /, one that exists, or a new path with no extension.
            let folder =
                output.hasSuffix("/") || (exists && isDirectory.boolValue)
                || (!exists && (output as NSString).pathExtension.isEmpty)

            // Inputs that hold one conversation are read twice (to learn what each is, then in their
            // turn), so the merge holds one of them at a time besides the history; native logs and
            // JSON Lines are applied message by message as they are read, so not even that one.
            var archives = try archiveSources(output, folder: folder, exists: exists, options: readOptions, now: now)
            let progress = MergeProgress(console: console, total: arguments.positionals.count)
            defer { progress.clear() }
            var exports: [MergeSource]
            let oneEach: Bool
            (exports, oneEach) = try exportSources(
                arguments.positionals, format: format, options: readOptions, now: now, conversation: conversation,
                folder: folder, progress: progress)
            progress.show(merging: arguments.positionals.count)
            let asOne = !folder || conversation != nil || (archives.isEmpty && oneEach)
            var names = Set(archives.map { ($0.name as NSString).lastPathComponent })
            let sources = archives + exports
            (archives, exports) = ([], [])
            // Handed over, not copied: the merge lets each source go as it is applied.
            let results = try ArchiveMerger.merge(consume sources, asOne: asOne)
            progress.clear()

            if folder && !exists {
                try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
            }
            for merged in results {
                let path = outputPath(of: merged, output: output, folder: folder, names: &names)
                // Written where a link leads, so an archive reached through a link stays a link.
                let written = try write(merged.transcript, to: OutputLock.resolvingLinks(path))
                report(merged, path: path, written: written, console: console)
            }
            return 0
        }
    }

    /// What the output holds already: its archive, or each archive in its folder.
    private static func archiveSources(
        _ output: String, folder: Bool, exists: Bool, options: ReadOptions, now: Timestamp
    ) throws -> [MergeSource] {
        var archives: [MergeSource] = []
        for path in try archivePaths(output, folder: folder, exists: exists) {
            archives += try sources(path, format: .jsonl, options: options, isArchive: true, now: now, console: nil)
        }
        return archives
    }

    /// The exports' conversations, read in turn with their progress shown, and whether each
    /// export held exactly one.
    private static func exportSources(
        _ paths: [String], format: InputFormat?, options: ReadOptions, now: Timestamp, conversation: String?,
        folder: Bool, progress: MergeProgress
    ) throws -> (sources: [MergeSource], oneEach: Bool) {
        var exports: [MergeSource] = []
        var oneEach = true
        for (number, path) in paths.enumerated() {
            progress.show(reading: path, number: number + 1)
            let read = try sources(
                path, format: format, options: options, isArchive: false, now: now,
                console: progress.console, conversation: conversation, pickOne: conversation != nil || !folder)
            oneEach = oneEach && read.count == 1
            exports += read
        }
        return (exports, oneEach)
    }

    /// Where a merged conversation is written: the output file itself; in a folder, the archive
    /// it was merged into, else a new file named after it that no other takes (added to `names`).
    private static func outputPath(
        of merged: ArchiveMerger.Result, output: String, folder: Bool, names: inout Set<String>
    ) -> String {
        guard folder else { return output }
        if let archive = merged.archiveName { return archive }
        let name = fileName(for: merged.transcript, taken: names)
        names.insert(name)
        return (output as NSString).appendingPathComponent(name)
    }

    /// The time of the merge: `SOURCE_DATE_EPOCH` (seconds since 1970) when it is set, for runs
    /// that must give the same bytes on every day, else the clock. Times more than a day after it
    /// are not believed (`MergeSource`).
    static func now(_ environment: [String: String]) throws -> Timestamp {
        if let epoch = environment["SOURCE_DATE_EPOCH"] {
            guard let seconds = Int64(epoch) else {
                throw UsageError("SOURCE_DATE_EPOCH must be a whole number of seconds since 1970, not '\(epoch)'.")
            }
            return Timestamp(seconds: seconds)
        }
        return Timestamp(seconds: Int64(Date().timeIntervalSince1970.rounded(.down)))
    }

    /// The conversations of one input as merge sources: read message by message when its format
    /// allows, else read again when merged if the input holds one (or `pickOne` picks one), held
    /// otherwise.
    private static func sources(
        _ path: String, format: InputFormat?, options: ReadOptions, isArchive: Bool, now: Timestamp, console: Console?,
        conversation: String? = nil, pickOne: Bool = false
    ) throws -> [MergeSource] {
        let input = try ChatInput.load(path)
        // Standard input cannot be read twice.
        if path != "-",
            let source = try streamed(
                input, format: format, options: options, isArchive: isArchive, now: now, console: console,
                conversation: conversation)
        {
            return [source]
        }
        let result = try Readers.read(input, format: format, options: options)
        if let console { ImportReportPrinter.print(result, input: input, console: console) }
        guard result.conversations.count == 1 || pickOne else {
            return result.conversations.map { MergeSource(name: path, transcript: $0, isArchive: isArchive, now: now) }
        }
        let transcript = try Transcript.pick(from: result, input: input, conversation: conversation)
        if path == "-" { return [MergeSource(name: path, transcript: transcript, isArchive: isArchive, now: now)] }
        let name = input.name
        return [
            MergeSource(name: path, isArchive: isArchive, now: now, summarizing: transcript) {
                let again = try Readers.read(try ChatInput.load(path), format: format, options: options)
                return try Transcript.pick(
                    from: again, input: ChatInput(name: name, bytes: []), conversation: conversation)
            }
        ]
    }

    /// The input as a source read message by message (`MessageStream`), or `nil` when its format
    /// or content is not read that way: only the history and one message of it are then held.
    private static func streamed(
        _ input: ChatInput, format: InputFormat?, options: ReadOptions, isArchive: Bool, now: Timestamp,
        console: Console?, conversation: String?
    ) throws -> MergeSource? {
        let path = input.name
        guard input.bytes != nil else { return nil }
        // Known before the first reading, so the second can read a JSON Lines file line by line
        // from the disk.
        let format = try format ?? Readers.detect(input)
        do {
            return try MergeSource(
                name: path, isArchive: isArchive, now: now,
                reading: { each in
                    guard let result = try MessageStream.read(input, format: format, options: options, each: each)
                    else { throw NotStreamed() }
                    if let console { ImportReportPrinter.print(result, input: input, console: console) }
                    return try Transcript.pick(from: result, input: input, conversation: conversation)
                },
                again: { each in
                    let result = try MessageStream.read(
                        path: path, format: format, options: options, reporting: false, each: each)
                    return result?.conversations.first ?? Transcript()
                })
        } catch is NotStreamed {
            return nil
        } catch is MessageStream.UpdatesEarlierMessage {
            return nil  // read whole: its lines update earlier messages
        }
    }

    /// The input is not read message by message.
    private struct NotStreamed: Error {}

    /// The archive files already there: the output file, or the `.jsonl` files of the folder.
    private static func archivePaths(_ output: String, folder: Bool, exists: Bool) throws -> [String] {
        guard exists else { return [] }
        guard folder else { return [output] }
        let names = try FileManager.default.contentsOfDirectory(atPath: output)
        return names.filter { $0.hasSuffix(".jsonl") && !$0.hasPrefix(".") }.sorted().map {
            (output as NSString).appendingPathComponent($0)
        }
    }

    /// A file name from the conversation's title (or id, or its people), unique in the folder.
    private static func fileName(for transcript: Transcript, taken: Set<String>) -> String {
        let title = transcript.title ?? transcript.id ?? transcript.participants.map(\.name).joined(separator: " ")
        let base = slug(title)
        var name = base + ".jsonl"
        var counter = 2
        while taken.contains(name) {
            name = base + "-\(counter).jsonl"
            counter += 1
        }
        return name
    }

    /// `Hiking club 🥾` → `hiking-club`: ASCII letters and digits, at most 40, never empty.
    static func slug(_ name: String) -> String {
        var result = ""
        var dash = false
        for character in name.decomposedStringWithCompatibilityMapping.lowercased().unicodeScalars {
            if character.isASCII && (("a"..."z").contains(character) || ("0"..."9").contains(character)) {
                if dash && !result.isEmpty { result += "-" }
                dash = false
                result.unicodeScalars.append(character)
                if result.count >= 40 { break }
            } else if character.properties.generalCategory != .nonspacingMark {
                dash = true
            }
        }
        return result.isEmpty ? "conversation" : result
    }

    /// Writes the history unless the file already holds exactly these bytes; says whether it wrote.
    private static func write(_ transcript: Transcript, to path: String) throws -> Bool {
        var digest = DigestStream()
        NativeLogWriter.write(transcript, to: &digest)
        if var old = DigestStream.ofFile(path), old.count == digest.count, old.hex() == digest.hex() { return false }
        try AtomicFile.write(path) { stream in NativeLogWriter.write(transcript, to: &stream) }
        return true
    }

    private static func report(_ merged: ArchiveMerger.Result, path: String, written: Bool, console: Console) {
        let report = merged.report
        let people = merged.transcript.participants.map(\.name).joined(separator: ", ")
        let title = merged.transcript.title ?? merged.transcript.id ?? (people.isEmpty ? "conversation" : people)
        var line = "merged \(report.sources.count) source\(report.sources.count == 1 ? "" : "s") of \"\(title)\" into "
        line += "\(path): \(report.messages) message\(report.messages == 1 ? "" : "s"); \(report.added) added, "
        line += "\(report.matched) matched, \(report.kept) kept from older exports, "
        line += "\(report.conflicts.count) conflict\(report.conflicts.count == 1 ? "" : "s")"
        line += written ? "" : " (unchanged)"
        console.err("scrollback: " + Console.printable(line) + "\n")
        for warning in report.warnings { console.warning(warning) }
        for conflict in report.conflicts.prefix(10) { console.warning("\(path): \(conflict)") }
        if report.conflicts.count > 10 { console.warning("\(path): \(report.conflicts.count - 10) more conflicts.") }
    }
}

/// Digests text written to it without keeping it (to tell whether a file would change): SHA-256,
/// the hash a site tells its unchanged files by.
private struct DigestStream: TextOutputStream {
    private var hasher = SHA256()
    private(set) var count = 0

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { add(UnsafeRawBufferPointer($0)) }
    }

    /// The digest, once everything is written.
    mutating func hex() -> String { hasher.finalizeHex() }

    private mutating func add(_ bytes: UnsafeRawBufferPointer) {
        count += bytes.count
        hasher.update(buffer: bytes)
    }

    /// The digest of a file's bytes, read a megabyte at a time; `nil` when there is no such file.
    static func ofFile(_ path: String) -> DigestStream? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var digest = DigestStream()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let read = buffer.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
            guard read > 0 else { return read == 0 ? digest : nil }
            buffer.withUnsafeBytes { digest.add(UnsafeRawBufferPointer(rebasing: $0[..<read])) }
        }
    }
}
