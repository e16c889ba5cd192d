import ScrollbackModel

/// Tapbacks of one chat, gathered as they are read and put on their messages at the end: each
/// person keeps one tapback per part; a removal (3000–3007) takes back the one it names.
struct IMessageTapbacks {
    /// Part id → reactor → the emoji they left there, in the order first given.
    private var byTarget: [String: [(reactor: String, emoji: String)]] = [:]
    private(set) var targets: [String] = []

    /// Whether `type` (`associated_message_type`) is a tapback or its removal.
    static func isTapback(_ type: Int64) -> Bool { (2000...2007).contains(type) || (3000...3007).contains(type) }

    /// The emoji of a tapback type; 2006 is a custom emoji, given beside it.
    static func emoji(_ type: Int64, custom: String?) -> String {
        switch type % 1000 {
        case 0: "❤️"
        case 1: "👍"
        case 2: "👎"
        case 3: "😂"
        case 4: "‼️"
        case 5: "❓"
        case 6: custom.flatMap { $0.isEmpty ? nil : $0 } ?? "❓"
        default: custom.flatMap { $0.isEmpty ? nil : $0 } ?? "🏷️"
        }
    }

    /// The part a tapback or reply names: `p:N/GUID` (part N), `bp:GUID` (the whole message, part 0), or a GUID.
    static func target(_ associated: String) -> (guid: String, part: Int) {
        if associated.hasPrefix("p:"), let slash = associated.firstIndex(of: "/") {
            let number = Int(associated[associated.index(associated.startIndex, offsetBy: 2)..<slash]) ?? 0
            return (String(associated[associated.index(after: slash)...]), max(0, min(number, 1 << 16)))
        }
        if associated.hasPrefix("bp:") { return (String(associated.dropFirst(3)), 0) }
        return (associated, 0)
    }

    /// Records a tapback (or its removal) by `reactor` on the part with id `target`.
    mutating func record(type: Int64, emoji: String, by reactor: String, on target: String) {
        var list = byTarget[target] ?? []
        if list.isEmpty && byTarget[target] == nil { targets.append(target) }
        if type >= 3000 {
            list.removeAll { $0.reactor == reactor && $0.emoji == emoji }
        } else {
            list.removeAll { $0.reactor == reactor }
            list.append((reactor, emoji))
        }
        byTarget[target] = list
    }

    /// The reactions on the part with id `target`: one per emoji, in the order first left, with who left it.
    func reactions(on target: String) -> [Reaction] {
        var order: [String] = []
        var by: [String: [String]] = [:]
        for (reactor, emoji) in byTarget[target] ?? [] {
            if by[emoji] == nil { order.append(emoji) }
            by[emoji, default: []].append(reactor)
        }
        return order.map { Reaction(emoji: $0, by: by[$0] ?? []) }
    }
}
