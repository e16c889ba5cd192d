import Foundation
import TestSupport
import Testing

/// The command line on Messages databases: rendering chats, building a site, and never touching the database.
@Suite("iMessage on the command line")
struct IMessageCLITests {
    /// What must stay as it was: the database's bytes, its modification time, and the files beside it.
    struct Untouched: Equatable {
        var bytes: Data
        var modified: Date?
        var folder: [String]

        init(_ database: URL) throws {
            bytes = try Data(contentsOf: database)
            modified = try FileManager.default.attributesOfItem(atPath: database.path)[.modificationDate] as? Date
            folder = try FileManager.default.contentsOfDirectory(atPath: database.deletingLastPathComponent().path)
                .sorted()
        }
    }

    static func database() throws -> URL {
        try #require(IMessageDatabases.mac, "scripts/imessage-testdb.py did not run")
    }

    /// Renders with `arguments` into a file; the run and what it wrote.
    static func rendered(_ arguments: [String]) throws -> (result: CLIRunner.Result, output: String) {
        let file = TestFolders.path("imessage-render", suffix: ".html")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = CLIRunner.run(["render", try database().path] + arguments + ["-o", file.path])
        let output = (try? Data(contentsOf: file)).map { String(decoding: $0, as: UTF8.self) } ?? ""
        return (result, output)
    }

    @Test("render writes one chat's page, picked by handle or by group name")
    func render() throws {
        let database = try Self.database()
        for choice in ["+15550100001", "Hike crew"] {
            let page = TestFolders.path("imessage-page", suffix: ".html")
            defer { try? FileManager.default.removeItem(at: page) }
            let result = CLIRunner.run(["render", database.path, "--conversation", choice, "-o", page.path])
            #expect(result.status == 0, "\(result.stderr)")
            let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
            #expect(html.contains(choice == "Hike crew" ? "Who brings the map?" : "Look at this view"))
        }
        let missing = CLIRunner.run(["render", database.path])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("\"Hike crew\" (id chat493810235721)"))
    }

    @Test("A HEIC photo is shown as JPEG: inlined in a page, copied as JPEG into a site (an iPhone backup's too)")
    func heic() throws {
        let page = TestFolders.path("imessage-heic", suffix: ".html")
        defer { try? FileManager.default.removeItem(at: page) }
        let result = CLIRunner.run([
            "render", try Self.database().path, "--conversation", "+15550100001", "-o", page.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(html.contains("src=\"data:image/jpeg;base64,/9j/"))
        let site = TestFolders.path("imessage-heic-site")
        defer { try? FileManager.default.removeItem(at: site) }
        let backup = try #require(IMessageDatabases.backup)
        #expect(CLIRunner.run(["site", backup.path, "-o", site.path]).status == 0)
        let media = site.appendingPathComponent("media")
        let copies = try FileManager.default.contentsOfDirectory(atPath: media.path)
        let jpegs = try copies.filter { name in
            try Data(contentsOf: media.appendingPathComponent(name)).starts(with: [0xFF, 0xD8, 0xFF])
        }
        #expect(jpegs.count == 1 && jpegs.first?.hasSuffix(".jpg") == true)
    }

    @Test("site builds every chat with the index")
    func site() throws {
        let folder = TestFolders.path("imessage-site")
        defer { try? FileManager.default.removeItem(at: folder) }
        let result = CLIRunner.run(["site", try Self.database().path, "-o", folder.path])
        #expect(result.status == 0, "\(result.stderr)")
        let index = String(decoding: try Data(contentsOf: folder.appendingPathComponent("index.html")), as: UTF8.self)
        #expect(index.contains("Hike crew") && index.contains("+15550100003"))
    }

    @Test("No command writes, locks or leaves a file beside the database: bytes and modification time stay")
    func readOnly() throws {
        let database = try Self.database()
        let before = try Untouched(database)
        let out = TestFolders.path("imessage-readonly")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: out) }
        let commands: [[String]] = [
            [
                "render", database.path, "--conversation", "Hike crew", "-o",
                out.appendingPathComponent("page.html").path,
            ],
            [
                "render", database.path, "--conversation", "+15550100001", "--format", "json", "-o",
                out.appendingPathComponent("page.json").path,
            ],
            ["site", database.path, "-o", out.appendingPathComponent("site").path],
            ["site", database.deletingLastPathComponent().path, "-o", out.appendingPathComponent("site2").path],
            ["validate", database.path],
            ["merge", database.path, "-o", out.appendingPathComponent("merged").path],
            [
                "render", database.path, "--input-format", "imessage", "--conversation", "+15550100003", "--format",
                "text",
            ],
        ]
        for command in commands {
            let result = CLIRunner.run(command)
            #expect(result.status == 0, "\(command[0]): \(result.stderr)")
            #expect(try Untouched(database) == before, "\(command[0]) changed the database or its folder")
        }
    }

    @Test("merge keeps an iMessage chat's messages and adds nothing on a second run")
    func merge() throws {
        let out = TestFolders.path("imessage-merge", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(at: out) }
        let database = try Self.database().path
        let first = CLIRunner.run(["merge", database, "--conversation", "Hike crew", "-o", out.path])
        #expect(first.status == 0, "\(first.stderr)")
        let written = try Data(contentsOf: out)
        #expect(String(decoding: written, as: UTF8.self).contains("I will bring snacks"))
        let second = CLIRunner.run(["merge", database, "--conversation", "Hike crew", "-o", out.path])
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try Data(contentsOf: out) == written)
    }

    @Test("--conversation takes a member's handle: a number in any format, an address in any case")
    func conversationByHandle() throws {
        for (choice, shown) in [
            ("(555) 010-0001", "Look at this view"), ("+1 555-010-0003", "Your table is ready"),
            ("LEE@Example.org", "Who brings the map?"),
        ] {
            let (result, output) = try Self.rendered(["--conversation", choice, "--format", "text", "--width", "100"])
            #expect(result.status == 0, "\(choice): \(result.stderr)")
            #expect(output.contains(shown), "\(choice)")
        }
        let (unknown, _) = try Self.rendered(["--conversation", "+1 555 010 0999"])
        #expect(unknown.status == 1)
        #expect(
            unknown.stderr.contains("\"Hike crew\" (id chat493810235721)") && unknown.stderr.contains("+15550100003"))
    }

    @Test("--people names the members in system lines too: who added, removed, left")
    func peopleInSystemLines() throws {
        let people = try #require(IMessageDatabases.root).appendingPathComponent("people/people.vcf")
        let (result, output) = try Self.rendered([
            "--conversation", "Hike crew", "--people", people.path, "--format", "text", "--width", "100",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(output.contains("You added Lee Chen to the conversation"))
        #expect(output.contains("Lee Chen changed the group photo"))
        #expect(output.contains("You removed Lee Chen from the conversation"))
        #expect(!output.contains("+15550100004") && !output.contains("lee@example.org"))
    }

    @Test(
        "An outgoing SMS or RCS bubble is marked by its service, an iMessage one too; the imessage theme colours them")
    func serviceOnBubbles() throws {
        let (result, html) = try Self.rendered(["--conversation", "+15550100003", "--theme", "imessage"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(html.contains("sb-service-sms\" id=\"msg-SMS-OUT\""))
        #expect(html.contains("sb-service-rcs\" id=\"msg-RCS-OUT\""))
        #expect(html.contains(".sb-service-sms, .sb-service-rcs { --sb-out-bg: var(--sb-sms-bg); }"))
        let (_, json) = try Self.rendered(["--conversation", "+15550100001", "--format", "json"])
        #expect(json.contains("\"service\" : \"imessage\"") && json.contains("\"service\" : \"sms\""))
    }

    @Test("Every theme, text and the layout JSON name the service: SMS on a text message chain, where it changes")
    func serviceNamed() throws {
        let chat = ["--conversation", "+15550100003"]
        for theme in ["plain", "whatsapp", "discord", "imessage"] {
            let (result, html) = try Self.rendered(chat + ["--theme", theme])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(
                html.contains(
                    "id=\"msg-SMS-OUT\">\n<p class=\"sb-service-label\"><span class=\"sb-sr\">Sent as </span>SMS</p>"),
                "\(theme)")
            #expect(html.contains("<span class=\"sb-sr\">Sent as </span>RCS</p>"), "\(theme)")
        }
        let (_, text) = try Self.rendered(chat + ["--format", "text", "--width", "100"])
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("09:54 · SMS") && lines.contains("SMS") && lines.contains("09:56 · RCS · Delivered"))
        // An iMessage chain is not marked; a text message after it in the chain is.
        let (_, mixed) = try Self.rendered(["--conversation", "+15550100001", "--format", "json"])
        #expect(!mixed.contains("\"serviceLabel\" : \"iMessage\"") && mixed.contains("\"serviceLabel\" : \"SMS\""))
    }
}
