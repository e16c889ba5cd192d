import ScrollbackLayout
import ScrollbackModel

/// `day.mustache`'s names.
struct DayContext: HTMLContext {
    let day: DayLayout
    /// The day's place in the page.
    let index: Int
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .dayID: .string(PermalinkID.day(day.date.description))
        case .date: .string(day.date.description)
        case .label: .string(day.label)
        case .chains:
            chains(ahead: session.chainsAhead)
        default: nil
        }
    }

    /// The day's chains, those written ahead on other cores taken from `ahead`.
    private func chains(ahead: ChainsAhead?) -> MustacheValue {
        let (day, session) = (day, session)
        let element = { (index: Int) in MustacheValue.object(ChainContext(chain: day.chains[index], session: session)) }
        guard let ahead else { return .lazyList(count: day.chains.count, element: element) }
        return .aheadList(
            MustacheAheadList(count: day.chains.count, element: element, ahead: ahead, first: ahead.dayStarts[index]))
    }
}

/// `chain.mustache`'s names.
struct ChainContext: HTMLContext {
    let chain: ChainLayout
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        if let flag = flag(name) { return .bool(flag) }
        if let text = text(name) { return .string(text) }
        switch name {
        case .bubbles:
            return .lazyList(count: chain.bubbles.count) {
                .object(BubbleContext(bubble: chain.bubbles[$0], session: session))
            }
        default: return nil
        }
    }

    /// The names answered with a flag. The generated chain writer reads these (and `text`)
    /// directly, without boxing a `MustacheValue`; `scripts/generate-message-writer.py` finds
    /// which names they are by reading this switch.
    func flag(_ name: HTMLName) -> Bool? {
        switch name {
        case .isSystem: chain.kind == .system
        case .showName: chain.showName
        case .isMe: chain.sender != nil && chain.sender == session.layout.me
        default: nil
        }
    }

    /// The names answered with text (see `flag`).
    func text(_ name: HTMLName) -> String? {
        switch name {
        case .alignment: chain.alignment.rawValue
        case .senderName: session.name(chain.sender)
        case .colorIndex: String(colorIndex)
        case .chainAvatarClass: session.avatarClass(chain.sender)
        case .chainInitials: session.initials(chain.sender)
        case .firstTime: chain.bubbles.first?.timeLabel ?? ""
        case .firstIsoTime: chain.bubbles.first?.isoTime ?? ""
        // A bot's name carries a tag, as Discord shows APP/BOT.
        case .senderTag:
            chain.sender.flatMap { session.layout.participant($0) }?.isBot == true ? PresentationWords.bot : ""
        default: nil
        }
    }

    /// The names the generated writer appends straight into the page's buffer (see `flag`),
    /// unescaped: a number's digits are safe as they are.
    func write(_ name: HTMLName, into out: inout MustacheOutput) -> Bool {
        switch name {
        case .colorIndex: out.write(String(colorIndex))
        default: return false
        }
        return true
    }

    private var colorIndex: Int { chain.sender.flatMap { session.layout.participant($0)?.colorIndex } ?? 0 }

    /// Each bubble's context in turn, as `{{#bubbles}}` pushes them.
    func forEachBubble(_ body: (BubbleContext) -> Void) {
        for bubble in chain.bubbles { body(BubbleContext(bubble: bubble, session: session)) }
    }
}
