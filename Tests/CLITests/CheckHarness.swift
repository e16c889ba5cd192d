import Foundation
import ScrollbackCLI
import TestSupport

/// Runs `scrollback check` in process, with a chosen environment, and keeps what it printed.
struct CheckHarness {
    /// The exit status and both output streams of one run.
    struct Run {
        var status: Int32
        var out: String
        var err: String
    }

    /// A fresh folder for one test's files.
    let folder: URL

    init() throws {
        folder = try TestFolders.folder("check")
    }

    /// A path inside the folder.
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    /// Writes a file in the folder (creating folders on the way) and returns its path.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(
            at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// A file's text, or `nil` when it does not exist.
    func read(_ name: String) -> String? {
        FileManager.default.contents(atPath: path(name)).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Whether a file or folder exists.
    func exists(_ name: String) -> Bool { FileManager.default.fileExists(atPath: path(name)) }

    /// Runs `scrollback ARGUMENTS` with `environment` as the whole environment.
    func run(
        _ arguments: [String], environment: [String: String] = [:], outIsTerminal: Bool = false,
        terminalWidth: Int? = nil
    ) -> Run {
        let result = CLIRunner.run(
            arguments, environment: environment, outIsTerminal: outIsTerminal, terminalWidth: terminalWidth)
        return Run(status: result.status, out: result.stdout, err: result.stderr)
    }

    /// A small native log, with `text` as the last message.
    static func log(last text: String = "See you there") -> String {
        """
        {"version": 1, "title": "Plans", "me": "ana", "timeZone": "Europe/Berlin",
         "participants": [{"id": "ana", "name": "Ana"}, {"id": "ben", "name": "Ben"}],
         "messages": [
          {"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00+01:00", "text": "Still on for Saturday?"},
          {"id": "m2", "sender": "ana", "time": "2026-11-28T09:15:00+01:00", "text": "Yes!"},
          {"id": "m3", "sender": "ana", "time": "2026-11-29T22:30:00Z", "text": "\(text)"}
         ]}
        """
    }
}
