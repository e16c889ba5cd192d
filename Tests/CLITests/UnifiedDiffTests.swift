import Scrollback
import Testing

@Suite("Unified diffs of snapshots")
struct UnifiedDiffTests {
    static func numbered(_ range: ClosedRange<Int>) -> String {
        range.map { "line \($0)\n" }.joined()
    }

    @Test("Equal texts have no diff")
    func equal() {
        #expect(UnifiedDiff.make(old: "a\nb\n", new: "a\nb\n", oldName: "x", newName: "y") == nil)
    }

    @Test("One changed line shows three lines of context each side and a correct hunk header")
    func oneChange() throws {
        let old = Self.numbered(1...10)
        let new = old.replacingOccurrences(of: "line 5\n", with: "line five\n")
        let diff = try #require(UnifiedDiff.make(old: old, new: new, oldName: "snap.txt", newName: "snap.txt.actual"))
        #expect(
            diff == """
                --- snap.txt
                +++ snap.txt.actual
                @@ -2,7 +2,7 @@
                 line 2
                 line 3
                 line 4
                -line 5
                +line five
                 line 6
                 line 7
                 line 8

                """)
    }

    @Test("Changes far apart get their own hunks; changes close together share one")
    func hunks() throws {
        let old = Self.numbered(1...30)
        let far = old.replacingOccurrences(of: "line 3\n", with: "x\n").replacingOccurrences(
            of: "line 20\n", with: "y\n")
        let farDiff = try #require(UnifiedDiff.make(old: old, new: far, oldName: "a", newName: "b"))
        #expect(farDiff.components(separatedBy: "\n@@ ").count == 3)
        #expect(farDiff.contains("@@ -1,6 +1,6 @@\n"))
        #expect(farDiff.contains("@@ -17,7 +17,7 @@\n"))

        let near = old.replacingOccurrences(of: "line 3\n", with: "x\n").replacingOccurrences(
            of: "line 9\n", with: "y\n")
        let nearDiff = try #require(UnifiedDiff.make(old: old, new: near, oldName: "a", newName: "b"))
        #expect(nearDiff.components(separatedBy: "\n@@ ").count == 2)
        #expect(nearDiff.contains("@@ -1,12 +1,12 @@\n"))
    }

    @Test("Insertions into and deletions from nothing use the 0-length header form")
    func emptySides() throws {
        let added = try #require(UnifiedDiff.make(old: "", new: "a\nb\n", oldName: "a", newName: "b"))
        #expect(added == "--- a\n+++ b\n@@ -0,0 +1,2 @@\n+a\n+b\n")
        let removed = try #require(UnifiedDiff.make(old: "a\n", new: "", oldName: "a", newName: "b"))
        #expect(removed == "--- a\n+++ b\n@@ -1 +0,0 @@\n-a\n")
    }

    @Test("A missing final newline is a difference, and is marked")
    func finalNewline() throws {
        let diff = try #require(UnifiedDiff.make(old: "a\nb\n", new: "a\nb", oldName: "a", newName: "b"))
        #expect(diff == "--- a\n+++ b\n@@ -1,2 +1,2 @@\n a\n-b\n+b\n\\ No newline at end of file\n")
        #expect(UnifiedDiff.firstDifferingLine("a\nb\n", "a\nb") == 2)
    }

    @Test("CRLF line ends show as ␍, so a snapshot checked out with CRLF is visible in the diff")
    func crlf() throws {
        let diff = try #require(UnifiedDiff.make(old: "a\r\nb\r\n", new: "a\nb\n", oldName: "a", newName: "b"))
        #expect(diff.contains("-a␍\n-b␍\n+a\n+b\n"))
    }

    @Test("Random edits: applying the diff to the old text always gives the new text", arguments: 0..<40)
    func roundTrip(_ seed: Int) throws {
        var random = SplitMix(seed: UInt64(seed))
        let old = (0..<Int(random.next() % 60)).map { _ in "l\(random.next() % 8)\n" }.joined()
        var lines = old.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        for _ in 0..<Int(random.next() % 10) {
            let position = lines.isEmpty ? 0 : Int(random.next() % UInt64(lines.count + 1))
            switch random.next() % 3 {
            case 0: lines.insert("n\(random.next() % 8)", at: position)
            case 1: if position < lines.count { lines.remove(at: position) }
            default: if position < lines.count { lines[position] = "c\(random.next() % 8)" }
            }
        }
        let new = lines.map { $0 + "\n" }.joined()
        for context in [0, 3] {
            guard let diff = UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b", context: context) else {
                #expect(old == new)
                continue
            }
            #expect(try Self.apply(diff, to: old) == new, "seed \(seed), context \(context)\n\(diff)")
        }
    }

    @Test("Big outputs: 200 000 lines with scattered changes, and two unrelated texts, give diffs that apply")
    func big() throws {
        let old = Self.numbered(1...200_000)
        var new = old
        for number in stride(from: 7, through: 200_000, by: 20_011) {
            new = new.replacingOccurrences(of: "\nline \(number)\n", with: "\nchanged \(number)\n")
        }
        let diff = try #require(UnifiedDiff.make(old: old, new: new, oldName: "a", newName: "b"))
        #expect(try Self.apply(diff, to: old) == new)
        let unrelated = (1...20_000).map { "other \($0 * 7)\n" }.joined()
        let replaced = try #require(
            UnifiedDiff.make(old: Self.numbered(1...20_000), new: unrelated, oldName: "a", newName: "b"))
        #expect(try Self.apply(replaced, to: Self.numbered(1...20_000)) == unrelated)
    }

    /// Applies a unified diff (as `patch` would), checking every context and removed line.
    static func apply(_ diff: String, to old: String) throws -> String {
        let oldLines = old.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
        var result: [String] = []
        var cursor = 0
        for line in diff.split(separator: "\n").dropFirst(2) {
            if line.hasPrefix("@@ ") {
                let oldPart = line.split(separator: " ")[1].dropFirst().split(separator: ",")
                let start = Int(oldPart[0])!
                let count = oldPart.count > 1 ? Int(oldPart[1])! : 1
                let index = count == 0 ? start : start - 1
                try #require(index >= cursor)
                result += oldLines[cursor..<index]
                cursor = index
            } else if line.hasPrefix(" ") || line.hasPrefix("-") {
                try #require(oldLines[cursor] == String(line.dropFirst()))
                if line.hasPrefix(" ") { result.append(oldLines[cursor]) }
                cursor += 1
            } else if line.hasPrefix("+") {
                result.append(String(line.dropFirst()))
            }
        }
        result += oldLines[cursor...]
        return result.map { $0 + "\n" }.joined()
    }
}

/// A small seeded generator, so random cases are the same on every run.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
