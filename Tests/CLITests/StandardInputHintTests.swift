import Foundation
import TestSupport
import Testing

/// `render -` and `follow` with a terminal on standard input say what they wait for, in a real
/// terminal (tmux); with a pipe on standard input they say nothing.
@Suite("Standard input: a terminal is told what to type", .serialized)
struct StandardInputHintTests {
    static let binary = CLIRunner.binary.path

    @Test(
        "render - and follow on a terminal say they read standard input and that Ctrl-D ends",
        .enabled(if: FollowTmuxTests.available, "needs tmux and a built scrollback"))
    func hintOnTerminal() throws {
        let screen = try FollowTmuxTests.screen(
            running: "timeout --foreground 2 '\(Self.binary)' follow; timeout --foreground 2 '\(Self.binary)' render -",
            width: 100)
        #expect(screen.contains("scrollback: reading JSON Lines from standard input; Ctrl-D ends"), "\(screen)")
        #expect(screen.contains("scrollback: reading a log from standard input"), "\(screen)")
    }

    @Test("A pipe on standard input gets no hint")
    func noHintOnPipe() throws {
        let log = Fixtures.example("weekend-plans.json")
        let run = try CLIRunner.spawn(
            ["render", "-", "--format", "text", "-q"], environment: [:], stdin: try Data(contentsOf: log))
        #expect(run.status == 0)
        #expect(run.stderr.isEmpty, "\(run.stderr)")
    }
}
