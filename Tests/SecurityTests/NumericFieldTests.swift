import Foundation
import Scrollback
import TestSupport
import Testing

extension InputFormat {
    fileprivate var isNative: Bool { self == .scrollback || self == .jsonl }
}

/// No number in an export, however large, small or odd, stops a run with a trap: each is read,
/// laid out and rendered, or the run fails with one error line.
@Suite("Numbers in every field")
struct NumericFieldTests {
    static let formats: [OutputFormat] = [.html, .text, .json, .ansi]

    @Test("Each format's sample reads and renders as written", arguments: NumericInput.all)
    func sampleReads(input: NumericInput) throws {
        let transcript = try Transcript.load(path: try input.writeSample(), format: input.format)
        #expect(!transcript.messages.isEmpty)
        for format in Self.formats { #expect(!(try transcript.render(format)).isEmpty) }
    }

    @Test(
        "An edge value in any one numeric field is read and rendered, or is one error line", arguments: NumericInput.all
    )
    func edgeValueInEachField(input: NumericInput) throws {
        for slot in input.defaults.indices {
            for value in NumericInput.edgeValues {
                let path = try input.write { $0 == slot ? value : input.defaults[$0] }
                let transcript: Transcript
                do {
                    transcript = try Transcript.load(path: path, format: input.format)
                } catch {
                    let text = String(describing: error)
                    #expect(!text.contains("\n") && !text.isEmpty, "slot \(slot) = \(value): \(text)")
                    continue
                }
                for format in Self.formats {
                    let output = try transcript.render(format)
                    #expect(!output.isEmpty, "slot \(slot) = \(value), \(format)")
                }
            }
        }
    }

    @Test(
        "The command line renders and builds a site from an export with an edge value in every numeric field",
        arguments: NumericInput.all)
    func cliEveryField(input: NumericInput) throws {
        for value in ["9223372036854775808", "-9223372036854775809", "1e400"] {
            // The native logs' version keeps its value: a bad version stops reading before any other number.
            let path = try input.write { $0 == 0 && input.format.isNative ? input.defaults[0] : value }
            let out = try TestFolders.folder("numbers-out")
            var runs: [(String, [String])] = Self.formats.filter { $0 != .ansi }.map { format in
                (
                    format.rawValue,
                    [
                        "render", path, "--input-format", input.format.rawValue, "--format", format.rawValue,
                        "-o", out.appendingPathComponent("out.\(format.rawValue)").path,
                    ]
                )
            }
            runs.append(
                (
                    "site",
                    [
                        "site", path, "--input-format", input.format.rawValue, "-o",
                        out.appendingPathComponent("site").path,
                    ]
                ))
            for (label, arguments) in runs {
                let result = try CLIRunner.spawn(arguments, environment: [:])
                let context = "\(input.name), every number \(value), \(label): exit \(result.status), \(result.stderr)"
                // A trap is exit 132 (SIGILL) or 133 (SIGTRAP) with a backtrace.
                #expect(result.status == 0 || result.status == 1, "\(context)")
                if result.status == 1 {
                    let lines = result.stderr.split(separator: "\n")
                    #expect(lines.count == 1 && lines[0].hasPrefix("scrollback: error: "), "\(context)")
                }
            }
        }
    }
}
