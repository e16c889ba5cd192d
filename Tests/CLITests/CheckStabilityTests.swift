import Foundation
import TestSupport
import Testing

/// Runs the built `scrollback` binary as a separate process, so the machine's
/// time zone and locale really differ between runs (in-process tests share one).
@Suite("scrollback check: snapshots do not change with the machine")
struct CheckStabilityTests {
    /// Environments as different as a machine can make them.
    static let machines: [[String: String]] = [
        ["TZ": "UTC", "LANG": "C", "LC_ALL": "C"],
        [
            "TZ": "Asia/Kathmandu", "LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8", "COLUMNS": "41", "LINES": "9",
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1",
        ],
        ["TZ": "America/St_Johns", "LANG": "tr_TR.UTF-8", "TERM": "dumb", "COLUMNS": "200"],
    ]

    static let examples = ["weekend-plans.json", "hiking-club.json", "tickets.json"]

    @Test("Snapshots recorded under one TZ and LANG are byte-identical under others, in every format")
    func timeZoneAndLocale() throws {
        let files = try CheckHarness()
        for format in ["text", "ansi", "html", "json"] {
            for example in Self.examples {
                let input = Fixtures.example(example).path
                var recorded: [Data] = []
                for (index, machine) in Self.machines.enumerated() {
                    let snapshot = files.path("\(index)/\(example).\(format)")
                    let run = try Self.scrollback(
                        ["check", input, "--snapshot", snapshot, "--format", format, "--record"], machine)
                    #expect(run.status == 0, "\(run.err)")
                    recorded.append(try #require(FileManager.default.contents(atPath: snapshot)))
                }
                #expect(recorded.allSatisfy { $0 == recorded[0] }, "\(example) as \(format)")
                #expect(!recorded[0].contains(UInt8(ascii: "\r")), "line endings are \\n")
                for machine in Self.machines {
                    let run = try Self.scrollback(
                        ["check", input, "--snapshot", files.path("0/\(example).\(format)"), "--format", format],
                        machine)
                    #expect(run.status == 0, "\(example) as \(format) under \(machine): \(run.out)\(run.err)")
                }
            }
        }
    }

    @Test("A folder is checked in the same order under every locale")
    func folderOrder() throws {
        let files = try CheckHarness()
        for name in ["ä.json", "b.json", "Z.json", "a.json", "Ö.json"] {
            try files.write("in/\(name)", CheckHarness.log())
        }
        var outputs: [String] = []
        for machine in Self.machines {
            let run = try Self.scrollback(
                ["check", files.path("in"), "--snapshot", files.path("snaps"), "--record"], machine)
            #expect(run.status == 0)
            outputs.append(run.out)
        }
        #expect(outputs.allSatisfy { $0 == outputs[0] })
        let order = outputs[0].split(separator: "\n").dropLast().map { $0.split(separator: "/").last.map(String.init) }
        // By UTF-8 bytes: capitals before small letters, accented letters last; no locale collation.
        #expect(order == ["Z.json.txt", "a.json.txt", "b.json.txt", "Ö.json.txt", "ä.json.txt"])
    }

    /// The exit status and output of the built binary run with `environment` over the inherited one.
    static func scrollback(_ arguments: [String], _ environment: [String: String]) throws -> CheckHarness.Run {
        let binary = try #require(
            builtBinary(), "build the package first: swift build --build-tests (the tests run .build/debug/scrollback)")
        var inherited = ProcessInfo.processInfo.environment
        for key in ["CI", "SCROLLBACK_RECORD", "TZ", "LANG", "LC_ALL", "COLUMNS", "TERM", "COLORTERM", "NO_COLOR"] {
            inherited[key] = nil
        }
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = inherited.merging(environment) { $1 }
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return CheckHarness.Run(
            status: process.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData, as: UTF8.self))
    }

    /// `.build/debug/scrollback` under the package root (or under a platform folder in `.build`).
    static func builtBinary() -> URL? {
        let build = Fixtures.packageRoot.appendingPathComponent(".build")
        var candidates = [build.appendingPathComponent("debug/scrollback")]
        let platforms = (try? FileManager.default.contentsOfDirectory(atPath: build.path)) ?? []
        candidates += platforms.sorted().map { build.appendingPathComponent("\($0)/debug/scrollback") }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }
}
