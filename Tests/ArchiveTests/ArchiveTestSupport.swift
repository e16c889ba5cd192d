import Foundation
import Scrollback
import TestSupport

/// A small deterministic random generator (SplitMix64), so property tests fail the same way twice.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum ArchiveTesting {
    /// Reads native JSON Lines text.
    static func read(_ text: String, name: String = "archive.jsonl") throws -> Transcript {
        try Transcript.load(bytes: Array(text.utf8), name: name, format: .jsonl)
    }

    /// The transcript without where its parts were read from (not data a writer carries).
    static func withoutLocations(_ transcript: Transcript) -> Transcript {
        var result = transcript
        result.source = nil
        result.messages = transcript.messages.map { message in
            var message = message
            message.location = nil
            return message
        }
        return result
    }

    /// Every file under `folder` (recursively), as relative paths.
    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var files: [String] = []
        while let next = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(
                atPath: folder.appendingPathComponent(next).path, isDirectory: &isDirectory),
                !isDirectory.boolValue
            {
                files.append(next)
            }
        }
        return files.sorted()
    }

    /// A folder of test inputs written by hand, inside the package.
    static func fixture(_ name: String) -> String {
        Fixtures.packageRoot.appendingPathComponent("Tests/ArchiveTests/Fixtures").appendingPathComponent(name).path
    }
}
