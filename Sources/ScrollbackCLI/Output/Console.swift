import Foundation

/// Where a command writes: standard output and standard error, replaceable in tests.
public struct Console: Sendable {
    /// Writes to standard output.
    public var out: @Sendable (String) -> Void
    /// Writes to standard error.
    public var err: @Sendable (String) -> Void
    /// Whether standard error is a terminal (progress is shown only then).
    public var errIsTerminal: Bool
    /// Whether standard output is a terminal.
    public var outIsTerminal: Bool
    /// The environment (`NO_COLOR`, `COLUMNS`, `CI`, …).
    public var environment: [String: String]
    /// The terminal's width in columns, if standard output is one.
    public var terminalWidth: Int?

    /// Creates a console.
    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        errIsTerminal: Bool = false, outIsTerminal: Bool = false, environment: [String: String] = [:],
        terminalWidth: Int? = nil
    ) {
        self.out = out
        self.err = err
        self.errIsTerminal = errIsTerminal
        self.outIsTerminal = outIsTerminal
        self.environment = environment
        self.terminalWidth = terminalWidth
    }

    /// The process's own standard output and error.
    public static func system() -> Console {
        Console(
            out: { FileDescriptorStream.standardOutput.write($0) },
            err: { text in
                FileDescriptorStream.standardOutput.flush()
                FileDescriptorStream.write(text, to: 2)
            },
            errIsTerminal: isatty(2) == 1, outIsTerminal: isatty(1) == 1,
            environment: ProcessInfo.processInfo.environment,
            terminalWidth: TerminalSize.columns(of: 1))
    }

    /// Prints `scrollback: error: …` on standard error.
    public func error(_ message: String) { err("scrollback: error: \(Self.printable(message))\n") }

    /// Prints `scrollback: warning: …` on standard error.
    public func warning(_ message: String) { err("scrollback: warning: \(Self.printable(message))\n") }

    /// Prints `scrollback: note: …` on standard error.
    public func note(_ message: String) { err("scrollback: note: \(Self.printable(message))\n") }

    /// `text` with control and bidirectional-override characters shown instead of obeyed.
    ///
    /// Messages quote file names and values from the input, which can hold escape
    /// sequences; printed raw they would recolour, retitle or rewrite the user's terminal,
    /// and a newline would forge a second message. C0 controls become their control
    /// pictures (`␛`, `␊`), DEL `␡`, and C1 and bidi controls `⟨U+202E⟩`.
    public static func printable(_ text: String) -> String {
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

/// The terminal's size, from the `TIOCGWINSZ` ioctl.
public enum TerminalSize {
    /// Columns of the terminal on `descriptor`, if it is one.
    public static func columns(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 else { return nil }
        return Int(size.ws_col)
    }
}
