import Foundation

/// A reproducible random JSON Lines stream for the live view: appends (chains that grow and
/// break, new days, system lines, replies, jumbo emoji), updates by id at the end and in the
/// middle (statuses, edits, deletions, reactions, a time or sender moved), typing and presence.
struct RandomLiveStream {
    private var state: UInt64
    private var minute = 0
    private var messages: [(id: String, sender: String?, minute: Int)] = []
    private var number = 0
    private var words = [
        "snacks", "saturday", "train", "<b>bold</b>", "café", "later", "ok", "🚲", "what's", "noon",
    ]

    /// A stream drawn from `seed`; with `secrets`, its text also holds what `--redact` removes and
    /// `--anonymize` replaces (addresses, numbers, the participants' names).
    init(seed: UInt64, secrets: Bool = false) {
        state = seed &+ 0x9E37_79B9_7F4A_7C15
        if secrets { words += ["ben@example.org", "+44 7700 900123", "Ben", "cy", "Ana's", "4111 1111 1111 1111"] }
    }

    /// The conversation line it starts with; `listed` says whether every sender is a participant.
    func header(listed: Bool) -> String {
        let cy = listed ? #",{"id":"cy","name":"Cy"}"# : ""
        return
            #"{"type":"conversation","title":"Random","me":"ana","participants":[{"id":"ana","name":"Ana"},{"id":"ben","name":"Ben"}\#(cy)]}"#
    }

    /// The next line.
    mutating func next() -> String {
        let roll = draw(100)
        if messages.isEmpty || roll < 42 { return append() }
        let target = roll % 3 == 0 ? messages.count - 1 : draw(messages.count)
        let id = messages[target].id
        switch roll {
        case 42..<52:
            let status = ["sent", "delivered", "read", "failed", "read"][draw(5)]
            let mine = messages.indices.filter { messages[$0].sender == "ana" }
            let pick = mine.isEmpty ? id : messages[mine[draw(2) == 0 ? mine.count - 1 : draw(mine.count)]].id
            return #"{"id":"\#(pick)","status":"\#(status)"}"#
        case 52..<64: return #"{"id":"\#(id)","text":"edited \#(word()) \#(word())","edited":"\#(time(minute))"}"#
        case 64..<69: return #"{"id":"\#(id)","deleted":true}"#
        case 69..<77:
            let emoji = ["👍", "❤️", "😂"][draw(3)]
            return #"{"id":"\#(id)","reactions":[{"emoji":"\#(emoji)","by":["\#(["ana", "ben"][draw(2)])"]}]}"#
        case 77..<81:
            // A time moved within its neighbours, so the log stays in time order.
            let low = messages[target].minute
            let high = target + 1 < messages.count ? messages[target + 1].minute : minute
            let moved = low + draw(max(high - low, 0) + 1)
            messages[target].minute = moved
            return #"{"id":"\#(id)","time":"\#(time(moved))"}"#
        case 81..<84 where messages[target].sender != nil:
            let sender = ["ana", "ben", "cy"][draw(3)]
            messages[target].sender = sender
            return #"{"id":"\#(id)","sender":"\#(sender)"}"#
        case 84..<94:
            let sender = ["ben", "cy", "ana"][draw(3)]
            if draw(3) == 0 { return #"{"type":"typing","sender":"\#(sender)","stop":true}"# }
            return #"{"type":"typing","sender":"\#(sender)","time":"\#(time(minute))"}"#
        case 94..<96:
            return #"{"type":"presence","participant":"ben","online":\#(draw(2) == 0),"time":"\#(time(minute))"}"#
        default: return append()
        }
    }

    private mutating func append() -> String {
        number += 1
        minute += [0, 1, 1, 2, 3, 4, 6, 12, 45, 90, 20 * 60][draw(11)]
        let id = "m\(number)"
        if draw(14) == 0 {
            messages.append((id, nil, minute))
            return #"{"id":"\#(id)","kind":"system","time":"\#(time(minute))","text":"\#(word()) joined"}"#
        }
        let sender = ["ben", "ben", "ana", "ana", "cy"][draw(5)]
        messages.append((id, sender, minute))
        var line = #"{"id":"\#(id)","sender":"\#(sender)","time":"\#(time(minute))""#
        switch draw(12) {
        case 0: line += #","text":"👍""#
        case 1: line += #","attachments":[{"url":"https://example.com/\#(number).png","type":"image"}]"#
        case 2: line += #","text":"**\#(word())** and `\#(word())`""#
        default: line += #","text":"\#(word()) \#(word()) \#(number)""#
        }
        if sender == "ana", draw(3) > 0 { line += #","status":"sending""# }
        if messages.count > 1, draw(6) == 0 {
            // Now and then a reply to a message that has not come yet.
            let answered = draw(8) == 0 ? "m\(number + 1)" : messages[draw(messages.count - 1)].id
            line += #","replyTo":"\#(answered)""#
        }
        return line + "}"
    }

    private func time(_ minute: Int) -> String {
        let date = Date(timeIntervalSince1970: 1_795_000_000 + Double(minute) * 60)
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.string(from: date)
    }

    private mutating func word() -> String { words[draw(words.count)] }

    /// A number below `bound` (SplitMix64).
    private mutating func draw(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        value ^= value >> 31
        return Int(value % UInt64(max(bound, 1)))
    }
}
