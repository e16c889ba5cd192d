import ScrollbackModel

/// A date and wall-clock time as a Markdown log writes it: `YYYY-MM-DD HH:MM[:SS[.fff]]`
/// (`T` may replace the space), optionally followed by `Z`, `UTC` or an offset like `+01:00`.
/// Without an offset it is read in the log's time zone.
struct LocalTime: Equatable {
    var date: CivilDate
    var hour = 0
    var minute = 0
    var second = 0
    var nanoseconds: Int32 = 0
    /// Seconds east of UTC, when the text gives an offset.
    var utcOffset: Int32?

    /// Parses the whole of `text`; `nil` when it is anything else.
    init?(_ text: Substring) {
        var cursor = text.utf8[...]
        guard let year = cursor.number(4), cursor.skip("-"), let month = cursor.number(2), cursor.skip("-"),
            let day = cursor.number(2), let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        self.date = date
        guard cursor.skip(" ") || cursor.skip("T") else { return nil }
        while cursor.skip(" ") {}
        guard let hour = cursor.number(2), hour < 24, cursor.skip(":"), let minute = cursor.number(2), minute < 60
        else { return nil }
        self.hour = hour
        self.minute = minute
        if cursor.skip(":") {
            guard let second = cursor.number(2), second < 60 else { return nil }
            self.second = second
            if cursor.skip(".") {
                var scale: Int32 = 100_000_000
                var digits = 0
                while let byte = cursor.first, byte >= 48, byte <= 57 {
                    nanoseconds += Int32(byte - 48) * scale
                    scale /= 10
                    digits += 1
                    cursor.removeFirst()
                }
                guard digits > 0, digits <= 9 else { return nil }
            }
        }
        while cursor.skip(" ") {}
        if cursor.isEmpty { return }
        if cursor.elementsEqual("Z".utf8) || cursor.elementsEqual("UTC".utf8) {
            utcOffset = 0
            return
        }
        guard let sign = cursor.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") else { return nil }
        cursor.removeFirst()
        guard let hours = cursor.number(2), hours <= 18 else { return nil }
        _ = cursor.skip(":")
        guard let minutes = cursor.number(2), minutes < 60, cursor.isEmpty else { return nil }
        let magnitude = Int32(hours * 3600 + minutes * 60)
        utcOffset = sign == UInt8(ascii: "-") ? -magnitude : magnitude
    }

    /// The instant: at the written offset, else as a wall-clock time in `zone`.
    func timestamp(in zone: Zone) -> Timestamp {
        if let utcOffset {
            return Timestamp(
                date, hour: hour, minute: minute, second: second, nanoseconds: nanoseconds, utcOffset: utcOffset)
        }
        return zone.timestamp(date, hour: hour, minute: minute, second: second, nanoseconds: nanoseconds)
    }
}

extension Substring.UTF8View.SubSequence {
    /// Exactly `count` ASCII digits as a number.
    fileprivate mutating func number(_ count: Int) -> Int? {
        var value = 0
        var taken = self
        for _ in 0..<count {
            guard let byte = taken.first, byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
            taken.removeFirst()
        }
        self = taken
        return value
    }

    /// Skips `character` if it comes next.
    fileprivate mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard first == UInt8(ascii: character) else { return false }
        removeFirst()
        return true
    }
}
