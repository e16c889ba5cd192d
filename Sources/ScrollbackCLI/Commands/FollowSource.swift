import Foundation

/// The lines of a growing input: a pipe read until it ends, or a file watched for appended lines.
///
/// A regular file is polled for growth, like `tail -f`, and never ends unless `once` is set; a
/// file that shrinks was truncated or replaced, and is read again from the start.
final class FollowSource {
    private var descriptor: Int32
    private let path: String
    private let isRegularFile: Bool
    private let once: Bool
    private var pending: [UInt8] = []
    private var offset: off_t = 0
    private var ended = false
    /// Called when a watched file was truncated: what was read before no longer holds.
    var onRestart: () -> Void = {}

    /// Opens `path` (`-` is standard input).
    init(path: String, once: Bool) throws {
        self.path = path
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let reason = errno == ENOENT ? "No such file." : String(cString: strerror(errno)) + "."
                throw UsageError("\(path): cannot open it: \(reason)")
            }
        }
        var info = stat()
        isRegularFile = fstat(descriptor, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        self.once = once
    }

    deinit { if descriptor != 0 { close(descriptor) } }

    /// The complete lines available now, waiting until there is at least one; `nil` once the input has ended.
    func nextLines() -> [[UInt8]]? {
        while true {
            guard let lines = nextLines(within: nil) else { return nil }
            if !lines.isEmpty { return lines }
        }
    }

    /// The complete lines that arrive within `timeout` seconds (`nil`: however long it takes);
    /// an empty list when none did, `nil` once the input has ended.
    func nextLines(within timeout: Double?) -> [[UInt8]]? {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) }
        while true {
            if ended { return nil }
            if let deadline, !isRegularFile {
                let left = deadline.timeIntervalSinceNow
                if left <= 0 { return [] }
                var descriptor = pollfd(fd: self.descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&descriptor, 1, Int32(left * 1000) + 1) == 0 { return [] }
            }
            var buffer = [UInt8](repeating: 0, count: 1 << 16)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                ended = true
                return finalLine()
            }
            if count == 0 {
                if !isRegularFile || once {
                    ended = true
                    return finalLine()
                }
                if checkTruncation() { continue }
                if let deadline, deadline.timeIntervalSinceNow <= 0 { return [] }
                usleep(timeout == nil ? 200_000 : 10_000)  // a live view polls more often
                continue
            }
            offset += off_t(count)
            pending += buffer[0..<count]
            guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let complete = pending[..<lastNewline]
            pending.removeSubrange(...lastNewline)
            return complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
            }
        }
    }

    /// An unterminated last line, when the input ends without a newline.
    private func finalLine() -> [[UInt8]]? {
        guard !pending.isEmpty else { return nil }
        defer { pending = [] }
        return [pending]
    }

    /// Whether the file was truncated or replaced (another file now has its name): then it is
    /// read again from the start.
    private func checkTruncation() -> Bool {
        var info = stat()
        var named = stat()
        guard fstat(descriptor, &info) == 0 else { return false }
        if stat(path, &named) == 0, named.st_ino != info.st_ino || named.st_dev != info.st_dev {
            let replacement = open(path, O_RDONLY | O_CLOEXEC)
            guard replacement >= 0 else { return false }
            close(descriptor)
            descriptor = replacement
        } else if info.st_size >= offset {
            return false
        }
        lseek(descriptor, 0, SEEK_SET)
        offset = 0
        pending = []
        onRestart()
        return true
    }
}
