import Foundation
import TestSupport
import Testing

/// `follow` in a real terminal (tmux) shows presence and who is typing while the stream is
/// live, and the final screen is the one-shot render without that line. Part of the tmux suite,
/// whose tests run one at a time.
extension FollowTmuxTests {
    static let liveStateLines = [
        #"{"type":"conversation","me":"ana","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben Okafor"}]}"#,
        #"{"id":"m1","sender":"ben","time":"2026-11-28T09:00:00Z","text":"hi"}"#,
        #"{"type":"presence","participant":"ben","online":true}"#,
        #"{"type":"typing","sender":"ben","time":"2026-11-28T09:00:05Z"}"#,
    ]

    @Test(
        "While following, presence moves the dot and a line under the transcript says who is typing; the line is gone at the end",
        .enabled(if: FollowTmuxTests.available, "needs tmux and a built scrollback"))
    func liveStateLine() throws {
        let log = try FollowTests.temporaryFile("live-state.jsonl", Self.liveStateLines.joined(separator: "\n") + "\n")
        let feeder = try FollowTests.temporaryFile(
            "feed-live-state.sh",
            "cat '\(log.path)'; sleep 3; echo '{\"type\":\"typing\",\"sender\":\"ben\",\"stop\":true}'\n")
        let name = "scrollback-state-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
        let socket = TestFolders.root.appendingPathComponent(name + ".sock").path
        defer { _ = try? FollowTmuxTests.run(["-S", socket, "kill-server"]) }
        let command =
            "sh '\(feeder.path)' | env TERM=xterm-256color NO_COLOR= '\(FollowTmuxTests.binary)' follow - --width 60 --color never; sleep 600"
        try FollowTmuxTests.run(
            detached: true, ["-S", socket, "-f", "/dev/null", "new-session", "-d", "-x", "60", "-y", "40", command])
        func pane() throws -> String { try FollowTmuxTests.run(["-S", socket, "capture-pane", "-p"]) }
        var live = ""
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            live = try pane()
            if live.contains("typing") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(live.contains("Ben Okafor is typing…"))
        #expect(live.contains("●"))
        var final = live
        while Date() < deadline {
            final = try pane()
            if !final.contains("typing") { break }
            Thread.sleep(forTimeInterval: 0.1)
        }
        #expect(!final.contains("typing"))
        #expect(final.contains("hi"))
    }
}
