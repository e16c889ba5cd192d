/// How a page's blocks are cut into the batches its pipeline (`OrderedBatches`) makes.
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
