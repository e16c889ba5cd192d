import Foundation
import TestSupport
import Testing

/// A shared place the app gave no name is shown by its coordinates, once: not again as a second
/// label, nor as the map link's query (`?q=52.52,13.40`) or the kind's name ("Location: Location").
@Suite("Location labels")
struct LocationLabelTests {
    /// Each app's line for a place without a name, as its export writes it.
    static let inputs: [(name: String, contents: String)] = [
        (
            "WhatsApp Chat with Loris.txt",
            "[20.06.19, 16:00:15] Loris: \u{200E}location: https://maps.google.com/?q=52.52,13.40\n"
        ),
        (
            "result.json",
            #"{"name": "Trip", "type": "personal_chat", "id": 5, "messages": [{"id": 1, "type": "message", "date": "2024-05-01T10:00:00", "date_unixtime": "1714557600", "from": "Loris", "from_id": "user7", "location_information": {"latitude": 52.52, "longitude": 13.4}, "text": "", "text_entities": []}]}"#
        ),
        (
            "log.json",
            // A native log whose place is titled with its own coordinates, as the app wrote them.
            #"{"version": 1, "title": "T", "participants": [], "messages": [{"id": "m1", "sender": "loris", "time": "2024-05-01T10:00:00Z", "text": "", "attachments": [{"type": "location", "title": "52.52,13.4", "place": {"latitude": 52.52, "longitude": 13.4}}]}]}"#
        ),
    ]

    static func render(_ input: (name: String, contents: String), _ format: String) throws -> String {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let path = try folder.write(input.name, input.contents)
        let output = folder.path("out." + format)
        let run = CLIRunner.run(["render", path, "--format", format, "-o", output, "--width", "100", "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        return try String(contentsOfFile: output, encoding: .utf8)
    }

    /// What a reader of the page sees: its text without tags, scripts and styles.
    static func visibleText(_ html: String) -> String {
        var text = html
        for element in ["script", "style"] {
            while let open = text.range(of: "<\(element)"),
                let close = text.range(of: "</\(element)>", range: open.upperBound..<text.endIndex)
            {
                text.removeSubrange(open.lowerBound..<close.upperBound)
            }
        }
        return text.replacingOccurrences(of: "<[^>]*>", with: " ", options: .regularExpression)
    }

    static func count(_ needle: String, in text: String) -> Int { text.components(separatedBy: needle).count - 1 }

    @Test("The page shows a nameless place's coordinates once, linked to its map", arguments: 0..<3)
    func html(_ index: Int) throws {
        let html = try Self.render(Self.inputs[index], "html")
        let place = try #require(html.components(separatedBy: #"<a class="sb-place""#).dropFirst().first)
        #expect(place.hasPrefix(#" href="https://www.openstreetmap.org/?mlat=52.52000&amp;mlon=13.40000"#))
        let seen = Self.visibleText(html)
        #expect(Self.count("52.52000, 13.40000", in: seen) == 1, "\(seen)")
        #expect(Self.count("52.52", in: seen) == 1, "\(seen)")
        #expect(!seen.contains("?q="))
        #expect(!seen.contains("Location: Location"))
    }

    @Test("Text shows a nameless place's coordinates once", arguments: 0..<3)
    func text(_ index: Int) throws {
        let text = try Self.render(Self.inputs[index], "text")
        #expect(text.contains("Location: 52.52000, 13.40000"), "\(text)")
        #expect(Self.count("52.52", in: text) == 1, "\(text)")
    }
}
