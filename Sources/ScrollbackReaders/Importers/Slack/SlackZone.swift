import ScrollbackModel

/// The zone a Slack export's times are shown in when `--tz` names none. Slack writes a day file
/// per day of the workspace's wall clock, and every person in `users.json` has a `tz`: the zone
/// most of them share is the workspace's, when it puts messages on their day files' dates at
/// least as often as UTC does (slackdump, for one, writes UTC days). The report says which.
enum SlackZone {
    /// Shows `transcripts` (read in UTC) in the zone chosen from `people` (`tz` → how many have it).
    static func choose(for transcripts: inout [Transcript], people: [String: Int], report: inout ImportReport) {
        guard let (zone, count) = common(people) else { return }
        let total = people.values.reduce(0, +)
        let messages = transcripts.flatMap(\.messages)
        let inZone = onTheirDays(messages, zone: zone)
        let inUTC = onTheirDays(messages, zone: .utc)
        let whose = "the time zone (tz) of \(count) of the \(counted(total, "person", "people")) in users.json"
        guard inZone >= inUTC else {
            report.inferences.append(
                "times are shown in UTC: the day files hold UTC days (\(zone.identifier), \(whose), would move \(counted(messages.count - inZone, "message")) off their file's day); --tz ZONE changes it"
            )
            return
        }
        for index in transcripts.indices { shift(&transcripts[index], to: zone) }
        report.inferences.append("times are shown in \(zone.identifier), \(whose); --tz ZONE changes it")
    }

    /// The most common known zone and how many people have it (ties go to the name first in order).
    static func common(_ people: [String: Int]) -> (Zone, Int)? {
        let known = people.compactMap { name, count in Zone(identifier: name).map { ($0, count) } }
        return known.max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0.identifier > $1.0.identifier) }
    }

    /// How many messages fall, in `zone`, on the date of the day file they were read from.
    private static func onTheirDays(_ messages: [Message], zone: Zone) -> Int {
        messages.filter { message in
            guard let file = message.location?.file.split(separator: "/").last, file.hasSuffix(".json"),
                let day = CivilDate(iso: file.prefix(10))
            else { return false }
            return zone.date(of: message.time) == day
        }.count
    }

    /// The transcript shown in `zone`: its `timeZone`, and every time at the offset in force then.
    private static func shift(_ transcript: inout Transcript, to zone: Zone) {
        transcript.timeZone = zone.identifier
        func moved(_ time: Timestamp) -> Timestamp {
            Timestamp(seconds: time.seconds, nanoseconds: time.nanoseconds, utcOffset: zone.offset(at: time))
        }
        for index in transcript.messages.indices {
            var message = transcript.messages[index]
            message.time = moved(message.time)
            message.edited = message.edited.map(moved)
            message.revisions = message.revisions.map { Revision(text: $0.text, time: $0.time.map(moved)) }
            transcript.messages[index] = message
        }
    }
}
