import Testing

@testable import ScrollbackReaders

/// The hand-off every reader's second core goes through.
@Suite("In-order worker")
struct InOrderWorkerTests {
    @Test("Items are worked on in the order handed over, and the state comes back with every item")
    func orderAndState() {
        let worker = InOrderWorker<Int, [Int], Int>([]) { seen, batch in
            seen += batch
            return batch.count
        }
        var counted: [Int] = []
        for item in 0..<1_000 { counted += worker.add(item) }
        let (state, rest) = worker.finish()
        let size = InOrderWorker<Int, [Int], Int>.batchSize
        #expect(state == Array(0..<1_000))
        #expect((counted + rest).reduce(0, +) == 1_000)
        #expect((counted + rest).allSatisfy { $0 == size || $0 == 1_000 % size })
    }

    @Test("The state comes back moved, not shared: changing it copies nothing, the worker still alive")
    func stateMovedOut() {
        let worker = InOrderWorker<Int, [Held], Void>([]) { held, batch in
            held += batch.map { _ in Held() }
        }
        for item in 0..<1_000 { worker.add(item) }
        var state = worker.finish().state
        #expect(state.count == 1_000)
        // A reader goes on changing what its worker made (WhatsApp takes its messages out one by
        // one): with a second reference left in the worker, the first change copied it whole.
        let before = state.withUnsafeBufferPointer { $0.baseAddress }
        state[0] = Held()
        #expect(state.withUnsafeBufferPointer { $0.baseAddress } == before)
        withExtendedLifetime(worker) {}
    }

    @Test("A worker given nothing stops and gives its state back as it was")
    func nothingHandedOver() {
        let worker = InOrderWorker<Int, String, Void>("untouched") { state, _ in state = "worked" }
        #expect(worker.finish().state == "untouched")
    }
}

extension InOrderWorkerTests {
    /// Something a work closure holds, to see when the worker lets it go.
    final class Held {}

    @Test("The work closure is let go by finish, though the worker's thread may still be ending")
    func workLetGo() {
        weak var seen: Held?
        let worker: InOrderWorker<Int, Int, Void>
        do {
            let held = Held()
            seen = held
            worker = InOrderWorker(0) { count, batch in
                withExtendedLifetime(held) { count += batch.count }
            }
        }
        for item in 0..<1_000 { worker.add(item) }
        #expect(seen != nil)
        #expect(worker.finish().state == 1_000)
        // A reader lends its caller's closure for the reading only (`withoutActuallyEscaping`):
        // nothing of it may outlive `finish`, even while the worker object itself lives on.
        #expect(seen == nil)
        withExtendedLifetime(worker) {}
    }
}
