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
    public func error(_ message: String) { err("scrollback: error: \(message)\n") }

    /// Prints `scrollback: warning: …` on standard error.
    public func warning(_ message: String) { err("scrollback: warning: \(message)\n") }
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
