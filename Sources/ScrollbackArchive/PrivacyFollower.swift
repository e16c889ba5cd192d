import ScrollbackModel
import ScrollbackReaders

/// `PrivacyOptions` applied to one conversation as it grows (a live page): a new or updated
/// message is changed alone, by the steps made for the conversation when it was last changed
/// whole, as long as everything those steps and the ids by position were made from stays as it
/// was. That is the header and the participants (people, redacted ids), the order people first
/// speak in (pseudonyms: `Person 3` is the third to speak, and a new name is replaced in every
/// message), and the places of the messages in time (ids by position, and reply targets the
/// conversation does not hold, numbered by first mention). When one of them changes, the
/// conversation is changed whole again, as `render` changes it; either way the result is what
/// `PrivacyOptions.apply` gives.
struct PrivacyFollower: TranscriptFollower {
    let options: PrivacyOptions
    private var made: Made?

    init(options: PrivacyOptions) { self.options = options }

    mutating func follow(_ transcript: Transcript, added: Int, updated: [String]) -> FollowedTranscript {
        // Taken out while it changes, so its messages are changed in place, not copied.
        if var kept = made {
            made = nil
            if let ids = kept.follow(transcript, added: added, updated: updated, options: options) {
                made = kept
                return FollowedTranscript(transcript: kept.result, updated: ids, whole: false)
            }
        }
        let whole = Made(transcript, options: options)
        made = whole
        return FollowedTranscript(transcript: whole.result, updated: [], whole: true)
    }
}

extension PrivacyFollower {
    /// What was made for the conversation when it was last changed whole, kept up to date since.
    private struct Made {
        /// The conversation's header as read (no messages).
        var header: Transcript
        /// The ids of its participants as read.
        let listed: Set<String>
        let steps: [PrivacyStep]
        var numbering: PositionalMessageIDs?
        var speakers: Speakers?
        /// Which of the steps makes pseudonyms (after people, if they are given).
        let pseudonymStep: Int
        /// The conversation changed.
        var result: Transcript
        /// The messages' places by their ids as read.
        var places: [String: Int] = [:]
        /// Whether two messages have one id (the first of them is the one replies point to).
        var repeated = false

        init(_ transcript: Transcript, options: PrivacyOptions) {
            var header = transcript
            header.messages = []
            self.header = header
            listed = Set(transcript.participants.map(\.id))
            let applied = options.applied(transcript, keeping: true)
            result = applied.result
            steps = applied.steps
            numbering = applied.numbering
            speakers = applied.pseudonymized.map(Speakers.init)
            pseudonymStep = options.people == nil ? 0 : 1
            for (index, message) in transcript.messages.enumerated() {
                if places.updateValue(index, forKey: message.id) != nil { repeated = true }
            }
        }

        /// Brings the result up to date with `transcript` (see `TranscriptFollower.follow`) and
        /// returns the updated messages' ids as changed; `nil` when it must be changed whole.
        mutating func follow(_ transcript: Transcript, added: Int, updated: [String], options: PrivacyOptions)
            -> [String]?
        {
            var header = transcript
            header.messages = []
            let messages = transcript.messages
            guard !repeated, added == result.messages.count, messages.count >= added else { return nil }
            if header != self.header {
                // Presence (the dot on avatars) changes no message and no step: the header alone.
                guard Self.withoutPresence(header) == Self.withoutPresence(self.header) else { return nil }
                var changed = options.header(header, steps: steps)
                swap(&changed.messages, &result.messages)
                result = changed
                self.header = header
            }
            result.messages.reserveCapacity(messages.count)
            for index in added..<messages.count {
                let message = messages[index]
                guard places.updateValue(index, forKey: message.id) == nil, numbering?.append(message) != false,
                    let changed = change(message, at: index)
                else { return nil }
                result.messages.append(changed)
            }
            var ids: [String] = []
            var seen = Set<Int>()
            for id in updated {
                guard let index = places[id] else { return nil }
                if index < added, seen.insert(index).inserted {
                    let message = messages[index]
                    let old = result.messages[index]
                    // A time moved can renumber ids and reorder who spoke first.
                    if options.hidesNames, message.time != old.time || message.time.utcOffset != old.time.utcOffset {
                        return nil
                    }
                    guard numbering?.update(message, at: index) != false, let changed = change(message, at: index),
                        !options.anonymize || changed.sender == old.sender
                    else { return nil }
                    result.messages[index] = changed
                }
                ids.append(result.messages[index].id)
            }
            return ids
        }

        /// `transcript` without whether each participant is online.
        private static func withoutPresence(_ transcript: Transcript) -> Transcript {
            var result = transcript
            for index in result.participants.indices { result.participants[index].online = nil }
            return result
        }

        /// `message`, at `index`, changed by the steps and numbered; `nil` when its sender is not
        /// a participant or speaks before they did so far (the steps were made without that).
        private mutating func change(_ message: Message, at index: Int) -> Message? {
            if let sender = message.sender, !listed.contains(sender) { return nil }
            var changed = message
            for (position, step) in steps.enumerated() {
                // Pseudonyms are made from the conversation as their step gets it (people applied).
                if position == pseudonymStep, var speaking = speakers {
                    speakers = nil
                    guard speaking.note(changed.sender, time: changed.time, index: index) else { return nil }
                    speakers = speaking
                }
                changed = step.message(changed)
            }
            if let numbering {
                (changed.id, changed.replyTo) = numbering.numbering(at: index)
            }
            return changed
        }
    }

    /// The order people first speak in, which numbers pseudonyms (`Anonymizer.order`): each
    /// sender's first message in time, then the participants who never speak, as listed.
    private struct Speakers {
        /// Each sender's first message: its time and its place.
        private var first: [String: (time: Timestamp, index: Int)] = [:]
        /// The participants, as listed.
        private let listed: [String]
        /// The order.
        private var order: [String]

        init(_ transcript: Transcript) {
            for (index, message) in transcript.messages.enumerated() {
                guard let sender = message.sender else { continue }
                if let known = first[sender], !(message.time < known.time) { continue }
                first[sender] = (message.time, index)
            }
            listed = transcript.participants.map(\.id)
            order = Anonymizer.order(transcript)
        }

        /// Takes note that `sender` speaks at `time` in the message at `index`, after every
        /// message so far; `false` when that changes the order.
        mutating func note(_ sender: String?, time: Timestamp, index: Int) -> Bool {
            guard let sender else { return true }
            if let known = first[sender], !(time < known.time) { return true }
            first[sender] = (time, index)
            let speakers = first.sorted { a, b in
                a.value.time == b.value.time ? a.value.index < b.value.index : a.value.time < b.value.time
            }.map(\.key)
            let spoke = Set(speakers)
            return speakers + listed.filter { !spoke.contains($0) } == order
        }
    }
}
