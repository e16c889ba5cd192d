import Foundation
import ScrollbackModel

/// A reader's use of the one ordered pipeline (`OrderedBatches`, with one worker): work on a
/// second core in the order a reader hands it over. The reader adds items as it
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

    /// The one ordered pipeline, with one worker: each output comes back with its batch, whose
    /// items are then let go on the reader's thread, which made them (let go on the worker, they
    /// contend with the reader for the allocator's lock), and whose room is the next batch's.
    private let batches: OrderedBatches<[Item], (output: Output, batch: [Item])>
    /// The state `work` changes, the worker's alone until `finish` has waited for it.
    private let state: Box
    private let itemsPerBatch: Int
    /// The batch being filled; only the reader touches it.
    private var filling: [Item] = []
    /// A spent batch's storage, kept for the next.
    private var spare: [Item]?

    private final class Box {
        var state: State?
        init(_ state: State) { self.state = state }
    }

    /// Starts the worker with `state`; `work` runs on it, batch after batch of `itemsPerBatch`.
    init(_ state: State, itemsPerBatch: Int = batchSize, work: @escaping (inout State, [Item]) -> Output) {
        let box = Box(state)
        self.state = box
        self.itemsPerBatch = itemsPerBatch
        batches = OrderedBatches(workers: 1, window: .max / 2, queueLength: Self.queueLength) { _, batch in
            (work(&box.state!, batch), batch)
        }
        filling.reserveCapacity(itemsPerBatch)
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
        outputs(batches.takeFinished())
    }

    /// Hands over what is left, waits for the worker to finish every batch and stop, and returns
    /// its state with the outputs not taken yet.
    func finish() -> (state: State, outputs: [Output]) {
        if !filling.isEmpty { submit() }
        let outputs = outputs(batches.finish())
        spare = nil
        // Moved out, not copied: the box keeps no reference, so the caller's first change to
        // the state's arrays does not copy them whole.
        return (state.state.take()!, outputs)
    }

    private func submit() {
        batches.add(filling)
        filling = spare ?? []
        spare = nil
        filling.removeAll(keepingCapacity: true)
        filling.reserveCapacity(itemsPerBatch)
    }

    private func outputs(_ finished: [(output: Output, batch: [Item])]) -> [Output] {
        var finished = finished
        var outputs: [Output] = []
        outputs.reserveCapacity(finished.count)
        for index in finished.indices {
            outputs.append(finished[index].output)
            var batch: [Item] = []
            swap(&batch, &finished[index].batch)
            batch.removeAll(keepingCapacity: true)
            spare = batch
        }
        return outputs
    }
}
