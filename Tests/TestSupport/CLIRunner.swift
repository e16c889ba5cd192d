import Foundation
import ScrollbackCLI

/// Runs the command line in-process with captured output, or the built binary as a subprocess.
public enum CLIRunner {
    /// What a run printed and returned.
    public struct Result: Sendable {
        public var status: Int32
        public var stdout: String
        public var stderr: String
    }

    /// Runs `arguments` through `CommandLineTool.run` with a console that captures output.
    public static func run(
        _ arguments: [String], environment: [String: String] = [:], outIsTerminal: Bool = false,
        errIsTerminal: Bool = false, terminalWidth: Int? = nil
    ) -> Result {
        let out = Capture()
        let err = Capture()
        var console = Console(
            out: { out.append($0) }, err: { err.append($0) }, errIsTerminal: errIsTerminal,
            outIsTerminal: outIsTerminal, environment: environment, terminalWidth: terminalWidth)
        let status = CommandLineTool.run(arguments, console: &console)
        return Result(status: status, stdout: out.text, stderr: err.text)
    }

    /// The built `scrollback` binary (debug build), for tests that need a real process.
    public static var binary: URL {
        Fixtures.packageRoot.appendingPathComponent(".build/debug/scrollback")
    }

    /// Runs the built binary with exactly `environment` and optional standard input.
    public static func spawn(
        _ arguments: [String], environment: [String: String], stdin: Data? = nil, currentDirectory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = environment
        if let currentDirectory { process.currentDirectoryURL = currentDirectory }
        let outPipe = Pipe()
        let errPipe = Pipe()
        let inPipe = Pipe()
        process.standardOutput = outPipe
        process.standardError = errPipe
        process.standardInput = inPipe
        try process.run()
        if let stdin { inPipe.fileHandleForWriting.write(stdin) }
        try inPipe.fileHandleForWriting.close()
        // Read both pipes fully before waiting, so a large output cannot block the child.
        let group = DispatchGroup()
        let errBox = Capture()
        group.enter()
        DispatchQueue.global().async {
            errBox.append(String(decoding: errPipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
            group.leave()
        }
        let outData = outPipe.fileHandleForReading.readDataToEndOfFile()
        group.wait()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self), stderr: errBox.text)
    }
}

/// A thread-safe text accumulator, for a console's `@Sendable` closures.
public final class Capture: @unchecked Sendable {
    private let lock = NSLock()
    private var storage = ""
    public init() {}
    public func append(_ text: String) {
        lock.lock()
        storage += text
        lock.unlock()
    }
    public var text: String {
        lock.lock()
        defer { lock.unlock() }
        return storage
    }
}

/// A fresh temporary folder in the test process's root (`TestFolders`), removed by the caller with
/// `remove()`, or with the root when the process exits.
public struct TemporaryFolder {
    public let url: URL
    public init() throws {
        url = try TestFolders.folder("test")
    }
    /// Writes a file in the folder and returns its path.
    @discardableResult
    public func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
        return file.path
    }
    /// Writes raw bytes.
    @discardableResult
    public func write(_ name: String, bytes: [UInt8]) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return file.path
    }
    /// The path of a file in the folder.
    public func path(_ name: String) -> String { url.appendingPathComponent(name).path }
    /// Names of the files in the folder, sorted.
    public func contents() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
    public func remove() { try? FileManager.default.removeItem(at: url) }
}
