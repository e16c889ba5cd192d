import Foundation

/// Scrollback's one ordered batch pipeline: numbered batches made on other cores ahead of the one
/// thread that takes their outputs, in order.
///
/// Batch `n` is made by `make(n, input)` on a worker thread (or, when the taker may help, on the
/// taker's own thread: see `output(_:)`); outputs come back in the batches' order whatever thread
/// made them, so what is made never depends on how many cores took part. Two bounds keep memory
/// that of a few batches: a producer that adds inputs (`add`) waits while `queueLength` of them
/// are not yet taken by a worker, and workers stop `window` batches past the last one taken.
///
/// A reader's pipeline (`InOrderWorker`) has one worker and adds inputs as it reads them; a
/// page's (the HTML chains, the terminal's blocks) knows its batches at the start and lets the
/// writer make any batch no worker has started.
package final class OrderedBatches<Input, Output>: @unchecked Sendable {
    /// Let go once every batch is made (`finish`) or the pipeline is cancelled: a worker's thread
    /// may outlive the pipeline's owner for a moment, and what `make` holds must not.
    private var make: ((Int, Input) -> Output)?
    private let window: Int
    private let queueLength: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var inputs: [Int: Input] = [:]
    private var added = 0
    private var claimed = 0
    /// The first batch whose output is still wanted.
    private var released = 0
    private var finished: [Int: Output] = [:]
    private var running = 0
    private var closed = false
    private var cancelled = false
    /// Used by the taker only: the next output `takeFinished` hands back.
    private var next = 0
    /// The last batch `output(_:)` returned: asked again (or for an earlier one), it is made anew.
    private var returned = -1

    /// Starts `workers` threads (at least one) that make batches as inputs are added.
    package init(
        workers: Int, window: Int, queueLength: Int = .max, make: @escaping (_ number: Int, Input) -> Output
    ) {
        self.make = make
        self.window = max(1, window)
        self.queueLength = max(1, queueLength)
        running = max(1, workers)
        // Threads of their own, not blocks on a global queue: a worker waiting for the taker must
        // not take a slot from other parallel work on that queue (a site's pages).
        for _ in 0..<running { Thread { self.work() }.start() }
    }

    /// Adds the input of the next batch, waiting while `queueLength` inputs wait for a worker.
    package func add(_ input: Input) {
        condition.lock()
        while added - claimed >= queueLength && !cancelled { condition.wait() }
        inputs[added] = input
        added += 1
        condition.broadcast()
        condition.unlock()
    }

    /// The outputs finished since the last call, in order, without waiting for any.
    package func takeFinished() -> [Output] {
        condition.lock()
        defer { condition.unlock() }
        var outputs: [Output] = []
        while let output = finished.removeValue(forKey: next) {
            outputs.append(output)
            next += 1
        }
        released = next
        condition.broadcast()
        return outputs
    }

    /// Says no more inputs come: the workers stop once every batch added is made.
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// Waits until every batch added is made and the workers have stopped; returns the outputs
    /// not taken yet, in order.
    package func finish() -> [Output] {
        close()
        condition.lock()
        while running > 0 { condition.wait() }
        make = nil
        var outputs: [Output] = []
        while let output = finished.removeValue(forKey: next) {
            outputs.append(output)
            next += 1
        }
        condition.unlock()
        return outputs
    }

    /// Stops the workers; batches not yet made are not made, and outputs not taken are dropped.
    package func cancel() {
        condition.lock()
        cancelled = true
        finished = [:]
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        condition.lock()
        while true {
            while !cancelled && !(closed && claimed >= added) && (claimed >= added || claimed >= released + window) {
                condition.wait()
            }
            guard !cancelled, claimed < added, let make, let input = inputs.removeValue(forKey: claimed) else { break }
            let number = claimed
            claimed += 1
            condition.broadcast()
            condition.unlock()
            let output = make(number, input)
            condition.lock()
            if !cancelled && number >= released { finished[number] = output }
            condition.broadcast()
        }
        running -= 1
        condition.broadcast()
        condition.unlock()
    }
}

extension OrderedBatches where Input == Void {
    /// A page's pipeline: batches `0..<count`, made by `make`, which must depend on the batch's
    /// number only, on `min(cores - 1, count - 1)` workers up to `2 × workers + 2` batches ahead
    /// of the writer; `nil` when that is no worker (one core, one batch).
    package convenience init?(count: Int, cores: Int, make: @escaping @Sendable (Int) -> Output) {
        let workers = min(cores - 1, count - 1)
        guard workers > 0 else { return nil }
        self.init(workers: workers, window: 2 * workers + 2) { number, _ in make(number) }
        for _ in 0..<count { add(()) }
        close()
    }

    /// Batch `number`'s output, for a taker that asks for the batches in order and may make them
    /// itself (its pipeline's `make` depends on the batch's number and input only): a worker's
    /// when it is finished, else made here. While a worker is still making it, the taker makes
    /// the next batch no one has started (and keeps it), so no batch is made twice; it waits only
    /// when every batch in the window is taken.
    package func output(_ number: Int) -> Output {
        condition.lock()
        released = number
        for old in finished.keys where old < number { finished[old] = nil }
        condition.broadcast()
        if number <= returned, let make {
            condition.unlock()
            return make(number, ())
        }
        returned = number
        while true {
            if let output = finished.removeValue(forKey: number) {
                condition.unlock()
                return output
            }
            if let make, cancelled || claimed <= number {
                while claimed <= number {
                    inputs[claimed] = nil
                    claimed += 1
                }
                condition.unlock()
                return make(number, ())
            }
            if let make, claimed < added && claimed < number + window {
                let other = claimed
                inputs[other] = nil
                claimed += 1
                condition.unlock()
                let output = make(other, ())
                condition.lock()
                if !cancelled { finished[other] = output }
                continue
            }
            condition.wait()
        }
    }
}
