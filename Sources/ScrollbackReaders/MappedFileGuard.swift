import Foundation

/// What happens when a mapped input gets shorter while it is read: another program truncates
/// or rewrites the file, and a page past its new end is touched. The system then raises a bus
/// error (`SIGBUS`) instead of returning bytes; without this guard the process would die with
/// "Bus error". With it, the process writes one line, `scrollback: error: FILE: the file got
/// shorter while it was read.`, and exits with status 1 before anything else runs: no page or
/// site is renamed into place from a half-read input (outputs are written to a temporary file
/// first, and the rename never happens).
///
/// A bus error anywhere else goes to the handler that was there before, as if this one did not
/// exist. Only the signal handler reads the table of watched mappings; it takes no lock and
/// calls only `write` and `_exit`.
enum MappedFileGuard {
    /// One watched mapping: where it is and the line to write if it faults.
    private struct Slot {
        var start: UInt = 0
        var end: UInt = 0
        var message: UnsafeMutablePointer<UInt8>?
        var length = 0
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

    /// Watches the mapping of `count` bytes at `start`, the file `name`; returns its slot for
    /// `unwatch`, or `nil` when every slot is taken (the mapping then faults as it would unguarded).
    static func watch(_ start: UnsafeRawPointer, count: Int, name: String) -> Int? {
        let line = Array("scrollback: error: \(name): the file got shorter while it was read.\n".utf8)
        lock.lock()
        defer { lock.unlock() }
        installIfNeeded()
        guard let free = (0..<capacity).first(where: { slots[$0].end == 0 }) else { return nil }
        let message = UnsafeMutablePointer<UInt8>.allocate(capacity: line.count)
        message.initialize(from: line, count: line.count)
        let address = UInt(bitPattern: start)
        slots[free] = Slot(start: address, end: 0, message: message, length: line.count)
        slots[free].end = address + UInt(count)  // last: the handler skips a slot whose end is 0
        return free
    }

    /// Stops watching the mapping in `slot` (before it is unmapped).
    static func unwatch(_ slot: Int) {
        lock.lock()
        defer { lock.unlock() }
        slots[slot].end = 0
        slots[slot].message?.deallocate()
        slots[slot] = Slot()
    }

    private static func installIfNeeded() {
        guard !installed else { return }
        installed = true
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = { signal, info, context in
            MappedFileGuard.handle(signal, info, context)
        }
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, &previous)
    }

    private static func handle(
        _ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?, _ context: UnsafeMutableRawPointer?
    ) {
        if let info {
            let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
            for index in 0..<capacity {
                let slot = slots[index]
                if slot.end != 0, address >= slot.start, address < slot.end, let message = slot.message {
                    _ = write(2, message, slot.length)
                    _exit(1)
                }
            }
        }
        // Not an input's page: let the fault happen again under the handler that was there before.
        sigaction(SIGBUS, &previous, nil)
    }
}
