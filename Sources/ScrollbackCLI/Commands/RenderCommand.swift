import Foundation
import Scrollback

/// `scrollback render INPUT [-o FILE] [--format html|ansi|text|json]`.
enum RenderCommand {
    static let command = Command(
        name: "render",
        abstract: "Render one conversation as an HTML page, terminal bubbles, plain text or layout JSON.",
        usage: ["render INPUT [-o FILE] [--format html|ansi|text|json] [options]"],
        discussion: """
            INPUT is a file, a folder (exports that are folders), or - for standard input.
            With no -o, or -o -, the output goes to standard output. A file is written
            atomically: a failed run leaves an existing file as it was.

            An input that holds several conversations needs --conversation; 'scrollback list INPUT'
            shows them. A page is self-contained: one file, CSS inline, media inlined up to a size
            limit, no request to the network.
            """,
        examples: [
            .init("render \"WhatsApp Chat with Lee.zip\" -o lee.html", "A WhatsApp export as one HTML page."),
            .init(
                "render result.json --conversation \"Gaming Crew\"",
                "One chat of a full Telegram export, as bubbles in the terminal."),
            .init("render chat.json --format json | head", "The layout as JSON, for tests and other front ends."),
        ],
        options: OptionCatalog.specs(for: .render),
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            guard arguments.positionals.isEmpty else {
                throw UsageError.tooManyInputs("render takes one INPUT; use 'scrollback site' for several.", arguments)
            }
            throw UsageError("render needs an INPUT (a file, a folder, or - for standard input).")
        }
        _ = try SharedOptions.inputFormat(arguments)  // usage errors before any reading
        _ = try SharedOptions.readOptions(arguments)
        let output = try arguments.value(OptionCatalog.renderOutput).flatMap { $0 == "-" ? nil : $0 }
        let requested = try outputFormat(arguments, output: output, console: console)
        try SharedOptions.requireHTML(arguments, format: requested)
        var options = try SharedOptions.renderOptions(
            arguments, console: console, destination: output == nil ? .standardOutput : .file)
        let format = ColorPolicy.format(requested, color: options.terminal.color)
        let (transcript, input) = try SharedOptions.loadTranscript(path, arguments, console: console)
        SharedOptions.media(input, &options.html)
        if format == .html {
            SharedOptions.printMediaNotes(transcript, options: options.html, input: input, console: console)
        }
        // Let the input go before rendering: read from standard input, it is a copy in memory.
        _ = consume input
        let layout: TranscriptLayout
        if let output {
            var drawn: TranscriptLayout?
            let notes = console
            let waiting = { notes.note("waiting for another scrollback run into \(output) to finish") }
            try AtomicFile.writeLocked(output, waiting: waiting) { stream in
                drawn = try transcript.renderKeepingLayout(format, options: options, to: &stream)
            }
            layout = drawn!
        } else {
            var stream = StreamForwarder(target: FileDescriptorStream.standardOutput)
            layout = try transcript.renderKeepingLayout(format, options: options, to: &stream)
        }
        ProcessExit.keep(layout)
        ProcessExit.keep(transcript)
        return 0
    }

    /// `--format`, else by the output's extension, else ansi on a terminal and text elsewhere.
    static func outputFormat(_ arguments: Arguments, output: String?, console: Console) throws(UsageError)
        -> OutputFormat
    {
        if let format = try arguments.value(OptionCatalog.renderFormat) { return format }
        if let output { return OutputFormat(path: output) ?? .text }
        return console.outIsTerminal ? .ansi : .text
    }
}
