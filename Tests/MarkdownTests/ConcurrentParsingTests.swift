import Dispatch
import ScrollbackMarkdown
import Synchronization
import Testing

@Suite("Markdown: parsing on several threads at once")
struct ConcurrentParsingTests {
    @Test("Documents parsed in parallel come out as they do one at a time")
    func parallelMatchesSerial() {
        // cmark-gfm keeps extension state process-wide; a site renders pages on every core,
        // and an autolink that appears in one run and not the next breaks byte-identical output.
        let texts = (0..<3000).map { index in
            index % 3 == 0
                ? "See https://example.org/lake/\(index) and [the notes](https://example.com/n)"
                : index % 3 == 1 ? "~~old~~ *new* www.example.org/\(index)" : "| a | b |\n|---|---|\n| \(index) | x |"
        }
        let serial = texts.map(MarkdownDocument.parse)
        let mismatches = Atomic<Int>(0)
        DispatchQueue.concurrentPerform(iterations: texts.count) { index in
            if MarkdownDocument.parse(texts[index]) != serial[index] {
                mismatches.add(1, ordering: .relaxed)
            }
        }
        #expect(mismatches.load(ordering: .relaxed) == 0)
    }
}
