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

    /// Runs the built binary (or `executable`) with exactly `environment` and optional standard input.
    public static func spawn(
        _ arguments: [String], executable: URL? = nil, environment: [String: String], stdin: Data? = nil,
        currentDirectory: URL? = nil
    ) throws -> Result {
        let process = Process()
        process.executableURL = executable ?? binary
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

extension CLIRunner {
    /// A run of the built binary that the test watches while it runs.
    public final class Running {
        public let process: Process
        private let errText = Capture()
        private let outText = Capture()
        private let done = DispatchGroup()

        init(_ arguments: [String], environment: [String: String]) throws {
            process = Process()
            process.executableURL = CLIRunner.binary
            process.arguments = arguments
            process.environment = environment
            let outPipe = Pipe()
            let errPipe = Pipe()
            process.standardOutput = outPipe
            process.standardError = errPipe
            process.standardInput = FileHandle.nullDevice
            try process.run()
            for (pipe, text) in [(errPipe, errText), (outPipe, outText)] {
                done.enter()
                let handle = pipe.fileHandleForReading
                DispatchQueue.global().async { [done] in
                    while case let data = handle.availableData, !data.isEmpty {
                        text.append(String(decoding: data, as: UTF8.self))
                    }
                    done.leave()
                }
            }
        }

        /// What the run has written to standard error so far.
        public var stderr: String { errText.text }

        /// Waits up to `seconds` for standard error to hold `text` or for the run to end; says
        /// whether it holds `text`.
        public func waitForStderr(_ text: String, seconds: Double = 120) -> Bool {
            let deadline = Date().addingTimeInterval(seconds)
            while !stderr.contains(text) && process.isRunning && Date() < deadline { usleep(10_000) }
            return stderr.contains(text)
        }

        /// Waits for the run to end and returns what it printed and returned.
        public func wait() -> Result {
            process.waitUntilExit()
            done.wait()
            return Result(status: process.terminationStatus, stdout: outText.text, stderr: errText.text)
        }
    }

    /// Starts the built binary with exactly `environment`, standard input empty, and returns at once.
    public static func start(_ arguments: [String], environment: [String: String] = [:]) throws -> Running {
        try Running(arguments, environment: environment)
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

/// An exclusive `flock` on a file, held as a running `scrollback` holds its output's lock, until
/// `release()`.
public final class HeldLock {
    private var descriptor: Int32

    /// Locks `path` (made if missing), waiting for no one: it fails when the lock is taken.
    public init(_ path: String) throws {
        descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: path])
        }
    }

    /// Lets go of the lock (the file stays).
    public func release() {
        guard descriptor >= 0 else { return }
        close(descriptor)
        descriptor = -1
    }

    deinit { release() }
}
