import Foundation

/// The updates of one live page, kept so that every open page (and one that reconnects) gets
/// each of them once, in order.
///
/// Versions count updates from the server's start; an event id is `TOKEN-VERSION`, where the
/// token is new each time the server starts, so a page that reconnects to a restarted server
/// (or that fell further behind than the kept history) is sent the whole log instead. The
/// history is bounded both by count and by bytes, so a long run of edits to one big message
/// cannot grow it without end.
package final class LiveChannel: @unchecked Sendable {
    /// How many updates are kept for pages that reconnect, at most.
    static let history = 4096
    /// How many bytes of updates are kept, at most (the newest update is always kept).
    static let historyBytes = 4 << 20
    /// How long a stream waits before sending a comment that keeps the connection open: well
    /// under `HTTPLimits.timeout`, after which a connection that sent nothing is closed.
    static let keepAlive = Double(HTTPLimits().timeout) / 2.5

    private let lock = NSLock()
    private let token: String
    private var version = 0
    private var events: [(version: Int, json: String)] = []
    private var eventBytes = 0
    private var document: LiveDocument
    private var closed = false

    /// A channel whose page starts as `document`; `token` tells this run of the server apart.
    package init(document: LiveDocument, token: String) {
        self.document = document
        self.token = token
    }

    /// Records a change (made to reach `document`) and wakes every stream.
    package func publish(_ change: LiveChange, document: LiveDocument) {
        lock.lock()
        self.document = document
        guard !change.isEmpty else {
            lock.unlock()
            return
        }
        version += 1
        let json = change.json(version: id(version))
        events.append((version, json))
        eventBytes += json.utf8.count
        var dropped = 0
        while events.count - dropped > 1,
            events.count - dropped > Self.history || eventBytes > Self.historyBytes
        {
            eventBytes -= events[dropped].json.utf8.count
            dropped += 1
        }
        if dropped > 0 { events.removeFirst(dropped) }
        lock.unlock()
        LiveSignal.shared.ring()
    }

    /// The page as it is now, and the version it is at.
    package func snapshot() -> (document: LiveDocument, version: String) {
        lock.lock()
        defer { lock.unlock() }
        return (document, id(version))
    }

    /// The bytes of history kept for pages that reconnect.
    package var historySize: Int {
        lock.lock()
        defer { lock.unlock() }
        return eventBytes
    }

    /// Ends every stream of this page (the server is stopping).
    package func close() {
        lock.lock()
        closed = true
        lock.unlock()
        LiveSignal.shared.ring()
    }

    /// The event stream for a page at version `since` (`nil`: unknown): each call returns the next
    /// bytes to send, waiting for them; `nil` once the channel is closed.
    package func stream(since: String?) -> @Sendable () -> [UInt8]? {
        LiveStream(pages: [(self, since, nil)]).next
    }

    /// What a page at version `position` has not been sent yet, as event-stream text (each event
    /// named `name` when it is given), and the version that text brings it to; `nil` once the
    /// channel is closed. The text is empty when the page is up to date.
    ///
    /// What the text is made from (the events it holds, or the page at that version) is taken
    /// under the lock, as one publish left them; the text is built after, so publishing, and
    /// other streams, never wait for a big page to be written out.
    func pending(after position: Int?, name: String?) -> (text: String, position: Int)? {
        lock.lock()
        if closed {
            lock.unlock()
            return nil
        }
        let current = version
        if let position, position == current {
            lock.unlock()
            return ("", current)
        }
        let oldest = events.first?.version ?? current + 1
        var missed: ArraySlice<(version: Int, json: String)>?
        var page: LiveDocument?
        if let position, position < current, position + 1 >= oldest {
            missed = events[(position + 1 - oldest)...]
        } else {
            page = document
        }
        lock.unlock()
        building?()
        let prefix = name.map { "event: \($0)\n" } ?? ""
        var text = ""
        for event in missed ?? [] { text += prefix + "id: \(id(event.version))\ndata: \(event.json)\n\n" }
        if let page { text += prefix + "id: \(id(current))\ndata: \(Self.reset(page, id: id(current)))\n\n" }
        return (text, current)
    }

    /// Called as the text of `pending` is built (tests tell with it that the lock is free then).
    var building: (@Sendable () -> Void)?

    /// The whole page `document` as one event with the id `id`: the log, the header and the
    /// typing bubbles.
    private static func reset(_ document: LiveDocument, id: String) -> String {
        var change = LiveChange()
        change.operations = [.reset(html: document.log)]
        change.header = document.header
        change.title = document.title
        if document.log.isEmpty, !document.frame.isEmpty { change.frame = document.frame }
        change.typing = document.typing
        return change.json(version: id)
    }

    /// Whether the lock is free now (for tests).
    var isUnlocked: Bool {
        guard lock.try() else { return false }
        lock.unlock()
        return true
    }

    private func id(_ version: Int) -> String { "\(token)-\(version)" }

    /// The version of an event id of this run of the server, else `nil`.
    func parse(_ eventID: String?) -> Int? {
        guard let eventID, eventID.hasPrefix(token + "-") else { return nil }
        guard let number = Int(eventID.dropFirst(token.count + 1)), number >= 0 else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return number <= version ? number : nil
    }
}
