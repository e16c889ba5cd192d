import Foundation
import Scrollback
import TestSupport

/// Small builders shared by the hardening suites.
enum Hostile {
    /// A native log (docs/FORMATS.md) holding `messages`, each a JSON object literal.
    static func nativeLog(_ messages: [String], header: String = "") -> String {
        "{\"version\": 1, \(header)\(header.isEmpty ? "" : ", ")\"messages\": [\n" + messages.joined(separator: ",\n")
            + "\n]}\n"
    }

    /// A message object literal with a JSON-escaped text.
    static func message(id: String, sender: String = "ben", time: String = "2026-11-28T09:14:00Z", text: String)
        -> String
    {
        "{\"id\": \(json(id)), \"sender\": \(json(sender)), \"time\": \(json(time)), \"text\": \(json(text))}"
    }

    /// `text` as a JSON string literal.
    static func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    /// Reads `text` as one conversation.
    static func load(_ text: String, name: String = "odd.json", format: InputFormat? = nil) throws -> Transcript {
        try Transcript.load(bytes: Array(text.utf8), name: name, format: format)
    }
}

/// An output stream that counts bytes and keeps a bounded prefix, for outputs too large to hold.
struct CountingOutput: TextOutputStream {
    var count = 0
    var prefix = ""
    var limit = 4096
    mutating func write(_ string: String) {
        count += string.utf8.count
        if prefix.utf8.count < limit { prefix += string }
    }
}
