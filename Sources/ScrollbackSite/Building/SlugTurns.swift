import Foundation

/// Hands the slug registry to the inputs one at a time, in input order, while they are read and
/// rendered side by side: a slug depends on every earlier conversation's, so the site's folder
/// names are the same however the work is spread over threads.
final class SlugTurns: @unchecked Sendable {
    private let condition = NSCondition()
    private var slugs = SlugRegistry()
    /// The input whose turn it is.
    private var current = 0

    /// Waits until every input before `position` has had its turn, then runs `body` with the
    /// registry and passes the turn on (also when `body` throws). Each position takes one turn.
    func take<T>(_ position: Int, _ body: (inout SlugRegistry) throws -> T) rethrows -> T {
        condition.lock()
        while current != position { condition.wait() }
        defer {
            current += 1
            condition.broadcast()
            condition.unlock()
        }
        return try body(&slugs)
    }

    /// Passes the turn of an input that failed before claiming anything.
    func skip(_ position: Int) { take(position) { _ in } }
}
