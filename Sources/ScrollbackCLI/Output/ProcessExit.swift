import Synchronization

/// What a command leaves to the process's exit to give back. A big conversation's messages and
/// layout are millions of small objects; freeing them one by one just before the process ends,
/// when the system takes all its memory back at once, took about a tenth of a page's wall time.
/// Only `CommandLineTool.main`, after which the process exits, keeps them; within `run` (the
/// tests, a program that goes on) they are freed as usual.
enum ProcessExit {
    private static let kept = Mutex<(keeping: Bool, values: [any Sendable])>((false, []))

    /// From now on, `keep` holds what it is given until the process exits.
    static func keepUntilExit() {
        kept.withLock { $0.keeping = true }
    }

    /// Holds `value` until the process exits, if that was asked for; else lets it go now.
    static func keep(_ value: consuming some Sendable) {
        let held = value
        kept.withLock { state in
            if state.keeping { state.values.append(held) }
        }
    }
}
