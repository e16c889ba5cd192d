import Scrollback

@testable import ScrollbackServe

/// Applies live operations to a log's markup the way the page's script applies them to the DOM:
/// `outerHTML` for a replacement, `insertAdjacentHTML("beforeend")` for an append.
enum LogApplier {
    static func apply(_ operations: [LiveOperation], to log: String) -> String {
        var bytes = Array(log.utf8)
        for operation in operations {
            switch operation {
            case .reset(let html):
                bytes = Array(html.utf8)
            case .replace(let path, let html):
                let tree = HTMLTree(bytes)
                guard let element = element(path, in: tree) else { return "<missing element \(path)>" }
                bytes.replaceSubrange(element.outer, with: Array(html.utf8))
            case .append(let path, let html):
                let tree = HTMLTree(bytes)
                let end: Int
                if path.isEmpty {
                    end = bytes.count
                } else {
                    guard let element = element(path, in: tree) else { return "<missing element \(path)>" }
                    end = element.inner.upperBound
                }
                bytes.insert(contentsOf: Array(html.utf8), at: end)
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func element(_ path: [Int], in tree: HTMLTree) -> HTMLTree.Element? {
        var children = tree.roots
        var found: HTMLTree.Element?
        for index in path {
            guard children.indices.contains(index) else { return nil }
            found = children[index]
            children = children[index].children
        }
        return found
    }
}

/// The log of a one-shot render of JSON Lines, as `render` would draw it.
func freshLog(_ lines: [String], options: RenderOptions = RenderOptions()) throws -> String {
    let page: String
    if lines.allSatisfy({ $0.isEmpty }) {
        page = try Transcript().render(.html, options: options)
    } else {
        let transcript = try Transcript.load(
            bytes: Array(lines.joined(separator: "\n").utf8), name: "live.jsonl", format: .jsonl)
        page = try transcript.render(.html, options: options)
    }
    return LiveDocument(page: page).log
}

/// A conversation fed from lines given as strings.
extension LiveConversation {
    mutating func feed(_ lines: String...) throws -> LiveChange {
        try apply(lines.map { Array($0.utf8) })
    }
}

/// A scripted stream: new messages, sending → sent → read, an edit, reactions, a deletion,
/// typing, presence, a system message and a day change.
let scriptedStream = [
    #"{"type":"conversation","title":"Weekend","me":"ana","participants":[{"id":"ana","name":"Ana Lima"},{"id":"ben","name":"Ben Okafor"}]}"#,
    #"{"id":"m1","sender":"ben","time":"2026-11-28T09:14:00+01:00","text":"Still on for **Saturday**?"}"#,
    #"{"type":"typing","sender":"ana","time":"2026-11-28T09:14:30+01:00"}"#,
    #"{"id":"m2","sender":"ana","time":"2026-11-28T09:15:00+01:00","text":"Yes!","status":"sending"}"#,
    #"{"id":"m2","status":"sent"}"#,
    #"{"id":"m3","sender":"ana","time":"2026-11-28T09:15:20+01:00","text":"Bring snacks","status":"sending"}"#,
    #"{"id":"m2","status":"read"}"#,
    #"{"id":"m3","status":"read"}"#,
    #"{"type":"presence","participant":"ben","online":true,"time":"2026-11-28T09:15:30+01:00"}"#,
    #"{"type":"typing","sender":"ben","time":"2026-11-28T09:15:40+01:00"}"#,
    #"{"id":"m4","sender":"ben","time":"2026-11-28T09:16:00+01:00","text":"Great <script>alert(1)</script>"}"#,
    #"{"id":"m4","text":"Great, see you","edited":"2026-11-28T09:16:30+01:00"}"#,
    #"{"id":"m1","reactions":[{"emoji":"👍","by":["ana"]}]}"#,
    #"{"id":"m5","kind":"system","time":"2026-11-28T09:17:00+01:00","text":"Ben renamed the group"}"#,
    #"{"id":"m6","sender":"ben","time":"2026-11-28T09:18:00+01:00","text":"oops"}"#,
    #"{"id":"m6","deleted":true}"#,
    #"{"type":"presence","participant":"ben","online":false,"time":"2026-11-28T09:19:00+01:00"}"#,
    #"{"id":"m7","sender":"ben","time":"2026-11-29T08:00:00+01:00","text":"Morning!"}"#,
    #"{"id":"m8","sender":"ben","time":"2026-11-29T08:01:00+01:00","text":"Leaving now"}"#,
    #"{"id":"m9","sender":"ana","time":"2026-11-29T08:02:00+01:00","text":"👍","status":"delivered"}"#,
]
