/// A unified diff of two texts, line by line, as `diff -u` and `git diff` print it.
///
/// Use it to explain a snapshot mismatch in a test's failure message:
///
/// ```swift
/// if let diff = UnifiedDiff.make(old: expected, new: actual, oldName: "snapshot", newName: "actual") {
///     Issue.record("The rendering changed:\n\(diff)")
/// }
/// ```
///
/// Lines are shown through ``VisibleEscapes`` so escape sequences and other
/// control characters are readable, and a last line without a newline is marked
/// `\ No newline at end of file`.
public enum UnifiedDiff {
    /// The diff from `old` to `new` with `context` unchanged lines around each change; `nil` when they are equal.
    public static func make(
        old: String, new: String, oldName: String, newName: String, context: Int = 3
    ) -> String? {
        guard old != new else { return nil }
        let oldLines = Line.split(old)
        let newLines = Line.split(new)
        var ids: [Line: Int] = [:]
        let oldIDs = oldLines.map { line in intern(line, &ids) }
        let newIDs = newLines.map { line in intern(line, &ids) }
        let operations = Operation.list(LineDiff.edits(oldIDs, newIDs))

        var output = "--- \(oldName)\n+++ \(newName)\n"
        for hunk in hunks(operations, context: max(0, context)) {
            let slice = operations[hunk]
            let oldCount = slice.filter { $0.kind != .insert }.count
            let newCount = slice.filter { $0.kind != .delete }.count
            let first = slice[slice.startIndex]
            output += "@@ -\(range(first.old, oldCount)) +\(range(first.new, newCount)) @@\n"
            for operation in slice {
                let line: Line
                switch operation.kind {
                case .equal:
                    line = oldLines[operation.old]
                    output += " "
                case .delete:
                    line = oldLines[operation.old]
                    output += "-"
                case .insert:
                    line = newLines[operation.new]
                    output += "+"
                }
                output += VisibleEscapes.show(line.text) + "\n"
                if !line.terminated { output += "\\ No newline at end of file\n" }
            }
        }
        return output
    }

    /// The 1-based number of the first line where the two texts differ, or `nil` when they are equal.
    package static func firstDifferingLine(_ old: String, _ new: String) -> Int? {
        guard old != new else { return nil }
        let oldLines = Line.split(old)
        let newLines = Line.split(new)
        var index = 0
        while index < oldLines.count, index < newLines.count, oldLines[index] == newLines[index] { index += 1 }
        return index + 1
    }
}

private struct Line: Hashable {
    var text: Substring
    /// Whether a `\n` ends the line (all but perhaps the last).
    var terminated: Bool

    static func split(_ text: String) -> [Line] {
        // Split on the scalar, not the Character: "\r\n" is one Character and must not hide a line end.
        var lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            Line(text: Substring($0), terminated: true)
        }
        if lines.last?.text.isEmpty == true {
            lines.removeLast()
        } else if !lines.isEmpty {
            lines[lines.count - 1].terminated = false
        }
        return lines
    }
}

private struct Operation {
    enum Kind { case equal, delete, insert }
    var kind: Kind
    /// The old and new line indices this operation is at (for inserts and deletes, the side's cursor).
    var old: Int
    var new: Int

    static func list(_ edits: [LineDiff.Edit]) -> [Operation] {
        var oldCursor = 0
        var newCursor = 0
        return edits.map { edit in
            switch edit {
            case .equal(let old, let new):
                oldCursor = old + 1
                newCursor = new + 1
                return Operation(kind: .equal, old: old, new: new)
            case .delete(let old):
                oldCursor = old + 1
                return Operation(kind: .delete, old: old, new: newCursor)
            case .insert(let new):
                newCursor = new + 1
                return Operation(kind: .insert, old: oldCursor, new: new)
            }
        }
    }
}

private extension UnifiedDiff {
    static func intern(_ line: Line, _ ids: inout [Line: Int]) -> Int {
        if let id = ids[line] { return id }
        let id = ids.count
        ids[line] = id
        return id
    }

    /// Ranges of operations to print: each change with `context` lines around, nearby changes merged.
    static func hunks(_ operations: [Operation], context: Int) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var cursor = 0
        while let firstChange = operations[cursor...].firstIndex(where: { $0.kind != .equal }) {
            var lastChange = firstChange
            var index = firstChange + 1
            while index < operations.count {
                if operations[index].kind != .equal {
                    lastChange = index
                } else if index - lastChange > 2 * context {
                    break
                }
                index += 1
            }
            let start = max(cursor, firstChange - context)
            let end = min(operations.count, lastChange + context + 1)
            result.append(start..<end)
            cursor = end
        }
        return result
    }

    /// `start,count` in a hunk header: 1-based, `,count` left out when it is 1, and the line before for 0.
    static func range(_ index: Int, _ count: Int) -> String {
        switch count {
        case 0: return "\(index),0"
        case 1: return "\(index + 1)"
        default: return "\(index + 1),\(count)"
        }
    }
}
