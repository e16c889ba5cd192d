import ScrollbackModel

/// Telegram's times: `date` is the exporter's wall clock, `date_unixtime` (newer exports) the instant.
///
/// The zone of the export is `--tz`, else the one the `date`/`date_unixtime` pairs of the whole
/// export point at; a `date` alone is read in that zone, and a pair keeps the offset it shows.
struct TelegramClock {
    /// The zone local times are read in and days are shown in; `nil` when nothing tells (then UTC).
    let zone: Zone?
    /// The inference behind `zone`, when there was one.
    let answer: ZoneInference.Answer?

    /// Looks at every chat's pairs once, before any message is converted.
    init(chats: [JSONValue], override: Zone?) {
        var inference = ZoneInference()
        if override == nil {
            for chat in chats {
                for message in chat["messages"]?.array ?? [] { Self.observe(message, into: &inference) }
            }
        }
        self.init(inference: inference, override: override)
    }

    /// The clock `inference` points at (the pairs of every message seen), or `override`.
    init(inference: ZoneInference, override: Zone?) {
        if let override {
            zone = override
            answer = nil
            return
        }
        answer = inference.answer()
        zone = answer?.zone
    }

    /// Adds what `message`'s `date`/`date_unixtime` pair says about the exporter's zone.
    static func observe(_ message: JSONValue, into inference: inout ZoneInference) {
        written(message["date"], unixtime: message["date_unixtime"])?.observe(into: &inference)
    }

    /// A time as written, before the export's zone is applied.
    enum Reading {
        /// A time that carries its own offset: the zone does not change it.
        case fixed(Timestamp)
        /// An instant shown at the zone's offset then.
        case instant(Timestamp)
        /// A wall-clock time read in the zone.
        case local(CivilDate, second: Int)
    }

    /// What a message's `date` (or `edited`) and its `_unixtime` say, read once: the time to
    /// resolve, and what the pair tells of the exporter's zone.
    struct Written {
        var reading: Reading
        /// The instant and the offset the wall-clock time shows it at, when that is a real offset
        /// (whole quarter hours within ±14 h; anything else is a tool's inconsistency, not an offset).
        var shown: (instant: Int64, offset: Int32)?
        /// Whether the time is a local one without `_unixtime`, read in the export's zone.
        var localOnly: Bool

        /// Adds the offset the pair shows to what is known of the exporter's zone.
        func observe(into inference: inout ZoneInference) {
            if let shown { inference.add(instant: shown.instant, offset: shown.offset) }
        }
    }

    /// Reads a time from its written text (`2024-01-10T12:00:00`, the exporter's wall clock, or
    /// a time with its own offset, as some tools write) and its `_unixtime`; `nil` when neither
    /// gives a time.
    static func written(_ text: JSONValue?, unixtime: JSONValue?) -> Written? {
        let written = text?.string
        // Some tools write the date with its own offset (`…Z`); that is an instant already. (A text
        // that reads as a wall-clock time has no offset: at most one of the two readings succeeds.)
        let local = written.flatMap(localSeconds)
        let zoned = local == nil ? written.flatMap { Timestamp(rfc3339: $0) } : nil
        let instant = ImportJSON.unixTime(unixtime)
        var shown: (instant: Int64, offset: Int32)?
        if let instant, let local {
            let offset = local - instant.seconds
            if abs(offset) <= 14 * 3600, offset % 900 == 0 { shown = (instant.seconds, Int32(offset)) }
        }
        let reading: Reading
        if let instant {
            // The pair's own offset is what the exporter's clock showed then: it is kept as written.
            reading =
                shown.map { .fixed(Timestamp(seconds: $0.instant, utcOffset: $0.offset)) }
                ?? .instant(Timestamp(seconds: instant.seconds))
        } else if let zoned {
            reading = .fixed(zoned)
        } else if let local {
            reading = .local(CivilDate(daysSinceEpoch: local / 86_400), second: Int(local % 86_400))
        } else {
            return nil
        }
        return Written(reading: reading, shown: shown, localOnly: unixtime == nil && written != nil && zoned == nil)
    }

    /// The time `reading` is in this clock's zone.
    func resolve(_ reading: Reading) -> Timestamp {
        switch reading {
        case .fixed(let time): return time
        case .instant(let instant):
            return Timestamp(seconds: instant.seconds, utcOffset: zone?.offset(at: instant) ?? 0)
        case .local(let date, let second):
            return (zone ?? .utc).timestamp(date, hour: second / 3600, minute: second / 60 % 60, second: second % 60)
        }
    }

    /// `2024-01-10T12:00:00` → the seconds from 1970 to that wall-clock time, as if it were UTC;
    /// `nil` for times before 1970 that are not a day's midnight (those are no local time here).
    static func localSeconds(_ text: String) -> Int64? {
        // Read as the same text with `Z` after it, without making that text.
        var text = text
        let stamp = text.withUTF8 { bytes in
            withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bytes.count + 1) { buffer -> Timestamp? in
                _ = buffer.initialize(from: bytes)
                buffer[bytes.count] = UInt8(ascii: "Z")
                return Timestamp.parse(bytes: UnsafeBufferPointer(buffer))
            }
        }
        guard let stamp, stamp.seconds % 86_400 >= 0 else { return nil }
        return stamp.seconds
    }

    /// The report line for the zone days are shown in, when it was inferred.
    var zoneNote: String? {
        guard let answer else { return nil }
        let offsets = answer.offsets.map(ZoneInference.label)
        var line = "days and times follow the exporter's clock, "
        if offsets.count == 1 && ZoneInference.fixedZone(answer.offsets[0]) == answer.zone {
            line += offsets[0] + " (from date vs date_unixtime)"
        } else {
            line +=
                "\(answer.zone.identifier) (offsets \(offsets.joined(separator: ", ")) from date vs date_unixtime"
                + "; another zone with the same offsets may be the real one)"
        }
        if answer.fitted < answer.total {
            let others = answer.total - answer.fitted
            // Days and clocks are shown in one zone: a time written at another offset is shown at
            // the zone's (the instant is kept; its wall clock is the zone's, not the one written).
            line += "; \(counted(others, "time")) written at other offsets are shown in \(answer.zone.identifier) too"
        }
        return line + "; --tz sets the zone"
    }

    /// The report line for `count` local times read in the export's zone.
    func localNote(_ count: Int) -> String {
        let reading = zone.map { "as local times in \($0.identifier)" } ?? "as UTC (--tz sets the zone of the export)"
        return "\(counted(count, "time")) without date_unixtime read " + reading
    }
}
