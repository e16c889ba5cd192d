import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Sites built with --redact --anonymize")
struct RedactedSiteTests {
    static let names = ["Ana Lima", "Ben Okafor", "Chiara Rossi"]

    /// A log with every default shape and every participant's name in every field that reaches an output.
    static func seededLog() -> String {
        let secrets = Secrets.shapes.map(\.1)
        var lines: [String] = []
        func quote(_ text: String) -> String {
            let data = try! JSONSerialization.data(withJSONObject: [text], options: [.withoutEscapingSlashes])
            return String(String(decoding: data, as: UTF8.self).dropFirst().dropLast())
        }
        lines.append(
            """
            {"type":"conversation","id":"ana-lima-chat","title":"Ana Lima and Ben Okafor (ana.lima+trip@example.co.uk)","me":"ana","participants":[\
            {"id":"ana","name":"Ana Lima","avatar":"avatars/ana-lima.jpg"},{"id":"ben","name":"Ben Okafor"},\
            {"id":"+44 7700 900123","name":"Chiara Rossi"}]}
            """)
        var time = 1_772_355_600  // 2026-03-01T09:00:00Z
        for (index, secret) in secrets.enumerated() {
            time += 97
            let sender = ["ana", "ben", "+44 7700 900123"][index % 3]
            let stamp = Timestamp(seconds: Int64(time)).description
            var line = "{\"id\":\"s\(index)\",\"sender\":\(quote(sender)),\"time\":\"\(stamp)\","
            line += "\"text\":\(quote("Ben Okafor said to Chiara: " + secret))"
            if index % 4 == 0 {
                line += ",\"reactions\":[{\"emoji\":\"👍\",\"by\":[\"ana\",\"+44 7700 900123\"]}]"
            }
            if index % 5 == 1 {
                line += ",\"edited\":\"\(Timestamp(seconds: Int64(time + 5)).description)\""
                line += ",\"revisions\":[{\"text\":\(quote("earlier: " + secret + " from Ana Lima"))}]"
            }
            if index % 6 == 2 { line += ",\"forwardedFrom\":\"Chiara Rossi\",\"topic\":\"Ben Okafor's 10.0.0.7\"" }
            line += "}"
            lines.append(line)
        }
        time += 60
        let attachments = """
            [{"path":"files/ana.lima@example.org.pdf","name":"Ana Lima +1 555 010 9999.pdf","size":12},\
            {"path":"photos/IMG_0001.jpg","type":"image/jpeg"},\
            {"url":"https://deploy:hunter2@example.org/x","type":"link","title":"Chiara Rossi \(Secrets.github)","description":"192.168.1.20","siteName":"Ben Okafor"},\
            {"type":"poll","poll":{"question":"Ana Lima or Ben Okafor?","options":[{"text":"+1 555 010 9999","by":["ben"]}]}},\
            {"contact":{"name":"Chiara Rossi","phones":["+44 20 7946 0958"],"emails":["ben@mail.example.org"]}}]
            """
        lines.append(
            "{\"id\":\"files\",\"sender\":\"ben\",\"time\":\"\(Timestamp(seconds: Int64(time)).description)\",\"text\":\"files\",\"attachments\":\(attachments)}"
        )
        for (index, near) in Secrets.nearMisses.enumerated() {
            time += 61
            lines.append(
                "{\"id\":\"n\(index)\",\"sender\":\"ana\",\"time\":\"\(Timestamp(seconds: Int64(time)).description)\",\"text\":\(quote(near.1)),\"format\":\"plain\"}"
            )
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test("No byte of any file of the site holds a redacted shape or a participant's name; near misses survive")
    func nothingLeaks() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        // The input sits in a folder named after a participant, with a picture the site copies.
        try folder.write("Ana Lima/files/ana.lima@example.org.pdf", "pdf")
        try folder.write("Ana Lima/avatars/ana-lima.jpg", "jpg")
        try folder.write("Ana Lima/photos/IMG_0001.jpg", "jpg")
        // A JPEG's frame: under --redact an image whose metadata cannot be taken out is left out.
        try folder.write("Ana Lima/photos/IMG_0001.jpg", bytes: [0xFF, 0xD8, 0xFF, 0xD9])
        let input = try folder.write("Ana Lima/Ana Lima and Ben Okafor.jsonl", Self.seededLog())
        let site = folder.url.appendingPathComponent("site")
        let result = CLIRunner.run([
            "site", input, "-o", site.path, "--redact", "--anonymize", "--base-url", "https://example.org/chats/",
        ])
        #expect(result.status == 0, "\(result.stderr)")

        var forbidden = Secrets.shapes.map(\.3) + Self.names
        forbidden += Self.names.flatMap { $0.split(separator: " ").map(String.init) }
        forbidden += ["hunter2", "ana.lima@example.org", "+1 555 010 9999", "+44 7700 900123", "7700", "Chiara"]
        let files = ArchiveTesting.files(under: site)
        #expect(files.contains { $0.hasSuffix("search.html") })
        #expect(files.contains { $0.hasSuffix(".atom") })
        #expect(files.contains { $0.hasPrefix("media/") && $0.hasSuffix(".jpg") })
        var everything = ""
        for file in files {
            let bytes = try Data(contentsOf: site.appendingPathComponent(file))
            let raw = String(decoding: bytes, as: UTF8.self)
            everything += raw
            for secret in forbidden {
                // A secret that is all hex digits (`85a3`, `7700`) may turn up by chance inside a
                // hash the site names things by, which changes with the temporary folder's path.
                let hexOnly = secret.allSatisfy(\.isHexDigit)
                let text = hexOnly ? Self.withoutHashes(raw) : raw
                let name = hexOnly ? Self.withoutHashes(file) : file
                // Full names in any case; single name words as written (the search page's own
                // placeholder says `from:ben`).
                let found = secret.contains(" ") ? text.localizedCaseInsensitiveContains(secret) : text.contains(secret)
                #expect(!found, "\(file) holds \(secret)")
                #expect(
                    !name.localizedCaseInsensitiveContains(secret.replacingOccurrences(of: " ", with: "-")), "\(file)")
                // JSON escapes of the same text (search shards): `\/`, `\u00…`.
                #expect(!text.contains(secret.replacingOccurrences(of: "/", with: "\\/")))
            }
        }
        for (_, near) in Secrets.nearMisses {
            let escaped = near.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;")
            #expect(everything.contains(escaped), "\(near) was lost")
        }
        #expect(everything.contains("Person 1") && everything.contains("[email]") && everything.contains("[phone]"))
    }

    /// `text` with every run of 12 or more lowercase hex digits (a hash, not anything a person
    /// wrote in the log's shapes) replaced by `#`.
    static func withoutHashes(_ text: String) -> String {
        var result = ""
        var run = ""
        for character in text {
            if character.isHexDigit, !character.isUppercase {
                run.append(character)
                continue
            }
            result += run.count >= 12 ? "#" : run
            run = ""
            result.append(character)
        }
        return result + (run.count >= 12 ? "#" : run)
    }

    @Test("Hashes are masked for the hex-only secrets, and nothing else is")
    func hashMasking() {
        #expect(Self.withoutHashes("key 9f85a3c0d1e2f3a4b5 and 85a3 here") == "key # and 85a3 here")
        #expect(Self.withoutHashes("+44 7700 900123") == "+44 7700 900123")
        #expect(Self.withoutHashes("media/0123456789abcdef.jpg") == "media/#.jpg")
    }

    @Test("The same log without the options still shows everything, so the test above sees real data")
    func controlBuild() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("chat.jsonl", Self.seededLog())
        let site = folder.url.appendingPathComponent("site")
        #expect(CLIRunner.run(["site", input, "-o", site.path]).status == 0)
        let text = try ArchiveTesting.files(under: site).map {
            String(decoding: try Data(contentsOf: site.appendingPathComponent($0)), as: UTF8.self)
        }.joined()
        #expect(text.contains("Ana Lima") && text.contains("hunter2") && text.contains("192.168.1.20"))
    }

    @Test("Rebuilding a site with --redact over an unredacted build leaves nothing of the old one")
    func rebuildRedacts() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let input = try folder.write("chat.jsonl", Self.seededLog())
        let site = folder.url.appendingPathComponent("site")
        #expect(CLIRunner.run(["site", input, "-o", site.path]).status == 0)
        #expect(CLIRunner.run(["site", input, "-o", site.path, "--redact", "--anonymize"]).status == 0)
        for file in ArchiveTesting.files(under: site) {
            let text = String(decoding: try Data(contentsOf: site.appendingPathComponent(file)), as: UTF8.self)
            #expect(!text.contains("hunter2") && !text.contains("Ana Lima"), "\(file)")
        }
    }
}
