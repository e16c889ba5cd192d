import ScrollbackModel
import Testing

@testable import ScrollbackLayout

/// A reply's quote of the message it answers: its first line that is not blank, trimmed, at most
/// 100 characters (characters, not bytes), whether the text is ASCII (read from its bytes) or not.
@Suite("Layout: reply excerpts")
struct ExcerptTests {
    static func excerpt(_ text: String, attachment: ScrollbackModel.Attachment? = nil) -> String {
        var message = Message(id: "m", sender: "ana", time: Timestamp(seconds: 0), text: text)
        if let attachment { message.attachments = [attachment] }
        return ReplyPreview.excerpt(of: message)
    }

    @Test(
        "The first line with words, trimmed of spaces and tabs",
        arguments: [
            ("  hello  \nworld", "hello"),
            ("\r\n\t \r\nsecond line\r\n", "second line"),
            ("\n\n\u{0B}\u{0C}third", "third"),
            ("one\rtwo", "one"),
            ("\t tabs\tinside\t ", "tabs\tinside"),
            ("  héllo \nx", "héllo"),
            ("\u{2028}after a line separator", "after a line separator"),
            ("\u{85}after next-line", "after next-line"),
        ])
    func firstLine(text: String, expected: String) {
        #expect(Self.excerpt(text) == expected)
    }

    @Test("At most 100 characters, the 100th an ellipsis, counted in characters")
    func limit() {
        #expect(Self.excerpt(String(repeating: "a", count: 100)) == String(repeating: "a", count: 100))
        #expect(Self.excerpt(String(repeating: "a", count: 101)) == String(repeating: "a", count: 99) + "…")
        #expect(
            Self.excerpt("  " + String(repeating: "b", count: 150) + "\nnext") == String(repeating: "b", count: 99)
                + "…")
        #expect(Self.excerpt(String(repeating: "é", count: 150)) == String(repeating: "é", count: 99) + "…")
        #expect(Self.excerpt(String(repeating: "👍🏽", count: 100)) == String(repeating: "👍🏽", count: 100))
    }

    @Test("A blank text quotes its first file")
    func blank() {
        let photo = ScrollbackModel.Attachment(path: "x.jpg", type: "image", name: "x.jpg")
        #expect(Self.excerpt(" \n\t\r\n ", attachment: photo) == "Photo: x.jpg")
        #expect(Self.excerpt("", attachment: nil) == "")
    }
}
