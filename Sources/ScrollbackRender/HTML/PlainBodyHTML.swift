/// A body with no Markdown in it (or `"format": "plain"`), written as HTML straight from its bytes.
///
/// Gives exactly what `MarkdownHTML` writes for `MarkdownDocument.plain(text)` — one
/// paragraph, a `<br>` per line break, a line's trailing CR dropped, text escaped as
/// `HTMLEscaping.text` does — without building a document, splitting into strings or
/// walking the text by `Character`.
enum PlainBodyHTML {
    /// Appends the paragraph for `text` to `output` (nothing for empty text).
    static func write(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            guard !bytes.isEmpty else { return }
            output.append(contentsOf: "<p>".utf8)
            var lineStart = 0
            for index in bytes.indices where bytes[index] == UInt8(ascii: "\n") {
                // "\r\n" is one Character, so a document split at "\n" characters does not split there.
                if index > 0 && bytes[index - 1] == UInt8(ascii: "\r") { continue }
                line(UnsafeBufferPointer(rebasing: bytes[lineStart..<index]), to: &output)
                output.append(contentsOf: "<br>".utf8)
                lineStart = index + 1
            }
            line(UnsafeBufferPointer(rebasing: bytes[lineStart...]), to: &output)
            output.append(contentsOf: "</p>".utf8)
        }
    }

    private static func line(_ line: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        var end = line.count
        if end > 0 && line[end - 1] == UInt8(ascii: "\r") { end -= 1 }
        HTMLEscaping.append(UnsafeBufferPointer(rebasing: line[0..<end]), quotes: false, to: &output)
    }
}
