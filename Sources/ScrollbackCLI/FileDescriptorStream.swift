import Foundation
import ScrollbackRender
import Synchronization

/// A buffered `TextOutputStream` over a file descriptor: output goes out in 64 KiB writes.
public final class FileDescriptorStream: TextOutputStream, @unchecked Sendable {
    /// Standard output, shared by the whole process.
    public static let standardOutput = FileDescriptorStream(descriptor: 1)

    private let descriptor: Int32
    private var buffer: [UInt8] = []
    private let lock = NSLock()
    /// The first write error, if any (a closed pipe, a full disk).
    public private(set) var failure: Int32?

    /// Wraps an open descriptor; the caller closes it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(1 << 16)
    }

    deinit { flush() }

    /// Appends text, writing out when the buffer is full.
    public func write(_ string: String) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(contentsOf: string.utf8)
        if buffer.count >= 1 << 16 { flushLocked() }
    }

    /// Appends UTF-8 bytes, writing out when the buffer is full.
    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(contentsOf: bytes)
        if buffer.count >= 1 << 16 { flushLocked() }
    }

    /// Writes out everything buffered.
    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
    }

    private func flushLocked() {
        guard !buffer.isEmpty else { return }
        if failure == nil, let error = Self.writeAll(buffer, to: descriptor) { failure = error }
        buffer.removeAll(keepingCapacity: true)
    }

    /// Writes text straight to a descriptor, unbuffered.
    public static func write(_ text: String, to descriptor: Int32) {
        _ = writeAll(Array(text.utf8), to: descriptor)
    }

    private static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32? {
        bytes.withUnsafeBytes { raw -> Int32? in
            var offset = 0
            while offset < raw.count {
                let written = Foundation.write(descriptor, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += written
            }
            return nil
        }
    }
}

/// A stream that forwards to a `FileDescriptorStream` (a value type for `inout some TextOutputStream`).
struct StreamForwarder: UTF8OutputStream {
    let target: FileDescriptorStream
    mutating func write(_ string: String) { target.write(string) }
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>) { target.write(bytes: bytes) }
}
