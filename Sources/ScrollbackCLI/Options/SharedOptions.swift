import Foundation
import Scrollback

/// Reading, layout and render options from parsed arguments, for every command that reads a log.
enum SharedOptions {
    /// `--input-format`: `nil` for `auto`.
    static func inputFormat(_ arguments: Arguments) throws(UsageError) -> InputFormat? {
        try arguments.value(OptionCatalog.inputFormat) ?? nil
    }

    static func readOptions(_ arguments: Arguments) throws -> ReadOptions {
        var options = ReadOptions()
        options.transform = try privacyOptions(arguments).transform
        if let order = try arguments.value(OptionCatalog.dateOrder) { options.dateOrder = order }
        options.timeZone = try zone(arguments)
        return options
    }

    /// `--people FILE`, `--redact`, `--redact-rules FILE` (which implies `--redact`), `--anonymize`.
    static func privacyOptions(_ arguments: Arguments) throws -> PrivacyOptions {
        var options = PrivacyOptions()
        if let path = try arguments.value(OptionCatalog.people) {
            options.people = try PeopleDirectory.load(path: path)
        }
        if redacts(arguments) {
            let extra = try arguments.allValues(OptionCatalog.redactRules).flatMap { path throws in
                try Redactor.rules(fileAt: path)
            }
            options.redactor = try Redactor(extra: extra)
        }
        options.anonymize = arguments.given(OptionCatalog.anonymize)
        if changesNames(arguments) { options.me = try arguments.value(OptionCatalog.me) }
        return options
    }

    /// Whether names and ids may change after reading: `--me` is then resolved before they do.
    static func changesNames(_ arguments: Arguments) -> Bool {
        arguments.given(OptionCatalog.anonymize) || redacts(arguments) || arguments.given(OptionCatalog.people)
    }

    /// `--redact`, or `--redact-rules FILE`, which redacts with the default rules and the file's.
    static func redacts(_ arguments: Arguments) -> Bool {
        arguments.given(OptionCatalog.redact) || arguments.given(OptionCatalog.redactRules)
    }

    /// `--templates` and `--remote-media` change HTML only: given for another format, they are a usage error.
    static func requireHTML(_ arguments: Arguments, format: OutputFormat) throws(UsageError) {
        guard format != .html else { return }
        for option in [OptionCatalog.templates.spec, OptionCatalog.remoteMedia.spec]
        where arguments.values[option.name] != nil || arguments.flags.contains(option.name) {
            throw UsageError("\(option.name) changes HTML only; it does nothing for --format \(format.rawValue).")
        }
    }

    /// `--tz`, as every command that takes it reads it.
    static func zone(_ arguments: Arguments) throws(UsageError) -> Zone? {
        try arguments.value(OptionCatalog.tz)
    }

    /// Layout and render options from parsed arguments; ANSI colour as `destination` gets it.
    static func renderOptions(
        _ arguments: Arguments, console: Console, destination: ColorPolicy.Destination = .standardOutput
    ) throws(UsageError) -> RenderOptions {
        var layout = LayoutOptions()
        // With --people, --redact or --anonymize the transform resolves --me before names change.
        layout.me = try changesNames(arguments) ? nil : arguments.value(OptionCatalog.me)
        layout.timeZone = try zone(arguments)
        if let locale = try arguments.value(OptionCatalog.locale) { layout.locale = locale }
        if let gap = try arguments.value(OptionCatalog.chainGap) { layout.chainGap = gap }
        layout.from = try arguments.value(OptionCatalog.from)
        layout.to = try arguments.value(OptionCatalog.to)
        if let from = layout.from, let to = layout.to, from > to {
            throw UsageError("--from \(from) is after --to \(to).")
        }

        var terminal = TerminalOptions()
        if let columns = try arguments.value(OptionCatalog.width) {
            terminal.width = columns
        } else if let columns = console.terminalWidth {
            terminal.width = max(20, columns)
        } else if let columns = console.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            terminal.width = columns
        }
        // --format ansi asks for colour wherever the output goes (a file, a pipe).
        let ansiAsked = (try? arguments.value(OptionCatalog.renderFormat)) == .ansi
        terminal.color = ColorPolicy.depth(
            try arguments.value(OptionCatalog.color) ?? .auto, to: destination, console: console, ansiAsked: ansiAsked)

        var html = HTMLOptions()
        if let theme = try arguments.value(OptionCatalog.theme) { html.theme = theme }
        html.remoteMedia = arguments.given(OptionCatalog.remoteMedia)
        html.allowHiddenPaths = arguments.given(OptionCatalog.allowHiddenPaths)
        // What is hidden from the text is not carried in the files either (MediaPolicy).
        html.privateMedia = redacts(arguments) || arguments.given(OptionCatalog.anonymize)
        html.homeDirectory = console.environment["HOME"]
        if let folder = try arguments.value(OptionCatalog.templates) {
            html.templateOverrides = try templateOverrides(folder)
        }
        return RenderOptions(
            layout: layout, terminal: terminal, html: html, title: try arguments.value(OptionCatalog.title))
    }

    static func templateOverrides(_ folder: String) throws(UsageError) -> [String: String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("--templates '\(folder)' is not a folder.")
        }
        var overrides: [String: String] = [:]
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        for name in names.sorted() where name.hasSuffix(".mustache") || name.hasSuffix(".css") {
            if let data = FileManager.default.contents(atPath: folder + "/" + name) {
                overrides[name] = String(decoding: data, as: UTF8.self)
            }
        }
        return overrides
    }

    /// Reads one conversation from `path` with the shared reading options, printing the import report.
    static func loadTranscript(_ path: String, _ arguments: Arguments, console: Console) throws -> (
        Transcript, ChatInput
    ) {
        if path == "-" && console.inIsTerminal {
            console.err("scrollback: reading a log from standard input (any format it reads); Ctrl-D ends\n")
        }
        let input = try ChatInput.load(path)
        let result = try read(input, arguments, console: console)
        let transcript = try Transcript.pick(
            from: result, input: input, conversation: try arguments.value(OptionCatalog.conversation))
        return (transcript, input)
    }

    /// Reads `input` with the shared reading options and prints the import report. A format named
    /// with `--input-format` that reads no message at all is an error: the input is another format.
    /// Without `sides` (`list` puts no one on the right), the report leaves out who `me` is.
    static func read(_ input: ChatInput, _ arguments: Arguments, console: Console, sides: Bool = true) throws
        -> ReadResult
    {
        let format = try inputFormat(arguments)
        let result = try Readers.read(input, format: format, options: try readOptions(arguments))
        ImportReportPrinter.print(
            result, input: input, console: console, meGiven: !sides || arguments.given(OptionCatalog.me))
        if let format, result.conversations.allSatisfy({ $0.messages.isEmpty }) {
            let detected = (try? Readers.detect(input)).map(\.rawValue)
            if detected != format.rawValue {
                throw ReadError(
                    location: SourceLocation(file: input.name),
                    problem: .nothingRead(format: format.rawValue, detected: detected))
            }
        }
        return result
    }

    /// Prints what a page of `transcript` will not carry of the files it names (hidden paths,
    /// files left out under --redact or --anonymize) and a warning for an input in the home folder.
    static func printMediaNotes(_ transcript: Transcript, options: HTMLOptions, input: ChatInput, console: Console) {
        let lines = MediaNotes(transcript, options: options, inputName: input.name)
        for warning in lines.warnings { console.warning(warning, about: input.name) }
        for note in lines.notes { console.note(note, about: input.name) }
    }

    /// Where pages find the input's attachments: the zip it came in, read in place and only
    /// there (never files beside it), else the input's folder.
    static func media(_ input: ChatInput, _ html: inout HTMLOptions) {
        html.mediaArchive = MediaArchive.zip(input)
        html.mediaBaseDirectory = html.mediaArchive == nil ? input.baseDirectory : nil
    }
}

/// Prints what an import inferred and skipped, on standard error, under one heading that names the input.
enum ImportReportPrinter {
    /// With `meGiven` (`--me` on the command line), lines about who `me` is are left out: the user decided.
    static func print(_ result: ReadResult, input: ChatInput, console: Console, meGiven: Bool = false) {
        let report = result.report
        let name = input.name
        for inference in report.inferences where !(meGiven && ImportReport.isAboutMe(inference)) {
            console.note(inference, about: name)
        }
        for warning in report.warnings.prefix(20) { console.warning(warning.description, about: name) }
        if report.warnings.count > 20 {
            console.warning("\(report.warnings.count - 20) more warnings not shown.", about: name)
        }
        if !report.skipped.isEmpty {
            console.warning(
                "skipped \(report.skipped.count) entr\(report.skipped.count == 1 ? "y" : "ies"):", about: name)
            for note in report.skipped.prefix(5) {
                console.err("  \(Console.printable(Console.entry(note.description, in: name)))\n")
            }
            if report.skipped.count > 5 { console.err("  and \(report.skipped.count - 5) more\n") }
        }
    }
}
