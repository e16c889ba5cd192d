import Foundation
import Scrollback
import TestSupport
import Testing

/// Every reader × every output × every form of every needle: with `--redact`, no byte of any
/// output holds a piece of a secret, and each secret's marker is there instead.
@Suite("Privacy matrix")
struct PrivacyMatrixTests {
    /// The options `--redact` reads with.
    static let redacting = ReadOptions(transform: PrivacyOptions(redactor: try! Redactor()).transform)

    static func outputs(_ reader: PrivacyMatrix.Reader, options: ReadOptions) throws -> [(String, String)] {
        try PrivacyMatrix.outputs(reader, PrivacyMatrix.entries(), options: options)
    }

    @Test("No output of any reader holds a piece of a redacted secret, in any form", arguments: PrivacyMatrix.readers)
    func nothingLeaks(reader: PrivacyMatrix.Reader) throws {
        let outputs = try Self.outputs(reader, options: Self.redacting)
        for (name, output) in outputs {
            #expect(PrivacyMatrix.leaks(in: output).isEmpty, "\(reader) \(name): \(PrivacyMatrix.leaks(in: output))")
            guard name != "report" else { continue }
            let unmarked = PrivacyMatrix.needles.filter { !output.contains($0.marker) }.map(\.marker)
            #expect(unmarked.isEmpty, "\(reader) \(name) has no \(unmarked)")
        }
        // The ordinary text (the bodies that hold no secret) reads as it does without --redact.
        let control = try Self.outputs(reader, options: ReadOptions())
        let lines = { (outputs: [(String, String)]) in
            outputs.first { $0.0 == "bodies" }?.1.split(separator: "\n").map(String.init) ?? []
        }
        let ordinary = lines(control).filter { PrivacyMatrix.leaks(in: $0).isEmpty }
        #expect(ordinary.count == PrivacyMatrix.ordinary.count)
        let redacted = Set(lines(outputs))
        #expect(ordinary.filter { !redacted.contains($0) } == [])
    }

    @Test(
        "Without --redact every reader shows the secrets, so the matrix sees real data",
        arguments: PrivacyMatrix.readers)
    func control(reader: PrivacyMatrix.Reader) throws {
        let outputs = try Self.outputs(reader, options: ReadOptions())
        let html = try #require(outputs.first { $0.0 == "html" }?.1)
        for needle in PrivacyMatrix.needles {
            #expect(needle.fragments.contains { html.contains($0) }, "\(reader) lost \(needle.name) without --redact")
        }
    }

    /// The readers whose site is built through the command line (each run takes a while).
    static let siteReaders = [PrivacyMatrix.jsonLines, PrivacyMatrix.whatsApp, PrivacyMatrix.telegram]

    @Test(
        "No file of a site (pages, feeds, search index) nor its standard error holds a piece of a secret",
        arguments: siteReaders)
    func site(reader: PrivacyMatrix.Reader) throws {
        let folder = try TestFolders.folder("matrix-site")
        let input = try reader.write(PrivacyMatrix.entries(), into: folder.appendingPathComponent("input"))
        let site = folder.appendingPathComponent("site")
        let result = CLIRunner.run(["site", input, "-o", site.path, "--redact", "--base-url", "https://example.org/c/"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(PrivacyMatrix.leaks(in: result.stdout + result.stderr).isEmpty)
        let files = ArchiveTesting.files(under: site)
        #expect(files.contains { $0.hasSuffix(".atom") } && files.contains { $0.contains("search") })
        var everything = ""
        for file in files {
            let text = String(decoding: try Data(contentsOf: site.appendingPathComponent(file)), as: UTF8.self)
            #expect(PrivacyMatrix.leaks(in: file + "\n" + text).isEmpty, "\(file): \(PrivacyMatrix.leaks(in: text))")
            everything += text
        }
        for needle in PrivacyMatrix.needles { #expect(everything.contains(needle.marker)) }
    }

    @Test("A ShareGPT file, read or refused by the wrong reader, says nothing that holds a secret")
    func unreadInput() throws {
        let folder = try TestFolders.folder("matrix-sharegpt")
        let input = try PrivacyMatrix.shareGPT.write(PrivacyMatrix.entries(), into: folder)
        for (arguments, reads) in [
            ([input, "--redact"], true), ([input, "--redact", "--input-format", "chatgpt"], false),
        ] {
            let out = folder.appendingPathComponent("out.html")
            let result = CLIRunner.run(["render"] + arguments + ["-o", out.path])
            #expect((result.status == 0) == reads, "\(result.stderr)")
            #expect(PrivacyMatrix.leaks(in: result.stdout + result.stderr).isEmpty, "\(result.stderr)")
            if reads {
                let page = String(decoding: try Data(contentsOf: out), as: UTF8.self)
                #expect(PrivacyMatrix.leaks(in: page).isEmpty)
            }
        }
    }
}
