import Foundation
import TestSupport
import Testing

@Suite("serve on an address other than loopback")
struct ServeExposureTests {
    @Test(
        "serve --host 0.0.0.0 or :: warns on standard error that every network can read the conversation",
        arguments: ["0.0.0.0", "::"])
    func warnsOfExposure(host: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "chat.jsonl", #"{"id":"m1","sender":"ben","time":"2026-11-28T09:14:00Z","text":"hi"}"# + "\n")
        let run = try CLIRunner.start(["serve", log, "--host", host, "--port", "0"])
        let warned = run.waitForStderr("(no password)", seconds: 60)
        run.process.terminate()
        let result = run.wait()
        #expect(warned, "\(result.stderr)")
        #expect(result.stderr.contains("warning: --host \(host): anyone on every network this machine is on"))
        #expect(result.stderr.contains("can read this conversation and its live updates"))
        #expect(result.status == 0)
    }

    @Test("serve on loopback gives no such warning")
    func loopbackIsQuiet() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let log = try folder.write(
            "chat.jsonl", #"{"id":"m1","sender":"ben","time":"2026-11-28T09:14:00Z","text":"hi"}"# + "\n")
        let run = try CLIRunner.start(["serve", log, "--port", "0"])
        let started = run.waitForStderr("(Ctrl-C stops)", seconds: 60)
        usleep(200_000)
        run.process.terminate()
        let result = run.wait()
        #expect(started, "\(result.stderr)")
        #expect(!result.stderr.contains("warning"))
    }
}
