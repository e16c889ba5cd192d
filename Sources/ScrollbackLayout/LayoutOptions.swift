import ScrollbackModel

/// What the layout stage needs beyond the transcript. Nothing here is read from the machine.
public struct LayoutOptions: Sendable, Hashable {
    /// Whose messages sit on the right; overrides the log's `me`. Matched against ids, then names.
    public var me: String?
    /// The zone days are cut in; overrides the log's `timeZone`. `nil`: the log's zone, else UTC.
    public var timeZone: Zone?
    /// The locale for day headings and times (`en`, `de-DE`, …).
    public var locale: String
    /// The longest pause, in seconds, between two messages of one chain.
    public var chainGap: Int64
    /// The first day shown (inclusive, in the chosen zone).
    public var from: CivilDate?
    /// The last day shown (inclusive, in the chosen zone).
    public var to: CivilDate?
    /// A pause after which a bubble shows its time even inside a chain, in seconds.
    public var longPause: Int64

    /// Creates options; the defaults are those of the command line.
    public init(
        me: String? = nil, timeZone: Zone? = nil, locale: String = "en", chainGap: Int64 = 300,
        from: CivilDate? = nil, to: CivilDate? = nil, longPause: Int64 = 3600
    ) {
        self.me = me
        self.timeZone = timeZone
        self.locale = locale
        self.chainGap = chainGap
        self.from = from
        self.to = to
        self.longPause = longPause
    }
}
