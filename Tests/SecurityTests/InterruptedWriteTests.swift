import Foundation
import TestSupport
import Testing

/// SIGKILL at random moments: the output is the old file or the complete new one, never a mix.
///
/// Runs the built binary (`.build/debug/scrollback`, built by `swift build`) on a log large
/// enough that reading, rendering and writing each take a noticeable share of the run.
@Suite("Interrupted writes", .serialized)
struct InterruptedWriteTests {
    /// A generated JSON Lines log of `count` messages with some Markdown in each.
    static func largeLog(count: Int) -> String {
        var text = #"{"type": "conversation", "title": "Big", "me": "ana"}"# + "\n"
        for index in 0..<count {
            let sender = index % 3 == 0 ? "ana" : "ben"
            let minute = String(format: "%02d", index % 60)
            text +=
                #"{"id": "m\#(index)", "sender": "\#(sender)", "time": "2026-11-28T\#(String(format: "%02d", (index / 60) % 24)):\#(minute):00Z", "text": "Message **\#(index)** with a [link](https://example.com/\#(index)) and some words to wrap."}"#
                + "\n"
        }
        return text
    }

    @Test(
        "A render killed at random moments leaves the old output or the new one", arguments: ["html", "json"])
    func killedRender(format: String) throws {
        try #require(FileManager.default.isExecutableFile(atPath: CLIRunner.binary.path), "build the binary first")
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("big.jsonl", Self.largeLog(count: 3000))
        let target = folder.path("out.\(format)")
        let reference = folder.path("reference.\(format)")

        // The complete new output, and how long a full run takes.
        let started = Date()
        let full = try CLIRunner.spawn(["render", input, "-o", reference, "--format", format], environment: [:])
        let duration = Date().timeIntervalSince(started)
        try #require(full.status == 0, "\(full.stderr)")
        let new = try Data(contentsOf: URL(fileURLWithPath: reference))
        let old = Data("the previous output, which must survive\n".utf8)

        var random = SplitMix(seed: 0x5C20_11BA_C4 ^ UInt64(format.utf8.count))
        var outcomes = (old: 0, new: 0)
        for _ in 0..<6 {
            try old.write(to: URL(fileURLWithPath: target))
            let delay = duration * 1.2 * Double(random.next() % 1000) / 1000
            let status = try Self.runAndKill(["render", input, "-o", target, "--format", format], after: delay)
            let now = try Data(contentsOf: URL(fileURLWithPath: target))
            #expect(now == old || now == new, "after \(delay)s (exit \(status)) the output is a mix")
            if now == old { outcomes.old += 1 } else { outcomes.new += 1 }
        }
        // A left temporary file is named after the target and removed by the next write to it.
        let finish = try CLIRunner.spawn(["render", input, "-o", target, "--format", format], environment: [:])
        #expect(finish.status == 0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: target)) == new)
        let leftovers = try folder.contents().filter { $0.hasSuffix(".tmp") }
        #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
        #expect(outcomes.old + outcomes.new == 6)
    }

    /// Starts the binary, sends SIGKILL after `delay` seconds (if it is still running), and waits.
    static func runAndKill(_ arguments: [String], after delay: TimeInterval) throws -> Int32 {
        let process = Process()
        process.executableURL = CLIRunner.binary
        process.arguments = arguments
        process.environment = [:]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        Thread.sleep(forTimeInterval: delay)
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A small seeded generator (SplitMix64), so the kill moments are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
