import Foundation
import TestSupport
import Testing

/// The tests' temporary folders all live in one root a process, which the process removes as it
/// exits and a later process removes when it was killed first.
@Suite("Test folders")
struct TestFoldersTests {
    @Test("Folders are made fresh, empty and distinct in this process's root in the temporary folder")
    func insideTheRoot() async throws {
        let root = TestFolders.root.standardizedFileURL
        #expect(root.lastPathComponent == "scrollback-tests-\(getpid())")
        #expect(
            root.deletingLastPathComponent().path == FileManager.default.temporaryDirectory.standardizedFileURL.path)
        // Made at once from many tasks, as tests running in parallel make them.
        let made = try await withThrowingTaskGroup(of: URL.self) { group in
            for _ in 0..<64 { group.addTask { try TestFolders.folder("same") } }
            return try await group.reduce(into: [URL]()) { $0.append($1) }
        }
        defer { for folder in made { try? FileManager.default.removeItem(at: folder) } }
        #expect(Set(made.map(\.path)).count == made.count)
        for folder in made {
            #expect(folder.deletingLastPathComponent().standardizedFileURL.path == root.path)
            #expect(folder.lastPathComponent.hasPrefix("same-"))
            #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty)
        }
        let path = TestFolders.path("out", suffix: ".json")
        #expect(path.deletingLastPathComponent().standardizedFileURL.path == root.path)
        #expect(path.lastPathComponent.hasPrefix("out-") && path.lastPathComponent.hasSuffix(".json"))
        #expect(!FileManager.default.fileExists(atPath: path.path))
        #expect(TestFolders.path("out", suffix: ".json") != path)
    }

    @Test("The test helpers make their folders in the root")
    func helpersUseTheRoot() throws {
        let root = TestFolders.root.standardizedFileURL.path
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let harness = try CheckHarness()
        defer { try? FileManager.default.removeItem(at: harness.folder) }
        for url in [folder.url, harness.folder] {
            #expect(url.deletingLastPathComponent().standardizedFileURL.path == root)
            #expect(try FileManager.default.contentsOfDirectory(atPath: url.path).isEmpty)
        }
        #expect(folder.url != harness.folder)
    }

    @Test("Only folders named exactly as a root, of processes that no longer run, are removed")
    func staleRoots() throws {
        let parent = try TestFolders.folder("stale")
        defer { try? FileManager.default.removeItem(at: parent) }
        // A child that has exited and been waited for: its id names no process now.
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/sh")
        child.arguments = ["-c", "exit 0"]
        try child.run()
        child.waitUntilExit()
        let exited = child.processIdentifier
        let dead = ["scrollback-tests-\(exited)", "scrollback-tests-2147483000"]  // the second: above any pid_max
        let live = ["scrollback-tests-\(getpid())", "scrollback-tests-\(getppid())"]
        let unlike = [
            "scrollback-tests-\(exited)-old", "scrollback-tests-0\(exited)", "scrollback-tests-+\(exited)",
            "scrollback-tests-", "scrollback-tests-0", "scrollback-tests--1", "scrollback-check-\(exited)",
        ]
        for name in dead + live + unlike {
            try FileManager.default.createDirectory(
                at: parent.appendingPathComponent(name).appendingPathComponent("inside"),
                withIntermediateDirectories: true)
        }
        // A file and a link with a dead root's name are not folders it made.
        let file = "scrollback-tests-2147483001"
        let link = "scrollback-tests-2147483002"
        try Data("x".utf8).write(to: parent.appendingPathComponent(file))
        try FileManager.default.createSymbolicLink(
            at: parent.appendingPathComponent(link), withDestinationURL: parent.appendingPathComponent(live[0]))

        #expect(TestFolders.removeStaleRoots(in: parent) == dead.sorted())
        let left = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
        #expect(left == (live + unlike + [file, link]).sorted())
        #expect(FileManager.default.fileExists(atPath: parent.appendingPathComponent(live[0] + "/inside").path))
        #expect(TestFolders.removeStaleRoots(in: parent).isEmpty)
    }

    @Test("A root's name gives its process id only when it is exactly scrollback-tests-PID")
    func rootNames() {
        #expect(TestFolders.pid(ofRoot: "scrollback-tests-1234") == 1234)
        for name in ["scrollback-tests-", "scrollback-tests-01234", "scrollback-tests-+1234", "scrollback-tests-0"] {
            #expect(TestFolders.pid(ofRoot: name) == nil, "\(name)")
        }
        for name in ["scrollback-tests--5", "scrollback-tests-12a", "scrollback-test-1234", "x-scrollback-tests-1"] {
            #expect(TestFolders.pid(ofRoot: name) == nil, "\(name)")
        }
    }

    @Test("No test makes a temporary folder or file outside the root (TestFolders)")
    func everyTestUsesTheRoot() throws {
        // What makes a path in the system's temporary folder directly.
        let swift = ["temporaryDirectory", "NSTemporaryDirectory", "mkdtemp(", "mkstemp(", "tmpfile(", "tmpnam("]
        let python = ["mkdtemp(", "mkstemp(", "NamedTemporaryFile(delete=False"]
        // TestFolders itself, this file, and the library example, which uses only what another package
        // has, and removes its one folder and the snapshot helper's new output itself.
        let allowed: Set<String> = [
            "TestSupport/TestFolders.swift", "CLITests/TestFoldersTests.swift",
            "LibraryExampleTests/FileURLTests.swift", "LibraryExampleTests/SnapshotHelperTests.swift",
        ]
        let tests = Fixtures.packageRoot.appendingPathComponent("Tests")
        let walker = try #require(FileManager.default.enumerator(atPath: tests.path))
        var offenders: [String] = []
        var scanned = 0
        while let path = walker.nextObject() as? String {
            let forbidden = path.hasSuffix(".swift") ? swift : path.hasSuffix(".py") ? python : []
            guard !forbidden.isEmpty, !allowed.contains(path) else { continue }
            scanned += 1
            let text = try String(contentsOf: tests.appendingPathComponent(path), encoding: .utf8)
            for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                for api in forbidden where line.contains(api) { offenders.append("\(path):\(number + 1): \(api)") }
            }
        }
        #expect(scanned > 100)
        #expect(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }
}
