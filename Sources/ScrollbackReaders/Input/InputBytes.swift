import Foundation

/// An input file's bytes, read-only: a copy in memory, or a large regular file mapped into memory
/// (`mmap`, read-only and private), so a 500 MB export is not first copied onto the heap.
///
/// A mapped file's pages are read from the file as they are touched and count towards the
/// process's memory while they stay mapped; readers that go through the file once tell a
/// `PageRelease` how far they have come, and the pages behind are given back in large steps
/// (`madvise(MADV_DONTNEED)`). For a read-only mapping that is only a hint: a page given back
/// and touched again (a look back, the line and column of an error counted from the start) is
/// read from the file again, so no answer depends on what was given back.
///
/// A file that gets shorter while it is mapped cannot be read past its new end: the system
/// raises a bus error the moment such a page is touched. `MappedFileGuard` puts zeros there
/// instead and marks the bytes `isCutShort`, and `Readers.read` reports that the file got shorter
/// rather than what was read; standard input and small files are copied and never fault.
package struct InputBytes: RandomAccessCollection, ExpressibleByArrayLiteral, @unchecked Sendable {
    // Sendable: the bytes are never written, and `storage` keeps them alive as long as any copy.
    private let storage: Storage
    private let base: UnsafePointer<UInt8>?
    /// How many bytes there are.
    package let count: Int

    /// Files at least this large are mapped; smaller ones are read into memory.
    package static let mappingThreshold = 4 << 20

    /// A copy of `array`.
    package init(_ array: [UInt8]) {
        let storage = Storage(copying: array)
        self.init(storage)
    }

    /// A copy of the literal's bytes.
    package init(arrayLiteral elements: UInt8...) { self.init(elements) }

    private init(_ storage: Storage) {
        self.storage = storage
        base = storage.base.map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) }
        count = storage.count
    }

    package var startIndex: Int { 0 }
    package var endIndex: Int { count }

    /// The byte at `position`, which must be in range (checked, as an array's subscript is).
    @inline(__always)
    package subscript(position: Int) -> UInt8 {
        precondition(UInt(bitPattern: position) < UInt(bitPattern: count), "Index out of range")
        return base.unsafelyUnwrapped[position]
    }

    /// Whether the bytes are a mapped file (whose pages a `PageRelease` can give back).
    package var isMapped: Bool { storage.isMapped }

    /// Whether the mapped file got shorter while it was read, so that some bytes read as zeros.
    package var isCutShort: Bool { storage.guardSlot.map(MappedFileGuard.isCutShort) ?? false }

    /// Calls `body` with the bytes, valid only inside it.
    package func withUnsafeBufferPointer<Result, Failure: Error>(
        _ body: (UnsafeBufferPointer<UInt8>) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withExtendedLifetime(storage) { () throws(Failure) -> Result in
            try body(UnsafeBufferPointer(start: base, count: count))
        }
    }

    /// Calls `body` with the bytes as raw memory, valid only inside it.
    package func withUnsafeBytes<Result, Failure: Error>(
        _ body: (UnsafeRawBufferPointer) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        try withUnsafeBufferPointer { buffer throws(Failure) in try body(UnsafeRawBufferPointer(buffer)) }
    }

    /// The bytes in one piece, so `Array(bytes)`, `String(decoding:as:)` and searches copy or
    /// scan them as a whole rather than a byte at a time.
    package func withContiguousStorageIfAvailable<Result>(
        _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result? {
        try withExtendedLifetime(storage) { try body(UnsafeBufferPointer(start: base, count: count)) }
    }

    /// Calls `body` with the bytes `step` at a time, giving back each piece once it is done
    /// (hashing a whole file without holding it).
    package func forEachPiece(of step: Int = 4 << 20, _ body: (UnsafeRawBufferPointer) -> Void) {
        var pages = PageRelease(self)
        withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                let end = Swift.min(start + step, raw.count)
                body(UnsafeRawBufferPointer(rebasing: raw[start..<end]))
                pages.passed(end)
                start = end
            }
        }
    }

    /// Reads the open file `descriptor` whose size was `size` when it was opened: a regular file
    /// of `mappingThreshold` bytes or more is mapped, anything else is read to its end into
    /// memory. `nil` when it cannot be read.
    package static func read(descriptor: Int32, size: Int?) -> InputBytes? {
        if let size, size >= mappingThreshold,
            let mapped = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), mapped != MAP_FAILED
        {
            let storage = Storage(mapping: mapped, count: size)
            return InputBytes(storage)
        }
        return Storage(reading: descriptor, sizeHint: size ?? 0).map(InputBytes.init)
    }

    /// Gives back every page of a mapped file, once it is read: they would stay in the
    /// process's memory until the input is let go, often after the pages of output are written.
    package func giveBackPages() { giveBack(0..<count) }

    /// Gives back the whole pages in `range` of a mapped file; nothing for bytes in memory.
    fileprivate func giveBack(_ range: Range<Int>) {
        guard storage.isMapped, let base else { return }
        let page = Storage.pageSize
        let start = range.lowerBound / page * page
        let end = range.upperBound == count ? count : range.upperBound / page * page
        guard end > start else { return }
        madvise(UnsafeMutableRawPointer(mutating: base + start), end - start, MADV_DONTNEED)
    }
}

/// How far a reader that goes through its input once has come: the pages of a mapped file
/// before that are given back every `step` bytes. A reader may still look back (the pages are
/// read from the file again); it only costs the memory this saves.
package struct PageRelease {
    private let bytes: InputBytes
    private let step: Int
    /// Everything before this has been given back.
    private var released = 0
    /// The next offset worth a system call (never, for bytes in memory).
    private var next: Int

    /// A release for `bytes`, given back in pieces of `step` bytes.
    package init(_ bytes: InputBytes, step: Int = 4 << 20) {
        self.bytes = bytes
        self.step = step
        next = bytes.isMapped ? step : .max
    }

    /// The reader needs nothing before `offset` any more.
    @inline(__always)
    package mutating func passed(_ offset: Int) {
        guard offset >= next else { return }
        bytes.giveBack(released..<offset)
        released = offset
        next = offset + step
    }
}

/// The memory behind `InputBytes`: an allocation it owns, or a file mapping.
private final class Storage {
    let base: UnsafeMutableRawPointer?
    let count: Int
    let isMapped: Bool
    let guardSlot: Int?

    static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    init(copying array: [UInt8]) {
        count = array.count
        isMapped = false
        guardSlot = nil
        if array.isEmpty {
            base = nil
        } else {
            let memory = malloc(array.count)!
            array.withUnsafeBytes { memory.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
            base = memory
        }
    }

    init(mapping: UnsafeMutableRawPointer, count: Int) {
        base = mapping
        self.count = count
        isMapped = true
        guardSlot = MappedFileGuard.watch(UnsafeRawPointer(mapping), count: count)
    }

    /// Reads `descriptor` to its end, straight into the allocation (no second copy of a big
    /// standard input); `nil` on a read error.
    init?(reading descriptor: Int32, sizeHint: Int) {
        var capacity = max(sizeHint + 1, 1 << 16)
        var memory = malloc(capacity)!
        var filled = 0
        while true {
            if filled == capacity {
                capacity *= 2
                memory = realloc(memory, capacity)!
            }
            let count = Foundation.read(descriptor, memory + filled, capacity - filled)
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                free(memory)
                return nil
            }
            filled += count
        }
        if filled == 0 {
            free(memory)
            base = nil
        } else {
            base = capacity - filled > 1 << 20 ? realloc(memory, filled)! : memory
        }
        count = filled
        isMapped = false
        guardSlot = nil
    }

    deinit {
        if isMapped {
            if let guardSlot { MappedFileGuard.unwatch(guardSlot) }
            munmap(base, count)
        } else {
            free(base)
        }
    }
}
