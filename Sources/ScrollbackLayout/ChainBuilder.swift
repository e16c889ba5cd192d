import ScrollbackModel

/// Groups one day's bubbles into chains (layout rules 3–7), one bubble at a time.
struct ChainBuilder {
    let me: String?
    /// Whether names show above incoming chains: two or more senders share the leading side.
    let namesIncoming: Bool
    let chainGap: Int64
    private var chains: [ChainLayout] = []
    private var open: ChainLayout?
    /// The service the open chain's last message went by (`TranscriptLayout.service`).
    private var openService: String?

    init(me: String?, namesIncoming: Bool, chainGap: Int64) {
        self.me = me
        self.namesIncoming = namesIncoming
        self.chainGap = chainGap
    }

    /// Adds the next bubble of the day: it joins the open chain or starts a new one.
    mutating func add(_ given: Bubble) {
        var bubble = given
        let message = bubble.message
        let service = message.meta == nil ? nil : TranscriptLayout.service(message.meta)
        defer { openService = service }
        // Append in place: a copy of the open chain would share its bubbles and copy them all on each append.
        if open.map({ continues($0, with: message) }) == true {
            bubble.marksService = service != nil && service != openService
            open?.bubbles.append(bubble)
            return
        }
        close()
        // A chain that went by text message says so on its first bubble; iMessage is the default
        // and is named only where a chain changes to it.
        bubble.marksService = message.kind == .message && (service == "sms" || service == "rcs")
        if message.kind == .system {
            open = ChainLayout(kind: .system, sender: nil, alignment: .center, showName: false, bubbles: [bubble])
        } else {
            let alignment: BubbleAlignment = me != nil && message.sender == me ? .trailing : .leading
            open = ChainLayout(
                kind: .message, sender: message.sender, alignment: alignment,
                showName: namesIncoming && alignment == .leading, bubbles: [bubble])
        }
    }

    /// Closes the day and returns its chains.
    mutating func finish() -> [ChainLayout] {
        close()
        defer { chains = [] }
        return chains
    }

    /// Rule 3: same sender, not a system message, within the gap of the previous bubble.
    private func continues(_ chain: ChainLayout, with message: Message) -> Bool {
        guard chain.kind == .message, message.kind == .message, chain.sender == message.sender,
            let last = chain.bubbles.last
        else { return false }
        return message.time.interval(since: last.message.time) <= Double(chainGap)
    }

    /// Rules 4, 5 and 7: positions, tails and the avatar, once the chain is complete.
    private mutating func close() {
        guard var chain = open else { return }
        open = nil
        let count = chain.bubbles.count
        for index in chain.bubbles.indices {
            let position: BubblePosition =
                count == 1 ? .single : index == 0 ? .first : index == count - 1 ? .last : .middle
            chain.bubbles[index].position = position
            let isEnd = position == .single || position == .last
            chain.bubbles[index].tail = chain.kind == .message && isEnd
            chain.bubbles[index].avatar = chain.alignment == .leading && chain.kind == .message && isEnd
            if isEnd { chain.bubbles[index].showTime = true }
        }
        chains.append(chain)
    }
}
