import Foundation
import ScrollbackCLI
import TestSupport
import Testing

/// Every file Scrollback writes goes through one atomic path.
@Suite("Atomic writes")
struct AtomicWriteTests {
    @Test("A write that fails half-way leaves the old file and no temporary file")
    func failedWriteKeepsOldFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = try folder.write("out.txt", "old\n")
        struct Stop: Error {}
        #expect(throws: Stop.self) {
            try AtomicFile.write(target) { output in
                output.write(String(repeating: "new ", count: 100_000))
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
        #expect(try folder.contents() == ["out.txt"])
    }

    @Test("A file written in many pieces, sent to disk as it grows, arrives whole and in order")
    func bigFileArrivesWhole() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let target = try folder.write("big.txt", "old\n")
        // Lines of different lengths, so a piece lost or repeated at any buffer's edge shows.
        let lines = (0..<600_000).map { "line \($0) " + String(repeating: "x", count: $0 % 61) + "\n" }
        try AtomicFile.write(target) { output in
            for line in lines { output.write(line) }
        }
        let written = try Data(contentsOf: URL(fileURLWithPath: target))
        let expected = Data(lines.joined().utf8)
        #expect(written.count == expected.count)
        #expect(written.count > 2 * 8 << 20)
        #expect(written == expected)
        #expect(try folder.contents() == ["big.txt"])
    }

    @Test("Temporary files of dead writers to the same target are removed; nothing else is touched")
    func staleTemporariesRemoved() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let dead = ".out.txt.scrollback-2147483000-17.tmp"  // above any pid_max: no such process
        let live = ".out.txt.scrollback-\(getpid())-18.tmp"
        let unrelated = [".out.txt.scrollback-notes.tmp", ".other.txt.scrollback-2147483000-1.tmp", "keep.tmp"]
        for name in [dead, live] + unrelated { try folder.write(name, "x") }
        try AtomicFile.write(folder.path("out.txt")) { $0.write("new\n") }
        #expect(try folder.contents() == ([live, "out.txt"] + unrelated).sorted())
    }

    @Test("Writing to a named pipe writes into it and leaves it a pipe (as -o /dev/null must stay a device)")
    func pipeStaysAPipe() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let pipe = folder.path("pipe")
        #expect(mkfifo(pipe, 0o600) == 0)
        // The reader drains the pipe to its end, so the writer never meets a closed pipe.
        let received = Capture()
        let done = DispatchSemaphore(value: 0)
        let reader = Thread {
            let descriptor = open(pipe, O_RDONLY)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while descriptor >= 0 {
                let count = read(descriptor, &buffer, buffer.count)
                if count <= 0 { break }
                received.append(String(decoding: buffer[0..<count], as: UTF8.self))
            }
            if descriptor >= 0 { close(descriptor) }
            done.signal()
        }
        reader.start()
        try AtomicFile.write(pipe) { $0.write("through the pipe\n") }
        done.wait()
        #expect(received.text == "through the pipe\n")
        var info = stat()
        #expect(stat(pipe, &info) == 0)
        #expect((info.st_mode & S_IFMT) == S_IFIFO)
        #expect(try folder.contents() == ["pipe"])
    }

    @Test("Output files are written only through AtomicFile (no other write API in Sources)")
    func onlyAtomicWrites() throws {
        // Writing APIs that bypass the temporary-file-and-rename path.
        let forbidden = [
            ".write(to:", ".write(toFile:", "createFile(", "FileHandle(forWriting", "forUpdating", "fopen(",
            "O_CREAT", "O_TRUNC", "copyItem(", "moveItem(", ".write(contentsOf:",
        ]
        // Files that own a write path: the atomic writer itself, the site's writer (staging folder + swap),
        // ScrollbackTesting's snapshot files (a test helper's, written with `.atomic`: temp + rename), and
        // the empty lock file beside an output (`OutputLock`, never written to).
        let allowed: Set<String> = [
            "AtomicFile.swift", "SiteWriter.swift", "DirectorySwap.swift", "Snapshot.swift", "OutputLock.swift",
        ]
        let sources = Fixtures.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        var offenders: [String] = []
        while let path = walker.nextObject() as? String {
            guard path.hasSuffix(".swift"), !allowed.contains((path as NSString).lastPathComponent) else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                for api in forbidden where Self.calls(line, api) { offenders.append("\(path):\(number + 1): \(api)") }
            }
        }
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    /// Whether `line` uses `api` as a whole name (`removeItem(` is not `moveItem(`, `zip_fopen(` not `fopen(`).
    static func calls(_ line: Substring, _ api: String) -> Bool {
        var rest = line[...]
        while let range = rest.range(of: api) {
            let before = range.lowerBound == line.startIndex ? nil : line[line.index(before: range.lowerBound)]
            if let before, api.first?.isLetter == true, before.isLetter || before.isNumber || before == "_" {
                rest = line[range.upperBound...]
                continue
            }
            return true
        }
        return false
    }
}
