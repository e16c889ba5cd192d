/// The operations that turn one rendering of a day's `<section>` into another, chain by chain.
///
/// A chain whose markup is unchanged is left alone, a changed one is walked to its messages
/// (`LogDiff`), chains added at the end are appended, and anything else replaces the day.
enum LiveDayDiff {
    /// The operations from `before` to `after`, day `day` of the log, whose markup up to chain
    /// `sameBefore` is known to be the same (so only what follows is compared: an update near the
    /// end of a day of thousands of messages costs what one of a few does).
    static func operations(from before: LiveLogPage.Day, to after: LiveLogPage.Day, day: Int, sameBefore: Int = 0)
        -> [LiveOperation]
    {
        // Made only when it is the answer: decoding a day of thousands of messages is the update's
        // dearest step otherwise.
        func whole() -> [LiveOperation] { [.replace(path: [day], html: String(decoding: after.html, as: UTF8.self))] }
        let first = sameBefore < before.chains.count && sameBefore < after.chains.count ? sameBefore : 0
        guard let lastOld = before.chains.last, after.chains.count >= before.chains.count,
            before.chainOffset == after.chainOffset,
            first > 0 || before.html[..<before.chains[0].lowerBound] == after.html[..<after.chains[0].lowerBound]
        else { return whole() }
        for index in before.chains.indices.dropLast().dropFirst(first)
        where before.html[before.chains[index].upperBound..<before.chains[index + 1].lowerBound]
            != after.html[after.chains[index].upperBound..<after.chains[index + 1].lowerBound]
        {
            return whole()
        }
        var operations: [LiveOperation] = []
        for index in before.chains.indices.dropFirst(first) {
            let (was, now) = (before.html[before.chains[index]], after.html[after.chains[index]])
            if was == now { continue }
            operations += chain(from: Array(was), to: Array(now), path: [day, index + before.chainOffset])
        }
        let oldTail = before.html[lastOld.upperBound..<before.innerEnd]
        let added = after.html[after.chains[before.chains.count - 1].upperBound..<after.innerEnd]
        guard added.starts(with: oldTail) else { return whole() }
        if added.count > oldTail.count {
            operations.append(
                .append(path: [day], html: String(decoding: added.dropFirst(oldTail.count), as: UTF8.self)))
        }
        return operations
    }

    /// The operations that turn the chain element `was` (at `path`) into `now`.
    private static func chain(from was: [UInt8], to now: [UInt8], path: [Int]) -> [LiveOperation] {
        // The chain's own markup as a log: its element is [0], its messages [0, n].
        let inner = LogDiff.operations(from: was, to: now, depth: 2).map { operation -> LiveOperation? in
            switch operation {
            case .replace(let at, let html) where at.first == 0: .replace(path: path + at.dropFirst(), html: html)
            case .append(let at, let html) where at.first == 0: .append(path: path + at.dropFirst(), html: html)
            default: nil
            }
        }
        if inner.contains(where: { $0 == nil }) {
            return [.replace(path: path, html: String(decoding: now, as: UTF8.self))]
        }
        return inner.compactMap { $0 }
    }
}
