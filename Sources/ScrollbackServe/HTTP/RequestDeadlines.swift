import Foundation
import Synchronization

/// The open connections of one server and, for each whose request has not arrived whole yet, the
/// time it must have arrived by; a sweep four times a second shuts down the socket of each one
/// that is late, so libmicrohttpd closes its connection.
///
/// libmicrohttpd closes only a connection that sends nothing for a while, so a client that
/// trickles a header line every few seconds would hold its place for ever, and a few hundred of
/// them would fill the server. The daemon tells of each connection's start and close and of each
/// response's end; the access handler tells of each request that arrived whole. A socket is shut
/// down only while its connection is listed, under the lock that its close notification takes,
/// and libmicrohttpd closes the descriptor after that notification, so a descriptor number that a
/// newer connection reuses is never touched.
final class RequestDeadlines: Sendable {
    private struct Entry {
        let socket: Int32
        var deadline: ContinuousClock.Instant?
    }

    private let entries = Mutex<[UInt: Entry]>([:])
    private let allowed: Duration
    private let sweeping = Atomic<Bool>(true)

    /// Deadlines `seconds` after each connection opens or finishes a response; sweeps until `stop`.
    init(seconds: Int) {
        allowed = .seconds(seconds)
        let thread = Thread { [self] in
            while sweeping.load(ordering: .relaxed) {
                usleep(250_000)
                sweep(at: .now)
            }
        }
        thread.name = "scrollback request deadlines"
        thread.start()
    }

    /// Ends the sweeps.
    func stop() { sweeping.store(false, ordering: .relaxed) }

    /// A connection opened on `socket`: its request is due.
    func opened(_ connection: OpaquePointer, socket: Int32) {
        guard socket >= 0 else { return }
        let due = ContinuousClock.now + allowed
        entries.withLock { $0[Self.key(connection)] = Entry(socket: socket, deadline: due) }
    }

    /// The connection's request arrived whole: no deadline while it is answered.
    func arrived(_ connection: OpaquePointer) {
        entries.withLock { $0[Self.key(connection)]?.deadline = nil }
    }

    /// The connection's response ended: its next request (on a kept-alive connection) is due.
    func answered(_ connection: OpaquePointer) {
        let due = ContinuousClock.now + allowed
        entries.withLock { $0[Self.key(connection)]?.deadline = due }
    }

    /// The connection closed (its socket is closed right after).
    func closed(_ connection: OpaquePointer) {
        _ = entries.withLock { $0.removeValue(forKey: Self.key(connection)) }
    }

    /// Shuts down the socket of every connection whose request is late at `now`.
    func sweep(at now: ContinuousClock.Instant) {
        entries.withLock { entries in
            for (key, entry) in entries {
                guard let deadline = entry.deadline, deadline <= now else { continue }
                shutdown(entry.socket, Int32(SHUT_RDWR))
                entries[key]?.deadline = nil
            }
        }
    }

    private static func key(_ connection: OpaquePointer) -> UInt { UInt(bitPattern: Int(bitPattern: connection)) }
}
