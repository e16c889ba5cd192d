import Foundation
import Scrollback
import TestSupport

/// Public lists of XSS vectors and "naughty strings", read from `../shared/fixtures` at test time.
///
/// Sources (see `../shared/fixtures/SOURCES.md`): payloadbox/xss-payload-list, the XSS lists
/// of swisskyrepo/PayloadsAllTheThings (Brute Logic, Intruders, JHaddix, Mario, RSnake,
/// polyglots, PortSwigger's event handlers), and minimaxir/big-list-of-naughty-strings.
enum HostileCorpus {
    /// Every payload, in a fixed order; empty when the fixtures are absent.
    static let payloads: [String] = {
        guard let root = Fixtures.shared else { return [] }
        var found: [String] = []
        let xss = root.appendingPathComponent("xss")
        let files = (FileManager.default.enumerator(atPath: xss.path)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".txt") }.sorted()
        for file in files {
            let data = (try? Data(contentsOf: xss.appendingPathComponent(file))) ?? Data()
            found += String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
                .filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        }
        let blns = root.appendingPathComponent("naughty-strings/blns.json")
        if let data = try? Data(contentsOf: blns), let list = try? JSONSerialization.jsonObject(with: data) as? [String]
        {
            found += list.filter { !$0.isEmpty }
        }
        // Controls and bidi overrides that the lists hold only a few of.
        found += [
            "\u{1B}[31mred\u{1B}[0m", "\u{1B}]0;title\u{07}", "\u{1B}]8;;https://evil.example\u{1B}\\x", "a\u{0}b",
            "\u{9B}2J", "\u{202E}gnp.exe", "line\rover", "\u{7F}\u{85}", "javascript:alert(1)",
            " jav\tascript:alert(1)",
            "data:text/html,<script>alert(1)</script>", "vbscript:msgbox(1)", "\u{1}javascript:alert(1)",
        ]
        return found
    }()

    /// Transcripts of `size` messages, each message carrying payloads in every field that reaches output.
    static func transcripts(size: Int = 150) -> [Transcript] {
        let payloads = Self.payloads
        guard !payloads.isEmpty else { return [] }
        var result: [Transcript] = []
        var start = 0
        let base = Timestamp(rfc3339: "2026-11-28T09:00:00Z")!
        while start < payloads.count {
            let chunk = Array(payloads[start..<min(start + size, payloads.count)])
            // Ten participants whose ids and names are payloads; the first is `me`.
            let people = (0..<10).map { chunk[($0 * 7) % chunk.count] + "#\($0)" }
            let participants = people.enumerated().map { index, id in
                Participant(
                    id: id, name: chunk[(index * 11 + 3) % chunk.count], avatar: chunk[(index * 13 + 5) % chunk.count])
            }
            var messages: [Message] = []
            for (index, payload) in chunk.enumerated() {
                let time = Timestamp(seconds: base.seconds + Int64(start + index) * 61)
                var message = Message(
                    id: index % 3 == 0 ? payload : "x\(start + index)", sender: people[index % people.count], time: time
                )
                switch index % 4 {
                case 0: message.text = payload
                case 1:
                    message.text = "[\(payload)](\(payload)) ![\(payload)](\(payload)) <\(payload)> [a](<\(payload)>)"
                case 2:
                    message.text = payload
                    message.format = .plain
                default:
                    message.text =
                        "**\(payload)** `\(payload)`\n\n> \(payload)\n\n- \(payload)\n\n| \(payload) |\n|---|\n| x |"
                }
                if index % 5 == 0 { message.kind = .system; message.sender = nil }
                message.reactions = [Reaction(emoji: payload, by: [people[(index + 1) % people.count], payload])]
                message.attachments = [
                    Attachment(path: payload, type: "image/png", name: payload, alt: payload),
                    Attachment(url: payload, type: "application/pdf", name: payload, alt: payload),
                    Attachment(url: payload, type: "image/jpeg", alt: payload),
                ]
                if index > 0 { message.replyTo = index % 2 == 0 ? messages[index - 1].id : payload }
                if index % 6 == 0 { message.forwardedFrom = payload }
                if index % 7 == 0 { message.edited = time }
                if index % 9 == 0 { message.deleted = true }
                if index % 8 == 0 { message.status = .failed }
                messages.append(message)
            }
            result.append(Transcript(title: chunk[0], me: people[0], participants: participants, messages: messages))
            start += size
        }
        return result
    }
}
