import CLinux
import Foundation
import ScrollbackRender
import Synchronization

/// A buffered `TextOutputStream` over a file descriptor: output goes out in 64 KiB writes.
package final class FileDescriptorStream: TextOutputStream, Sendable {
    /// Standard output, shared by the whole process.
    package static let standardOutput = FileDescriptorStream(descriptor: 1)

    private let descriptor: Int32
    private let state: Mutex<Buffer>
    /// Whether the file's written pages are sent to disk as it grows (`init(descriptor:writesBack:)`).
    private let writesBack: Bool

    /// What is waiting to be written, and the first error writing met.
    private struct Buffer {
        var bytes: [UInt8] = []
        var failure: Int32?
        /// Bytes written to the descriptor so far, and how many of them were sent to disk.
        var written: Int64 = 0
        var sentBack: Int64 = 0
    }

    /// How much a file grows between two requests to write its pages to disk.
    static let writeBackSpan: Int64 = 8 << 20

    /// The first write error, if any (a closed pipe, a full disk).
    package var failure: Int32? { state.withLock { $0.failure } }

    /// Wraps an open descriptor; the caller closes it.
    ///
    /// `writesBack`: for a file that will be flushed to disk once written (`fsync`), each
    /// `writeBackSpan` written is sent to disk at once (`sync_file_range`, which does not wait), so
    /// the disk writes while the rest is made and the final flush has little left to wait for
    /// (the wait it saves is in BENCHMARKS.md).
    package init(descriptor: Int32, writesBack: Bool = false) {
        self.descriptor = descriptor
        self.writesBack = writesBack
        var buffer = Buffer()
        buffer.bytes.reserveCapacity(1 << 16)
        state = Mutex(buffer)
    }

    deinit { flush() }

    /// Appends text, writing out when the buffer is full.
    package func write(_ string: String) {
        state.withLock { buffer in
            buffer.bytes.append(contentsOf: string.utf8)
            if buffer.bytes.count >= 1 << 16 { flush(&buffer) }
        }
    }

    /// Appends UTF-8 bytes, writing out when the buffer is full.
    package func write(bytes: UnsafeBufferPointer<UInt8>) {
        state.withLock { buffer in
            buffer.bytes.append(contentsOf: bytes)
            if buffer.bytes.count >= 1 << 16 { flush(&buffer) }
        }
    }

    /// Writes out everything buffered.
    package func flush() {
        state.withLock { flush(&$0) }
    }

    private func flush(_ buffer: inout Buffer) {
        guard !buffer.bytes.isEmpty else { return }
        if buffer.failure == nil, let error = Self.writeAll(buffer.bytes, to: descriptor) { buffer.failure = error }
        buffer.written += Int64(buffer.bytes.count)
        buffer.bytes.removeAll(keepingCapacity: true)
        if writesBack, buffer.failure == nil, buffer.written - buffer.sentBack >= Self.writeBackSpan {
            // Only a request: when it cannot be made (or elsewhere than on Linux, which alone has
            // the call), the final flush writes the pages as before.
            #if os(Linux)
                _ = sync_file_range(
                    descriptor, buffer.sentBack, buffer.written - buffer.sentBack,
                    UInt32(SCROLLBACK_SYNC_FILE_RANGE_WRITE))
            #endif
            buffer.sentBack = buffer.written
        }
    }

    /// Writes text straight to a descriptor, unbuffered.
    package static func write(_ text: String, to descriptor: Int32) {
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
