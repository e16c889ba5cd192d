import Foundation
import Scrollback
import Testing

/// Random logs full of text that is hard to measure, drawn at random widths.
@Suite("Terminal output on hostile text")
struct TerminalPropertyTests {
    static let pieces = [
        "hello", "world", "a", "longwordwithoutanyspacesatallthatmustbreakacrosslines", "漢字とかなの文章です",
        "한국어 텍스트", "👩‍👩‍👧‍👦", "🇩🇪🇯🇵", "👍🏽", "❤️", "☺︎", "1️⃣", "e\u{301}", "Z\u{351}\u{36B}\u{343}\u{36A}\u{302}",
        "\u{200B}", "\u{300}start", "שלום עולם", "مرحبا بالعالم", "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{7}",
        "\u{9B}2J", "\u{7}", "\t", "tab\there", "\r", "\u{202E}override", "\u{2066}isolate", "**bold**", "*it*",
        "~~gone~~", "`code`", "[link](https://example.org/\u{1B}x)", "<b>raw</b>", "\n\n- [ ] task\n- [x] done\n\n",
        "\n\n```\nlet x = \"\u{1B}[2J\"\t// 漢字 wide code line that is long enough to wrap around\n```\n\n",
        "\n\n> quoted 👩‍👩‍👧‍👦 text\n\n", "\n\n| a | 漢字 | c |\n|---|:---:|--:|\n| 1 | 👍🏽 | longer cell text |\n\n",
        "\n\n1. one\n2. two\n\n", "https://example.org/a/very/long/url/that/goes/on/and/on", "🏃‍♀️",
    ]

    @Test("No line is wider than the width, bubble borders line up, and input never emits an escape", arguments: 0..<60)
    func hostile(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        let transcript = Self.randomLog(&random)
        let width = Int(random.next() % 121) + 20
        var text: String?
        for color in [nil, TerminalOptions.ColorDepth.ansi16, .ansi256, .trueColor] {
            var options = RenderOptions()
            options.terminal = TerminalOptions(width: width, color: color)
            let output = try transcript.render(color == nil ? .text : .ansi, options: options)
            let stripped = Self.strippingOwnEscapes(output)
            #expect(!stripped.contains("\u{1B}"), "an escape from the input reached the output (seed \(seed))")
            #expect(
                !stripped.unicodeScalars.contains {
                    ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
                })
            // `text` is the `ansi` layout without its escape sequences, character for character.
            if color == nil { text = output } else { #expect(stripped == text, "seed \(seed)") }
            #expect(color != nil || output == stripped)
            let lines = stripped.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines {
                #expect(DisplayWidth.of(line) <= width, "seed \(seed), width \(width): \(line)")
            }
            let (bad, checked) = Self.misalignedBorders(lines)
            #expect(bad.isEmpty, "seed \(seed), width \(width)")
            #expect(checked > 0 || !stripped.contains("╭"))
        }
    }

    /// Removes the SGR and OSC 8 sequences the renderer writes; anything else stays.
    static func strippingOwnEscapes(_ text: String) -> String {
        text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
            .replacingOccurrences(of: "\u{1B}\\]8;;[\u{21}-\u{7E}]*\u{1B}\\\\", with: "", options: .regularExpression)
    }

    /// Lines of a bubble whose right border is not in the column of the bubble's top-right corner.
    static func misalignedBorders(_ lines: [String]) -> (bad: [String], checked: Int) {
        var bad: [String] = []
        var checked = 0
        var index = 0
        while index < lines.count {
            let top = lines[index].trimmingCharacters(in: .whitespaces)
            guard top.hasPrefix("╭") || top.hasPrefix("┌"), top.hasSuffix("╮") || top.hasSuffix("┐"),
                let corner = column(of: String(top.last!), in: lines[index], last: true)
            else {
                index += 1
                continue
            }
            checked += 1
            var row = index + 1
            while row < lines.count {
                let cell = character(at: corner, in: lines[row])
                if cell == "╯" || cell == "┘" || cell == "┴" { break }
                if cell != "│" {
                    bad.append(lines[row])
                    break
                }
                row += 1
            }
            if row == lines.count { bad.append("unterminated bubble") }
            index = row + 1
        }
        return (bad, checked)
    }

    static func column(of target: String, in line: String, last: Bool) -> Int? {
        var column = 0
        var found: Int?
        for cluster in DisplayWidth.clusters(line) {
            if cluster.text == target {
                found = column
                if !last { return found }
            }
            column += cluster.width
        }
        return found
    }

    static func character(at target: Int, in line: String) -> String? {
        var column = 0
        for cluster in DisplayWidth.clusters(line) {
            if column == target { return cluster.text }
            if column > target { return nil }
            column += cluster.width
        }
        return nil
    }

    static func randomLog(_ random: inout SplitMix64) -> Transcript {
        let people = ["ana", "ben", "שרה", "李雷", "\u{1B}[1mevil"]
        let participants = people.prefix(Int(random.next() % 4) + 2).map {
            Participant(id: $0, name: $0 + " " + pieces[Int(random.next() % UInt64(pieces.count))])
        }
        var transcript = Transcript(title: "Chat \u{1B}]0;pwned\u{7} 漢字", me: "ana", participants: participants)
        var time = Timestamp(seconds: 1_790_000_000)
        for number in 1...Int(random.next() % 25 + 5) {
            time = Timestamp(seconds: time.seconds + Int64(random.next() % 900))
            let sender = participants[Int(random.next() % UInt64(participants.count))].id
            var text = ""
            for _ in 0..<Int(random.next() % 8) { text += pieces[Int(random.next() % UInt64(pieces.count))] + " " }
            var message = Message(
                id: "m\(number)", kind: random.next() % 12 == 0 ? .system : .message, sender: sender, time: time,
                text: text)
            if random.next() % 3 == 0 { message.status = DeliveryStatus.allCases[Int(random.next() % 5)] }
            if random.next() % 4 == 0 { message.replyTo = "m\(Int(random.next() % UInt64(number)) + 1)" }
            if random.next() % 4 == 0 {
                message.reactions = [
                    Reaction(emoji: ["👍", "❤️", "🇩🇪", "\u{1B}x"][Int(random.next() % 4)], by: ["ben"], count: 3)
                ]
            }
            if random.next() % 6 == 0 {
                message.attachments = [Attachment(path: "a/\u{1B}[2Jfile 漢字.pdf", alt: "alt \u{7}")]
            }
            if random.next() % 9 == 0 { message.deleted = true }
            if random.next() % 9 == 0 { message.edited = time }
            if random.next() % 5 == 0 { message.format = .plain }
            transcript.messages.append(message)
        }
        return transcript
    }
}

/// A small seeded generator, so a failing case can be run again by its seed.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
