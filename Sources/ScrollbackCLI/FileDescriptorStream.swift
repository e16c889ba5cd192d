import Foundation
import ScrollbackRender
import Synchronization

/// A buffered `TextOutputStream` over a file descriptor: output goes out in 64 KiB writes.
public final class FileDescriptorStream: TextOutputStream, Sendable {
    /// Standard output, shared by the whole process.
    public static let standardOutput = FileDescriptorStream(descriptor: 1)

    private let descriptor: Int32
    private let state: Mutex<Buffer>

    /// What is waiting to be written, and the first error writing met.
    private struct Buffer {
        var bytes: [UInt8] = []
        var failure: Int32?
    }

    /// The first write error, if any (a closed pipe, a full disk).
    public var failure: Int32? { state.withLock { $0.failure } }

    /// Wraps an open descriptor; the caller closes it.
    public init(descriptor: Int32) {
        self.descriptor = descriptor
        var buffer = Buffer()
        buffer.bytes.reserveCapacity(1 << 16)
        state = Mutex(buffer)
    }

    deinit { flush() }

    /// Appends text, writing out when the buffer is full.
    public func write(_ string: String) {
        state.withLock { buffer in
            buffer.bytes.append(contentsOf: string.utf8)
            if buffer.bytes.count >= 1 << 16 { flush(&buffer) }
        }
    }

    /// Appends UTF-8 bytes, writing out when the buffer is full.
    public func write(bytes: UnsafeBufferPointer<UInt8>) {
        state.withLock { buffer in
            buffer.bytes.append(contentsOf: bytes)
            if buffer.bytes.count >= 1 << 16 { flush(&buffer) }
        }
    }

    /// Writes out everything buffered.
    public func flush() {
        state.withLock { flush(&$0) }
    }

    private func flush(_ buffer: inout Buffer) {
        guard !buffer.bytes.isEmpty else { return }
        if buffer.failure == nil, let error = Self.writeAll(buffer.bytes, to: descriptor) { buffer.failure = error }
        buffer.bytes.removeAll(keepingCapacity: true)
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
