import Testing

@testable import ScrollbackReaders

@Suite("Import sniffing: members at the start of a file")
struct ImportSniffingTests {
    @Test("A member is found past white space, line breaks and multi-byte text, with or without its value")
    func findsMembers() {
        let head = "{\"title\": \"Café 🥾\",\r\n  \"type\"\r\n :\t\"message\", \"ts\":1}"
        #expect(ImportSniffing.hasMember(head, "type"))
        #expect(ImportSniffing.hasMember(head, "type", "\"message\""))
        #expect(ImportSniffing.hasMember(head, "ts"))
        #expect(ImportSniffing.hasMember(head, "ts", "1"))
    }

    @Test("A key only seen as a value, a different value or a longer key does not count")
    func rejectsLookalikes() {
        let head = #"{"kind": "type", "types": 1, "type": "service"}"#
        #expect(!ImportSniffing.hasMember(head, "kind", "\"message\""))
        #expect(!ImportSniffing.hasMember(head, "type", "\"message\""))
        #expect(ImportSniffing.hasMember(head, "type", "\"service\""))
        #expect(!ImportSniffing.hasMember(head, "typ"))
        #expect(!ImportSniffing.hasMember(#"{"a": "ts", "b": 2}"#, "ts"))
        #expect(!ImportSniffing.hasMember(#"{"x": 1, "type""#, "type"))
    }

    @Test("A key whose quote is escaped sits inside a string and is not a member; native sniffing agrees")
    func escapedKeys() {
        #expect(!ImportSniffing.hasMember(#"{"text": "say \"type\": 1"}"#, "type"))
        #expect(ImportSniffing.hasMember(#"{"text": "say \"type\": 1", "type": 2}"#, "type"))
        let quoted = Array(#"{"title": "\"messages\": \"version\": x"}"#.utf8)
        #expect(!FormatSniffing.looksLikeNativeJSON(InputBytes(quoted)))
        #expect(FormatSniffing.looksLikeNativeJSON(InputBytes(Array(#"{"version": 1, "messages": []}"#.utf8))))
    }

    @Test("Every reader counts lines and columns the same way, after a byte order mark as without one")
    func locations() {
        let text = Array("{\"a\": 1,\n  \"é\": x}".utf8)
        let offset = text.firstIndex(of: UInt8(ascii: "x"))!
        let plain = ImportJSON.location(file: "f.json", bytes: InputBytes(text), offset: offset)
        #expect((plain.line, plain.column) == (2, 8))
        let marked = ImportJSON.location(
            file: "f.json", bytes: InputBytes([0xEF, 0xBB, 0xBF] + text), offset: offset + 3)
        #expect((marked.line, marked.column) == (2, 8))
        let first = ChatInput(name: "f.json", bytes: [0xEF, 0xBB, 0xBF] + text).location(ofByte: 3 + 1)
        #expect((first.line, first.column) == (1, 2))
        #expect(ImportJSON.location(file: "f.json", bytes: InputBytes([0xEF, 0xBB, 0xBF] + text), offset: 4) == first)
    }

    @Test("A native log on one line longer than the sniffing window is native JSON; JSON Lines stay JSON Lines")
    func longOneLineDocument() {
        let message = #"{"id": "m", "sender": "ana", "time": "2026-11-28T08:00:00Z", "text": "a long enough line"}"#
        let many = Array(repeating: message, count: 20_000).joined(separator: ",")
        let document = Array((#"{"version": 1, "messages": ["# + many + "]}").utf8)
        #expect(document.count > 1 << 20)
        #expect(FormatSniffing.looksLikeNativeJSON(InputBytes(document)))
        #expect(!FormatSniffing.looksLikeJSONLines(InputBytes(document)))
        let lines = Array((message + "\n" + message + "\n").utf8)
        #expect(FormatSniffing.looksLikeJSONLines(InputBytes(lines)))
        #expect(!FormatSniffing.looksLikeNativeJSON(InputBytes(lines)))
        #expect(FormatSniffing.looksLikeJSONLines(InputBytes(Array((message + "\n").utf8))))
    }
}
