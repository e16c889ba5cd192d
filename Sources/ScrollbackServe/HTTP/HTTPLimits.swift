/// What one server allows, so that no client can make it refuse the others.
package struct HTTPLimits: Sendable, Hashable {
    /// Seconds a connection may send nothing before it is closed: a request that has not arrived
    /// whole by then is dropped, and so is an idle keep-alive connection. An event stream is not
    /// affected: the server writes to it at least every `LiveChannel.keepAlive` seconds.
    package var timeout = 5
    /// Open connections from one client address.
    package var connectionsPerClient = 64
    /// Open connections in all.
    package var connections = 512

    /// The limits `serve` uses.
    package init() {}
}
