import Foundation

/// The updates of one live page, kept so that every open page (and one that reconnects) gets
/// each of them once, in order.
///
/// Versions count updates from the server's start; an event id is `TOKEN-VERSION`, where the
/// token is new each time the server starts, so a page that reconnects to a restarted server
/// (or that fell further behind than the kept history) is sent the whole log instead.
package final class LiveChannel: @unchecked Sendable {
    /// How many updates are kept for pages that reconnect.
    static let history = 4096
    /// How long a stream waits before sending a comment that keeps the connection open.
    static let keepAlive: TimeInterval = 15

    private let condition = NSCondition()
    private let token: String
    private var version = 0
    private var events: [(version: Int, json: String)] = []
    private var document: LiveDocument
    private var closed = false

    /// A channel whose page starts as `document`; `token` tells this run of the server apart.
    package init(document: LiveDocument, token: String) {
        self.document = document
        self.token = token
    }

    /// Records a change (made to reach `document`) and wakes every stream.
    package func publish(_ change: LiveChange, document: LiveDocument) {
        condition.lock()
        defer { condition.unlock() }
        self.document = document
        guard !change.isEmpty else { return }
        version += 1
        events.append((version, change.json(version: id(version))))
        if events.count > Self.history { events.removeFirst(events.count - Self.history) }
        condition.broadcast()
    }

    /// The page as it is now, and the version it is at.
    package func snapshot() -> (document: LiveDocument, version: String) {
        condition.lock()
        defer { condition.unlock() }
        return (document, id(version))
    }

    /// Ends every stream (the server is stopping).
    package func close() {
        condition.lock()
        closed = true
        condition.broadcast()
        condition.unlock()
    }

    /// The event stream for a page at version `since` (`nil`: unknown): each call returns the next
    /// bytes to send, waiting for them; `nil` once the channel is closed.
    package func stream(since: String?) -> @Sendable () -> [UInt8]? {
        let cursor = Cursor(start: parse(since))
        return { [self] in next(cursor) }
    }

    private final class Cursor: @unchecked Sendable {
        var position: Int?
        var started = false
        init(start: Int?) { position = start }
    }

    private func next(_ cursor: Cursor) -> [UInt8]? {
        condition.lock()
        defer { condition.unlock() }
        var text = ""
        if !cursor.started {
            cursor.started = true
            text = "retry: 1000\n\n"
        }
        let deadline = Date(timeIntervalSinceNow: Self.keepAlive)
        while !closed, let position = cursor.position, position >= version, text.isEmpty {
            if !condition.wait(until: deadline) { return Array(": keep-alive\n\n".utf8) }
        }
        if closed { return nil }
        let oldest = events.first?.version ?? version + 1
        if let position = cursor.position, position < version, position + 1 >= oldest {
            for event in events[(position + 1 - oldest)...] {
                text += "id: \(id(event.version))\ndata: \(event.json)\n\n"
            }
        } else if cursor.position.map({ $0 != version }) ?? true {
            text += "id: \(id(version))\ndata: \(reset)\n\n"
        }
        cursor.position = version
        return Array(text.utf8)
    }

    /// The whole page as one event: the log, the header and the typing bubbles.
    private var reset: String {
        var change = LiveChange()
        change.operations = [.reset(html: document.log)]
        change.header = document.header
        change.typing = document.typing
        return change.json(version: id(version))
    }

    private func id(_ version: Int) -> String { "\(token)-\(version)" }

    /// The version of an event id of this run of the server, else `nil`.
    private func parse(_ eventID: String?) -> Int? {
        guard let eventID, eventID.hasPrefix(token + "-") else { return nil }
        guard let number = Int(eventID.dropFirst(token.count + 1)), number >= 0 else { return nil }
        condition.lock()
        defer { condition.unlock() }
        return number <= version ? number : nil
    }
}
