import Scrollback
import Testing

@Suite("Escape sequences made visible")
struct VisibleEscapesTests {
    @Test(
        "Sequences and controls show as readable text",
        arguments: [
            ("\u{1B}[1;31mred\u{1B}[0m", "⟨1;31m⟩red⟨0m⟩"),
            ("\u{1B}[38;5;33mblue\u{1B}[m", "⟨38;5;33m⟩blue⟨m⟩"),
            ("\u{1B}]8;;https://x.example\u{1B}\\link\u{1B}]8;;\u{1B}\\", "⟨]8;;https://x.example⟩link⟨]8;;⟩"),
            ("\u{1B}]0;title\u{07}", "⟨]0;title⟩"),
            ("a\u{1B}b", "a⟨ESC⟩b"),
            ("\u{1B}[", "⟨ESC⟩["),
            ("tab\there\r", "tab␉here␍"),
            ("\u{0}\u{7F}\u{85}", "␀␡⟨U+0085⟩"),
            ("plain émoji 👍 ── text", "plain émoji 👍 ── text"),
        ])
    func shows(_ input: String, _ shown: String) {
        #expect(VisibleEscapes.show(input) == shown)
    }
}
