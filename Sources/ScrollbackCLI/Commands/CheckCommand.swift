import Foundation
import Scrollback

/// `scrollback check`: renders inputs and compares them byte for byte with snapshot files.
enum CheckCommand {
    static let command = Command(
        name: "check",
        abstract: "Compare a rendering with a snapshot file.",
        usage: [
            "check INPUT --snapshot FILE [--format ...] [--record] [options]",
            "check DIR [--snapshot SNAPDIR] [--format ...] [--record] [options]",
        ],
        discussion: """
            Renders INPUT and compares the output byte for byte with the snapshot FILE.
            A match prints 'ok FILE'. A mismatch prints a unified diff (escape sequences
            shown as ⟨1;31m⟩), writes the new output to FILE.actual and exits 1. A missing
            snapshot is recorded (exit 1), except when CI=true, where nothing is written.
            --record or SCROLLBACK_RECORD=all rewrites the snapshot and exits 0 (CI set: never).

            With a folder DIR, every entry in it is an input, checked in bytewise name
            order against SNAPDIR/NAME.EXT (default DIR/__Snapshots__; EXT is txt, ans,
            html or json), ending with a line like '12 passed, 1 failed'. A folder is read
            as one export instead when --snapshot names a file (an existing one, or a
            path ending in .txt, .ans, .html or .json).

            The default format is text. Output never depends on the terminal: --width
            defaults to 80, and ansi always has 256-colour escapes (--color never gives
            the text layout).
            """,
        examples: [
            .init(
                "check chat.json --snapshot chat.txt",
                "Fails with a diff when the rendering of chat.json no longer matches chat.txt."),
            .init("check Tests/chats/ --format json", "Every input of a folder against __snapshots__/NAME.json."),
        ],
        options: OptionCatalog.specs(for: .check),
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        guard arguments.positionals.count == 1, let input = arguments.positionals.first else {
            guard arguments.positionals.isEmpty else {
                throw UsageError.tooManyInputs(
                    "check takes one INPUT; put several inputs in a folder and check the folder.", arguments)
            }
            throw UsageError("check needs an INPUT (a file, a folder of inputs, or - for standard input).")
        }
        let format = try outputFormat(arguments)
        try SharedOptions.requireHTML(arguments, format: format)
        let options = try renderOptions(arguments, console: console)
        let environment = console.environment
        let snapshotCheck = SnapshotCheck(
            mode: arguments.given(OptionCatalog.record) ? .all : SnapshotPolicy.recordMode(environment: environment))
        let snapshot = try arguments.value(OptionCatalog.snapshot)
        let checkOne: (String, String) throws -> Bool = { [console] path, snapshotPath in
            let (transcript, loaded) = try SharedOptions.loadTranscript(path, arguments, console: console)
            var options = options
            SharedOptions.media(loaded, &options.html)
            if format == .html {
                SharedOptions.printMediaNotes(transcript, options: options.html, input: loaded, console: console)
            }
            let actual = try render(transcript, format, options)
            let outcome = try snapshotCheck.run(actual: actual, snapshot: snapshotPath)
            report(outcome, snapshot: snapshotPath, console: console)
            return outcome == .matched || outcome == .recorded
        }
        if input != "-", isFolder(input), !namesFile(snapshot) {
            let folder = FolderCheck(
                folder: input,
                snapshots: snapshot ?? (input as NSString).appendingPathComponent(SnapshotPolicy.folderName),
                fileExtension: format.fileExtension)
            if samePath(folder.snapshots, input) {
                throw UsageError(
                    "--snapshot '\(folder.snapshots)' is the input folder; snapshots need a folder of their own.")
            }
            return try folder.run(console: console, check: checkOne)
        }
        guard let snapshot else {
            throw UsageError("check needs --snapshot FILE: the snapshot to compare '\(input)' with.")
        }
        if samePath(snapshot, input) {
            throw UsageError("--snapshot '\(snapshot)' is the input itself; name a separate snapshot file.")
        }
        return try checkOne(input, snapshot) ? 0 : 1
    }

    /// Tells the user what one check found.
    static func report(_ outcome: SnapshotCheck.Outcome, snapshot: String, console: Console) {
        switch outcome {
        case .matched:
            console.out("ok \(snapshot)\n")
        case .recorded:
            console.out("recorded \(snapshot)\n")
        case .created:
            console.error(
                "\(snapshot): there was no snapshot, so the output was recorded as a new one; review it, commit it and run again."
            )
        case .missingOnCI:
            console.error(
                "\(snapshot): there is no snapshot, and none is recorded when CI is set; record it with --record (or SCROLLBACK_RECORD=1) and commit it."
            )
        case .mismatched(let diff, let line, let actualPath):
            console.out(diff)
            console.error(
                "\(snapshot):\(line): the output differs from the snapshot; the new output is in \(actualPath). Accept it with --record or SCROLLBACK_RECORD=1."
            )
        }
    }
}

private extension CheckCommand {
    static func outputFormat(_ arguments: Arguments) throws(UsageError) -> OutputFormat {
        try arguments.value(OptionCatalog.checkFormat) ?? .text
    }

    /// The shared options, with everything the machine or terminal would decide pinned down.
    static func renderOptions(_ arguments: Arguments, console: Console) throws(UsageError)
        -> RenderOptions
    {
        // COLUMNS, NO_COLOR, TERM, COLORTERM and a terminal on stdout must not shape a snapshot.
        var pinned = console
        pinned.environment = [:]
        pinned.terminalWidth = nil
        pinned.outIsTerminal = false
        var options = try SharedOptions.renderOptions(arguments, console: pinned, destination: .snapshot)
        if !arguments.given(OptionCatalog.checkWidth) { options.terminal.width = 80 }
        return options
    }

    static func render(_ transcript: Transcript, _ format: OutputFormat, _ options: RenderOptions) throws -> String {
        try transcript.render(ColorPolicy.format(format, color: options.terminal.color), options: options)
    }

    static func samePath(_ one: String, _ other: String) -> Bool {
        URL(fileURLWithPath: one).standardizedFileURL.resolvingSymlinksInPath().path
            == URL(fileURLWithPath: other).standardizedFileURL.resolvingSymlinksInPath().path
    }

    static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// Whether `--snapshot` names a single file: an existing file, or a path with a snapshot extension.
    static func namesFile(_ snapshot: String?) -> Bool {
        guard let snapshot else { return false }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: snapshot, isDirectory: &isDirectory) { return !isDirectory.boolValue }
        let lower = snapshot.lowercased()
        return OutputFormat.allCases.contains { lower.hasSuffix("." + $0.fileExtension) }
    }
}
