import Foundation

/// Numbered batches of a page's output made in order on the other cores, ahead of the one thread
/// that writes them.
///
/// The writer asks for batches in order (`batch(_:)`); worker threads make them a few batches
/// ahead, and the writer makes the batches no worker has taken, so each batch is made once and
/// the bytes never depend on how many cores took part. Only a bounded window of finished batches
/// is held, so memory stays that of a few batches whatever the page's length.
final class WorkAhead<Batch: Sendable>: @unchecked Sendable {
    private let count: Int
    private let make: @Sendable (Int) -> Batch
    /// Finished batches the workers may run ahead of the writer.
    private let window: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var claimed = 0
    private var released = 0
    private var finished: [Int: Batch] = [:]
    private var cancelled = false
    /// The last batch the writer was given: asked again (or for an earlier one), it is made anew.
    private var returned = -1

    /// Starts `min(cores - 1, count)` workers making batches `0..<count` with `make`, which must
    /// depend on the batch's number only; `nil` when there is one core or one batch.
    init?(count: Int, cores: Int, make: @escaping @Sendable (Int) -> Batch) {
        let workers = min(cores - 1, count - 1)
        guard workers > 0 else { return nil }
        self.count = count
        self.make = make
        window = 2 * workers + 2
        // Threads of their own, not blocks on a global queue: a worker waiting for the writer
        // must not take a slot from the site's own parallel work on that queue.
        for _ in 0..<workers {
            Thread { self.work() }.start()
        }
    }

    /// Batch `number`: a worker's when it is finished, else made here. While a worker is still
    /// making it, the writer makes the next batch no one has taken (and keeps it), so no batch is
    /// ever made twice; it waits only when every batch in the window is taken.
    func batch(_ number: Int) -> Batch {
        condition.lock()
        released = number
        for old in finished.keys where old < number { finished[old] = nil }
        condition.broadcast()
        if number <= returned {
            condition.unlock()
            return make(number)
        }
        returned = number
        while true {
            if let batch = finished.removeValue(forKey: number) {
                condition.unlock()
                return batch
            }
            if cancelled || claimed <= number {
                claimed = max(claimed, number + 1)
                condition.unlock()
                return make(number)
            }
            if claimed < count && claimed < number + window {
                let other = claimed
                claimed += 1
                condition.unlock()
                let batch = make(other)
                condition.lock()
                if !cancelled { finished[other] = batch }
                continue
            }
            condition.wait()
        }
    }

    /// Stops the workers; batches not yet taken are dropped.
    func cancel() {
        condition.lock()
        cancelled = true
        finished = [:]
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while !cancelled && claimed < count && claimed >= released + window { condition.wait() }
            if cancelled || claimed >= count {
                condition.unlock()
                return
            }
            let number = claimed
            claimed += 1
            condition.unlock()
            let batch = make(number)
            condition.lock()
            if !cancelled && number >= released { finished[number] = batch }
            condition.broadcast()
            condition.unlock()
        }
    }
}

/// How a page's blocks are cut into the batches `WorkAhead` makes.
enum Batches {
    /// Bubbles per batch: enough to make the hand-over between threads rare, few enough to start at once.
    static let bubbles = 256

    /// Consecutive ranges of the items whose weights (bubbles) are given, each closed after the
    /// item that brings it to `size`; the last holds what is left.
    static func ranges(weights: some Sequence<Int>, size: Int = bubbles) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var start = 0
        var end = 0
        var total = 0
        for weight in weights {
            end += 1
            total += weight
            if total >= size {
                ranges.append(start..<end)
                start = end
                total = 0
            }
        }
        if start < end { ranges.append(start..<end) }
        return ranges
    }
}
