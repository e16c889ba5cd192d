import Foundation
import Scrollback

/// Reading, layout and render options from parsed arguments, for every command that reads a log.
enum SharedOptions {
    /// The reading options, for commands that list their own options.
    static let reading: [OptionSpec] = [
        OptionCatalog.inputFormat.spec, OptionCatalog.conversation.spec, OptionCatalog.dateOrder.spec,
        OptionCatalog.people.spec, OptionCatalog.redact.spec, OptionCatalog.anonymize.spec,
    ]

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

    /// `--people FILE`, `--redact [RULES]`, `--anonymize`.
    static func privacyOptions(_ arguments: Arguments) throws -> PrivacyOptions {
        var options = PrivacyOptions()
        if let path = try arguments.value(OptionCatalog.people) {
            options.people = try PeopleDirectory.load(path: path)
        }
        if arguments.given(OptionCatalog.redact) {
            let extra = try arguments.allValues(OptionCatalog.redact).flatMap { path throws in
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
        arguments.given(OptionCatalog.anonymize) || arguments.given(OptionCatalog.redact)
            || arguments.given(OptionCatalog.people)
    }

    /// `--redact RULES` when the argument after `--redact` is a rules file rather than an input:
    /// a file that no reader recognises as a chat, with another INPUT still given.
    static func claimRulesFile(_ arguments: inout Arguments) {
        arguments.claim(OptionCatalog.redact.spec.name) { candidate, others in
            guard !others.isEmpty, candidate != "-" else { return false }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return false }
            if candidate.hasSuffix(".rules") { return true }
            guard let input = try? ChatInput.load(candidate) else { return false }
            return (try? Readers.detect(input)) == nil
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
        terminal.color = ColorPolicy.depth(
            try arguments.value(OptionCatalog.color) ?? .auto, to: destination, console: console)

        var html = HTMLOptions()
        if let theme = try arguments.value(OptionCatalog.theme) { html.theme = theme }
        html.remoteMedia = arguments.given(OptionCatalog.remoteMedia)
        html.allowHiddenPaths = arguments.given(OptionCatalog.allowHiddenPaths)
        // What is hidden from the text is not carried in the files either (MediaPolicy).
        html.privateMedia = arguments.given(OptionCatalog.redact) || arguments.given(OptionCatalog.anonymize)
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
        let format = try inputFormat(arguments)
        let options = try readOptions(arguments)
        let input = try ChatInput.load(path)
        let result = try Readers.read(input, format: format, options: options)
        ImportReportPrinter.print(result, input: input, console: console, meGiven: arguments.given(OptionCatalog.me))
        let transcript = try Transcript.pick(
            from: result, input: input, conversation: try arguments.value(OptionCatalog.conversation))
        return (transcript, input)
    }

    /// Prints what a page of `transcript` will not carry of the files it names (hidden paths,
    /// files left out under --redact or --anonymize) and a warning for an input in the home folder.
    static func printMediaNotes(_ transcript: Transcript, options: HTMLOptions, input: ChatInput, console: Console) {
        let lines = MediaNotes(transcript, options: options, inputName: input.name)
        for warning in lines.warnings { console.warning(warning) }
        for note in lines.notes { console.note(note) }
    }

    /// Where pages find the input's attachments: the zip it came in, read in place and only
    /// there (never files beside it), else the input's folder.
    static func media(_ input: ChatInput, _ html: inout HTMLOptions) {
        html.mediaArchive = MediaArchive.zip(input)
        html.mediaBaseDirectory = html.mediaArchive == nil ? input.baseDirectory : nil
    }
}

/// Prints what an import inferred and skipped, on standard error.
enum ImportReportPrinter {
    /// With `meGiven` (`--me` on the command line), lines about who `me` is are left out: the user decided.
    static func print(_ result: ReadResult, input: ChatInput, console: Console, meGiven: Bool = false) {
        let report = result.report
        for inference in report.inferences where !(meGiven && ImportReport.isAboutMe(inference)) {
            console.note("\(input.name): \(inference)")
        }
        for warning in report.warnings.prefix(20) { console.warning(warning.description) }
        if report.warnings.count > 20 { console.warning("\(report.warnings.count - 20) more warnings not shown.") }
        if !report.skipped.isEmpty {
            console.warning(
                "\(input.name): skipped \(report.skipped.count) entr\(report.skipped.count == 1 ? "y" : "ies"):")
            for note in report.skipped.prefix(5) { console.err("  \(Console.printable(note.description))\n") }
            if report.skipped.count > 5 { console.err("  and \(report.skipped.count - 5) more\n") }
        }
    }
}
