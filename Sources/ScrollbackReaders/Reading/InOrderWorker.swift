import Foundation
import ScrollbackModel

/// Work on a second core in the order a reader hands it over: the reader adds items as it
/// reaches them and reads on; one worker thread takes them in batches, in order, and runs `work`
/// on each batch with the state it owns, and what a batch gives comes back to the reader in
/// order too. At most a few batches wait, so memory stays that of a few batches of items. After
/// `finish()` the reader has the state back, as `work` left it after the last item.
///
/// The one-thread path of a reader does the same steps in the same order, so what is read does
/// not depend on which of the two ran.
final class InOrderWorker<Item, State, Output>: @unchecked Sendable {
    /// Items per batch, unless a reader's items are batches already: enough to make the
    /// hand-over rare.
    static var batchSize: Int { 256 }
    /// Inputs smaller than this are read on one thread: starting the worker would cost more.
    static var minimumBytes: Int { 1 << 20 }
    /// Batches handed over and not yet worked on, at most.
    static var queueLength: Int { 4 }

    /// Let go by `finish`: the worker's thread may outlive it for a moment, and what `work`
    /// holds (a closure the caller lends for the reading only) must not.
    private var work: ((inout State, [Item]) -> Output)?
    private let itemsPerBatch: Int
    /// The batch being filled; only the reader touches it.
    private var filling: [Item] = []
    private let condition = NSCondition()
    // Guarded by `condition`; `state` belongs to the worker until it has stopped.
    private var state: State?
    private var waiting: [[Item]] = []
    /// Batches worked on, handed back: their items are let go on the reader's thread, which made
    /// them (let go on the worker, they contend with the reader for the allocator's lock).
    private var spent: [[Item]] = []
    private var done: [Output] = []
    private var closed = false
    private var stopped = false

    /// Starts the worker with `state`; `work` runs on it, batch after batch of `itemsPerBatch`.
    init(_ state: State, itemsPerBatch: Int = batchSize, work: @escaping (inout State, [Item]) -> Output) {
        self.state = state
        self.work = work
        self.itemsPerBatch = itemsPerBatch
        filling.reserveCapacity(itemsPerBatch)
        Thread { self.run() }.start()
    }

    /// Whether an input of `bytes` is worth a worker now: it is big enough, and a core is free.
    static func pays(forBytes bytes: Int) -> Bool {
        bytes >= minimumBytes && FreeCores.now() > 1
    }

    /// Adds `item`. When that fills a batch, the batch is handed over (waiting while the queue is
    /// full) and what the worker has finished since the last time is returned, in order.
    @discardableResult
    func add(_ item: Item) -> [Output] {
        filling.append(item)
        guard filling.count == itemsPerBatch else { return [] }
        submit()
        return finished()
    }

    /// What the worker has finished and the reader has not taken yet, in order, without waiting.
    func finished() -> [Output] {
        condition.lock()
        defer { condition.unlock() }
        let outputs = done
        done = []
        return outputs
    }

    /// Hands over what is left, waits for the worker to finish every batch and stop, and returns
    /// its state with the outputs not taken yet.
    func finish() -> (state: State, outputs: [Output]) {
        if !filling.isEmpty { submit() }
        condition.lock()
        closed = true
        condition.broadcast()
        while !stopped { condition.wait() }
        let outputs = done
        done = []
        let state = self.state.take()!
        work = nil
        let returned = spent
        spent = []
        condition.unlock()
        withExtendedLifetime(returned) {}
        return (state, outputs)
    }

    private func submit() {
        condition.lock()
        while waiting.count >= Self.queueLength { condition.wait() }
        waiting.append(filling)
        var returned = spent
        spent = []
        condition.broadcast()
        condition.unlock()
        // A spent batch's room is the next batch's.
        filling = returned.popLast() ?? []
        filling.removeAll(keepingCapacity: true)
        filling.reserveCapacity(itemsPerBatch)
    }

    private func run() {
        condition.lock()
        var state = self.state.take()!
        while true {
            while waiting.isEmpty && !closed { condition.wait() }
            if waiting.isEmpty { break }
            let batch = waiting.removeFirst()
            condition.broadcast()
            condition.unlock()
            let output = work!(&state, batch)
            condition.lock()
            done.append(output)
            spent.append(batch)
        }
        self.state = state
        stopped = true
        condition.broadcast()
        condition.unlock()
    }
}
