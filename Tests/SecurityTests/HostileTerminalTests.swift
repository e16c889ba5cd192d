import Foundation
import Scrollback
import Testing

/// XSS vectors and naughty strings in every field: terminal output carries only the renderer's
/// own escape sequences, and control characters from the input are shown, never obeyed.
@Suite("Hostile text in the terminal")
struct HostileTerminalTests {
    /// Everything in `output` that is not printable text, a newline, an SGR colour sequence
    /// (`ESC [ digits;… m`) or an OSC 8 hyperlink whose target is printable ASCII.
    static func problems(_ output: String) -> [String] {
        let scalars = Array(output.unicodeScalars)
        var found: [String] = []
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1B}" {
                if let end = sgrEnd(scalars, index) {
                    index = end
                    continue
                }
                if let end = hyperlinkEnd(scalars, index) {
                    index = end
                    continue
                }
                let context = String(String.UnicodeScalarView(scalars[index..<min(index + 12, scalars.count)]))
                found.append("escape sequence \(context.debugDescription)")
            } else if (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) {
                found.append("control U+\(String(scalar.value, radix: 16))")
            }
            index += 1
        }
        return found
    }

    /// The index after `ESC [ params m`, where params are digits and semicolons.
    static func sgrEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        guard start + 2 < scalars.count, scalars[start + 1] == "[" else { return nil }
        var index = start + 2
        while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == ";" { index += 1 }
        return index < scalars.count && scalars[index] == "m" ? index + 1 : nil
    }

    /// The index after `ESC ] 8 ; ; TARGET ESC \`, where TARGET is printable ASCII (or empty, to close a link).
    static func hyperlinkEnd(_ scalars: [Unicode.Scalar], _ start: Int) -> Int? {
        let opening = Array("\u{1B}]8;;".unicodeScalars)
        guard start + opening.count <= scalars.count, Array(scalars[start..<(start + opening.count)]) == opening else {
            return nil
        }
        var index = start + opening.count
        while index < scalars.count, scalars[index].value > 0x20, scalars[index].value < 0x7F { index += 1 }
        guard index + 1 < scalars.count, scalars[index] == "\u{1B}", scalars[index + 1] == "\\" else { return nil }
        return index + 2
    }

    @Test("ANSI and text output of hostile text hold only the renderer's own sequences")
    func terminalOutputIsInert() throws {
        let transcripts = HostileCorpus.transcripts()
        try #require(!transcripts.isEmpty)
        for (index, transcript) in transcripts.enumerated() {
            for (format, color) in [
                (OutputFormat.ansi, TerminalOptions.ColorDepth.trueColor), (.ansi, .ansi16), (.text, nil),
            ] {
                var options = RenderOptions()
                options.terminal = TerminalOptions(width: 60, color: color)
                let output = try transcript.render(format, options: options)
                let problems = Self.problems(output)
                #expect(problems.isEmpty, "page \(index) \(format): \(problems.prefix(5))")
                if format == .text { #expect(!output.unicodeScalars.contains("\u{1B}"), "page \(index)") }
            }
        }
    }

    @Test("The check catches raw escapes, C1 controls and a hyperlink target that ends early")
    func checkerCatchesEscapes() {
        #expect(Self.problems("a\u{1B}[31mred\u{1B}[0m\n\u{1B}]8;;https://x\u{1B}\\x\u{1B}]8;;\u{1B}\\").isEmpty)
        #expect(!Self.problems("\u{1B}]0;title\u{07}").isEmpty)
        #expect(!Self.problems("\u{1B}[2J").isEmpty)
        #expect(!Self.problems("\u{9B}31m").isEmpty)
        #expect(!Self.problems("\u{1B}]8;;https://x\u{07}y\u{1B}\\").isEmpty)
        #expect(!Self.problems("over\rwrite").isEmpty)
    }
}
