import TestSupport
import Testing

@Suite("--remote-media help")
struct RemoteMediaHelpTests {
    @Test("The help says --remote-media loads video, audio and avatars too, not only images")
    func helpNamesEveryKind() {
        let help = CLIRunner.run(["render", "--help"]).stdout
        let line = help.split(separator: "\n").first { $0.contains("--remote-media") }.map(String.init) ?? ""
        #expect(line.contains("images, video, audio and avatars"))
    }
}
