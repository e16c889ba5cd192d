import Foundation

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
/// exist. The signal handler takes no lock (it only reads the table of watched mappings and
/// sets a flag in it) and makes one system call (`mmap`).
enum MappedFileGuard {
    /// One watched mapping: where it is, and whether it lost pages.
    private struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var cutShort = false
    }

    private static let capacity = 64
    private static let lock = NSLock()
    nonisolated(unsafe) private static var slots: UnsafeMutablePointer<Slot> = {
        let slots = UnsafeMutablePointer<Slot>.allocate(capacity: capacity)
        slots.initialize(repeating: Slot(), count: capacity)
        return slots
    }()
    nonisolated(unsafe) private static var previous = sigaction()
    nonisolated(unsafe) private static var installed = false

    /// Watches the mapping of `count` bytes at `start`; returns its slot for `unwatch`, or `nil`
    /// when every slot is taken (the mapping then faults as it would unguarded).
    static func watch(_ start: UnsafeRawPointer, count: Int) -> Int? {
        lock.lock()
        defer { lock.unlock() }
        installIfNeeded()
        guard let free = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
        let address = UInt(bitPattern: start)
        slots[free] = Slot(start: address, end: 0)
        slots[free].end = address + UInt(count)  // last: the handler skips a slot whose end is 0
        return free
    }

    /// Whether the mapping in `slot` lost pages to a file that got shorter.
    static func isCutShort(_ slot: Int) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return slots[slot].cutShort
    }

    /// Stops watching the mapping in `slot` (before it is unmapped).
    static func unwatch(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[slot] = Slot()
    }

    private static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        _ = pageSize  // set up now: the handler must not be the first to touch a lazy global
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
        sigaction(SIGBUS, &action, &previous)
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
                let slot = slots[index]
                guard slot.end != 0, address >= slot.start, address < slot.end else { continue }
                // Zeros from the faulting page to the mapping's end, in place of the file's pages.
                let page = address & ~(UInt(pageSize) - 1)
                let zeros = mmap(
                    UnsafeMutableRawPointer(bitPattern: page), Int(slot.end - page), PROT_READ,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
                if zeros != MAP_FAILED {
                    slots[index].cutShort = true
                    return
                }
            }
        }
        // Not an input's page: let the fault happen again under the handler that was there before.
        sigaction(SIGBUS, &previous, nil)
    }

    private static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))
}
