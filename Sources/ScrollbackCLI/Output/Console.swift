import Foundation
import Scrollback
import Synchronization

/// Where a command writes: standard output and standard error, replaceable in tests.
package struct Console: Sendable {
    /// Writes to standard output.
    package var out: @Sendable (String) -> Void
    /// Writes to standard error.
    package var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then).
    package var errIsTerminal: Bool
    /// Whether standard output is a terminal.
    package var outIsTerminal: Bool
    /// The environment (`NO_COLOR`, `COLUMNS`, `CI`, …).
    package var environment: [String: String]
    /// The terminal's width in columns, if standard output is one.
    package var terminalWidth: Int?
    /// Whether standard input is a terminal (a command reading it then says what it waits for).
    package var inIsTerminal: Bool
    /// `-q`: notes are left out; warnings and errors are still shown.
    package var quiet = false
    /// The input the last heading named: notes and warnings about one input share one heading.
    private let heading = Heading()

    /// Creates a console.
    package init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        errIsTerminal: Bool = false, outIsTerminal: Bool = false, environment: [String: String] = [:],
        terminalWidth: Int? = nil, inIsTerminal: Bool = false
    ) {
        self.inIsTerminal = inIsTerminal
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.outIsTerminal = outIsTerminal
        self.environment = environment
        self.terminalWidth = terminalWidth
    }

    /// The process's own standard output and error.
    package static func system() -> Console {
        Console(
            out: { FileDescriptorStream.standardOutput.write($0) },
            err: { text in
                FileDescriptorStream.standardOutput.flush()
                FileDescriptorStream.write(text, to: 2)
            },
            errIsTerminal: isatty(2) == 1, outIsTerminal: isatty(1) == 1,
            environment: ProcessInfo.processInfo.environment,
            terminalWidth: TerminalSize.columns(of: 1), inIsTerminal: isatty(0) == 1)
    }

    /// Prints `scrollback: error: …` on standard error.
    package func error(_ message: String) { err("scrollback: error: \(Self.printable(message))\n") }

    /// Prints `scrollback: warning: …` on standard error.
    package func warning(_ message: String) { err("scrollback: warning: \(Self.printable(message))\n") }

    /// Prints `scrollback: note: …` on standard error, unless `quiet`.
    package func note(_ message: String) {
        if !quiet { err("scrollback: note: \(Self.printable(message))\n") }
    }

    /// A note about `input`: the input is named once, in a heading line before the first
    /// note or warning about it, and the lines under it leave its name out.
    package func note(_ message: String, about input: String) {
        if !quiet { report("note", message, about: input) }
    }

    /// A warning about `input`, under its heading (see `note(_:about:)`).
    package func warning(_ message: String, about input: String) { report("warning", message, about: input) }

    /// An error's one line, `FILE:LINE:COLUMN: what is wrong`.
    package func error(_ error: some LocatedError) { self.error(error.description) }

    private func report(_ kind: String, _ message: String, about input: String) {
        if heading.change(to: input) { err("scrollback: \(Self.printable(input))\n") }
        err("scrollback: \(kind): \(Self.printable(Self.entry(message, in: input)))\n")
    }

    /// A line about `input` as it reads under the input's heading: the input's own name left out
    /// (`line 12, column 5: …`), a file inside it named from the input (`general/2024-01-15.json,
    /// line 3: …`), and the sentence in lower case, as errors print it after their location.
    package static func entry(_ message: String, in input: String) -> String {
        var text = Substring(message)
        var place = ""
        let folder = input.hasSuffix("/") ? input : input + "/"
        for prefix in [input + ":", folder] where text.hasPrefix(prefix) {
            text = text.dropFirst(prefix.count)
            if prefix.hasSuffix("/"), let colon = text.firstIndex(of: ":") {
                place = text[..<colon] + ", "
                text = text[text.index(after: colon)...]
            }
            // `:12:5: …` (a place in the input) reads as `line 12, column 5: …`.
            let parts = text.split(separator: ":", maxSplits: 2, omittingEmptySubsequences: false)
            if parts.count == 3, let line = Int(parts[0]), let column = Int(parts[1]) {
                place += "line \(line), column \(column): "
                text = parts[2]
            } else if parts.count >= 2, let line = Int(parts[0]) {
                place += "line \(line): "
                text = text.dropFirst(parts[0].count + 1)
            } else if !place.isEmpty {
                place = String(place.dropLast(2)) + ": "
            }
            text = text.drop(while: { $0 == " " })
            break
        }
        return place + String(text).sentenceAfterLocation
    }

    /// `text` with control and bidirectional-override characters shown instead of obeyed.
    ///
    /// Messages quote file names and values from the input, which can hold escape
    /// sequences; printed raw they would recolour, retitle or rewrite the user's terminal,
    /// and a newline would forge a second message. C0 controls become their control
    /// pictures (`␛`, `␊`), DEL `␡`, and C1 and bidi controls `⟨U+202E⟩`.
    package static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnprintable) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case _ where isUnprintable(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result.append(
                    contentsOf: "⟨U+\(String(repeating: "0", count: max(0, 4 - hex.count)))\(hex)⟩".unicodeScalars)
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    private static func isUnprintable(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}

/// The input the last heading on standard error named, shared by copies of a console.
private final class Heading: Sendable {
    private let current = Mutex<String?>(nil)

    /// Makes `input` the current one; whether it was not already (a heading is then due).
    func change(to input: String) -> Bool {
        current.withLock { current in
            defer { current = input }
            return current != input
        }
    }
}

/// The terminal's size, from the `TIOCGWINSZ` ioctl.
package enum TerminalSize {
    /// Columns of the terminal on `descriptor`, if it is one.
    package static func columns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
