import ScrollbackModel
import Testing

@testable import ScrollbackReaders

@Suite("Message field names")
struct MessageFieldNameTests {
    @Test("every field is found by its JSON name, and near misses are not fields")
    func names() {
        for field in MessageMembers.Field.allCases {
            #expect(MessageMembers.Field.named(field.rawValue) == field)
        }
        for miss in [
            "", "Id", "ids", "i", "tex", "texts", "body", "timé", "replyto", "missingFromLatestExports", "meta ",
        ] {
            #expect(MessageMembers.Field.named(miss) == nil, "\(miss)")
        }
    }

    @Test("a blank message is white space of any kind, and a message with a word is not")
    func blank() {
        #expect(EmptyMessages.isBlank(""))
        #expect(EmptyMessages.isBlank(" \t\n\r"))
        #expect(EmptyMessages.isBlank("\u{00A0}\u{3000} \u{2028}"))
        #expect(!EmptyMessages.isBlank("  a"))
        #expect(!EmptyMessages.isBlank("\u{3000}語"))
        #expect(!EmptyMessages.isBlank(" 👍"))
    }
}
