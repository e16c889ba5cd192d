import Foundation

/// One event-stream connection: the updates of one or more live pages, in order per page.
///
/// A browser with many pages of one server open follows them all through one connection (the
/// pages share it through a shared worker), so a page never waits for a connection that other
/// pages' streams hold. Each page's events are named (`event: p0`, `p1`, …, in the order the
/// request listed them) when there are several; a stream for one page sends them unnamed.
final class LiveStream: @unchecked Sendable {
    private struct Page {
        let channel: LiveChannel
        var position: Int?
        let name: String?
        var open = true
    }

    private let lock = NSLock()
    private var pages: [Page]
    private var started = false

    /// A stream of `pages`, each with the event id its page saw last (`nil`: none) and the name
    /// its events carry.
    init(pages: [(channel: LiveChannel, since: String?, name: String?)]) {
        self.pages = pages.map { Page(channel: $0.channel, position: $0.channel.parse($0.since), name: $0.name) }
    }

    /// The next bytes to send, waiting for them (at most `LiveChannel.keepAlive` seconds, then a
    /// comment); `nil` once every page's channel is closed.
    @Sendable func next() -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        var text = ""
        if !started {
            started = true
            text = "retry: 1000\n\n"
        }
        let deadline = Date(timeIntervalSinceNow: LiveChannel.keepAlive)
        while true {
            let seen = LiveSignal.shared.current
            var anyOpen = false
            for index in pages.indices where pages[index].open {
                guard
                    let (more, position) = pages[index].channel.pending(
                        after: pages[index].position, name: pages[index].name)
                else {
                    pages[index].open = false
                    continue
                }
                anyOpen = true
                text += more
                pages[index].position = position
            }
            if !anyOpen { return nil }
            if !text.isEmpty { return Array(text.utf8) }
            if !LiveSignal.shared.wait(after: seen, until: deadline) { return Array(": keep-alive\n\n".utf8) }
        }
    }
}
