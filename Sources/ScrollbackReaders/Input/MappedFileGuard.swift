import Foundation
import Synchronization

/// What happens when a mapped input gets shorter while it is read: another program truncates
/// or rewrites the file, and a page past its new end is touched. The system then raises a bus
/// error (`SIGBUS`) instead of returning bytes, and without this guard the process would die
/// with "Bus error" (a live server too, when a file it shows is saved in place).
///
/// With it, the handler puts zero-filled memory where the missing pages were, marks the input
/// as cut short and returns: the reader goes on over zeros, which no format accepts, and
/// `Readers.read` then reports `FILE: The file got shorter while it was read.` in place of
/// whatever the reader made of them, an ordinary error that leaves outputs as they were.
///
/// A bus error anywhere else goes to the handler that was there before, as if this one did not
/// exist. For an input's page the signal handler takes no lock (it only reads the table of
/// watched mappings, atomics, and sets a flag in it) and makes one system call (`mmap`).
enum MappedFileGuard {
    /// One watched mapping: where it is, and whether it lost pages. Atomics, not a lock: the
    /// signal handler reads them, and a handler must never wait.
    private struct Slot: ~Copyable, Sendable {
        /// Set while a mapping holds the slot (the handler looks only at `end`).
        let taken = Atomic<Bool>(false)
        let start = Atomic<UInt>(0)
        /// 0 while the slot watches nothing; stored last, so the handler never sees half a slot.
        let end = Atomic<UInt>(0)
        let cutShort = Atomic<Bool>(false)
    }

    private static let slots = InlineArray<64, Slot> { _ in Slot() }
    private static var capacity: Int { slots.count }
    /// The handler there was before ours, once ours is installed.
    private static let previous = Mutex<sigaction?>(nil)

    /// Watches the mapping of `count` bytes at `start`; returns its slot for `unwatch`, or `nil`
    /// when every slot is taken (the mapping then faults as it would unguarded).
    static func watch(_ start: UnsafeRawPointer, count: Int) -> Int? {
        installIfNeeded()
        for index in 0..<capacity
        where slots[index].taken.compareExchange(expected: false, desired: true, ordering: .acquiring).exchanged {
            let address = UInt(bitPattern: start)
            slots[index].cutShort.store(false, ordering: .relaxed)
            slots[index].start.store(address, ordering: .relaxed)
            slots[index].end.store(address + UInt(count), ordering: .releasing)
            return index
        }
        return nil
    }

    /// Whether the mapping in `slot` lost pages to a file that got shorter.
    static func isCutShort(_ slot: Int) -> Bool {
        slots[slot].cutShort.load(ordering: .acquiring)
    }

    /// Stops watching the mapping in `slot` (before it is unmapped).
    static func unwatch(_ slot: Int) {
        slots[slot].end.store(0, ordering: .releasing)
        slots[slot].start.store(0, ordering: .relaxed)
        slots[slot].taken.store(false, ordering: .releasing)
    }

    private static func installIfNeeded() {
        previous.withLock { previous in
            guard previous == nil else { return }
            // Set up now: the handler must not be the first to touch a lazy global.
            _ = pageSize
            _ = slots[0].end.load(ordering: .relaxed)
            var action = sigaction()
            // glibc and Darwin name the handler's field differently; the guard is the same.
            #if os(Linux)
                action.__sigaction_handler.sa_sigaction = { signal, info, context in
                    MappedFileGuard.handle(signal, info, context)
                }
            #else
                action.__sigaction_u.__sa_sigaction = { signal, info, context in
                    MappedFileGuard.handle(signal, info, context)
                }
            #endif
            action.sa_flags = SA_SIGINFO
            sigemptyset(&action.sa_mask)
            var old = sigaction()
            sigaction(SIGBUS, &action, &old)
            previous = old
        }
    }

    private static func handle(
        _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        if let info {
            #if os(Linux)
                let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
            #else
                let address = UInt(bitPattern: info.pointee.si_addr)
            #endif
            for index in 0..<capacity {
                let end = slots[index].end.load(ordering: .acquiring)
                guard end != 0, address >= slots[index].start.load(ordering: .relaxed), address < end else { continue }
                // Zeros from the faulting page to the mapping's end, in place of the file's pages.
                let page = address & ~(UInt(pageSize) - 1)
                let zeros = mmap(
                    UnsafeMutableRawPointer(bitPattern: page), Int(end - page), PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                if zeros != MAP_FAILED {
                    slots[index].cutShort.store(true, ordering: .releasing)
                    return
                }
            }
        }
        // Not an input's page: let the fault happen again under the handler that was there before.
        // (The lock is free: it is held only while installing, which touches no mapping.)
        previous.withLock { previous in
            guard var previous else { return }
            sigaction(SIGBUS, &previous, nil)
        }
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
