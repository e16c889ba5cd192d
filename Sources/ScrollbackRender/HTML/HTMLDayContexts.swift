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
        switch name {
        case .isSystem: .bool(chain.kind == .system)
        case .alignment: .string(chain.alignment.rawValue)
        case .showName: .bool(chain.showName)
        case .isMe: .bool(chain.sender != nil && chain.sender == session.layout.me)
        case .senderName: .string(session.name(chain.sender))
        case .colorIndex: .string(String(chain.sender.flatMap { session.layout.participant($0)?.colorIndex } ?? 0))
        case .chainAvatarClass: .string(session.avatarClass(chain.sender))
        case .chainInitials: .string(session.initials(chain.sender))
        case .firstTime: .string(chain.bubbles.first?.timeLabel ?? "")
        case .firstIsoTime: .string(chain.bubbles.first?.isoTime ?? "")
        case .bubbles:
            .lazyList(count: chain.bubbles.count) {
                .object(BubbleContext(bubble: chain.bubbles[$0], session: session))
            }
        default: nil
        }
    }
}
