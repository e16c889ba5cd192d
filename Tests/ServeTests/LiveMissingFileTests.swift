import Foundation
import Scrollback
import TestSupport
import Testing

@testable import ScrollbackServe

@Suite("A live page says which files are not in the export")
struct LiveMissingFileTests {
    @Test("A file the log names but its folder lacks is said in words, as render says it, after every line")
    func missingInWords() throws {
        let folder = try TestFolders.folder("live-missing")
        try Data("notes".utf8).write(to: folder.appendingPathComponent("here.txt"))
        var options = RenderOptions()
        options.html.mediaBaseDirectory = folder.path
        let lines = [
            #"{"type":"conversation","title":"Files","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben"}]}"#,
            #"{"id":"m1","sender":"ana","time":"2026-11-02T09:00:00Z","text":"the notes","attachments":[{"path":"here.txt","name":"here.txt"}]}"#,
            #"{"id":"m2","sender":"ben","time":"2026-11-02T09:01:00Z","text":"and the plan","attachments":[{"path":"gone.pdf","name":"gone.pdf"}]}"#,
            #"{"id":"m3","sender":"ben","time":"2026-11-02T09:02:00Z","text":"and the list","attachments":[{"path":"lost.txt","name":"lost.txt"}]}"#,
            #"{"id":"m2","text":"and the plan, again"}"#,
        ]
        var conversation = try LiveConversation(name: "live.jsonl", options: options)
        for count in 1...lines.count {
            _ = try conversation.apply([Array(lines[count - 1].utf8)])
            let transcript = try Transcript.load(
                bytes: Array(lines[..<count].joined(separator: "\n").utf8), name: "live.jsonl", format: .jsonl)
            let expected = try transcript.render(.html, options: options)
            #expect(conversation.document.page == expected, "after line \(count)")
        }
        let page = conversation.document.page
        #expect(page.components(separatedBy: "not in the export").count - 1 == 2)
        #expect(conversation.suffixLayouts > 0)
    }
}
