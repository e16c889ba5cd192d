/// The words for Messages' events (`item_type` ≠ 0) and send styles.
enum IMessageEvents {
    /// The line an event row shows, naming `actor` ("You" for the owner) and the handle it concerns; `nil` for
    /// an event kind Scrollback does not know.
    static func text(_ row: IMessageRow, actor: String, other: String?) -> String? {
        switch row.itemType {
        case 1:
            let member = other ?? "someone"
            return row.groupActionType == 1
                ? "\(actor) removed \(member) from the conversation" : "\(actor) added \(member) to the conversation"
        case 2:
            guard let title = row.groupTitle, !title.isEmpty else { return "\(actor) removed the conversation name" }
            return "\(actor) named the conversation “\(title)”"
        case 3:
            switch row.groupActionType {
            case 1: return "\(actor) changed the group photo"
            case 2: return "\(actor) removed the group photo"
            default: return "\(actor) left the conversation"
            }
        case 4: return "\(actor) shared their location"
        case 5: return "\(actor) kept an audio message"
        case 6: return "\(actor) started a FaceTime call"
        default: return nil
        }
    }

    /// The name of an animated text effect (iOS 18, `__kIMTextEffectAttributeName`) by Messages'
    /// number for it, in the order its menu offers them; `animated` for a number not known yet.
    static func textEffect(_ number: Int) -> String {
        switch number {
        case 5: "big"
        case 11: "small"
        case 9: "shake"
        case 8: "nod"
        case 12: "explode"
        case 4: "ripple"
        case 6: "bloom"
        case 10: "jitter"
        default: "animated"
        }
    }

    /// The short name of an expressive send style id (`com.apple.MobileSMS.expressivesend.impact` → `slam`).
    static func sendStyle(_ id: String) -> String? {
        let last = id.split(separator: ".").last.map(String.init) ?? id
        switch last {
        case "": return nil
        case "impact": return "slam"
        case "invisibleink": return "invisible-ink"
        case "loud", "gentle": return last
        default:
            // Screen effects: CKConfettiEffect → confetti.
            var name = last
            if name.hasPrefix("CK") { name.removeFirst(2) }
            if name.hasSuffix("Effect") { name.removeLast(6) }
            return name.lowercased()
        }
    }
}
