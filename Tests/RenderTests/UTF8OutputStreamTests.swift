import Scrollback
import Testing

@testable import ScrollbackRender

/// A value-type stream that records how it was written to.
private struct ByteStream: UTF8OutputStream {
    var bytes: [UInt8] = []
    var byteWrites = 0
    var stringWrites = 0
    mutating func write(_ string: String) {
        bytes += Array(string.utf8)
        stringWrites += 1
    }
    mutating func write(utf8 buffer: UnsafeBufferPointer<UInt8>) {
        bytes += Array(buffer)
        byteWrites += 1
    }
}

@Suite("Byte output")
struct UTF8OutputStreamTests {
    static func layout() throws -> TranscriptLayout {
        let messages = (0..<3000).map {
            HTMLTest.message("m\($0)", "message \($0) — é 🎉 <b>", sender: $0 % 3 == 0 ? "ana" : "ben", minute: $0 % 60)
        }
        return try LayoutEngine.layout(Transcript.load(bytes: Array(HTMLTest.log(messages).utf8), name: "big.json"))
    }

    @Test("Every format reaches a byte stream as bytes, with the same text a String stream gets")
    func sameText() throws {
        let layout = try Self.layout()
        let renders: [(String, (inout ByteStream) throws -> Void, (inout String) throws -> Void)] = [
            (
                "html", { try HTMLRenderer.render(layout, options: HTMLOptions(), to: &$0) },
                { try HTMLRenderer.render(layout, options: HTMLOptions(), to: &$0) }
            ),
            ("json", { LayoutJSONRenderer.render(layout, to: &$0) }, { LayoutJSONRenderer.render(layout, to: &$0) }),
            (
                "text", { TerminalRenderer.render(layout, options: TerminalOptions(), to: &$0) },
                { TerminalRenderer.render(layout, options: TerminalOptions(), to: &$0) }
            ),
        ]
        for (name, toBytes, toString) in renders {
            var stream = ByteStream()
            try toBytes(&stream)
            var text = ""
            try toString(&text)
            #expect(stream.bytes == Array(text.utf8), "\(name)")
            #expect(stream.byteWrites > 1, "\(name): written in pieces, as bytes")
            #expect(text.utf8.count > 100_000, "\(name)")
        }
    }
}
