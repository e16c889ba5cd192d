import Foundation
import TestSupport
import Testing

/// Whether `sentence` starts in lower case: a word in capitals (`JSON`) or a quote may start it,
/// a capitalised word (`The`, `A`) may not.
private func startsInLowerCase(_ sentence: Substring) -> Bool {
    let word = sentence.prefix { $0.isLetter }
    guard let first = word.first else { return true }
    return first.isLowercase || (word.count > 1 && word.allSatisfy(\.isUppercase))
}

/// `line` after `scrollback: KIND: ` and after `location` (with its `:LINE:COLUMN`), when it starts with it.
private func sentence(of line: Substring, after location: String) -> Substring {
    var text = line.drop { $0 != ":" }.dropFirst().drop { $0 != ":" }.dropFirst().drop { $0 == " " }
    if !location.isEmpty, text.hasPrefix(location) {
        text = text.dropFirst(location.count).drop { $0 == ":" || $0.isNumber }.drop { $0 == " " }
    }
    return text
}

@Suite("Errors, notes and warnings start in lower case after their location")
struct MessageCaseTests {
    @Test("Every error line of bad input, bad options and bad privacy files starts in lower case")
    func errors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let chat = try folder.write("chat.json", #"{"version": 1, "messages": []}"#)
        let cases: [(arguments: [String], place: String, status: Int32)] = [
            (["validate", try folder.write("bad.json", #"{"version": 1, "messages": ["#)], "bad.json", 1),
            (["validate", try folder.write("bad.jsonl", "[1, 2]\n")], "bad.jsonl", 1),
            (["validate", try folder.write("empty.json", "")], "empty.json", 1),
            (["validate", try folder.write("new.json", #"{"version": 9, "messages": []}"#)], "new.json", 1),
            (["render", folder.path("missing.json")], "missing.json", 1),
            (["render", chat, "--color", "nevr"], "--color", 2),
            (["render", chat, "--people", try folder.write("people.json", "[1]")], "people.json", 1),
            (["render", chat, "--people", try folder.write("people.vcf", "BEGIN:VCARD\nFN:Lee\n")], "people.vcf", 1),
            (["render", chat, "--redact-rules", folder.url.path], folder.url.lastPathComponent, 1),
            (["render", chat, "--redact-rules", try folder.write("rules.txt", "email: (a|)\n")], "rules.txt", 1),
        ]
        for item in cases {
            let result = CLIRunner.run(item.arguments)
            let lines = result.stderr.split(separator: "\n")
            #expect(result.status == item.status, "\(item.arguments): \(result.stderr)")
            #expect(lines.count == 1 && lines[0].hasPrefix("scrollback: error: "), "\(result.stderr)")
            #expect(lines[0].contains(item.place), "\(result.stderr)")
            let location = item.place.hasPrefix("-") ? "" : folder.path(item.place)
            for line in lines {
                #expect(startsInLowerCase(sentence(of: line, after: location)), "\(line)")
            }
        }
    }

    @Test("Notes, warnings and skipped entries under an input's heading start in lower case too")
    func notesAndWarnings() throws {
        let shared = try #require(Fixtures.shared)
        let telegram = shared.appendingPathComponent("telegram/telegram-export-md/result.json").path
        let claude = shared.appendingPathComponent("claude-code/claude-code-log/edge_cases.jsonl").path
        for arguments in [["render", telegram, "--conversation", "42"], ["render", claude]] {
            let result = CLIRunner.run(arguments + ["--format", "text"])
            #expect(result.status == 0, "\(result.stderr)")
            let lines = result.stderr.split(separator: "\n").filter {
                $0.hasPrefix("scrollback: note: ") || $0.hasPrefix("scrollback: warning: ") || $0.hasPrefix("  ")
            }
            #expect(lines.count >= 3)
            for line in lines {
                var text = line.hasPrefix("  ") ? line.drop { $0 == " " } : sentence(of: line, after: "")
                // Under the heading a place is `line 12, column 5: ` or `FILE, line 3: `, not the input's path.
                if let place = text.firstMatch(of: #/^([^ ]+, )?line \d+(, column \d+)?: /#) {
                    text = text[place.range.upperBound...]
                }
                #expect(!text.hasPrefix("/"), "\(line)")
                #expect(startsInLowerCase(text), "\(line)")
            }
        }
    }
}
