import Foundation
import Scrollback
import TestSupport
import Testing

/// Under `--anonymize` an attachment's path shows no name: not as a linked page's `href` or shown
/// file name, not in layout JSON, a site or a line on standard error.
@Suite("--anonymize in attachment paths")
struct AnonymizedPathTests {
    /// An input of `format` in which Ana Lima sends `Ana_Lima_notes.txt`, a photo `Ana Lima.jpg`
    /// and `Lima-Ana.pdf`, which is missing; its path.
    static func input(_ format: String, in folder: TemporaryFolder) throws -> String {
        switch format {
        case "native":
            try folder.write("in/files/Ana_Lima_notes.txt", "notes\n")
            try folder.write("in/files/Ana Lima.jpg", bytes: TestImages.jpeg())
            let files = [
                ("files/Ana_Lima_notes.txt", "file"), ("files/Ana Lima.jpg", "image/jpeg"),
                ("files/Lima-Ana.pdf", "file"),
            ]
            let messages = files.enumerated().map { index, file in
                "{\"id\":\"m\(index)\",\"sender\":\"ana\",\"time\":\"2026-03-01T09:0\(index):00Z\",\"text\":\"here\","
                    + "\"attachments\":[{\"path\":\"\(file.0)\",\"type\":\"\(file.1)\"}]}"
            }
            return try folder.write(
                "in/chat.json",
                """
                {"version": 1, "participants": [{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben"}],
                 "messages": [\(messages.joined(separator: ",\n")),
                  {"id": "r", "sender": "ben", "time": "2026-03-01T09:09:00Z", "text": "thanks"}]}
                """)
        case "WhatsApp":
            try folder.write("in/Ana_Lima_notes.txt", "notes\n")
            try folder.write("in/Ana Lima.jpg", bytes: TestImages.jpeg())
            return try folder.write(
                "in/WhatsApp Chat with Ben.txt",
                """
                3/1/26, 09:00 - Ana Lima: Ana_Lima_notes.txt (file attached)
                3/1/26, 09:01 - Ana Lima: Ana Lima.jpg (file attached)
                3/1/26, 09:02 - Ana Lima: Lima-Ana.pdf (file attached)
                3/1/26, 09:09 - Ben: thanks

                """)
        default:
            try folder.write("in/files/Ana_Lima_notes.txt", "notes\n")
            try FileManager.default.createDirectory(atPath: folder.path("in/photos"), withIntermediateDirectories: true)
            try folder.write("in/photos/Ana Lima.jpg", bytes: TestImages.jpeg())
            let media = [
                #""file": "files/Ana_Lima_notes.txt", "file_name": "Ana_Lima_notes.txt", "mime_type": "text/plain""#,
                #""photo": "photos/Ana Lima.jpg""#, #""file": "files/Lima-Ana.pdf", "mime_type": "application/pdf""#,
            ]
            let messages = media.enumerated().map { index, media in
                """
                {"id": \(index + 1), "type": "message", "date": "2026-03-01T09:0\(index):00", "date_unixtime": "\(1_772_355_600 + index * 60)",
                 "from": "Ana Lima", "from_id": "user1", "text": "", \(media)}
                """
            }
            return try folder.write(
                "in/result.json",
                """
                {"name": "Ben", "type": "personal_chat", "id": 4242, "messages": [\(messages.joined(separator: ",\n")),
                 {"id": 9, "type": "message", "date": "2026-03-01T09:09:00", "date_unixtime": "1772356140", "from": "Ben", "from_id": "user2", "text": "thanks"}]}
                """)
        }
    }

    @Test(
        "No page, layout JSON, site file or line on standard error shows a name through a path",
        arguments: ["native", "WhatsApp", "Telegram"])
    func pathsHideNames(format: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try Self.input(format, in: folder)
        var texts: [(String, String)] = []
        for output in ["page.html", "layout.json"] {
            let run = CLIRunner.run(["render", input, "-o", folder.path(output), "--anonymize"])
            try #require(run.status == 0, "\(run.stderr)")
            texts += [
                (output, try String(contentsOfFile: folder.path(output), encoding: .utf8)), ("stderr", run.stderr),
            ]
        }
        let site = folder.url.appendingPathComponent("site")
        let built = CLIRunner.run(["site", input, "-o", site.path, "--anonymize"])
        try #require(built.status == 0, "\(built.stderr)")
        texts.append(("site stderr", built.stderr))
        for file in ArchiveTesting.files(under: site) {
            let data = try Data(contentsOf: site.appendingPathComponent(file))
            texts.append((file, file + "\n" + String(decoding: data, as: UTF8.self)))
        }
        // A page drawn from the transcript with linked (not inlined) files.
        let read = try Readers.read(
            try ChatInput.load(input), options: ReadOptions(transform: PrivacyOptions(anonymize: true).transform))
        var html = HTMLOptions(selfContained: false)
        html.mediaBaseDirectory = folder.path("in")
        let linked = try #require(read.conversations.first).render(.html, options: RenderOptions(html: html))
        texts.append(("linked page", linked))
        for (name, text) in texts {
            #expect(!text.lowercased().contains("lima"), "\(format) \(name): \(text.prefix(300))")
        }
        let page = try #require(texts.first { $0.0 == "page.html" }?.1)
        #expect(page.contains("Person 1_notes.txt") && page.contains("Person 1.jpg"), "\(format)")
        let stderr = texts.filter { $0.0 == "stderr" }.map(\.1).joined()
        #expect(stderr.contains("a path that held a name or a secret no longer leads to its file"), "\(stderr)")
    }

    @Test(
        "Without --anonymize the layout JSON shows the paths, so the test sees real data",
        arguments: ["native", "WhatsApp", "Telegram"])
    func control(format: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try Self.input(format, in: folder)
        let run = CLIRunner.run(["render", input, "-o", folder.path("layout.json")])
        try #require(run.status == 0, "\(run.stderr)")
        let json = try String(contentsOfFile: folder.path("layout.json"), encoding: .utf8)
        #expect(json.contains("Ana_Lima_notes.txt") && json.contains("Lima-Ana.pdf"))
    }
}
