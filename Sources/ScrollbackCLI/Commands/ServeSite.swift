import Foundation
import Scrollback
import ScrollbackServe

/// `serve` with several inputs: the site `scrollback site` builds, in a private folder, built
/// again when an input changes; every HTML page is a live page, every other file is served as
/// the build wrote it (an attachment's copy under `media/` as a download unless it is an image,
/// video or audio file; see `LiveServer.Resource.media`).
///
/// Each JSON Lines input is also followed line by line for who is typing: its conversation's
/// newest page shows the typing bubbles, in the same update as the page the lines rebuilt, and a
/// bubble whose sender went quiet ends after ten seconds of stream time, run on with the wall
/// clock while no line arrives.
final class ServeSite: @unchecked Sendable {
    private let inputs: [SiteInput]
    private let options: SiteOptions
    /// The private folder the site is built in.
    let folder: String
    private let token: String
    private let console: Console
    private var channels: [String: LiveChannel] = [:]
    private var documents: [String: LiveDocument] = [:]
    /// The JSON Lines inputs, by position, followed for typing.
    private var logs: [Int: FollowedLog] = [:]
    private(set) var resources: [String: LiveServer.Resource] = [:]
    /// The inputs as last seen, and as the last build that succeeded read them.
    private var inputStamps: [FileStamp]
    private var builtStamps: [FileStamp]?
    /// Each page's file as last read: a page whose file the build kept is not read again.
    private var pageStamps: [String: FileStamp] = [:]
    /// How many pages the last build read and compared with their live page.
    private(set) var pagesRead = 0

    init(inputs paths: [String], arguments: Arguments, options render: RenderOptions, token: String, console: Console)
        throws
    {
        let format = try SharedOptions.inputFormat(arguments)
        let readOptions = try SharedOptions.readOptions(arguments)
        inputs = paths.map { SiteInput(path: $0, format: format, readOptions: readOptions) }
        var options = try SiteCommand.siteOptions(arguments, console: console)
        options.layout = render.layout
        options.force = true
        self.options = options
        self.token = token
        self.console = console
        folder = NSTemporaryDirectory() + "scrollback-serve-\(getpid())-\(token)"
        inputStamps = inputs.map { FileStamp($0.path) }
        for (position, input) in inputs.enumerated()
        where format == .jsonl || (format == nil && ServeCommand.isJSONLines(input.path)) {
            logs[position] = try FollowedLog(path: input.path, transform: readOptions.transform)
        }
        readLogs()
        try build()
    }

    deinit { remove() }

    /// Removes the private folder the site was built in.
    func remove() { try? FileManager.default.removeItem(atPath: folder) }

    /// Builds the site again whenever an input changes, and ends typing that timed out; never
    /// returns.
    func watch(_ server: LiveServer) {
        while true {
            usleep(250_000)
            refresh(server)
        }
    }

    /// Builds the site again if an input changed since the last build, else ends typing that
    /// timed out.
    func refresh(_ server: LiveServer?) {
        let now = inputs.map { FileStamp($0.path) }
        guard now != inputStamps else {
            if expireTyping() { publishTyping() }
            return
        }
        inputStamps = now
        readLogs()
        do {
            try build()
            server?.update(resources)
        } catch {
            console.error(String(describing: error))  // the last good site stays up
            publishTyping()
        }
    }

    /// Reads what the followed logs gained. A bad line is left to the site build to report.
    private func readLogs() {
        for position in logs.keys { logs[position]!.read() }
    }

    /// Ends typing that has lasted ten seconds of stream time; whether any log's typing changed.
    private func expireTyping() -> Bool {
        var changed = false
        for position in logs.keys where logs[position]!.expireTyping() { changed = true }
        return changed
    }

    /// The typing bubbles of each newest page of a followed log, by page address.
    private func typingByPage() -> [String: String] {
        var bubbles: [String: String] = [:]
        let newest = SiteBuilder.newestPages(in: folder)
        for (position, log) in logs {
            guard let pages = newest[position], pages.count == 1 else { continue }
            let html = log.typingHTML(layout: options.layout)
            if !html.isEmpty { bubbles["/" + pages[0]] = html }
        }
        return bubbles
    }

    /// Publishes a change of typing alone, the pages as they are.
    private func publishTyping() {
        let typing = typingByPage()
        for address in channels.keys where documents[address]?.typing != typing[address] ?? "" {
            publish(typing[address] ?? "", on: address)
        }
    }

    /// Publishes the page at `address` as it is, with the typing bubbles `typing`.
    private func publish(_ typing: String, on address: String) {
        guard var document = documents[address], let channel = channels[address] else { return }
        let change = document.update(page: document.page, typing: typing)
        guard !change.isEmpty else { return }
        documents[address] = document
        channel.publish(change, document: document)
    }

    /// Builds the site and brings every page's channel up to date, typing included. The build
    /// keeps the files of unchanged conversations (hard links to the last build's: the same
    /// inode and time), and those pages are not read again: a change to one conversation costs
    /// its pages and the index's, not every conversation's.
    private func build() throws {
        let console = self.console
        // An input as the last build read it is kept without being hashed again.
        let stamps = inputStamps
        var inputs = self.inputs
        for index in inputs.indices { inputs[index].unchanged = builtStamps?[index] == stamps[index] }
        _ = try SiteBuilder.build(inputs, into: folder, options: options, warn: { console.warning($0) })
        builtStamps = stamps
        let typing = typingByPage()
        pagesRead = 0
        var table: [String: LiveServer.Resource] = [:]
        let files = FileManager.default.enumerator(atPath: folder)
        while let relative = files?.nextObject() as? String {
            let path = folder + "/" + relative
            var isFolder: ObjCBool = false
            guard !relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }),
                FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let address = "/" + relative
            // An attachment's copy is never a page, whatever its name: no live script, no site policy.
            if relative.hasPrefix("media/") {
                table[address] = .media(path: path)
                continue
            }
            guard relative.hasSuffix(".html") else {
                table[address] = .file(path: path)
                continue
            }
            let stamp = FileStamp(path)
            if pageStamps[address] == stamp, let document = documents[address], let channel = channels[address] {
                if document.typing != typing[address] ?? "" { publish(typing[address] ?? "", on: address) }
                table[address] = .page(channel)
                if relative == "index.html" { table["/"] = table[address] }
                continue
            }
            guard let data = FileManager.default.contents(atPath: path) else {
                table[address] = .file(path: path)
                continue
            }
            pageStamps[address] = stamp
            pagesRead += 1
            let page = String(decoding: data, as: UTF8.self)
            if var document = documents[address], let channel = channels[address] {
                let change = document.update(page: page, typing: typing[address] ?? "")
                documents[address] = document
                channel.publish(change, document: document)
            } else {
                var document = LiveDocument(page: page)
                _ = document.update(page: page, typing: typing[address] ?? "")
                documents[address] = document
                channels[address] = LiveChannel(document: document, token: token)
            }
            table[address] = .page(channels[address]!)
            if relative == "index.html" { table["/"] = table[address] }
        }
        resources = table
    }
}

/// One JSON Lines input of a live site, followed for who is typing in it.
private struct FollowedLog {
    let source: FollowSource
    var log: LiveLog
    let transform: TranscriptTransform?
    /// The transform followed along the log, so a batch of lines costs what it changed.
    private var follower: (any TranscriptFollower)?
    /// The conversation as its pages show it (transformed), without its messages.
    private var header: Transcript

    init(path: String, transform: TranscriptTransform?) throws {
        source = try FollowSource(path: path, once: false)
        log = LiveLog(name: path)
        self.transform = transform
        follower = transform?.follower?()
        header = log.transcript
    }

    /// Reads every complete line the file has gained.
    mutating func read() {
        var restarted = false
        source.onRestart = { restarted = true }
        while let lines = source.nextLines(within: 0), !lines.isEmpty {
            if restarted {
                restart()
                restarted = false
            }
            let before = log.transcript.messages.count
            _ = log.apply(lines)
            follow(added: before)
        }
        if restarted { restart() }
    }

    /// Starts again from nothing: the file was truncated or replaced.
    private mutating func restart() {
        log.restart()
        follower = transform?.follower?()
        follow(added: 0)
    }

    /// Takes the header as the pages show it, the messages from `added` on new.
    private mutating func follow(added: Int) {
        var shown = log.transcript
        if let transform {
            if var kept = follower {
                // Taken out while it changes, so what it keeps is changed in place, not copied.
                follower = nil
                shown = kept.follow(shown, added: added, updated: log.updated).transcript
                follower = kept
            } else {
                shown = transform.apply(shown)
            }
        }
        shown.messages = []
        header = shown
    }

    /// Ends typing that has lasted ten seconds of stream time; whether anyone stopped.
    mutating func expireTyping() -> Bool { log.expireQuietTyping() }

    /// The typing bubbles as the site's page of this log draws its people.
    func typingHTML(layout options: LayoutOptions) -> String {
        guard !log.typing.senders.isEmpty else { return "" }
        guard let layout = try? LayoutEngine.layout(header, options: options) else { return "" }
        return log.typingHTML(in: layout, transformed: transform != nil)
    }
}
