import Foundation
import Scrollback
import TestSupport
import Testing

/// Importers turn the file names exports give into paths that stay inside the input's folder.
@Suite("Attachment paths from imports")
struct AttachmentPathReaderTests {
    static let escapes = [
        "../../etc/passwd", "/etc/passwd", "media/../../secret.jpg", "..\\..\\secret.jpg", "C:/x.jpg", "~/x.jpg",
    ]

    /// Whether `path` is relative and climbs nowhere.
    static func staysInside(_ path: String) -> Bool {
        !path.hasPrefix("/") && !path.hasPrefix("~") && !path.contains("\\") && !path.contains(":")
            && !path.split(separator: "/").contains("..")
    }

    static func inputs(_ escape: String) -> [(String, InputFormat, String)] {
        let name = Hostile.json(escape)
        return [
            ("chat.txt", .whatsapp, "11/28/26, 09:14 - Ana: \(escape) (file attached)\n11/28/26, 09:15 - Ben: ok\n"),
            (
                "chat.txt", .whatsapp,
                "[28/11/2026, 09:14:00] Ana: <attached: \(escape)>\n[28/11/2026, 09:15:00] Ben: ok\n"
            ),
            (
                "message_1.json", .messenger,
                #"{"participants": [{"name": "Ana"}], "messages": [{"sender_name": "Ana", "timestamp_ms": 1795857240000, "photos": [{"uri": \#(name)}]}]}"#
            ),
            (
                "dm.json", .discord,
                #"{"guild": {"id": "1", "name": "G"}, "channel": {"id": "2", "type": "DirectTextChat", "name": "dm"}, "messages": [{"id": "10", "type": "Default", "timestamp": "2026-11-28T09:14:00+00:00", "content": "x", "author": {"id": "5", "name": "ben"}, "attachments": [{"id": "7", "url": \#(name), "fileName": "a.png"}]}]}"#
            ),
        ]
    }

    @Test("A path that leaves the folder is never kept as a path; the reader warns", arguments: escapes)
    func escapingPathsDropped(escape: String) throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        for (name, format, text) in Self.inputs(escape) {
            let path = try folder.write(name, text)
            let input = try ChatInput.load(path)
            let result = try Readers.read(input, format: format)
            let attachments = result.conversations.flatMap(\.messages).flatMap(\.attachments)
            #expect(!attachments.isEmpty, "\(format): the attachment is still listed by name")
            for attachment in attachments {
                #expect(attachment.path.map(Self.staysInside) ?? true, "\(format): \(attachment.path ?? "")")
            }
            #expect(
                result.report.warnings.contains { $0.text.contains("outside the input's folder") },
                "\(format) \(escape): \(result.report.warnings)")
        }
    }

    @Test("A folder export skips files that are symlinks to places outside it")
    func symlinkedExportFileSkipped() throws {
        let outside = try TemporaryFolder()
        let folder = try TemporaryFolder()
        defer {
            outside.remove()
            folder.remove()
        }
        let secret = try outside.write(
            "2026-11-29.json",
            #"[{"type": "message", "user": "U1", "text": "SECRET-OUTSIDE", "ts": "1795943640.000100"}]"#)
        try folder.write("users.json", #"[{"id": "U1", "name": "ana", "real_name": "Ana"}]"#)
        try folder.write("channels.json", #"[{"id": "C1", "name": "general"}]"#)
        try folder.write(
            "general/2026-11-28.json",
            #"[{"type": "message", "user": "U1", "text": "inside", "ts": "1795857240.000100"}]"#)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("general/2026-11-29.json"), withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("general/loop"), withDestinationPath: folder.url.path)
        let result = try Readers.read(ChatInput(directory: folder.url.path), format: .slack)
        let texts = result.conversations.flatMap(\.messages).map(\.text)
        #expect(texts == ["inside"])
    }

    @Test("A symlinked Slack day file or channel folder is named in the import report")
    func symlinkedExportFileReported() throws {
        let outside = try TemporaryFolder()
        let folder = try TemporaryFolder()
        defer {
            outside.remove()
            folder.remove()
        }
        let secret = try outside.write(
            "2026-11-29.json",
            #"[{"type": "message", "user": "U1", "text": "SECRET-OUTSIDE", "ts": "1795943640.000100"}]"#)
        try folder.write("users.json", #"[{"id": "U1", "name": "ana", "real_name": "Ana"}]"#)
        try folder.write("channels.json", #"[{"id": "C1", "name": "general"}, {"id": "C2", "name": "random"}]"#)
        try folder.write(
            "general/2026-11-28.json",
            #"[{"type": "message", "user": "U1", "text": "inside", "ts": "1795857240.000100"}]"#)
        try FileManager.default.createSymbolicLink(
            atPath: folder.path("general/2026-11-29.json"), withDestinationPath: secret)
        try FileManager.default.createSymbolicLink(atPath: folder.path("random"), withDestinationPath: outside.url.path)
        let result = try Readers.read(ChatInput(directory: folder.url.path), format: .slack)
        #expect(!result.conversations.flatMap(\.messages).map(\.text).contains("SECRET-OUTSIDE"))
        let warnings = result.report.warnings.map(\.description)
        for link in ["general/2026-11-29.json", "random"] {
            #expect(
                warnings.contains { $0.contains(link + ": ") && $0.contains("symlink") && $0.contains("not read") },
                "\(link): \(warnings)")
        }
        let run = CLIRunner.run(["render", folder.url.path, "--conversation", "general", "--format", "text"])
        #expect(run.stderr.contains("warning: general/2026-11-29.json: this is a symlink"), "\(run.stderr)")
    }
}
