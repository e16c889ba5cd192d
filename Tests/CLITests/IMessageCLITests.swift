import Foundation
import TestSupport
import Testing

/// The command line on Messages databases: rendering chats, building a site, and never touching the database.
@Suite("iMessage on the command line")
struct IMessageCLITests {
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

    /// `serve` is checked in SecurityTests (`IMessageServeTests`), beside the HTTP client it needs.
    @Test("No command writes, locks or leaves a file beside the database: bytes and modification time stay")
    func readOnly() throws {
        let database = try Self.database()
        let before = try IMessageDatabases.Untouched(database)
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
            ["list", database.path],
            ["list", database.path, "--format", "json"],
            [
                "check", database.path, "--conversation", "Hike crew", "--snapshot",
                out.appendingPathComponent("hike.txt").path, "--record",
            ],
            [
                "check", database.path, "--conversation", "Hike crew", "--snapshot",
                out.appendingPathComponent("hike.txt").path,
            ],
        ]
        for command in commands {
            let result = CLIRunner.run(command)
            #expect(result.status == 0, "\(command[0]): \(result.stderr)")
            #expect(
                try IMessageDatabases.Untouched(database) == before, "\(command[0]) changed the database or its folder")
        }
    }

    @Test("list gives each chat a line: its identifier, its display name (else the handle), messages and days")
    func list() throws {
        let database = try Self.database()
        let run = CLIRunner.run(["list", database.path, "-q"])
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ", omittingEmptySubsequences: true) }
        #expect(lines.count == 3)
        #expect(lines.contains(["chat493810235721", "Hike", "crew", "8", "messages", "2026-11-28", "2026-11-28"]))
        #expect(lines.contains(["+15550100003", "+15550100003", "4", "messages", "2026-11-28", "2026-11-28"]))
        // The joined SMS and iMessage chats with one person are one line.
        #expect(lines.filter { $0.first == "+15550100001" }.count == 1)
        let json = CLIRunner.run(["list", database.path, "--format", "json", "-q"])
        #expect(json.status == 0, "\(json.stderr)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(
            items.map { "\($0["id"] ?? "") \($0["title"] ?? "")" }.sorted()
                == ["+15550100001 +15550100001", "+15550100003 +15550100003", "chat493810235721 Hike crew"])
        // An id list prints picks that chat for render.
        let (picked, page) = try Self.rendered([
            "--conversation", "chat493810235721", "--format", "text", "--width", "100",
        ])
        #expect(picked.status == 0 && page.contains("Who brings the map?"), "\(picked.stderr)")
        // An iPhone backup's folder lists the chats of its sms.db.
        let backup = try #require(IMessageDatabases.backup)
        let fromBackup = CLIRunner.run(["list", backup.path, "-q"])
        #expect(fromBackup.status == 0, "\(fromBackup.stderr)")
        #expect(fromBackup.stdout == run.stdout)
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

    /// Runs `python3 -c script arguments…`; its exit status.
    static func python(_ script: String, _ arguments: [String]) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }

    @Test(
        "merge makes one history of a chat read from a Mac and from a later iPhone backup, a message deleted since kept"
    )
    func mergeMacAndBackup() throws {
        // The later backup: one message deleted on the phone, one sent since.
        let later = TestFolders.path("imessage-later-backup")
        defer { try? FileManager.default.removeItem(at: later) }
        try FileManager.default.copyItem(at: try #require(IMessageDatabases.backup), to: later)
        let edit = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1])
            db.executescript(\"\"\"
            DELETE FROM chat_message_join WHERE message_id = (SELECT ROWID FROM message WHERE guid = 'MSG-SLAM');
            DELETE FROM message WHERE guid = 'MSG-SLAM';
            INSERT INTO message (guid, text, date, handle_id, is_from_me, service, is_sent, is_delivered)
                SELECT 'MSG-LATER', 'Home again, thanks for the day', date + 3600000000000, handle_id, 1, service, 1, 1
                FROM message WHERE guid = 'MSG-LAST';
            INSERT INTO chat_message_join (chat_id, message_id, message_date)
                SELECT chat_id, (SELECT ROWID FROM message WHERE guid = 'MSG-LATER'), 0 FROM chat_message_join
                WHERE message_id = (SELECT ROWID FROM message WHERE guid = 'MSG-LAST');
            \"\"\")
            db.commit()
            """
        let database = later.appendingPathComponent("3d/3d0d7e5fb2ce288813306e4d4636395e047a3d28")
        #expect(try Self.python(edit, [database.path]) == 0)
        let out = TestFolders.path("imessage-merge-devices", suffix: ".jsonl")
        defer { try? FileManager.default.removeItem(at: out) }
        // Given in either order: the newer export is the one whose messages end later.
        let result = CLIRunner.run([
            "merge", later.path, try Self.database().path, "--conversation", "+15550100001", "-o", out.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("34 messages; 34 added, 32 matched, 1 kept from older exports, 0 conflicts"))
        let lines = String(decoding: try Data(contentsOf: out), as: UTF8.self).split(separator: "\n")
        let slam = try #require(lines.first { $0.contains("\"id\":\"MSG-SLAM\"") })
        #expect(slam.contains("\"missingFromLatestExport\":true"))
        #expect(lines.filter { $0.contains("\"id\":\"MSG-LATER\"") }.count == 1)
        #expect(lines.filter { $0.contains("\"id\":\"MSG-FIRST\"") }.count == 1)
    }

    @Test("A file the database names outside the Messages folder is never read: not inlined, not copied")
    func hostilePathsNeverRead() throws {
        let database = try #require(IMessageDatabases.hostile("paths/chat.db"))
        let secret = "SECRET-OUTSIDE-THE-MESSAGES-FOLDER"
        let leaked = [secret, Data(secret.utf8.prefix(30)).base64EncodedString()]
        let page = TestFolders.path("imessage-hostile-page", suffix: ".html")
        let site = TestFolders.path("imessage-hostile-site")
        defer {
            try? FileManager.default.removeItem(at: page)
            try? FileManager.default.removeItem(at: site)
        }
        let render = CLIRunner.run(["render", database.path, "-o", page.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(render.stderr.components(separatedBy: "; it is not read").count - 1 == 6)
        let html = String(decoding: try Data(contentsOf: page), as: UTF8.self)
        #expect(!leaked.contains { html.contains($0) })
        #expect(CLIRunner.run(["site", database.path, "-o", site.path]).status == 0)
        let files = try #require(FileManager.default.enumerator(at: site, includingPropertiesForKeys: nil))
        for case let file as URL in files where !file.hasDirectoryPath {
            let text = String(decoding: try Data(contentsOf: file), as: UTF8.self)
            #expect(!leaked.contains { text.contains($0) }, "\(file.lastPathComponent)")
        }
        // Only the one file inside the folder is copied.
        let media = try FileManager.default.contentsOfDirectory(atPath: site.appendingPathComponent("media").path)
        #expect(media.count == 1)
    }

    @Test("A database another program holds locked (Messages writing to it) is read all the same, and left as it was")
    func readWhileLocked() throws {
        let folder = TestFolders.path("imessage-locked")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let database = folder.appendingPathComponent("chat.db")
        try FileManager.default.copyItem(at: try Self.database(), to: database)
        // An exclusive lock in a rollback journal: no other connection may even read until it ends.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("BEGIN EXCLUSIVE")
            try:
                sqlite3.connect(sys.argv[1], timeout=0).execute("SELECT count(*) FROM message").fetchall()
                print("not locked", flush=True)
            except sqlite3.OperationalError:
                print("locked", flush=True)
            sys.stdin.read()
            """,
            database.path,
        ]
        let said = Pipe()
        let hold = Pipe()
        holder.standardOutput = said
        holder.standardInput = hold
        try holder.run()
        defer {
            try? hold.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        let line = String(decoding: said.fileHandleForReading.availableData, as: UTF8.self)
        try #require(line.hasPrefix("locked"), "the lock was not taken: \(line)")
        let before = try IMessageDatabases.Untouched(database)
        let page = folder.appendingPathComponent("page.txt")
        let result = CLIRunner.run([
            "render", database.path, "--conversation", "Hike crew", "--format", "text", "--width", "100", "-o",
            page.path,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(String(decoding: try Data(contentsOf: page), as: UTF8.self).contains("Who brings the map?"))
        var after = try IMessageDatabases.Untouched(database)
        after.folder.removeAll { $0 == "page.txt" }
        #expect(after == before)
    }

    @Test("Times show in UTC, said in a note, or in --tz without the note")
    func timeZones() throws {
        let chat = ["--conversation", "+15550100001", "--format", "json"]
        let (utc, utcJSON) = try Self.rendered(chat)
        #expect(utc.stderr.contains("shown in UTC; --tz ZONE shows them in another zone"))
        #expect(utcJSON.contains("\"time\" : \"2026-11-28T09:14:00Z\""))
        let (zoned, zonedJSON) = try Self.rendered(chat + ["--tz", "America/New_York"])
        #expect(zoned.status == 0, "\(zoned.stderr)")
        #expect(!zoned.stderr.contains("shown in UTC"))
        #expect(zonedJSON.contains("\"time\" : \"2026-11-28T04:14:00-05:00\""))
        #expect(zonedJSON.contains("\"timeLabel\" : \"04:14\""))
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
