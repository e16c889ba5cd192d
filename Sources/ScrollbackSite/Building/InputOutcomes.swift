import Foundation
import Synchronization

/// What one input contributed to the site: its conversations' records, the warnings it gave
/// (in the order a one-at-a-time build gives them) and the error that stopped it, if any.
struct InputOutcome: Sendable {
    var records: [ConversationRecord] = []
    var warnings: [String] = []
    var error: (any Error)?
    /// Conversations built a month at a time from two readings.
    var monthByMonth = 0
}

/// Hands out inputs in order to the threads building them and takes back their outcomes, which
/// it passes on strictly in input order: warnings and records come out as a serial build's do,
/// and the error reported is the first input's that failed. After a failure no input is started.
final class InputOutcomes: Sendable {
    private struct State {
        var started = 0
        var delivered = 0
        var waiting: [Int: InputOutcome] = [:]
        var records: [ConversationRecord] = []
        var failure: (any Error)?
    }

    private let state = Mutex(State())
    private let count: Int
    private let deliver: @Sendable (Int, InputOutcome) -> Void

    /// `deliver` sees each outcome in input order, under the lock (so it may report as it likes).
    init(count: Int, deliver: @escaping @Sendable (Int, InputOutcome) -> Void) {
        self.count = count
        self.deliver = deliver
    }

    /// The next input to build, or `nil` when all are started or one has failed.
    func next() -> Int? {
        state.withLock { state in
            guard state.failure == nil, state.waiting.values.allSatisfy({ $0.error == nil }), state.started < count
            else { return nil }
            state.started += 1
            return state.started - 1
        }
    }

    /// Takes input `position`'s outcome and passes on every outcome now next in order.
    func finish(_ position: Int, _ outcome: InputOutcome) {
        state.withLock { state in
            state.waiting[position] = outcome
            while state.failure == nil, let ready = state.waiting.removeValue(forKey: state.delivered) {
                deliver(state.delivered, ready)
                state.records += ready.records
                state.failure = ready.error
                state.delivered += 1
            }
        }
    }

    /// Every record, in input order; throws the first failed input's error.
    func result() throws -> [ConversationRecord] {
        try state.withLock { state throws in
            if let failure = state.failure { throw failure }
            return state.records
        }
    }
}
