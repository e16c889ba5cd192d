/// The operations that turn one rendering of the message log into the next.
///
/// Both renderings are the renderer's markup of the whole log. The two trees are walked together
/// down to `leafDepth` (days, chains, then messages): an element whose markup is unchanged is
/// left alone, children added after the common ones are appended, and any other change replaces
/// the smallest element that holds it. Applying the operations in order to the old log gives
/// exactly the new log's markup.
package enum LogDiff {
    /// How deep the walk goes below the log: elements at this depth are replaced whole.
    package static let leafDepth = 3

    /// The operations from `old` to `new`, both the log's inner HTML.
    package static func operations(from old: String, to new: String) -> [LiveOperation] {
        operations(from: Array(old.utf8), to: Array(new.utf8))
    }

    /// The operations from `old` to `new`, both the log's inner HTML as bytes (or, with a
    /// smaller `depth`, markup whose elements at that depth are replaced whole: a chain's, 2).
    package static func operations(from old: [UInt8], to new: [UInt8], depth: Int = leafDepth) -> [LiveOperation] {
        let before = HTMLTree(old, keeping: depth)
        let after = HTMLTree(new, keeping: depth)
        return operations(from: before.whole, in: before, to: after.whole, in: after, depth: depth)
    }

    /// The operations that turn element `old` of `before` into element `new` of `after` (their
    /// inner HTML: the log elements of two renderings of the page).
    static func operations(
        from old: HTMLTree.Element, in before: HTMLTree, to new: HTMLTree.Element, in after: HTMLTree,
        depth: Int = leafDepth
    ) -> [LiveOperation] {
        if before.slice(old.inner) == after.slice(new.inner) { return [] }
        var result: [LiveOperation] = []
        if !walk(old, before, new, after, path: [], depth: depth, into: &result) {
            return [.reset(html: after.string(new.inner))]
        }
        return result
    }

    /// Adds the operations for one element; `false` when its children cannot be matched and the
    /// element must be replaced whole.
    private static func walk(
        _ old: HTMLTree.Element, _ before: HTMLTree, _ new: HTMLTree.Element, _ after: HTMLTree, path: [Int],
        depth: Int, into result: inout [LiveOperation]
    ) -> Bool {
        let oldGaps = gaps(old, before)
        let newGaps = gaps(new, after)
        let common = old.children.count
        guard new.children.count >= common else { return false }
        for index in 0..<common where before.slice(oldGaps[index]) != after.slice(newGaps[index]) { return false }
        let oldTail = before.slice(oldGaps.last!)
        var changes: [LiveOperation] = []
        for index in 0..<common {
            let was = old.children[index]
            let now = new.children[index]
            if before.slice(was.outer) == after.slice(now.outer) { continue }
            let childPath = path + [index]
            if path.count + 1 < depth, before.slice(was.startTag) == after.slice(now.startTag),
                walk(was, before, now, after, path: childPath, depth: depth, into: &changes)
            {
                continue
            }
            changes.append(.replace(path: childPath, html: after.string(now.outer)))
        }
        let addedFrom = common == 0 ? new.inner.lowerBound : new.children[common - 1].outer.upperBound
        let added = after.slice(addedFrom..<new.inner.upperBound)
        guard added.starts(with: oldTail) else { return false }
        let appended = added.dropFirst(oldTail.count)
        result += changes
        if !appended.isEmpty { result.append(.append(path: path, html: String(decoding: appended, as: UTF8.self))) }
        return true
    }

    /// The text before each child and after the last one.
    private static func gaps(_ element: HTMLTree.Element, _ tree: HTMLTree) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = element.inner.lowerBound
        for child in element.children {
            result.append(start..<child.outer.lowerBound)
            start = child.outer.upperBound
        }
        result.append(start..<element.inner.upperBound)
        return result
    }
}
