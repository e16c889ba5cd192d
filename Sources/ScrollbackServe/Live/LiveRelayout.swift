import Scrollback

/// Lays out runs of a conversation's messages as a whole layout lays them out, for
/// `LiveSuffixLayout`: each run is one or more whole chains, laid out after the message before
/// it, with rule 9's statuses and the replies' quotes of the whole conversation.
struct LiveRelayout {
    /// The layout without its days.
    let layout: TranscriptLayout
    private let messages: [Message]
    private let header: Transcript
    private let options: LayoutOptions
    private let me: String?
    private let latestStatus: Int?
    private let places: [String: Int]

    /// Runs of `transcript`'s messages (visible, in time order, ids not repeated) laid out with
    /// `options`, `me` on the right; `latestStatus` is the newest outgoing message with a status,
    /// `places` every message's place by id.
    init(transcript: Transcript, options: RenderOptions, me: String?, latestStatus: Int?, places: [String: Int])
        throws
    {
        messages = transcript.messages
        var header = transcript
        header.messages = []
        self.header = header
        self.options = options.layout
        self.me = me
        self.latestStatus = latestStatus
        self.places = places
        layout = try LayoutStream(
            suffixOf: header, options: options.layout, statusShown: [:], targets: [:], firstOffset: 0
        )
        .layout
    }

    /// The days of the messages in `run` (starting where a chain starts).
    func days(_ run: Range<Int>) throws -> [DayLayout] {
        var shown: [Int: DeliveryStatus] = [:]
        var targets: [String: Message] = [:]
        for index in run {
            let message = messages[index]
            if me != nil, message.sender == me, message.kind == .message, message.status == .failed {
                shown[index] = .failed
            }
            if let target = message.replyTo, let place = places[target] { targets[target] = messages[place] }
        }
        if let latestStatus, run.contains(latestStatus), let status = messages[latestStatus].status {
            shown[latestStatus] = status
        }
        var stream = try LayoutStream(
            suffixOf: header, options: options, statusShown: shown, targets: targets, firstOffset: run.lowerBound,
            after: run.lowerBound > 0 ? messages[run.lowerBound - 1] : nil)
        var days: [DayLayout] = []
        for message in messages[run] { if let done = stream.add(message) { days.append(done) } }
        if let done = stream.finish() { days.append(done) }
        return days
    }
}
