import Foundation
import Scrollback
import Testing

@Suite("Terminal layout")
struct TerminalLayoutTests {
    static let ana = Participant(id: "ana", name: "Ana Lima")
    static let ben = Participant(id: "ben", name: "Ben Okafor")
    static let chiara = Participant(id: "chiara", name: "Chiara Rossi")

    func message(_ id: String, _ sender: String?, minute: Int, _ text: String, status: DeliveryStatus? = nil)
        -> Message
    {
        Message(
            id: id, kind: sender == nil ? .system : .message, sender: sender,
            time: Timestamp(seconds: 1_795_857_240 + Int64(minute) * 60), text: text, status: status)
    }

    func render(
        _ messages: [Message], participants: [Participant] = [ana, ben], width: Int = 60,
        color: TerminalOptions.ColorDepth? = nil
    ) throws -> [String] {
        let transcript = Transcript(me: "ana", participants: participants, messages: messages)
        var options = RenderOptions()
        options.terminal = TerminalOptions(width: width, color: color)
        let output = try transcript.render(color == nil ? .text : .ansi, options: options)
        return output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test("Only the last bubble of a chain has a tail, at the sender's bottom corner")
    func tails() throws {
        let lines = try render([
            message("1", "ben", minute: 0, "one"), message("2", "ben", minute: 1, "two"),
            message("3", "ana", minute: 2, "three"), message("4", "ana", minute: 3, "four"),
        ])
        let tops = lines.filter { $0.contains("╭") || $0.contains("┌") }
        let bottoms = lines.filter { $0.contains("╰") || $0.contains("└") || $0.contains("┴") }
        #expect(bottoms.count == 4)
        // Corners facing the next bubble of the chain are square, on the sender's side only.
        #expect(tops[0].hasPrefix(" ╭") && tops[1].hasPrefix(" ┌") && tops[1].hasSuffix("╮"))
        #expect(bottoms[0].hasPrefix(" └") && bottoms[0].hasSuffix("╯"))
        #expect(bottoms[1].hasPrefix("╶┴") && bottoms[1].hasSuffix("╯"))
        #expect(tops[2].hasSuffix("╮") && tops[3].hasSuffix("┐") && tops[3].contains("╭"))
        #expect(bottoms[2].contains("╰") && bottoms[2].hasSuffix("┘"))
        #expect(bottoms[3].hasSuffix("┴╴"))
    }

    @Test("Others sit on the left, me on the right edge, system lines in the middle", arguments: [40, 80, 120])
    func alignment(width: Int) throws {
        let lines = try render(
            [
                message("1", "ben", minute: 0, "Hello there"), message("2", "ana", minute: 1, "Hi!"),
                message("3", nil, minute: 2, "Ben renamed the group"),
            ], width: width)
        let incoming = try #require(lines.first { $0.contains("Hello there") })
        #expect(incoming.hasPrefix(" │ Hello there"))
        let tail = try #require(lines.last { $0.hasSuffix("┴╴") })
        #expect(DisplayWidth.of(tail) == width)
        let outgoing = try #require(lines.first { $0.contains("Hi!") })
        #expect(DisplayWidth.of(outgoing) == width - 1)
        let system = try #require(lines.first { $0.contains("renamed") })
        let text = "Ben renamed the group"
        #expect(system == String(repeating: " ", count: (width - text.count) / 2) + text)
    }

    @Test("Bubbles are at most about three quarters of the width")
    func bubbleWidth() throws {
        let long = String(repeating: "word ", count: 60)
        for width in [40, 80, 120] {
            let lines = try render(
                [message("1", "ben", minute: 0, long), message("2", "ana", minute: 1, long)], width: width)
            let tops = lines.filter { $0.contains("╭") }
            for top in tops {
                let bubble = top.trimmingCharacters(in: .whitespaces)
                #expect(DisplayWidth.of(bubble) <= width * 3 / 4)
            }
        }
    }

    @Test("Status shows under the latest outgoing message with one; every failure shows")
    func status() throws {
        let lines = try render([
            message("1", "ana", minute: 0, "first", status: .read),
            message("2", "ana", minute: 10, "broken", status: .failed),
            message("3", "ana", minute: 20, "latest", status: .delivered),
            message("4", "ben", minute: 21, "reply"),
        ])
        let joined = lines.joined(separator: "\n")
        #expect(!joined.contains("Read"))
        #expect(joined.contains("! Not delivered"))
        let delivered = try #require(lines.firstIndex { $0.contains("Delivered") })
        #expect(lines[delivered - 1].hasSuffix("┴╴"))
        #expect(lines[delivered - 2].contains("latest"))
        #expect(lines[delivered].hasSuffix("09:34 · Delivered") || lines[delivered].contains("· Delivered"))
    }

    @Test("Text wraps at spaces; a word longer than the bubble breaks between characters")
    func wrapping() throws {
        let lines = try render(
            [
                message(
                    "1", "ben", minute: 0,
                    "short words fill the line before wrapping " + String(repeating: "x", count: 50))
            ],
            width: 40)
        let content = lines.filter { $0.hasPrefix(" │") }
        #expect(content.count >= 3)
        #expect(content[0].contains("short words fill the"))
        #expect(content.allSatisfy { DisplayWidth.of($0) <= 40 })
        #expect(content.map { $0.filter { $0 == "x" }.count }.reduce(0, +) == 50)
    }

    @Test("Wide characters, emoji sequences and combining marks are measured as a terminal draws them")
    func widths() {
        #expect(DisplayWidth.of("漢字") == 4)
        #expect(DisplayWidth.of("👩‍👩‍👧‍👦") == 2)
        #expect(DisplayWidth.of("🇩🇪") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("❤️") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.clusters("👩‍👩‍👧‍👦🇩🇪").count == 2)
        #expect(DisplayWidth.unicodeVersion.hasPrefix("15."))
    }

    @Test("Control characters from a message are shown, never sent to the terminal")
    func controls() throws {
        for color in [nil, TerminalOptions.ColorDepth.trueColor] {
            let lines = try render([message("1", "ben", minute: 0, "a\u{1B}[2Jb\u{7}c\u{9B}d\te")], color: color)
            let joined = lines.joined(separator: "\n")
            #expect(joined.contains("␛[2Jb␇c�d"))
            #expect(!joined.contains("\u{1B}[2J"))
            #expect(!joined.contains("\u{7}"))
        }
    }

    @Test("Right-to-left text is isolated so it cannot reorder the border")
    func isolates() throws {
        let lines = try render([message("1", "ben", minute: 0, "שלום")])
        let line = try #require(lines.first { $0.contains("שלום") })
        #expect(line == " │ \u{2068}שלום\u{2069} │")
    }

    @Test("Tables are drawn with box characters and shrink to fit the bubble")
    func tables() throws {
        let table = "| Item | Notes |\n|---|---|\n| Fuel | " + String(repeating: "long note ", count: 12) + "|"
        let lines = try render([message("1", "ben", minute: 0, table)], width: 50)
        #expect(lines.contains { $0.contains("┌") && $0.contains("┬") && $0.contains("┐") })
        #expect(lines.contains { $0.contains("│ Item │") })
        #expect(lines.allSatisfy { DisplayWidth.of($0) <= 50 })
        let rows = lines.filter { $0.contains("│ Fuel") || $0.contains("│      │") }
        #expect(rows.count > 1)
    }

    static func strip(_ text: String) -> String {
        TerminalPropertyTests.strippingOwnEscapes(text)
    }

    @Test("Links are hyperlinks with colour, and show their address in both formats")
    func links() throws {
        let text = try render([message("1", "ben", minute: 0, "see [the route](https://example.org/r)")])
        #expect(text.contains { $0.contains("the route (https://example.org/r)") })
        let ansi = try render(
            [message("1", "ben", minute: 0, "see [the route](https://example.org/r)")], color: .ansi256)
        let joined = ansi.joined(separator: "\n")
        #expect(joined.contains("\u{1B}]8;;https://example.org/r\u{1B}\\"))
        #expect(Self.strip(joined).contains("the route (https://example.org/r)"))
    }

    @Test(
        "Colour depth decides the colour sequences",
        arguments: [
            (TerminalOptions.ColorDepth.ansi16, "\u{1B}[0;34m"), (.ansi256, "38;5;33"), (.trueColor, "38;2;10;132;255"),
        ])
    func colours(depth: TerminalOptions.ColorDepth, expected: String) throws {
        let lines = try render([message("1", "ana", minute: 0, "hi")], color: depth)
        #expect(lines.joined().contains(expected))
    }

    @Test("Group chats name the sender above incoming chains; one-to-one chats do not")
    func names() throws {
        let group = try render([message("1", "ben", minute: 0, "hi")], participants: [Self.ana, Self.ben, Self.chiara])
        #expect(group.contains("  Ben Okafor"))
        let pair = try render([message("1", "ben", minute: 0, "hi")])
        #expect(!pair.contains { $0.contains("Ben Okafor") })
    }

    @Test("Only emoji render large without a bubble; days get a centred rule")
    func jumboAndDays() throws {
        let lines = try render([message("1", "ben", minute: 0, "🎉🎉")], width: 40)
        #expect(lines.contains("  🎉 🎉"))
        #expect(!lines.contains { $0.contains("╭") })
        let rule = try #require(lines.first { $0.contains("──") })
        #expect(DisplayWidth.of(rule) == 40)
        #expect(rule.contains(" Friday, November 27, 2026 ") || rule.contains("2026"))
    }

    @Test("A text effect is named after its words in the terminal; underline is underlined where there is colour")
    func textEffects() throws {
        let body = #"<u>under</u> <span data-effect="shake">shaking</span>"#
        var styled = message("m1", "ben", minute: 0, body)
        styled.format = .styledMarkdown
        let text = try render([styled]).joined(separator: "\n")
        #expect(text.contains("under shaking [shake]"))
        let ansi = try render([styled], color: .ansi256).joined(separator: "\n")
        #expect(ansi.contains("\u{1B}[4munder") || ansi.contains(";4munder"))
        #expect(!ansi.contains("<u>"))
    }

    @Test("Another format's <u> and data-effect spans are drawn as the characters written")
    func styleTagsStayText() throws {
        let body = #"<u>under</u> <span data-effect="shake">shaking</span>"#
        let text = try render([message("m1", "ben", minute: 0, body)], width: 80).joined(separator: "\n")
        #expect(text.contains(body))
        #expect(!text.contains("[shake]"))
    }
}
