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
            """,
        options: [
            OptionSpec("--output", short: "-o", value: "FILE", help: "Where to write (default: standard output)."),
            OptionSpec(
                "--format", value: "FORMAT",
                help: "html (default with -o FILE.html), ansi (default on a terminal), text, or json."),
        ] + SharedOptions.reading + SharedOptions.layout + SharedOptions.terminal + SharedOptions.html,
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw UsageError(
                arguments.positionals.isEmpty
                    ? "render needs an INPUT (a file, a folder, or - for standard input)."
                    : "render takes one INPUT; use 'scrollback site' for several.")
        }
        _ = try SharedOptions.inputFormat(arguments)  // usage errors before any reading
        _ = try SharedOptions.readOptions(arguments)
        let output = arguments.value("--output").flatMap { $0 == "-" ? nil : $0 }
        let format = try outputFormat(arguments, output: output, console: console)
        var options = try SharedOptions.renderOptions(arguments, console: console)
        let noColor = !(console.environment["NO_COLOR"] ?? "").isEmpty
        if format == .ansi && options.terminal.color == nil && arguments.value("--color") == nil && output != nil
            && !noColor
        {
            options.terminal.color = SharedOptions.depth(console.environment)  // a file asked for as ansi gets colour
        }
        if format == .ansi && arguments.value("--color") == "always" && options.terminal.color == nil {
            options.terminal.color = SharedOptions.depth(console.environment)
        }
        let (transcript, input) = try SharedOptions.loadTranscript(path, arguments, console: console)
        options.html.mediaBaseDirectory = input.baseDirectory
        options.html.mediaArchive = SharedOptions.mediaArchive(input)
        if let output {
            try AtomicFile.write(output) { stream in try render(transcript, format, options, to: &stream) }
        } else {
            var stream = StreamForwarder(target: FileDescriptorStream.standardOutput)
            try render(transcript, format, options, to: &stream)
        }
        return 0
    }

    private static func render(
        _ transcript: Transcript, _ format: OutputFormat, _ options: RenderOptions,
        to output: inout some TextOutputStream
    ) throws {
        var options = options
        if format == .ansi && options.terminal.color == nil {
            // ansi without colour (NO_COLOR, --color never, not a terminal) is the text layout.
            try transcript.render(.text, options: options, to: &output)
            return
        }
        if format == .ansi { options.terminal.color = options.terminal.color ?? .ansi16 }
        try transcript.render(format, options: options, to: &output)
    }

    /// `--format`, else by the output's extension, else ansi on a terminal and text elsewhere.
    static func outputFormat(_ arguments: Arguments, output: String?, console: Console) throws(UsageError)
        -> OutputFormat
    {
        if let value = arguments.value("--format") {
            guard let format = OutputFormat(rawValue: value) else {
                throw UsageError("--format '\(value)' is not an output format; use html, ansi, text or json.")
            }
            return format
        }
        if let output {
            let lower = output.lowercased()
            if lower.hasSuffix(".html") || lower.hasSuffix(".htm") { return .html }
            if lower.hasSuffix(".json") { return .json }
            if lower.hasSuffix(".ans") { return .ansi }
            return .text
        }
        return console.outIsTerminal ? .ansi : .text
    }
}
