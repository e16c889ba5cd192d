import Foundation
import ScrollbackRender
import ScrollbackSite

/// Writes a file so that it is either the old one or the complete new one, never half of each.
///
/// Output goes to a temporary file in the same folder (`.NAME.scrollback-PID-RANDOM.tmp`),
/// is flushed to disk, and is renamed over the target; on any failure the temporary file
/// is removed and the target is left as it was. A run killed outright (SIGKILL, power
/// loss) cannot remove its temporary file; the next write of the same target removes
/// those whose process is gone, so at most one stale file per target outlives a crash.
package enum AtomicFile {
    /// Writes `path` with `body`, which receives a buffered stream.
    ///
    /// A target that exists and is not a regular file (`/dev/null`, a terminal, a named pipe) is
    /// written straight into: renaming a file over it would replace the device with a file.
    package static func write(_ path: String, _ body: (inout FileOutput) throws -> Void) throws {
        var info = stat()
        if stat(path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            try writeInPlace(path, body)
            return
        }
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        let prefix = "." + url.lastPathComponent + ".scrollback-"
        removeStaleTemporaries(in: folder, prefix: prefix)
        let temporary = folder + "/" + prefix + "\(getpid())-\(UInt32.random(in: 0...UInt32.max)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        var succeeded = false
        var open = true
        defer {
            if open { close(descriptor) }
            if !succeeded { unlink(temporary) }
        }
        let stream = FileDescriptorStream(descriptor: descriptor, writesBack: true)
        var output = FileOutput(stream: stream)
        try body(&output)
        stream.flush()
        if let failure = stream.failure { throw OutputError(path: path, reason: String(cString: strerror(failure))) }
        guard fsync(descriptor) == 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        close(descriptor)
        open = false
        guard rename(temporary, path) == 0 else {
            throw OutputError(path: path, reason: String(cString: strerror(errno)))
        }
        succeeded = true
    }

    /// Writes `path` as `write` does, holding the output's `OutputLock` as `merge` and `site` do:
    /// another run into the same output waits (`waiting` is called once, when it has to). A
    /// symbolic link at `path` is followed and the file it leads to written; the link stays.
    /// A device or a pipe is written as it is, without a lock.
    static func writeLocked(_ path: String, waiting: () -> Void, _ body: (inout FileOutput) throws -> Void) throws {
        let target = OutputLock.resolvingLinks(path)
        var info = stat()
        if stat(target, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            try writeInPlace(target, body)
            return
        }
        try OutputLock.holding(target, waiting: waiting) { try write(target, body) }
    }

    /// Writes a device or pipe as it is: there is no half-written file to avoid.
    private static func writeInPlace(_ path: String, _ body: (inout FileOutput) throws -> Void) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw OutputError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        let stream = FileDescriptorStream(descriptor: descriptor)
        var output = FileOutput(stream: stream)
        try body(&output)
        stream.flush()
        if let failure = stream.failure { throw OutputError(path: path, reason: String(cString: strerror(failure))) }
    }

    /// Removes temporary files of earlier writes to the same target whose process no longer runs.
    static func removeStaleTemporaries(in folder: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        for name in names where name.hasPrefix(prefix) && name.hasSuffix(".tmp") {
            // `PID-RANDOM.tmp`: only files named exactly as this type names them are touched.
            let parts = name.dropFirst(prefix.count).dropLast(4).split(separator: "-")
            guard parts.count == 2, let pid = Int32(parts[0]), UInt32(parts[1]) != nil, pid > 0 else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH { unlink(folder + "/" + name) }
        }
    }
}

/// The stream an atomic write hands its body.
package struct FileOutput: UTF8OutputStream {
    let stream: FileDescriptorStream
    package mutating func write(_ string: String) { stream.write(string) }
    package mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { stream.write(bytes: bytes) }
}

/// An output file that could not be written.
package struct OutputError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String
    package var description: String { "\(path): cannot write the output: \(reason)." }
}
