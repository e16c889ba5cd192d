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

    @Test("A worker given nothing stops and gives its state back as it was")
    func nothingHandedOver() {
        let worker = InOrderWorker<Int, String, Void>("untouched") { state, _ in state = "worked" }
        #expect(worker.finish().state == "untouched")
    }
}
