import Foundation
import Scrollback

/// Options every command that reads and lays out a log accepts.
enum SharedOptions {
    static let reading: [OptionSpec] =
        [
            OptionSpec(
                "--input-format", value: "FORMAT",
                help:
                    "auto (default), \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")). auto judges by content."
            ),
            OptionSpec(
                "--conversation", value: "NAME_OR_ID", help: "Which conversation of an input that holds several."),
            OptionSpec(
                "--date-order", value: "ORDER",
                help: "dmy, mdy or ymd, for exports whose dates have no year-first form."),
        ] + privacy

    /// `--people`, `--redact`, `--anonymize`: applied to every conversation right after reading.
    static let privacy: [OptionSpec] = [
        OptionSpec(
            "--people", value: "FILE",
            help: "JSON {\"Name\": [handles, numbers, ids]}: one participant per person, in every export."),
        OptionSpec(
            "--redact", value: "RULES", optional: true,
            help: "Replace e-mail, phones, IPs, card numbers, keys and tokens with [markers]; RULES adds your own."),
        OptionSpec("--anonymize", help: "Name participants Person 1, Person 2, … (in text too) and drop avatars."),
    ]

    static let layout: [OptionSpec] = [
        OptionSpec("--me", value: "ID_OR_NAME", help: "Whose messages sit on the right (overrides the log)."),
        OptionSpec(
            "--tz", value: "ZONE",
            help: "Time zone for days and times: an IANA name, UTC, or local. Default: the log's, else UTC."),
        OptionSpec("--locale", value: "ID", help: "Locale for day headings (default en)."),
        OptionSpec(
            "--chain-gap", value: "MINUTES", help: "Longest pause within a chain of one sender's messages (default 5)."),
        OptionSpec("--theme", value: "NAME", help: "HTML theme (see 'scrollback themes')."),
        OptionSpec("--title", value: "TEXT", help: "Title to show instead of the log's."),
        OptionSpec("--from", value: "DATE", help: "First day to include, YYYY-MM-DD (in the chosen zone)."),
        OptionSpec("--to", value: "DATE", help: "Last day to include, YYYY-MM-DD (inclusive)."),
    ]

    static let terminal: [OptionSpec] = [
        OptionSpec(
            "--width", value: "N", help: "Columns for ansi/text (default: the terminal's, else COLUMNS, else 80)."),
        OptionSpec(
            "--color", value: "WHEN", help: "auto (default: only on a terminal, never with NO_COLOR), always, or never."
        ),
    ]

    static let html: [OptionSpec] = [
        OptionSpec(
            "--templates", value: "DIR",
            help: "Folder of templates and CSS that override the built-in ones by file name."),
        OptionSpec("--self-contained", help: "One file with CSS and images inline (the default for render)."),
        OptionSpec("--remote-media", help: "Let images the log gives as remote URLs load."),
    ]

    /// Reading options from parsed arguments.
    static func inputFormat(_ arguments: Arguments) throws(UsageError) -> InputFormat? {
        guard let value = arguments.value("--input-format"), value != "auto" else { return nil }
        guard let format = InputFormat(rawValue: value) else {
            throw UsageError(
                "--input-format '\(value)' is not a format; use auto, \(InputFormat.allCases.map(\.rawValue).joined(separator: ", "))."
            )
        }
        return format
    }

    static func readOptions(_ arguments: Arguments) throws -> ReadOptions {
        var options = ReadOptions()
        options.transform = try privacyOptions(arguments).transform
        if let value = arguments.value("--date-order") {
            guard let order = DateOrder(rawValue: value) else {
                throw UsageError("--date-order '\(value)' is not a date order; use dmy, mdy or ymd.")
            }
            options.dateOrder = order
        }
        options.timeZone = try zone(arguments)
        return options
    }

    /// `--people FILE`, `--redact [RULES]`, `--anonymize`.
    static func privacyOptions(_ arguments: Arguments) throws -> PrivacyOptions {
        var options = PrivacyOptions()
        if let path = arguments.value("--people") { options.people = try PeopleDirectory.load(path: path) }
        if arguments.flag("--redact") || arguments.value("--redact") != nil {
            let extra = try arguments.values["--redact", default: []].flatMap { path throws in
                try Redactor.rules(fileAt: path)
            }
            options.redactor = try Redactor(extra: extra)
        }
        options.anonymize = arguments.flag("--anonymize")
        if changesNames(arguments) { options.me = arguments.value("--me") }
        return options
    }

    /// Whether names and ids may change after reading: `--me` is then resolved before they do.
    static func changesNames(_ arguments: Arguments) -> Bool {
        arguments.flag("--anonymize") || arguments.flag("--redact") || arguments.value("--redact") != nil
            || arguments.value("--people") != nil
    }

    /// `--redact RULES` when the argument after `--redact` is a rules file rather than an input:
    /// a file that no reader recognises as a chat, with another INPUT still given.
    static func claimRulesFile(_ arguments: inout Arguments) {
        arguments.claim("--redact") { candidate, others in
            guard !others.isEmpty, candidate != "-" else { return false }
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate, isDirectory: &isDirectory), !isDirectory.boolValue
            else { return false }
            if candidate.hasSuffix(".rules") { return true }
            guard let input = try? ChatInput.load(candidate) else { return false }
            return (try? Readers.detect(input)) == nil
        }
    }

    static func zone(_ arguments: Arguments) throws(UsageError) -> Zone? {
        guard let value = arguments.value("--tz") else { return nil }
        if value == "local" { return Zone.machineLocal() }
        guard let zone = Zone(identifier: value) else {
            throw UsageError("--tz '\(value)' is not a time zone; use an IANA name like Europe/Berlin, UTC, or local.")
        }
        return zone
    }

    /// Layout and render options from parsed arguments.
    static func renderOptions(_ arguments: Arguments, console: Console) throws(UsageError) -> RenderOptions {
        var layout = LayoutOptions()
        // With --people, --redact or --anonymize the transform resolves --me before names change.
        layout.me = changesNames(arguments) ? nil : arguments.value("--me")
        layout.timeZone = try zone(arguments)
        if let locale = arguments.value("--locale") {
            guard locale.range(of: "^[A-Za-z]{2,3}([-_][A-Za-z0-9]{2,8})*$", options: .regularExpression) != nil else {
                throw UsageError("--locale '\(locale)' is not a locale identifier; use one like en, de-DE or pt_BR.")
            }
            layout.locale = locale
        }
        if let gap = arguments.value("--chain-gap") {
            guard let minutes = Double(gap), minutes >= 0, minutes.isFinite, minutes <= 1_000_000 else {
                throw UsageError("--chain-gap '\(gap)' is not a number of minutes; use a number like 5.")
            }
            layout.chainGap = Int64((minutes * 60).rounded())
        }
        layout.from = try date(arguments, "--from")
        layout.to = try date(arguments, "--to")
        if let from = layout.from, let to = layout.to, from > to {
            throw UsageError("--from \(from) is after --to \(to).")
        }

        var terminal = TerminalOptions()
        if let width = arguments.value("--width") {
            guard let columns = Int(width), columns >= 20, columns <= 1000 else {
                throw UsageError("--width '\(width)' is not a width; use a whole number of columns from 20 to 1000.")
            }
            terminal.width = columns
        } else if let columns = console.terminalWidth {
            terminal.width = max(20, columns)
        } else if let columns = console.environment["COLUMNS"].flatMap(Int.init), columns >= 20 {
            terminal.width = columns
        }
        terminal.color = try colorDepth(arguments, console: console)

        var html = HTMLOptions()
        if let theme = arguments.value("--theme") {
            guard HTMLTheme.named(theme) != nil else {
                throw UsageError(
                    "--theme '\(theme)' is not a theme; use one of \(HTMLTheme.names.joined(separator: ", ")).")
            }
            html.theme = theme
        }
        html.remoteMedia = arguments.flag("--remote-media")
        if let folder = arguments.value("--templates") {
            html.templateOverrides = try templateOverrides(folder)
        }
        return RenderOptions(layout: layout, terminal: terminal, html: html, title: arguments.value("--title"))
    }

    static func date(_ arguments: Arguments, _ name: String) throws(UsageError) -> CivilDate? {
        guard let value = arguments.value(name) else { return nil }
        guard let date = CivilDate(iso: value) else {
            throw UsageError("\(name) '\(value)' is not a date; use YYYY-MM-DD.")
        }
        return date
    }

    /// `--color`: `auto` means a terminal, not `TERM=dumb`, and no non-empty `NO_COLOR`.
    static func colorDepth(_ arguments: Arguments, console: Console) throws(UsageError) -> TerminalOptions.ColorDepth? {
        let mode = arguments.value("--color") ?? "auto"
        let environment = console.environment
        switch mode {
        case "never": return nil
        case "always": return depth(environment)
        case "auto":
            if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
            if environment["TERM"] == "dumb" || !console.outIsTerminal { return nil }
            return depth(environment)
        default:
            throw UsageError("--color '\(mode)' is not a colour mode; use auto, always or never.")
        }
    }

    /// Colour depth from `COLORTERM` and `TERM`.
    static func depth(_ environment: [String: String]) -> TerminalOptions.ColorDepth {
        let colorTerm = environment["COLORTERM"]?.lowercased() ?? ""
        if colorTerm == "truecolor" || colorTerm == "24bit" { return .trueColor }
        let term = environment["TERM"]?.lowercased() ?? ""
        if term.hasSuffix("-direct") || term.hasSuffix("-truecolor") { return .trueColor }
        if term.contains("256color") || term.contains("kitty") || term.contains("alacritty") { return .ansi256 }
        return .ansi16
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
        ImportReportPrinter.print(result, input: input, console: console, meGiven: arguments.value("--me") != nil)
        let transcript = try Transcript.pick(
            from: result, input: input, conversation: arguments.value("--conversation"))
        return (transcript, input)
    }

    /// The zip an export came in, so pages can read its attachments in place.
    static func mediaArchive(_ input: ChatInput) -> MediaArchive? {
        guard case .bytes(let bytes) = input.content, ExportArchive.isZip(bytes) else { return nil }
        return MediaArchive(name: input.name) { ExportArchive.member($0, of: bytes) }
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
