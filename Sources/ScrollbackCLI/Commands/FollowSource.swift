import Foundation

/// The lines of a growing input: a pipe read until it ends, or a file watched for appended lines.
///
/// A regular file is polled for growth, like `tail -f`, and never ends unless `once` is set; a
/// file that shrinks was truncated or replaced, and is read again from the start. So is one
/// rewritten in place, even when it is already longer than what was read: whenever the file
/// changes, samples of the bytes already read (its start, and the bytes just before the place
/// reached) are read again and compared.
///
/// A live view waits at most 10 ms between looks at a quiet file, and is woken at once by a
/// write (inotify, where the system has it), so a line reaches the page without waiting out the
/// poll.
///
/// Everything available is read at once (up to `batchLimit` bytes), so a backlog (a burst of
/// writes while the last batch was handled) comes back as one batch of lines, not a batch per read.
final class FollowSource {
    private var descriptor: Int32
    private let path: String
    private let isRegularFile: Bool
    private let once: Bool
    private var pending: [UInt8] = []
    private var offset: off_t = 0
    private var ended = false
    /// The first bytes read, and the last ones before `offset`: what a rewrite would change.
    private var head: [UInt8] = []
    private var tail: [UInt8] = []
    /// The file's size and modification time when it was last compared with the samples.
    private var compared: [Int] = []
    private static let sampleSize = 512
    /// The most bytes one batch reads, whatever more is available.
    static let batchLimit = 16 << 20
    /// Called when a watched file was truncated: what was read before no longer holds.
    var onRestart: () -> Void = {}
    /// An inotify descriptor that becomes readable when the file changes (-1: none yet; -2: none
    /// to be had, so the live view only polls).
    private var changes: Int32 = -1

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

    deinit {
        if descriptor != 0 { close(descriptor) }
        if changes >= 0 { close(changes) }
    }

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
            if isRegularFile, !once, wasRewritten() {
                restart()
                continue
            }
            let count = readAvailable()
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
                // A live view looks more often, and is woken by a write.
                if timeout == nil { usleep(200_000) } else { waitForChange(milliseconds: 10) }
                continue
            }
            guard let lastNewline = pending.lastIndex(of: UInt8(ascii: "\n")) else { continue }
            let complete = pending[..<lastNewline]
            pending.removeSubrange(...lastNewline)
            return complete.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
                line.last == UInt8(ascii: "\r") ? Array(line.dropLast()) : Array(line)
            }
        }
    }

    /// Reads what is available now, up to `batchLimit` bytes, into `pending`: the count read, or
    /// `read`'s answer (0 at the end, -1 on an error) when nothing was.
    private func readAvailable() -> Int {
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var total = 0
        while total < Self.batchLimit {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { return total > 0 ? total : count }
            record(buffer[0..<count])
            total += count
            if !isRegularFile {
                // A pipe: read on only while more is there already.
                var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
                if poll(&waiting, 1, 0) <= 0 { break }
            }
        }
        return total
    }

    /// Adds bytes just read to `pending` and to the samples a rewrite is found by.
    private func record(_ bytes: ArraySlice<UInt8>) {
        offset += off_t(bytes.count)
        pending += bytes
        if head.count < Self.sampleSize { head += bytes.prefix(Self.sampleSize - head.count) }
        tail += bytes.suffix(Self.sampleSize)
        if tail.count > Self.sampleSize { tail.removeFirst(tail.count - Self.sampleSize) }
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
        restart()
        return true
    }

    /// Waits up to `milliseconds`, or until the file changes (when inotify tells).
    private func waitForChange(milliseconds: Int32) {
        #if os(Linux)
            if changes == -1 {
                let made = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
                changes = made >= 0 ? made : -2
                watchPath()
            }
            if changes >= 0 {
                var waiting = pollfd(fd: changes, events: Int16(POLLIN), revents: 0)
                guard poll(&waiting, 1, milliseconds) > 0 else { return }
                var events = [UInt8](repeating: 0, count: 4096)
                while events.withUnsafeMutableBytes({ read(changes, $0.baseAddress, $0.count) }) > 0 {}
                return
            }
        #endif
        usleep(UInt32(milliseconds) * 1000)
    }

    /// Watches the file now at `path` (again, after it was replaced) for writes and moves.
    private func watchPath() {
        #if os(Linux)
            guard changes >= 0 else { return }
            let mask = IN_MODIFY | IN_ATTRIB | IN_CLOSE_WRITE | IN_MOVE_SELF | IN_DELETE_SELF
            _ = inotify_add_watch(changes, path, UInt32(mask))
        #endif
    }

    /// Reads the file again from its start.
    private func restart() {
        watchPath()
        lseek(descriptor, 0, SEEK_SET)
        offset = 0
        pending = []
        head = []
        tail = []
        onRestart()
    }

    /// Whether the file changed since it was last compared and the bytes already read are no
    /// longer what it holds there (it was truncated and written again, or rewritten in place).
    private func wasRewritten() -> Bool {
        var info = stat()
        guard offset > 0, fstat(descriptor, &info) == 0 else { return false }
        let stamp = [Int(info.st_size), info.st_mtim.tv_sec, info.st_mtim.tv_nsec, Int(info.st_ino)]
        guard stamp != compared else { return false }
        compared = stamp
        return !holds(head, at: 0) || !holds(tail, at: offset - off_t(tail.count))
    }

    /// Whether the file holds `bytes` at `position`.
    private func holds(_ bytes: [UInt8], at position: off_t) -> Bool {
        guard !bytes.isEmpty else { return true }
        var found = [UInt8](repeating: 0, count: bytes.count)
        let count = found.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, position) }
        return count == bytes.count && found == bytes
    }
}
