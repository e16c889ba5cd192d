import Foundation
import TestSupport
import Testing

/// Runs `scrollback follow` in a real terminal (tmux), feeding it a line at a time, and
/// compares the screen with a one-shot `render --format ansi` in the same kind of terminal.
@Suite("follow in tmux", .serialized)
struct FollowTmuxTests {
    static let binary = Fixtures.packageRoot.appendingPathComponent(".build/debug/scrollback").path
    static let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/opt/homebrew/bin/tmux"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
    static var available: Bool { tmux != nil && FileManager.default.isExecutableFile(atPath: binary) }

    @Test(
        "The screen after following a stream line by line equals a one-shot render",
        .enabled(if: available, "needs tmux and a built scrollback"),
        arguments: [("hiking-club", 60), ("weekend-plans", 40), ("tickets", 120)])
    func screenMatchesRender(example: String, width: Int) throws {
        let log = try FollowTests.temporaryFile("\(example)-tmux.jsonl", try FollowTests.jsonLines(from: example))
        let feeder = try FollowTests.temporaryFile(
            "feed-\(example).sh",
            "while IFS= read -r line; do printf '%s\\n' \"$line\"; sleep 0.05; done < '\(log.path)'\n")
        let environment = "env TERM=xterm-256color COLORTERM= NO_COLOR="
        let follow = "sh '\(feeder.path)' | \(environment) '\(Self.binary)' follow - --width \(width) --color always"
        let render =
            "\(environment) '\(Self.binary)' render '\(Fixtures.example(example + ".json").path)' --format ansi --color always --width \(width)"
        let followed = try Self.screen(running: follow, width: width)
        let rendered = try Self.screen(running: render, width: width)
        #expect(rendered.contains("╭"))
        #expect(followed == rendered)
    }

    /// Runs `command` in a fresh tmux server and returns the pane with its colours once the command has finished.
    static func screen(running command: String, width: Int) throws -> String {
        let name = "scrollback-test-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let socket = TestFolders.root.appendingPathComponent(name + ".sock").path
        let marker = TestFolders.root.appendingPathComponent(name + ".done").path
        defer {
            _ = try? run(["-S", socket, "kill-server"])
            for path in [socket, marker] { try? FileManager.default.removeItem(atPath: path) }
        }
        try run(
            detached: true,
            [
                "-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", String(width), "-y", "300",
                "\(command); touch '\(marker)'; sleep 600",
            ])
        let deadline = Date().addingTimeInterval(90)
        while !FileManager.default.fileExists(atPath: marker) {
            guard Date() < deadline else { throw TmuxFailure(message: "the command did not finish: \(command)") }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let capture = try run(["-S", socket, "capture-pane", "-p", "-e", "-S", "0", "-E", "299"])
        var lines = capture.split(separator: "\n", omittingEmptySubsequences: false)
        while let last = lines.last, last.trimmingCharacters(in: .whitespaces).isEmpty { lines.removeLast() }
        return lines.joined(separator: "\n")
    }

    /// Runs tmux with `arguments` and returns what it printed. `posix_spawn` and `waitpid` rather
    /// than `Process`: the tmux server a new session starts outlives the client and keeps
    /// inherited descriptors open, which `Process` waits on.
    @discardableResult
    static func run(detached: Bool = false, _ arguments: [String]) throws -> String {
        let output = TestFolders.root
            .appendingPathComponent("tmux-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).out").path
        defer { try? FileManager.default.removeItem(atPath: output) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, detached ? "/dev/null" : output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([tmux!] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // The test runner blocks signals in its threads; tmux and its panes must start with none blocked.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK))
        var pid: pid_t = 0
        guard posix_spawn(&pid, tmux!, &actions, &attributes, argv, environ) == 0 else {
            throw TmuxFailure(message: "tmux could not be started")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
    }

    struct TmuxFailure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
