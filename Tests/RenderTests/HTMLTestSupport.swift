import Foundation
import Scrollback

/// Renders small inline logs to HTML for the tests.
enum HTMLTest {
    /// A native log with `messages` (JSON objects) and the usual two participants, plus `extra` fields.
    static func log(_ messages: [String], participants: String? = nil, extra: String = "") -> String {
        let people =
            participants ?? #"[{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben Okafor"}]"#
        return """
            {"version": 1, "me": "ana", "timeZone": "UTC", \(extra) "participants": \(people),
             "messages": [\(messages.joined(separator: ",\n"))]}
            """
    }

    /// The page for a log given as JSON text.
    static func page(
        _ json: String, options: HTMLOptions = HTMLOptions(), page: PageContext = .standalone, title: String? = nil
    ) throws -> String {
        var transcript = try Transcript.load(bytes: Array(json.utf8), name: "test.json")
        if let title { transcript.title = title }
        let layout = try LayoutEngine.layout(transcript)
        return try HTMLRenderer.render(layout, options: options, page: page)
    }

    /// A message object by Ben (or `sender`) at minute `minute` of 2026-11-28, 09:00 UTC.
    static func message(
        _ id: String, _ text: String, sender: String = "ben", minute: Int = 0, extra: String = ""
    ) -> String {
        let textJSON = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
        let time = String(format: "2026-11-28T09:%02d:00Z", minute)
        return #"{"id": "\#(id)", "sender": "\#(sender)", "time": "\#(time)", "text": \#(textJSON)\#(extra)}"#
    }

    /// The HTML of the element whose `id` attribute is `id`, up to the next message element.
    static func element(_ id: String, in html: String) -> Substring? {
        guard let start = html.range(of: "id=\"\(id)\"") else { return nil }
        let rest = html[start.upperBound...]
        let end = rest.range(of: "<div class=\"sb-msg")?.lowerBound ?? rest.endIndex
        return html[start.lowerBound..<end]
    }

    /// The page's `<body>`, where content goes (the stylesheet is left out).
    static func body(_ html: String) -> Substring {
        guard let start = html.range(of: "<body>") else { return html[...] }
        return html[start.lowerBound...]
    }
}
