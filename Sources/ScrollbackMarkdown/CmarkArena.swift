import CCmarkGFM
import Foundation

/// Memory for cmark-gfm's parse of one document at a time on one thread, handed out from a few
/// big blocks and taken back all at once (`reset`).
///
/// cmark-gfm allocates every node, string buffer and list cell of a document with `calloc` and
/// frees each on its own: on a page of chat messages those calls were close to half the time of
/// the parse itself. The library takes an allocator for each parser (`cmark_parser_new_with_mem`),
/// so a parser made from this arena allocates by moving a pointer, and its document is freed by
/// `reset` without a walk. The library's own arena (`cmark_get_arena_mem_allocator`) is one arena
/// for the whole process, which two threads parsing at once would share, hence this one, kept per
/// thread. A parser made from it lives only until the next `reset`; nothing made from it is freed
/// by cmark's `free`, which does nothing here.
struct CmarkArena: ~Copyable {
    /// The size of an ordinary block; a bigger request gets a block of its own.
    static let blockSize = 64 << 10
    /// Room before each allocation for its size, keeping every allocation 16-byte aligned.
    private static let header = 16

    /// The blocks in use, the first kept across resets.
    private var blocks: [UnsafeMutableRawPointer] = []
    private var current: UnsafeMutableRawPointer
    private var used = 0
    private var capacity: Int
    /// The last allocation made in `current`: it can grow where it is.
    private var last: UnsafeMutableRawPointer?

    private init() {
        current = Self.block(Self.blockSize)
        capacity = Self.blockSize
        blocks = [current]
    }

    deinit { for block in blocks { free(block) } }

    /// Gives back everything allocated since the last reset; keeps the first block.
    mutating func reset() {
        if blocks.count > 1 {
            for block in blocks.dropFirst() { free(block) }
            blocks.removeLast(blocks.count - 1)
        }
        current = blocks[0]
        capacity = Self.blockSize
        used = 0
        last = nil
    }

    private static func block(_ size: Int) -> UnsafeMutableRawPointer {
        guard let block = malloc(size) else { fatalError("out of memory for a Markdown document") }
        return block
    }

    private static func rounded(_ size: Int) -> Int { (size + 15) & ~15 }

    mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer {
        let needed = Self.header + Self.rounded(size)
        if used + needed > capacity {
            let size = max(Self.blockSize, needed)
            current = Self.block(size)
            blocks.append(current)
            capacity = size
            used = 0
        }
        let start = current + used
        start.storeBytes(of: size, as: Int.self)
        used += needed
        last = start + Self.header
        return start + Self.header
    }

    mutating func allocateZeroed(_ count: Int, _ size: Int) -> UnsafeMutableRawPointer {
        let (total, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow else { fatalError("a Markdown allocation too big to count") }
        let memory = allocate(total)
        memset(memory, 0, total)
        return memory
    }

    mutating func reallocate(_ memory: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer {
        guard let memory else { return allocate(size) }
        let start = memory - Self.header
        let old = start.load(as: Int.self)
        if memory == last, used - Self.rounded(old) + Self.rounded(size) <= capacity {
            used += Self.rounded(size) - Self.rounded(old)
            start.storeBytes(of: size, as: Int.self)
            return memory
        }
        if size <= old { return memory }
        let moved = allocate(size)
        moved.copyMemory(from: memory, byteCount: old)
        return moved
    }

    // MARK: One arena per thread, behind cmark's allocator

    /// The calling thread's arena, made the first time it parses and freed when it ends. It is
    /// reached through a pointer, so cmark's many calls for memory cost no reference counting.
    static var ofThisThread: UnsafeMutablePointer<CmarkArena> {
        if let arena = pthread_getspecific(key) { return arena.assumingMemoryBound(to: CmarkArena.self) }
        let arena = UnsafeMutablePointer<CmarkArena>.allocate(capacity: 1)
        arena.initialize(to: CmarkArena())
        pthread_setspecific(key, arena)
        return arena
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { arena in
            guard let arena = arena?.assumingMemoryBound(to: CmarkArena.self) else { return }
            arena.deinitialize(count: 1)
            arena.deallocate()
        }
        precondition(status == 0, "no thread-specific key for the Markdown arena")
        return key
    }()

    /// The allocator cmark-gfm is given: the calling thread's arena. (cmark's callbacks carry no
    /// context, so each finds the arena from the thread.)
    nonisolated(unsafe) static let allocator: UnsafeMutablePointer<cmark_mem> = {
        let allocator = UnsafeMutablePointer<cmark_mem>.allocate(capacity: 1)
        allocator.initialize(
            to: cmark_mem(
                calloc: { count, size in ofThisThread.pointee.allocateZeroed(count, size) },
                realloc: { memory, size in ofThisThread.pointee.reallocate(memory, size) },
                free: { _ in }))
        return allocator
    }()
}
