/// What one server allows, so that no client can make it refuse the others.
package struct HTTPLimits: Sendable, Hashable {
    /// Seconds a connection may send nothing before it is closed: an idle keep-alive connection,
    /// or a client that stopped reading what it is sent. An event stream is not affected: the
    /// server writes to it at least every `LiveChannel.keepAlive` seconds, and the time it takes
    /// to make an event (the whole log of a long conversation) never counts as idle.
    package var timeout = 5
    /// Seconds a request may take to arrive whole, counted from its connection's opening (or, on
    /// a kept-alive connection, from the end of the previous response): a connection whose request
    /// is not whole by then is closed, however steadily it trickles. A response already under
    /// way (an event stream) is not affected.
    package var requestTime = 5
    /// Open connections from one client address.
    package var connectionsPerClient = 64
    /// Open connections in all.
    package var connections = 512

    /// The limits `serve` uses.
    package init() {}
}
