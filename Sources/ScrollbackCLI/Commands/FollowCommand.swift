import Foundation
import Scrollback
import ScrollbackServe
import Synchronization

/// `scrollback follow [INPUT|-]`: renders a JSON Lines stream as it grows.
enum FollowCommand {
    static let command = Command(
        name: "follow",
        abstract: "Render a JSON Lines stream as it grows.",
        usage: ["follow [INPUT|-] [--once] [options]"],
        discussion: """
            Reads JSON Lines from INPUT (a file being appended to, watched like 'tail -f') or from
            standard input (-, the default) until it ends. On a terminal the open chain is redrawn
            in place as messages extend it and updates (lines with an earlier id) change it; presence
            lines move the avatar's dot, and a line under the transcript says who is typing;
            when the stream ends the screen shows what 'scrollback render --format ansi' shows. Off a
            terminal each chain is printed once it is closed, the last one when the input ends.
            Ctrl-C stops following: the terminal's colours and cursor are restored and the exit
            status is 130.
            """,
        examples: [
            .init("follow bot.jsonl", "Watch a file as a program appends to it, like tail -f."),
            .init("my-bot | scrollback follow --me bot", "Draw a stream from standard input as it comes."),
        ],
        options: OptionCatalog.specs(for: .follow),
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        guard arguments.positionals.count <= 1 else {
            throw UsageError.tooManyInputs("follow takes one INPUT (a file, or -).", arguments)
        }
        let path = arguments.positionals.first ?? "-"
        if path == "-" && console.inIsTerminal {
            console.err("scrollback: reading JSON Lines from standard input; Ctrl-D ends\n")
        }
        let options = try SharedOptions.renderOptions(arguments, console: console)
        let transform = try SharedOptions.privacyOptions(arguments).transform
        let source = try FollowSource(path: path, once: arguments.given(OptionCatalog.once))
        let interactive = console.outIsTerminal && console.environment["TERM"] != "dumb"
        let out = console.out
        var screen = FollowScreen(
            interactive: interactive, rows: { TerminalRows.rows(of: 1) },
            write: { text in
                out(text)
                FileDescriptorStream.standardOutput.flush()
            })
        var log = LiveLog(name: path)
        if interactive { Interruption.restoreTerminalOnExit() }
        Interruption.install()
        source.onRestart = { log.restart() }

        // On a terminal a status line under the transcript says who is typing;
        // the source is read with a timeout so that typing still ends while the stream is quiet.
        var status: String?
        while let lines = source.nextLines(within: interactive ? 0.5 : nil) {
            for line in lines { if let error = log.apply([line]).first { throw error } }
            _ = log.expireQuietTyping()
            let shown = transform?.apply(log.transcript) ?? log.transcript
            let line =
                interactive
                ? FollowStatus.line(
                    shown, typing: log.typing.senders, me: options.layout.me,
                    width: options.terminal.width, color: options.terminal.color) : nil
            if lines.isEmpty && line == status { continue }
            status = line
            screen.show(try blocks(shown, options) + (line.map { [[$0]] } ?? []), final: false)
        }
        screen.show(try blocks(transform?.apply(log.transcript) ?? log.transcript, options), final: true)
        return 0
    }

    /// The rendering `render --format ansi` gives with the same options, in blocks.
    private static func blocks(_ transcript: Transcript, _ options: RenderOptions) throws -> [[String]] {
        var transcript = transcript
        if let title = options.title { transcript.title = title }
        let layout = try LayoutEngine.layout(transcript, options: options.layout)
        return TerminalRenderer.blocks(layout, options: options.terminal)
    }
}

/// The terminal's height, for how far back a redraw can reach.
enum TerminalRows {
    static func rows(of descriptor: Int32) -> Int? {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_row > 0 else { return nil }
        return Int(size.ws_row)
    }
}

/// Ctrl-C (and SIGTERM) while following: leave the terminal as it was found, then exit.
///
/// The handler only calls `write` and `_exit`, which are safe in a signal handler; frames are
/// flushed as they are drawn, so nothing is left half-buffered.
enum Interruption {
    /// Whether the handler restores the terminal; an atomic, so reading it in the handler is safe.
    private static let restore = Atomic<Bool>(false)

    /// Resets colours, closes any open hyperlink and shows the cursor when interrupted.
    static func restoreTerminalOnExit() { restore.store(true, ordering: .releasing) }

    static func install() {
        signal(SIGINT, handler)
        signal(SIGTERM, handler)
    }

    private static let handler: @convention(c) (Int32) -> Void = { signal in
        if Interruption.restore.load(ordering: .acquiring) {
            let reset: StaticString = "\u{1B}]8;;\u{1B}\\\u{1B}[0m\u{1B}[?25h"
            _ = write(1, reset.utf8Start, reset.utf8CodeUnitCount)
        }
        _exit(128 + signal)
    }
}
