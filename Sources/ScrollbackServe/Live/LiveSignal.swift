import Foundation

/// Wakes the event streams when any live page of the process changes: a stream may follow
/// several pages (every page a browser has open), so it waits on this, not on one page.
final class LiveSignal: @unchecked Sendable {
    /// The one signal every channel of the process rings.
    static let shared = LiveSignal()

    private let condition = NSCondition()
    private var generation = 0

    /// The number of changes so far: a stream reads it before it looks for news, then waits for
    /// it to move.
    var current: Int {
        condition.lock()
        defer { condition.unlock() }
        return generation
    }

    /// Something changed (or a channel closed).
    func ring() {
        condition.lock()
        generation += 1
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until the count has moved past `seen` or `deadline` passed; whether it moved.
    func wait(after seen: Int, until deadline: Date) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        while generation == seen {
            if !condition.wait(until: deadline) { return generation != seen }
        }
        return true
    }
}
