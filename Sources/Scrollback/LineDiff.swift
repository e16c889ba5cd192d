/// The shortest edit script between two sequences, by Myers' O((N+M)·D) algorithm, with a bound.
///
/// Lines are compared as integers (the caller interns them), so the inner loop
/// never compares strings. When the two sides differ by more than the bound
/// allows, the changed middle is reported as one block of deletions followed by
/// one block of insertions: still a correct diff, just not the smallest, and it
/// keeps a check of two unrelated 100 000-line outputs fast.
enum LineDiff {
    /// One step of the edit script, with indices into the old and new sequences.
    enum Edit: Equatable {
        case equal(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The edits that turn `old` into `new`, in order.
    static func edits(_ old: [Int], _ new: [Int], work: Int = 20_000_000) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        {
            suffix += 1
        }
        var result: [Edit] = (0..<prefix).map { .equal(old: $0, new: $0) }
        let oldMiddle = prefix..<(old.count - suffix)
        let newMiddle = prefix..<(new.count - suffix)
        let size = oldMiddle.count + newMiddle.count
        // Memory grows with D², time with (N+M)·D: both stay bounded.
        let bound = max(16, min(1_000, work / max(1, size)))
        if let middle = myers(old[oldMiddle], new[newMiddle], bound: bound) {
            result += middle
        } else {
            result += oldMiddle.map { .delete(old: $0) }
            result += newMiddle.map { .insert(new: $0) }
        }
        for offset in 0..<suffix {
            result.append(.equal(old: old.count - suffix + offset, new: new.count - suffix + offset))
        }
        return result
    }

    /// Myers' greedy forward search; `nil` when the distance exceeds `bound`.
    private static func myers(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, bound: Int) -> [Edit]? {
        if a.isEmpty { return b.indices.map { .insert(new: $0) } }
        if b.isEmpty { return a.indices.map { .delete(old: $0) } }
        guard let trace = furthestReaching(a, b, bound: bound) else { return nil }
        return walkBack(a, b, trace: trace)
    }

    /// The forward search: `trace[d]` holds `v[-d...d]` after step `d` (the furthest `x` reached
    /// on each diagonal with `d` edits), up to the step that reaches the end of both; `nil` when
    /// more than `bound` edits would be needed.
    private static func furthestReaching(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, bound: Int) -> [[Int]]? {
        let (n, m, a0, b0) = (a.count, b.count, a.startIndex, b.startIndex)
        let maxD = min(n + m, bound)
        let offset = maxD + 1
        var v = [Int](repeating: 0, count: 2 * maxD + 3)
        var trace: [[Int]] = []
        for d in 0...maxD {
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[offset + k - 1] < v[offset + k + 1]) {
                    x = v[offset + k + 1]
                } else {
                    x = v[offset + k - 1] + 1
                }
                var y = x - k
                while x < n, y < m, a[a0 + x] == b[b0 + y] {
                    x += 1
                    y += 1
                }
                v[offset + k] = x
                if x >= n, y >= m {
                    trace.append(Array(v[(offset - d)...(offset + d)]))
                    return trace
                }
            }
            trace.append(Array(v[(offset - d)...(offset + d)]))
        }
        return nil
    }

    /// The edits of the shortest script, from the end back along `trace`, in order.
    private static func walkBack(_ a: ArraySlice<Int>, _ b: ArraySlice<Int>, trace: [[Int]]) -> [Edit] {
        let (a0, b0) = (a.startIndex, b.startIndex)
        var edits: [Edit] = []
        edits.reserveCapacity(a.count + b.count)
        var x = a.count
        var y = b.count
        for d in stride(from: trace.count - 1, to: 0, by: -1) {
            let previous = trace[d - 1]
            let k = x - y
            func at(_ diagonal: Int) -> Int { previous[diagonal + d - 1] }
            let down = k == -d || (k != d && at(k - 1) < at(k + 1))
            let previousK = down ? k + 1 : k - 1
            let previousX = at(previousK)
            let previousY = previousX - previousK
            while x > previousX, y > previousY {
                x -= 1
                y -= 1
                edits.append(.equal(old: a0 + x, new: b0 + y))
            }
            if down {
                y -= 1
                edits.append(.insert(new: b0 + y))
            } else {
                x -= 1
                edits.append(.delete(old: a0 + x))
            }
        }
        while x > 0, y > 0 {
            x -= 1
            y -= 1
            edits.append(.equal(old: a0 + x, new: b0 + y))
        }
        return edits.reversed()
    }
}
