import Foundation
import ScrollbackModel

/// Slack's workspace export: a folder (or its `.zip`) with `users.json`, `channels.json` and a
/// folder of day files per channel; also one channel's day file or message list on its own.
enum SlackReader {
    static let reader = ChatReader(
        format: .slack,
        summary: "Slack workspace export folder or .zip (one conversation per channel), or one channel's JSON",
        sniff: sniff, read: read(_:options:)
    )

    static func sniff(_ input: ChatInput) -> Bool {
        switch input.content {
        case .directory(let path): return SlackWorkspace.findRoot(.directory(path)) != nil
        case .bytes(let bytes):
            if ZipArchive.isZip(bytes) {
                return ExportFiles.withZip(bytes) { SlackWorkspace.findRoot($0) != nil } ?? false
            }
            guard let first = FormatSniffing.firstNonSpace(bytes),
                first == UInt8(ascii: "[") || first == UInt8(ascii: "{")
            else { return false }
            let head = FormatSniffing.head(bytes, 16_384)
            return ImportSniffing.hasMember(head, "ts") && ImportSniffing.hasMember(head, "type", "\"message\"")
                && (ImportSniffing.hasMember(head, "user") || ImportSniffing.hasMember(head, "bot_id"))
        }
    }

    static func read(_ input: ChatInput, options: ReadOptions) throws(ReadError) -> ReadResult {
        try read(input, options: options, convertingAhead: nil)
    }

    /// Reads the export; `convertingAhead` says whether a big conversation's day files are
    /// converted on a second core while the next ones are read (`nil`: when a conversation passes
    /// 1 MB and a core is free). What is read is the same either way.
    static func read(_ input: ChatInput, options: ReadOptions, convertingAhead: Bool?) throws(ReadError)
        -> ReadResult
    {
        var report = ImportReport()
        let conversations: [Transcript]
        switch input.content {
        case .directory(let path):
            conversations = try workspace(
                .directory(path), name: input.name, options: options, convertingAhead: convertingAhead,
                report: &report)
        case .bytes(let bytes) where ZipArchive.isZip(bytes):
            let result = ExportFiles.withZip(bytes) { files in
                Result { () throws(ReadError) in
                    try workspace(
                        files, name: input.name, options: options, convertingAhead: convertingAhead, report: &report)
                }
            }
            guard let result else {
                throw ExportArchive.problem(in: bytes, file: input.name)
                    ?? ReadError(
                        location: SourceLocation(file: input.name), problem: .syntax("The zip cannot be read."))
            }
            conversations = try result.get()
        case .bytes(let bytes):
            conversations = [try single(bytes, input: input, options: options, report: &report)]
        }
        report.messagesRead = conversations.reduce(0) { $0 + $1.messages.count }
        report.inferences.append("the export does not say who exported it; --me NAME puts one person on the right")
        return ReadResult(format: .slack, conversations: conversations, report: report)
    }

    private static func workspace(
        _ files: ExportFiles, name: String, options: ReadOptions, convertingAhead: Bool?, report: inout ImportReport
    ) throws(ReadError) -> [Transcript] {
        guard let root = SlackWorkspace.findRoot(files) else {
            throw ReadError(
                location: SourceLocation(file: name),
                problem: .syntax("A Slack export has users.json and channels.json at its top."))
        }
        // A day file or channel folder that is a symlink is not read (see `ExportFiles.directory`): say so.
        for link in files.skippedLinks {
            report.warnings.append(
                .init(
                    location: SourceLocation(file: (name as NSString).appendingPathComponent(link)),
                    text: "This is a symlink to a folder or to a file outside the export; it was not read."))
        }
        let workspace = try SlackWorkspace(files: files, root: root, report: &report)
        var result: [Transcript] = []
        var botNames: [String: String] = [:]
        for conversation in workspace.conversations {
            guard
                let transcript = try convert(
                    conversation, of: workspace, name: name, options: options, convertingAhead: convertingAhead,
                    botNames: &botNames, report: &report)
            else { continue }
            result.append(transcript)
        }
        guard !result.isEmpty else {
            throw ReadError(location: SourceLocation(file: name), problem: .syntax("The Slack export has no messages."))
        }
        if options.timeZone == nil { SlackZone.choose(for: &result, people: workspace.zones, report: &report) }
        return result
    }

    /// One conversation of the workspace, its day files converted in order; `nil` (reported) when
    /// it has no messages. `botNames` carries the integrations' names from one conversation to the next.
    private static func convert(
        _ conversation: SlackWorkspace.Conversation, of workspace: SlackWorkspace, name: String,
        options: ReadOptions, convertingAhead: Bool?, botNames: inout [String: String], report: inout ImportReport
    ) throws(ReadError) -> Transcript? {
        let files = workspace.files
        var transcript = Transcript(
            id: conversation.id, title: conversation.title, timeZone: options.timeZone?.identifier,
            source: SourceLocation(file: name))
        // A channel is a group however few of its members the export shows posting.
        transcript.isGroup = conversation.isChannel
        let mrkdwn = SlackMrkdwn(users: workspace.names, channels: workspace.channelNames)
        transcript.topic = conversation.topic.map { mrkdwn.plain($0).trimmingWhitespace() }
        var converter = SlackChannel(
            transcript: transcript, mrkdwn: mrkdwn, users: workspace.users,
            options: options, localFile: { localFile($0, folder: conversation.folder, files: files) })
        converter.people.botNames = botNames
        converter = try readDays(
            of: conversation, in: workspace, name: name, into: converter, convertingAhead: convertingAhead,
            report: &report)
        botNames = converter.people.botNames
        transcript = converter.finish(report: &report)
        if transcript.messages.isEmpty {
            report.inferences.append("\(conversation.title) has no messages and is left out")
            return nil
        }
        warnAboutThreads(transcript, isRead: converter.has, report: &report)
        return transcript
    }

    /// Converts a conversation's day files into `converter`, one at a time: each file's JSON is
    /// dropped once its messages are converted. Once the day files pass 1 MB (and a core is
    /// free), the days after are converted on a second core while the next ones are read here.
    private static func readDays(
        of conversation: SlackWorkspace.Conversation, in workspace: SlackWorkspace, name: String,
        into converter: SlackChannel, convertingAhead: Bool?, report: inout ImportReport
    ) throws(ReadError) -> SlackChannel {
        let files = workspace.files
        var converter: SlackChannel? = converter
        var worker: SlackChannel.Worker?
        var bytesRead = 0
        var decided = false
        do {
            for day in workspace.dayFiles(of: conversation) {
                guard let bytes = try files.read(day, file: name) else { continue }
                let shown = files.isZip ? name + "/" + day : (name as NSString).appendingPathComponent(day)
                let value = try ImportJSON.parse(bytes, file: shown)
                let lines = LineIndex(file: shown, bytes: bytes)
                bytesRead += bytes.count
                if !decided, convertingAhead != nil || bytesRead >= SlackChannel.Worker.minimumBytes {
                    decided = true
                    if convertingAhead ?? SlackChannel.Worker.pays(forBytes: bytesRead) {
                        worker = SlackChannel.worker(converter.take()!)
                    }
                }
                if let worker {
                    worker.add((value.array ?? [], lines))
                } else {
                    converter!.add(value.array ?? [], lines: lines, report: &report)
                }
            }
        } catch {
            _ = worker?.finish()
            throw error
        }
        guard let worker else { return converter! }
        let (channel, converted) = worker.finish().state
        report.skipped += converted.skipped
        report.warnings += converted.warnings
        report.inferences += converted.inferences
        return channel
    }

    /// One channel's messages: a day file (an array) or a `{"name", "messages"}` dump.
    private static func single(_ bytes: InputBytes, input: ChatInput, options: ReadOptions, report: inout ImportReport)
        throws(ReadError) -> Transcript
    {
        let root = try ImportJSON.parse(bytes, file: input.name)
        guard let list = root.array ?? root["messages"]?.array ?? (root["ts"] != nil ? [root] : nil) else {
            throw ReadError(
                location: input.location(ofByte: root.offset),
                problem: .syntax("A Slack channel file is an array of messages or has a \"messages\" array."))
        }
        // A day file inside an export folder: people and channels come from the export around it.
        let export = input.baseDirectory.flatMap { exportAround(folder: $0, report: &report) }
        let folderName = input.baseDirectory.map { ($0 as NSString).lastPathComponent }
        let name = root["name"]?.string ?? (export != nil ? folderName : nil)
        var converter = SlackChannel(
            transcript: Transcript(
                id: name, title: name.map { "#" + $0 }, timeZone: options.timeZone?.identifier,
                source: SourceLocation(file: input.name)),
            mrkdwn: SlackMrkdwn(users: export?.names ?? [:], channels: export?.channelNames ?? [:]),
            users: export?.users ?? [:], options: options, localFile: { _ in nil })
        converter.add(list, lines: LineIndex(file: input.name, bytes: bytes), report: &report)
        var transcript = converter.finish(report: &report)
        if let export, options.timeZone == nil {
            var one = [transcript]
            SlackZone.choose(for: &one, people: export.zones, report: &report)
            transcript = one[0]
        }
        if export == nil {
            report.inferences.append("a single channel file has no users.json; people are named from their messages")
        }
        warnAboutThreads(transcript, isRead: converter.has, report: &report)
        return transcript
    }

    /// The workspace export a channel's day file sits in (`users.json` in the folder above), if any.
    private static func exportAround(folder: String, report: inout ImportReport) -> SlackWorkspace? {
        let parent = (folder as NSString).deletingLastPathComponent
        let users = (parent as NSString).appendingPathComponent("users.json")
        guard !parent.isEmpty, FileManager.default.fileExists(atPath: users) else { return nil }
        let files = ExportFiles(
            paths: ["users.json", "channels.json", "groups.json", "mpims.json", "dms.json"].filter {
                FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent($0))
            },
            contents: { path in
                (try? ChatInput.load((parent as NSString).appendingPathComponent(path)))?.bytes
            }, isZip: false)
        guard let workspace = try? SlackWorkspace(files: files, root: "", report: &report) else { return nil }
        report.inferences.append("people are named from \(users), the export this channel file is in")
        return workspace
    }

    /// Files downloaded into the export (slackdump's `__uploads/ID/NAME`, or `CHANNEL/attachments/`).
    private static func localFile(_ file: JSONValue, folder: String, files: ExportFiles) -> String? {
        guard !files.isZip, let id = file["id"]?.scalarText, let name = file["name"]?.string else { return nil }
        let top = folder.split(separator: "/").dropLast().joined(separator: "/")
        let prefix = top.isEmpty ? "" : top + "/"
        for candidate in [prefix + "__uploads/\(id)/\(name)", folder + "/attachments/\(id)-\(name)"]
        where files.contains(candidate) {
            return AttachmentPaths.safeRelativePath(candidate)
        }
        return nil
    }

    /// Warns about thread replies whose parent is not in the export (`isRead` knows every message's id).
    private static func warnAboutThreads(
        _ transcript: Transcript, isRead: (String) -> Bool, report: inout ImportReport
    ) {
        let orphans = transcript.messages.filter { $0.kind != .system && $0.replyTo.map { !isRead($0) } ?? false }
        if !orphans.isEmpty {
            report.warnings.append(
                .init(
                    location: orphans[0].location,
                    text:
                        "\(transcript.title ?? ""): \(counted(orphans.count, "thread reply", "thread replies")) to messages not in the export"
                ))
        }
    }
}
