import Foundation
import Scrollback
import TestSupport

/// Temporary folders, small logs and a link crawler for the site tests.
enum SiteTest {
    /// A fresh, empty folder in the test process's temporary root (`TestFolders`).
    static func folder(_ name: String = "site") throws -> URL {
        try TestFolders.folder(name)
    }

    /// A native log: messages as `(id, sender, "YYYY-MM-DDTHH:MM", text, extra JSON fields)`.
    static func log(title: String, _ messages: [(String, String, String, String, String)]) -> String {
        let items = messages.map { id, sender, time, text, extra in
            let textJSON = String(decoding: try! JSONEncoder().encode(text), as: UTF8.self)
            return #"{"id": "\#(id)", "sender": "\#(sender)", "time": "\#(time):00Z", "text": \#(textJSON)\#(extra)}"#
        }
        return """
            {"version": 1, "title": \(String(decoding: try! JSONEncoder().encode(title), as: UTF8.self)), "me": "ana", "timeZone": "UTC",
             "participants": [{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben Okafor"}],
             "messages": [\(items.joined(separator: ",\n"))]}
            """
    }

    /// Writes `text` to `name` in `folder` and returns its path.
    @discardableResult
    static func write(_ text: String, _ name: String, in folder: URL) throws -> String {
        let url = folder.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        return url.path
    }

    /// Builds a site and returns its summary and the warnings it gave.
    @discardableResult
    static func build(_ inputs: [String], into folder: URL, options: SiteOptions = SiteOptions()) throws -> (
        SiteSummary, [String]
    ) {
        let warnings = Warnings()
        let summary = try SiteBuilder.build(
            inputs.map { SiteInput(path: $0) }, into: folder.path, options: options, warn: { warnings.add($0) })
        return (summary, warnings.all)
    }

    /// The examples shipped in `Examples/`.
    static var examples: [String] {
        ["hiking-club.json", "tickets.json", "weekend-plans.json"].map { Fixtures.example($0).path }
    }

    /// Every regular file under `folder` (relative paths, sorted), hidden ones included.
    static func files(_ folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: folder.path)
        var result: [String] = []
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: folder.path + "/" + path, isDirectory: &isDirectory)
            if !isDirectory.boolValue { result.append(path) }
        }
        return result.sorted()
    }

    /// `path → (inode, modification time in nanoseconds)` for every file of a site.
    static func identities(_ folder: URL) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        for path in files(folder) {
            var info = stat()
            stat(folder.path + "/" + path, &info)
            result[path] = [Int(info.st_ino), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        }
        return result
    }

    /// `path → bytes` for every file of a site.
    static func contents(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for path in files(folder) { result[path] = try Data(contentsOf: folder.appendingPathComponent(path)) }
        return result
    }

    static func read(_ folder: URL, _ path: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(path)), as: UTF8.self)
    }
}

/// Collects warnings from a build (called from several threads).
final class Warnings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []
    func add(_ warning: String) { lock.withLock { items.append(warning) } }
    var all: [String] { lock.withLock { items } }
}
