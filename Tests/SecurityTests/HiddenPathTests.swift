import Foundation
import Scrollback
import TestSupport
import Testing

/// A log saved in a home or Downloads folder cannot carry what sits beside it: paths with a
/// hidden component are refused unless `--allow-hidden-paths`, and a home folder gets a warning.
@Suite("Hidden paths and the home folder", .serialized)
struct HiddenPathTests {
    static let key = "-----BEGIN OPENSSH PRIVATE KEY-----\nSECRET-KEY-BYTES\n"
    static let credentials = "[default]\naws_secret_access_key = SECRET-AWS-BYTES\n"

    /// A temporary "home" holding `.ssh/id_ed25519`, `.aws/credentials`, a symlink `link.jpg` to
    /// the key, and a received `chat.json` naming them as a holiday photo and a menu.
    struct Home {
        let folder: TemporaryFolder
        var chat: String { folder.path("chat.json") }

        init() throws {
            folder = try TemporaryFolder()
            try folder.write(".ssh/id_ed25519", HiddenPathTests.key)
            try folder.write(".aws/credentials", HiddenPathTests.credentials)
            try FileManager.default.createSymbolicLink(
                atPath: folder.path("link.pdf"), withDestinationPath: folder.path(".aws/credentials"))
            try folder.write(
                "chat.json",
                Hostile.nativeLog([
                    #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00Z", "text": "holiday!", "#
                        + #""attachments": [{"path": ".ssh/id_ed25519", "type": "image/jpeg", "name": "holiday.jpg"}]}"#,
                    #"{"id": "m2", "sender": "ben", "time": "2026-11-28T09:15:00Z", "text": "menu", "#
                        + #""attachments": [{"path": "./.aws/credentials", "type": "file", "name": "menu.pdf"}]}"#,
                    #"{"id": "m3", "sender": "ben", "time": "2026-11-28T09:16:00Z", "text": "again", "#
                        + #""attachments": [{"path": "link.pdf", "type": "file", "name": "menu2.pdf"}]}"#,
                ]))
        }
    }

    /// Whether `text` holds either secret, as it is or base64-encoded in a data URL.
    static func leaks(_ text: String) -> Bool {
        for secret in [key, credentials] {
            if text.contains("SECRET") || text.contains(Data(secret.utf8).base64EncodedString()) { return true }
        }
        return false
    }

    /// Every byte of every file under `folder`, as text.
    static func everything(under folder: String) -> String {
        var all = ""
        for case let relative as String in FileManager.default.enumerator(atPath: folder) ?? .init() {
            if let data = FileManager.default.contents(atPath: folder + "/" + relative) {
                all += String(decoding: data, as: UTF8.self)
            }
        }
        return all
    }

    @Test("A chat.json naming .ssh and .aws files puts none of their bytes in a page or a site, and warns")
    func refused() throws {
        let home = try Home()
        defer { home.folder.remove() }
        let environment = ["HOME": home.folder.url.path]
        let page = home.folder.path("page.html")
        let render = CLIRunner.run(["render", home.chat, "-o", page], environment: environment)
        #expect(render.status == 0, "\(render.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(!Self.leaks(html))
        #expect(!Self.leaks(render.stderr))
        #expect(html.contains("holiday.jpg") && html.contains("menu.pdf"))
        #expect(html.contains("sb-missing"))
        #expect(render.stderr.contains(#"message 1 (id "m1"): attachment '.ssh/id_ed25519' is in a hidden folder"#))
        #expect(render.stderr.contains(#"message 2 (id "m2"): attachment './.aws/credentials' is in a hidden"#))
        #expect(render.stderr.contains(#"message 3 (id "m3"): attachment 'link.pdf' is in a hidden folder"#))
        #expect(render.stderr.contains("--allow-hidden-paths"))

        let site = home.folder.path("site")
        let built = CLIRunner.run(["site", home.chat, "-o", site], environment: environment)
        #expect(built.status == 0, "\(built.stderr)")
        #expect(!Self.leaks(Self.everything(under: site)))
        #expect(built.stderr.contains(#"message 2 (id "m2"): attachment './.aws/credentials' is in a hidden"#))
        #expect(built.stderr.contains(#"message 3 (id "m3"): attachment 'link.pdf' is in a hidden folder"#))

        let json = home.folder.path("layout.json")
        #expect(CLIRunner.run(["render", home.chat, "-o", json], environment: environment).status == 0)
        #expect(!Self.leaks(try String(contentsOfFile: json, encoding: .utf8)))
    }

    @Test("With --allow-hidden-paths the files are read")
    func allowed() throws {
        let home = try Home()
        defer { home.folder.remove() }
        let page = home.folder.path("page.html")
        let render = CLIRunner.run(["render", home.chat, "-o", page, "--allow-hidden-paths"])
        #expect(render.status == 0, "\(render.stderr)")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.contains(Data(Self.credentials.utf8).base64EncodedString()))
        #expect(!render.stderr.contains("hidden folder"))
        let site = home.folder.path("site")
        let built = CLIRunner.run(["site", home.chat, "-o", site, "--allow-hidden-paths"])
        #expect(built.status == 0, "\(built.stderr)")
        #expect(Self.everything(under: site).contains("SECRET-AWS-BYTES"))
    }

    @Test("The flag is in the help of render, site, serve and check, the man page and the completions")
    func flagListed() {
        for command in ["render", "site", "serve", "check"] {
            #expect(CLIRunner.run([command, "--help"]).stdout.contains("--allow-hidden-paths"), "\(command)")
        }
        #expect(!CLIRunner.run(["follow", "--help"]).stdout.contains("--allow-hidden-paths"))
        for shell in ["man", "bash", "zsh", "fish"] {
            let name = shell == "man" ? "allow\\-hidden\\-paths" : "allow-hidden-paths"
            #expect(CLIRunner.run(["--generate", shell]).stdout.contains(name), "\(shell)")
        }
    }

    @Test("An input whose folder is the home folder gets a warning; one elsewhere does not")
    func homeFolder() throws {
        let home = try TemporaryFolder()
        defer { home.remove() }
        try home.write("photo.png", bytes: MediaPathTests.png)
        let log = Hostile.nativeLog([
            #"{"id": "m1", "sender": "ben", "time": "2026-11-28T09:14:00Z", "text": "look", "#
                + #""attachments": [{"path": "photo.png", "type": "image/png"}]}"#
        ])
        let chat = try home.write("Downloads/chat.json", log)
        try home.write("Downloads/photo.png", bytes: MediaPathTests.png)
        let inHome = try home.write("chat.json", log)
        let warning = "the input's folder is your home folder"
        for command in [["render", inHome, "-o", home.path("page.html")], ["site", inHome, "-o", home.path("site")]] {
            let run = CLIRunner.run(command, environment: ["HOME": home.url.path])
            #expect(run.status == 0, "\(run.stderr)")
            // render names the input once, in the heading above its warnings; site on the warning's line.
            #expect(
                run.stderr.contains("chat.json: " + warning)
                    || (run.stderr.contains("scrollback: \(inHome)\n") && run.stderr.contains("warning: " + warning)),
                "\(command[0]): \(run.stderr)")
        }
        let elsewhere = CLIRunner.run(
            ["render", chat, "-o", home.path("page.html")], environment: ["HOME": home.url.path])
        #expect(elsewhere.status == 0)
        #expect(!elsewhere.stderr.contains(warning))
        // Its parent holds the home folder.
        let above = CLIRunner.run(
            ["render", inHome, "-o", home.path("page.html")], environment: ["HOME": home.path("Downloads")])
        #expect(above.stderr.contains(warning))
    }
}
