import ScrollbackModel

extension LayoutStream {
    /// A stream that lays out `header`'s visible messages (in time order, ids not repeated) from
    /// the one at visible offset `firstOffset` on, for a view that lays out again only the end of
    /// a conversation that changed: `statusShown` holds rule 9's statuses by visible offset (at
    /// least those from `firstOffset`), and `targets` the messages the replies from there answer.
    /// The days it hands on are those `LayoutEngine.layout` makes of the whole conversation, but
    /// that the first one starts at `firstOffset`. `previous` is the visible message before it,
    /// if any (whose time the first message's pause is counted from when they share a day).
    /// `header` must list every sender.
    package init(
        suffixOf header: Transcript, options: LayoutOptions, statusShown: [Int: DeliveryStatus],
        targets: [String: Message], firstOffset: Int, after previous: Message? = nil
    ) throws {
        let zone = try LayoutEngine.resolveZone(header, options)
        let me = try LayoutEngine.resolveMe(header, options)
        self.init(
            header: header, options: options, zone: zone, me: me, statusShown: statusShown, repeats: .hashed([]),
            targets: targets, named: [], firstOffset: firstOffset)
        if let previous { follow(previous) }
    }
}

extension LayoutEngine {
    /// Whose messages sit on the right in a layout of `transcript`: `--me`, else the log's own.
    package static func me(of transcript: Transcript, options: LayoutOptions) throws -> String? {
        try resolveMe(transcript, options)
    }
}
