import Foundation
import Scrollback
import TestSupport
import Testing

/// Every reader × every output, for needles in attachments: with `--redact --anonymize`, a name,
/// a phone number and an address in a file's name or in an image's metadata are in no byte of a
/// page (its inlined files included), layout JSON, text, site (its copied files and their names,
/// feeds, search index) or standard error.
@Suite("Privacy matrix: file names and image metadata")
struct PrivacyMediaMatrixTests {
    static let options = ["--redact", "--anonymize"]

    /// What each output of `reader`'s input holds: (output, text) pairs, files as Latin-1.
    static func outputs(_ reader: PrivacyMediaMatrix.Reader, options: [String]) throws -> [(String, String)] {
        let folder = try TestFolders.folder("media-matrix")
        let input = try reader.write(into: folder.appendingPathComponent("input"))
        var outputs: [(String, String)] = []
        for name in ["page.html", "layout.json", "chat.txt"] {
            let output = folder.appendingPathComponent(name).path
            let run = CLIRunner.run(["render", input, "-o", output] + options)
            try #require(run.status == 0, "\(reader) \(name): \(run.stderr)")
            outputs.append(("\(name) stderr", run.stdout + run.stderr))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
            let (text, payloads) = PrivacyMediaMatrix.splitDataURLs(PrivacyMediaMatrix.latin1(bytes))
            outputs.append((name, text))
            outputs += payloads.map { ("\(name) inlined file", $0) }
        }
        let site = folder.appendingPathComponent("site")
        let built = CLIRunner.run(["site", input, "-o", site.path, "--base-url", "https://example.org/c/"] + options)
        try #require(built.status == 0, "\(reader) site: \(built.stderr)")
        outputs.append(("site stderr", built.stdout + built.stderr))
        for file in ArchiveTesting.files(under: site) {
            let bytes = [UInt8](try Data(contentsOf: site.appendingPathComponent(file)))
            outputs.append(("site \(file)", file + "\n" + PrivacyMediaMatrix.latin1(bytes)))
        }
        return outputs
    }

    @Test(
        "No output of any reader holds a name, number or address from a file's name or an image's metadata",
        arguments: PrivacyMediaMatrix.readers)
    func nothingLeaks(reader: PrivacyMediaMatrix.Reader) throws {
        for (name, text) in try Self.outputs(reader, options: Self.options) {
            let leaks = PrivacyMediaMatrix.leaks(in: text, names: reader.namesPeople)
            #expect(leaks.isEmpty, "\(reader) \(name): \(leaks)")
        }
    }

    @Test(
        "Without the options every reader's outputs show the file names and metadata, so the matrix sees real data",
        arguments: PrivacyMediaMatrix.readers)
    func control(reader: PrivacyMediaMatrix.Reader) throws {
        let outputs = try Self.outputs(reader, options: [])
        let page = outputs.filter { $0.0.hasPrefix("page.html") && !$0.0.hasSuffix("stderr") }.map(\.1).joined()
        #expect(page.contains("examplemail"), "\(reader): no file name")
        if reader.keepsFiles {
            // The metadata of the photo reaches the page without the options.
            #expect(page.contains("GPSLatitude Artist " + PrivacyMediaMatrix.metadata), "\(reader): no metadata")
        }
    }

    @Test(
        "With the options the neutral photo is still shown, without its metadata", arguments: PrivacyMediaMatrix.readers
    )
    func neutralPhotoKept(reader: PrivacyMediaMatrix.Reader) throws {
        guard reader.keepsFiles else { return }
        let outputs = try Self.outputs(reader, options: Self.options)
        let inlined = outputs.filter { $0.0 == "page.html inlined file" }.map(\.1)
        #expect(inlined.contains(PrivacyMediaMatrix.latin1(TestImages.jpeg())), "\(reader): \(inlined.count) inlined")
        let media = outputs.filter { $0.0.hasPrefix("site media/") }.map(\.1)
        #expect(
            !reader.copied || media.contains { $0.hasSuffix(PrivacyMediaMatrix.latin1(TestImages.jpeg())) }, "\(reader)"
        )
    }
}
