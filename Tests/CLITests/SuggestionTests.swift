import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Did you mean: a mistyped command, option or value gets the nearest valid one")
struct SuggestionTests {
    @Test("rendr → render, --colour → --color, --color nevr → never, --format jsno → json")
    func suggestions() {
        let command = CLIRunner.run(["rendr", "chat.json"])
        #expect(command.status == 2)
        #expect(command.stderr.contains("See 'scrollback --help'. Did you mean 'render'?\n"), "\(command.stderr)")

        let option = CLIRunner.run(["render", "chat.json", "--colour", "never"])
        #expect(option.status == 2)
        #expect(
            option.stderr.contains(
                "unknown option '--colour' for 'render'; see 'scrollback render --help'. Did you mean '--color'?\n"))

        let value = CLIRunner.run(["render", "chat.json", "--color", "nevr"])
        #expect(value.status == 2)
        #expect(
            value.stderr.contains(
                "--color 'nevr' is not a colour mode; use auto, always or never. Did you mean 'never'?\n"),
            "\(value.stderr)")

        let format = CLIRunner.run(["render", "chat.json", "--format", "jsno"])
        #expect(format.stderr.contains("Did you mean 'json'?"), "\(format.stderr)")
        let input = CLIRunner.run(["render", "chat.json", "--input-format", "telgram"])
        #expect(input.stderr.contains("Did you mean 'telegram'?"), "\(input.stderr)")
    }

    @Test("Nothing near enough gets no suggestion")
    func farAway() {
        let run = CLIRunner.run(["render", "chat.json", "--zzzzzzzz"])
        #expect(
            run.stderr
                == "scrollback: error: unknown option '--zzzzzzzz' for 'render'; see 'scrollback render --help'.\n")
        #expect(Suggestion.nearest(to: "xyz", in: ["render", "site"]) == nil)
        #expect(Suggestion.nearest(to: "sit", in: ["render", "site"]) == "site")
    }
}
