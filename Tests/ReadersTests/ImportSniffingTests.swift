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
}
