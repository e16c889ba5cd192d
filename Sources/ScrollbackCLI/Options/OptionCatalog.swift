import Foundation
import Scrollback

/// Every option of every command, declared once, in the order the help lists them.
///
/// Each declaration gives the name, the value's placeholder and type, the default, the help line
/// and the commands that take it; the parser, `--help`, the man page and the shell completions
/// are all made from this table, so they cannot drift apart. An option that means something else
/// for one command (`--output` is a file for `render`, a folder for `site`) is its own declaration.
enum OptionCatalog {
    /// The options `command` takes, in help order.
    static func specs(for command: CommandName) -> [OptionSpec] {
        all.filter { $0.commands.contains(command) }
    }

    /// Every declaration: one left out of this list is neither parsed nor shown.
    static let all: [OptionSpec] = [
        renderOutput.spec, siteOutput.spec, mergeOutput.spec, renderFormat.spec, checkFormat.spec, listFormat.spec,
        snapshot.spec, record.spec, host.spec, port.spec, export.spec, pageBudget.spec, servePageBudget.spec,
        pageSize.spec, servePageSize.spec, baseURL.spec, clean.spec, force.spec,
        inputFormat.spec, conversation.spec, dateOrder.spec, readingTZ.spec, mergeTZ.spec, once.spec,
        people.spec, redact.spec, redactRules.spec, anonymize.spec,
        me.spec, validateMe.spec, tz.spec, locale.spec, chainGap.spec, title.spec, from.spec, to.spec,
        theme.spec, templates.spec, remoteMedia.spec, allowHiddenPaths.spec,
        width.spec, checkWidth.spec, color.spec, checkColor.spec, quiet.spec,
    ]

    /// The commands that read an input, and so take the reading and privacy options.
    static let reading: Set<CommandName> = [.render, .site, .merge, .check, .follow, .serve, .validate, .list]

    // MARK: Where output goes

    static let renderOutput = Option(
        "--output", short: "-o", value: "FILE", help: "Where to write (default: standard output).", group: .output,
        for: [.render])
    static let siteOutput = Option(
        "--output", short: "-o", value: "DIR", help: "The site's folder (required).", group: .output, for: [.site])
    static let mergeOutput = Option(
        "--output", short: "-o", value: "FILE|DIR", help: "The archive: a .jsonl file, or a folder.", group: .output,
        for: [.merge])
    static let renderFormat = Option(
        "--format", value: "FORMAT", choices: OutputFormat.allCases.map(\.rawValue),
        help: "html (default with -o FILE.html), ansi (default on a terminal), text, or json.", group: .output,
        for: [.render]
    ) { value throws(UsageError) in
        guard let format = OutputFormat(rawValue: value) else {
            throw UsageError.badValue(
                "--format '\(value)' is not an output format; use html, ansi, text or json.", value,
                choices: OutputFormat.allCases.map(\.rawValue))
        }
        return format
    }
    static let checkFormat = Option(
        "--format", value: "FORMAT", default: "text", choices: OutputFormat.allCases.map(\.rawValue),
        help: "text, ansi, html, or json.", group: .output, for: [.check]
    ) { value throws(UsageError) in
        guard let format = OutputFormat(rawValue: value) else {
            throw UsageError.badValue(
                "--format '\(value)' is not an output format; use text, ansi, html or json.", value,
                choices: OutputFormat.allCases.map(\.rawValue))
        }
        return format
    }
    static let listFormat = Option(
        "--format", value: "FORMAT", default: "text", choices: ListFormat.allCases.map(\.rawValue),
        help: "text (one conversation a line) or json (for scripts).", group: .output, for: [.list]
    ) { value throws(UsageError) in
        guard let format = ListFormat(rawValue: value) else {
            throw UsageError.badValue(
                "--format '\(value)' is not a list format; use text or json.", value,
                choices: ListFormat.allCases.map(\.rawValue))
        }
        return format
    }
    static let snapshot = Option(
        "--snapshot", value: "FILE", help: "The snapshot file (or folder, for a folder of inputs).", group: .output,
        for: [.check])
    static let record = Option.flag(
        "--record", help: "Rewrite the snapshot with the current output instead of comparing.", group: .output,
        for: [.check])
    static let host = Option(
        "--host", value: "ADDR", default: "127.0.0.1", help: "Address to listen on.", group: .output, for: [.serve])
    static let port = Option(
        "--port", value: "N", default: "8080", help: "Port to listen on (0 picks a free one).", group: .output,
        for: [.serve]
    ) { value throws(UsageError) in
        guard let port = Int(value), (0...65535).contains(port) else {
            throw UsageError(
                "--port '\(value)' is not a port; use a whole number from 0 to 65535 (0 picks a free one).")
        }
        return port
    }
    static let export = Option(
        "--export", value: "NAME", choices: HTMLTheme.names, help: "Write theme NAME's files into the folder DIR.",
        group: .output, for: [.themes])

    // MARK: Sites

    static let pageBudget = Option(
        "--page-budget", value: "BYTES", default: "1000000",
        help: "Most HTML per page before a month is split into parts, in bytes or as 500k, 2M.", group: .output,
        for: [.site], parse: bytes)
    static let servePageBudget = Option(
        "--page-budget", value: "BYTES", default: "1000000", help: "With several inputs: most HTML per site page.",
        group: .output, for: [.serve], parse: bytes)
    static let pageSize = Option(
        "--page-size", value: "N", help: "Split months into pages of N messages instead.", group: .output,
        for: [.site], parse: messageCount)
    static let servePageSize = Option(
        "--page-size", value: "N", help: "With several inputs: messages per site page instead.", group: .output,
        for: [.serve], parse: messageCount)
    static let baseURL = Option(
        "--base-url", value: "URL", help: "Where the site will be served: writes Atom feeds and sitemap.xml.",
        group: .output, for: [.site]
    ) { url throws(UsageError) in
        guard SiteBuilder.isBaseURL(url) else {
            throw UsageError(
                "--base-url '\(url)' is not an http or https URL; use one like https://example.org/chats/.")
        }
        return url
    }
    static let clean = Option.flag(
        "--clean", help: "Render every page again instead of keeping unchanged ones.", group: .output, for: [.site])
    static let force = Option.flag(
        "--force", help: "Write into a non-empty folder Scrollback did not create (its files are kept).",
        group: .output, for: [.site])

    // MARK: Reading

    static let inputFormat = Option(
        "--input-format", value: "FORMAT", default: "auto", choices: ["auto"] + InputFormat.allCases.map(\.rawValue),
        help: "auto, \(InputFormat.allCases.map(\.rawValue).joined(separator: ", ")). auto judges by content.",
        group: .reading, for: [.render, .site, .merge, .check, .serve, .validate, .list]
    ) { value throws(UsageError) -> InputFormat? in
        if value == "auto" { return nil }
        guard let format = InputFormat(rawValue: value) else {
            let names = ["auto"] + InputFormat.allCases.map(\.rawValue)
            throw UsageError.badValue(
                "--input-format '\(value)' is not a format; use \(names.joined(separator: ", ")).", value,
                choices: names)
        }
        return format
    }
    static let conversation = Option(
        "--conversation", value: "NAME_OR_ID",
        help: "Which conversation of an input that holds several ('scrollback list INPUT' shows them).",
        group: .reading, for: [.render, .merge, .check, .serve, .validate])
    static let dateOrder = Option(
        "--date-order", value: "ORDER", choices: DateOrder.allCases.map(\.rawValue),
        help: "dmy, mdy or ymd, for exports whose dates have no year-first form.", group: .reading,
        for: [.render, .site, .merge, .check, .serve, .validate, .list]
    ) { value throws(UsageError) in
        guard let order = DateOrder(rawValue: value) else {
            throw UsageError.badValue(
                "--date-order '\(value)' is not a date order; use dmy, mdy or ymd.", value,
                choices: DateOrder.allCases.map(\.rawValue))
        }
        return order
    }
    static let readingTZ = Option(
        "--tz", value: "ZONE", help: "Time zone for local times in the input.", group: .reading,
        for: [.validate, .list], parse: zone)
    static let mergeTZ = Option(
        "--tz", value: "ZONE", help: "Time zone for local times in exports that have none (WhatsApp).",
        group: .reading, for: [.merge], parse: zone)
    static let once = Option.flag(
        "--once", help: "Read a file to its current end and stop instead of watching it.", group: .reading,
        for: [.follow])

    // MARK: People and privacy

    static let people = Option(
        "--people", value: "FILE",
        help: "JSON {\"Name\": [handles, numbers, ids]}: one participant per person, in every export.",
        group: .privacy, for: reading)
    static let redact = Option.flag(
        "--redact",
        help: "Replace e-mail addresses, phone numbers, IPs, card numbers, keys and tokens with [markers].",
        group: .privacy, for: reading)
    static let redactRules = Option(
        "--redact-rules", value: "FILE", help: "Redact with your own patterns from FILE too (implies --redact).",
        group: .privacy, for: reading)
    static let anonymize = Option.flag(
        "--anonymize", help: "Name participants Person 1, Person 2, … (in text too) and drop avatars.",
        group: .privacy, for: reading)

    // MARK: Layout

    static let me = Option(
        "--me", value: "ID_OR_NAME", help: "Whose messages sit on the right (overrides the log).", group: .layout,
        for: [.render, .site, .check, .follow, .serve])
    static let validateMe = Option(
        "--me", value: "ID_OR_NAME", help: "Check that this participant exists.", group: .layout, for: [.validate])
    static let tz = Option(
        "--tz", value: "ZONE",
        help: "Time zone for days and times: an IANA name, UTC, or local. Default: the log's, else UTC.",
        group: .layout, for: [.render, .site, .check, .follow, .serve], parse: zone)
    static let locale = Option(
        "--locale", value: "ID", default: "en", help: "Locale for day headings.", group: .layout,
        for: [.render, .site, .check, .follow, .serve]
    ) { locale throws(UsageError) in
        guard isLocaleIdentifier(locale) else {
            throw UsageError("--locale '\(locale)' is not a locale identifier; use one like en, de-DE or pt_BR.")
        }
        return locale
    }
    /// In seconds.
    static let chainGap = Option(
        "--chain-gap", value: "MINUTES", default: "5", help: "Longest pause within a chain of one sender's messages.",
        group: .layout, for: [.render, .site, .check, .follow, .serve]
    ) { gap throws(UsageError) -> Int64 in
        guard let minutes = Double(gap), minutes >= 0, minutes.isFinite, minutes <= 1_000_000 else {
            throw UsageError("--chain-gap '\(gap)' is not a number of minutes; use a number like 5.")
        }
        return Int64((minutes * 60).rounded())
    }
    static let title = Option(
        "--title", value: "TEXT", help: "Title to show instead of the log's.", group: .layout,
        for: [.render, .site, .check, .serve])
    static let from = Option(
        "--from", value: "DATE", help: "First day to include, YYYY-MM-DD (in the chosen zone).", group: .layout,
        for: [.render, .site, .check, .follow, .serve]
    ) { value throws(UsageError) in try date(value, "--from") }
    static let to = Option(
        "--to", value: "DATE", help: "Last day to include, YYYY-MM-DD (inclusive).", group: .layout,
        for: [.render, .site, .check, .follow, .serve]
    ) { value throws(UsageError) in try date(value, "--to") }

    // MARK: HTML

    static let theme = Option(
        "--theme", value: "NAME", choices: HTMLTheme.names, help: "HTML theme (see 'scrollback themes').",
        group: .html, for: [.render, .site, .check, .serve]
    ) { theme throws(UsageError) in
        guard HTMLTheme.named(theme) != nil else {
            throw UsageError.badValue(
                "--theme '\(theme)' is not a theme; use one of \(HTMLTheme.names.joined(separator: ", ")).", theme,
                choices: HTMLTheme.names)
        }
        return theme
    }
    static let templates = Option(
        "--templates", value: "DIR", help: "Folder of templates and CSS that override the built-in ones by file name.",
        group: .html, for: [.render, .site, .check, .serve])
    static let remoteMedia = Option.flag(
        "--remote-media", help: "Let images, video, audio and avatars the log gives as remote URLs load.",
        group: .html,
        for: [.render, .site, .check, .serve])
    static let allowHiddenPaths = Option.flag(
        "--allow-hidden-paths",
        help: "Read attachments in hidden folders or files (.ssh, .aws, any dot-name), which are refused otherwise.",
        group: .html, for: [.render, .site, .check, .serve])

    // MARK: Terminal

    static let width = Option(
        "--width", value: "N", help: "Columns for ansi/text (default: the terminal's, else COLUMNS, else 80).",
        group: .terminal, for: [.render, .follow], parse: columns)
    static let checkWidth = Option(
        "--width", value: "N", help: "Columns for ansi/text (default 80, never the terminal's).", group: .terminal,
        for: [.check], parse: columns)
    static let color = Option(
        "--color", value: "WHEN", default: "auto", choices: ColorPolicy.Mode.allCases.map(\.rawValue),
        help: "auto (on a terminal, and wherever --format ansi goes; never with NO_COLOR), always, or never.",
        group: .terminal, for: [.render, .follow], parse: colorMode)
    static let checkColor = Option(
        "--color", value: "WHEN", choices: ColorPolicy.Mode.allCases.map(\.rawValue),
        help: "auto or always (default): ansi has 256-colour escapes; never: the text layout.", group: .terminal,
        for: [.check], parse: colorMode)

    // MARK: General

    static let quiet = Option.flag(
        "--quiet", short: "-q", help: "Leave out notes (what was inferred); warnings are still shown.",
        group: .general, for: reading)
}

extension OptionCatalog {
    /// `1000000`, `500k`, `2M` (powers of 1000).
    static func byteCount(_ text: String) -> Int? {
        let lower = text.lowercased()
        for (suffix, factor) in [("kb", 1000), ("mb", 1_000_000), ("k", 1000), ("m", 1_000_000)]
        where lower.hasSuffix(suffix) {
            return Double(lower.dropLast(suffix.count)).map { Int($0 * Double(factor)) }
        }
        return Int(lower)
    }
}

private extension OptionCatalog {
    static func zone(_ value: String) throws(UsageError) -> Zone {
        if value == "local" { return Zone.machineLocal() }
        guard let zone = Zone(identifier: value) else {
            throw UsageError("--tz '\(value)' is not a time zone; use an IANA name like Europe/Berlin, UTC, or local.")
        }
        return zone
    }

    static func date(_ value: String, _ name: String) throws(UsageError) -> CivilDate {
        guard let date = CivilDate(iso: value) else {
            throw UsageError("\(name) '\(value)' is not a date; use YYYY-MM-DD.")
        }
        return date
    }

    static func columns(_ width: String) throws(UsageError) -> Int {
        guard let columns = Int(width), columns >= 20, columns <= 1000 else {
            throw UsageError("--width '\(width)' is not a width; use a whole number of columns from 20 to 1000.")
        }
        return columns
    }

    static func colorMode(_ mode: String) throws(UsageError) -> ColorPolicy.Mode {
        guard let mode = ColorPolicy.Mode(rawValue: mode) else {
            throw UsageError.badValue(
                "--color '\(mode)' is not a colour mode; use auto, always or never.", mode,
                choices: ColorPolicy.Mode.allCases.map(\.rawValue))
        }
        return mode
    }

    static func bytes(_ budget: String) throws(UsageError) -> Int {
        guard let bytes = byteCount(budget), bytes >= 10_000, bytes <= 1_000_000_000 else {
            throw UsageError("--page-budget '\(budget)' is not a size; use bytes from 10000 up, like 1000000 or 2M.")
        }
        return bytes
    }

    static func messageCount(_ size: String) throws(UsageError) -> Int {
        guard let count = Int(size), count >= 1, count <= 10_000_000 else {
            throw UsageError("--page-size '\(size)' is not a number of messages; use a whole number like 500.")
        }
        return count
    }
}

extension OptionCatalog {
    /// `[A-Za-z]{2,3}` then any number of `-` or `_` and `[A-Za-z0-9]{2,8}` (`en`, `de-DE`, `pt_BR`,
    /// `zh-Hant-TW`). Checked by hand: compiling the same pattern as a regular expression cost every
    /// run a fifth of rendering a small log.
    static func isLocaleIdentifier(_ text: String) -> Bool {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).flatMap {
            $0.split(separator: "_", omittingEmptySubsequences: false)
        }
        guard let language = parts.first, (2...3).contains(language.utf8.count),
            language.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
        else { return false }
        return parts.dropFirst().allSatisfy { part in
            (2...8).contains(part.utf8.count)
                && part.utf8.allSatisfy {
                    (($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z"))
                        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                }
        }
    }
}
