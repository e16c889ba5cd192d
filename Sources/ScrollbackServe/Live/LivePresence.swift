import Scrollback

/// Where each sender's messages start on a live page, so that a presence line (the dot on every
/// avatar of its participant) lays out only that participant's chains when they are all near the
/// end, and the whole page only when they reach further back.
struct LivePresence: Sendable {
    /// How many messages from the end a participant's first may be for their presence to be laid
    /// out from their chains.
    static let reach = 300
    /// The messages' places by id.
    private var places: [String: Int] = [:]
    /// Each sender's first message, or one before it (a message whose sender changed keeps its
    /// place under the old sender too, so a presence line may look further back than it needs).
    private var first: [String: Int] = [:]

    /// Takes note of the messages of `transcript` from `added` on and of those with the ids
    /// `updated`; of all of them when `added` is `nil`.
    mutating func note(_ transcript: Transcript, added: Int?, updated: [String]) {
        let messages = transcript.messages
        if added == nil { (places, first) = ([:], [:]) }
        for index in (added ?? 0)..<messages.count {
            places[messages[index].id] = index
            if let sender = messages[index].sender { _ = first.insertIfAbsent(sender, index) }
        }
        for id in updated {
            guard let index = places[id], let sender = messages[index].sender else { continue }
            first[sender] = min(first[sender] ?? index, index)
        }
    }

    /// The ids of the messages of `transcript` whose avatars a change of presence from `old` (the
    /// participants as last shown) redraws; `nil` when one of them is too far back, or when the
    /// participants changed otherwise.
    func redrawn(from old: [Participant], in transcript: Transcript) -> [String]? {
        let messages = transcript.messages
        guard old.count == transcript.participants.count else { return nil }
        var ids: [String] = []
        for (before, now) in zip(old, transcript.participants) where before.online != now.online {
            guard before.id == now.id else { return nil }
            guard let start = first[now.id] else { continue }
            guard messages.count - start <= Self.reach else { return nil }
            for message in messages[start...] where message.sender == now.id { ids.append(message.id) }
        }
        return ids
    }
}
