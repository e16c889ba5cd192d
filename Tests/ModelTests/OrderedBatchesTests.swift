import Synchronization
import Testing

@testable import ScrollbackModel

/// The one pipeline a page's batches and a reader's go through.
@Suite("Ordered batches")
struct OrderedBatchesTests {
    @Test("A page's batches come back in order, each made once, whatever the number of cores", arguments: [2, 3, 8])
    func pageBatches(cores: Int) throws {
        let made = Mutex<[Int]>([])
        let batches = try #require(
            OrderedBatches<Void, Int>(count: 200, cores: cores) { number in
                made.withLock { $0.append(number) }
                return number * number
            })
        let outputs = (0..<200).map { batches.output($0) }
        #expect(outputs == (0..<200).map { $0 * $0 })
        #expect(made.withLock { $0.sorted() } == Array(0..<200))
    }

    @Test("A batch asked for again is made again, the same")
    func askedAgain() throws {
        let batches = try #require(OrderedBatches<Void, String>(count: 4, cores: 2) { "batch \($0)" })
        #expect(batches.output(0) == "batch 0")
        #expect(batches.output(1) == "batch 1")
        #expect(batches.output(0) == "batch 0")
    }

    @Test("One core or one batch starts no pipeline")
    func noWorker() {
        #expect(OrderedBatches<Void, Int>(count: 10, cores: 1) { $0 } == nil)
        #expect(OrderedBatches<Void, Int>(count: 1, cores: 4) { $0 } == nil)
    }

    @Test("Inputs added as they come are made in order, and finish hands back what was not taken")
    func addedInputs() {
        let batches = OrderedBatches<Int, [Int]>(workers: 1, window: .max / 2, queueLength: 2) { number, input in
            [number, input]
        }
        var outputs: [[Int]] = []
        for input in 0..<100 {
            batches.add(input * 10)
            outputs += batches.takeFinished()
        }
        outputs += batches.finish()
        #expect(outputs == (0..<100).map { [$0, $0 * 10] })
    }
}
