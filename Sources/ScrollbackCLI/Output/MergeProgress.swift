/// `merge`'s progress on standard error when it is a terminal: which export of how many is being
/// read, then the merging; nothing when standard error is not a terminal.
struct MergeProgress {
    /// The console to print the reports through: it clears the progress line before each line it prints.
    let console: Console
    private let shown: Bool
    private let total: Int
    private let err: @Sendable (String) -> Void

    init(console: Console, total: Int) {
        shown = console.errIsTerminal
        self.total = total
        err = console.err
        var reporting = console
        if shown {
            let err = console.err
            reporting.err = { text in err("\r\u{1B}[K" + text) }
        }
        self.console = reporting
    }

    /// `reading 2 of 5: NAME`.
    func show(reading name: String, number: Int) {
        guard shown else { return }
        err("\rscrollback: reading \(number) of \(total): \(Console.printable(name))\u{1B}[K")
    }

    /// `merging 5 exports`.
    func show(merging count: Int) {
        guard shown else { return }
        err("\rscrollback: merging \(count) export\(count == 1 ? "" : "s")…\u{1B}[K")
    }

    /// Takes the progress line away before the report.
    func clear() {
        if shown { err("\r\u{1B}[K") }
    }
}
