/// The valid word nearest a mistyped one (`--colour` → `--color`, `rendr` → `render`), by edit distance.
enum Suggestion {
    /// The candidate closest to `word`, if one is close enough to be what was meant: at most a third of
    /// the word's length in edits (and at least one), ties broken by the candidates' order.
    static func nearest(to word: String, in candidates: some Collection<String>) -> String? {
        let typed = Array(word.lowercased().unicodeScalars)
        let limit = max(1, typed.count / 3)
        var best: (candidate: String, distance: Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(typed, Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// Insertions, deletions, substitutions and swaps of two neighbours that turn `a` into `b`.
    static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], before[j - 2] + 1)
                }
            }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
