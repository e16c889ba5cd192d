import Foundation

/// What one input contributed to the site: its conversations' records, the warnings it gave
/// (in the order a one-at-a-time build gives them) and the error that stopped it, if any.
struct InputOutcome: Sendable {
    var records: [ConversationRecord] = []
    var warnings: [String] = []
    var error: (any Error)?
}

/// Hands out inputs in order to the threads building them and takes back their outcomes, which
/// it passes on strictly in input order: warnings and records come out as a serial build's do,
/// and the error reported is the first input's that failed. After a failure no input is started.
final class InputOutcomes: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private let deliver: @Sendable (Int, InputOutcome) -> Void
    private var started = 0
    private var delivered = 0
    private var waiting: [Int: InputOutcome] = [:]
    private var records: [ConversationRecord] = []
    private var failure: (any Error)?

    /// `deliver` sees each outcome in input order, under the lock (so it may report as it likes).
    init(count: Int, deliver: @escaping @Sendable (Int, InputOutcome) -> Void) {
        self.count = count
        self.deliver = deliver
    }

    /// The next input to build, or `nil` when all are started or one has failed.
    func next() -> Int? {
        lock.withLock {
            guard failure == nil, waiting.values.allSatisfy({ $0.error == nil }), started < count else { return nil }
            started += 1
            return started - 1
        }
    }

    /// Takes input `position`'s outcome and passes on every outcome now next in order.
    func finish(_ position: Int, _ outcome: InputOutcome) {
        lock.withLock {
            waiting[position] = outcome
            while failure == nil, let ready = waiting.removeValue(forKey: delivered) {
                deliver(delivered, ready)
                records += ready.records
                failure = ready.error
                delivered += 1
            }
        }
    }

    /// Every record, in input order; throws the first failed input's error.
    func result() throws -> [ConversationRecord] {
        try lock.withLock {
            if let failure { throw failure }
            return records
        }
    }
}
