import Foundation
import Scrollback
import ScrollbackServe
import Synchronization

/// `scrollback serve INPUT... [--host ADDR] [--port N]`: the page (or site) in a browser, live.
enum ServeCommand {
    static let command = Command(
        name: "serve",
        abstract: "Serve a conversation as a live page that follows its JSON Lines input as it grows.",
        usage: ["serve INPUT... [--host ADDR] [--port N] [options]"],
        discussion: """
            One INPUT is served as the page 'scrollback render' writes; several are served as the
            site 'scrollback site' builds, every page live. A JSON Lines input (a file being
            appended to, or - for standard input) is followed: new messages appear at the bottom,
            updates by id change their message in place, typing lines show a typing bubble and
            presence lines the avatar's dot. Any other input is served as rendered and rendered
            again when the file changes. The server listens on 127.0.0.1 unless --host says
            otherwise; --port 0 picks a free port. The address is printed on standard error.
            Ctrl-C (or SIGTERM) stops the server.
            """,
        options: OptionCatalog.specs(for: .serve),
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        let inputs = arguments.positionals
        guard !inputs.isEmpty else {
            throw UsageError("serve needs an INPUT (a file, a folder, or - for standard input).")
        }
        if inputs.count > 1, inputs.contains("-") {
            throw UsageError("serve reads standard input (-) only as its one INPUT.")
        }
        let name = try arguments.value(OptionCatalog.host)
        var host = name ?? "127.0.0.1"
        if host == "localhost" { host = "127.0.0.1" }
        let port = try arguments.value(OptionCatalog.port) ?? 8080
        let format = try SharedOptions.inputFormat(arguments)
        _ = try SharedOptions.readOptions(arguments)
        var options = try SharedOptions.renderOptions(arguments, console: console)
        let token = String(UInt64.random(in: 1..<UInt64.max), radix: 36)

        if inputs.count > 1 {
            let site = try ServeSite(
                inputs: inputs, arguments: arguments, options: options, token: token, console: console)
            let server = LiveServer(resources: site.resources)
            try serve(server, host: host, name: name, port: port, console: console, cleanup: { site.remove() }) {
                site.watch(server)
            }
        }
        let path = inputs[0]
        if path == "-" || format == .jsonl || (format == nil && isJSONLines(path)) {
            let source = try FollowSource(path: path, once: false)
            var conversation = try LiveConversation(
                name: path == "-" ? "<stdin>" : path, options: options,
                transform: try SharedOptions.readOptions(arguments).transform)
            try applyExisting(source, path: path, to: &conversation, console: console)
            let channel = LiveChannel(document: conversation.document, token: token)
            let server = LiveServer(resources: ["/": .page(channel), "/index.html": .page(channel)])
            // The follower takes the conversation over: a copy left here would be kept alive, and
            // the first update would copy the whole transcript and its indexes to change them.
            var follower = ServeFollower(
                source: source, conversation: consume conversation, channel: channel, console: console)
            try serve(server, host: host, name: name, port: port, console: console) { follower.run() }
        }
        let (transcript, input) = try SharedOptions.loadTranscript(path, arguments, console: console)
        SharedOptions.media(input, &options.html)
        SharedOptions.printMediaNotes(transcript, options: options.html, input: input, console: console)
        var document = LiveDocument(page: try transcript.render(.html, options: options))
        let channel = LiveChannel(document: document, token: token)
        let server = LiveServer(resources: ["/": .page(channel), "/index.html": .page(channel)])
        try serve(server, host: host, name: name, port: port, console: console) {
            rerenderOnChange(
                path, arguments, document: &document, options: &options, channel: channel, console: console)
        }
    }

    /// What a JSON Lines file holds already is on the page from the first request, read and
    /// rendered once; bad lines here stop, as render would.
    private static func applyExisting(
        _ source: FollowSource, path: String, to conversation: inout LiveConversation, console: Console
    ) throws {
        var initial: [[UInt8]] = []
        while path != "-", let lines = source.nextLines(within: 0), !lines.isEmpty { initial += lines }
        guard !initial.isEmpty else { return }
        do { _ = try conversation.apply(initial) } catch let failure as LiveBatchError {
            for error in failure.errors.dropLast() { console.error(String(describing: error)) }
            throw failure.errors.last!
        }
    }

    /// Reads and renders `path` again whenever it changes and publishes what changed; an input
    /// that no longer reads leaves the last good page up.
    private static func rerenderOnChange(
        _ path: String, _ arguments: Arguments, document: inout LiveDocument, options: inout RenderOptions,
        channel: LiveChannel, console: Console
    ) -> Never {
        var stamp = FileStamp(path)
        while true {
            usleep(300_000)
            let now = FileStamp(path)
            guard now != stamp else { continue }
            stamp = now
            do {
                let (transcript, input) = try SharedOptions.loadTranscript(path, arguments, console: console)
                SharedOptions.media(input, &options.html)
                let change = document.update(page: try transcript.render(.html, options: options))
                channel.publish(change, document: document)
            } catch {
                console.error(String(describing: error))  // the last good page stays up
            }
        }
    }

    /// Starts `server`, prints its address, stops it cleanly on SIGINT or SIGTERM, and runs `body`
    /// (which follows the inputs) on this thread until the process ends.
    private static func serve(
        _ server: LiveServer, host: String, name: String?, port: Int, console: Console,
        cleanup: @escaping @Sendable () -> Void = {}, body: () -> Void
    ) throws -> Never {
        let endpoint: HTTPEndpoint
        do {
            endpoint = try server.start(host: host, port: port, name: name)
        } catch {
            cleanup()
            if case .badAddress = error.reason { throw UsageError(error.description) }
            throw error
        }
        // Ready for a signal before the address is printed: whoever waits for that line may stop
        // the server at once.
        ServeShutdown.install {
            server.stop()
            cleanup()
            console.err("scrollback: stopped serving \(endpoint.url)\n")
        }
        console.err("scrollback: serving \(endpoint.url) (Ctrl-C stops)\n")
        if let warning = exposureWarning(host) { console.warning(warning) }
        body()
        while true { pause() }  // the input ended (standard input closed): the page stays up
    }

    /// What `--host` exposes when it is not a loopback address, else `nil`.
    static func exposureWarning(_ host: String) -> String? {
        let loopback = host == "::1" || host.hasPrefix("127.")
        guard !loopback else { return nil }
        let reach =
            host == "0.0.0.0" || host == "::"
            ? "every network this machine is on" : "the network of \(host)"
        return "--host \(host): anyone on \(reach) can read this conversation and its live updates (no password)."
    }

    /// Whether a file input is JSON Lines: by its name, else as `render` would judge its content
    /// (an empty file is a stream that has not started yet).
    static func isJSONLines(_ path: String) -> Bool {
        let lower = path.lowercased()
        if lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return true }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), !isFolder.boolValue else {
            return false
        }
        if FileStamp(path).size == 0 { return true }
        guard let input = try? ChatInput.load(path) else { return false }
        return (try? Readers.read(input))?.format == .jsonl
    }
}

/// A file's inode, size and modification time, to notice that it changed.
struct FileStamp: Equatable {
    var inode: UInt64 = 0
    var size: Int64 = -1
    var modified: Int = 0
    var nanoseconds: Int = 0

    init(_ path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        modified = info.st_mtim.tv_sec
        nanoseconds = info.st_mtim.tv_nsec
    }
}

/// SIGINT and SIGTERM while serving: end the event streams, stop the server, exit 0. SIGPIPE is
/// ignored: a closed connection is an error on that connection only.
///
/// (A dispatch source, not a `signal` handler: the server's threads block the signals, which the
/// source still reads.)
enum ServeShutdown {
    /// The signal sources, kept alive for as long as the process serves.
    private static let sources = Mutex<[DispatchSourceSignal]>([])

    static func install(_ stop: @escaping @Sendable () -> Void) {
        signal(SIGPIPE, SIG_IGN)  // a page that goes away mid-write must not end the server
        for number in [SIGINT, SIGTERM] {
            signal(number, SIG_IGN)
            sources.withLock { sources in
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler {
                    stop()
                    FileDescriptorStream.standardOutput.flush()
                    exit(0)
                }
                let registered = DispatchSemaphore(value: 0)
                source.setRegistrationHandler { registered.signal() }
                source.resume()
                // Registered with the kernel only later, on dispatch's own thread: wait for it, so
                // a signal sent once `install` has returned is never the SIG_IGN above's.
                registered.wait()
                sources.append(source)
            }
        }
    }
}
