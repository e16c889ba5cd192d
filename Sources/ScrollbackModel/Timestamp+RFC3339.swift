extension Timestamp {
    /// Parses an RFC 3339 / ISO 8601 time with an offset or `Z`:
    /// `2026-11-28T09:14:00+01:00`, `2026-11-28T08:14:00.250Z`, `2026-11-28 09:14:00+0100`.
    ///
    /// A hand-written parser: Foundation's ISO 8601 formatter is slow per call and
    /// rejects forms real logs use (a space for `T`, `+0100`). Returns `nil` for
    /// anything else, including times without an offset.
    public init?(rfc3339 text: some StringProtocol) {
        var cursor = Substring(text).utf8[...]
        guard let year = cursor.digits(4), cursor.skip("-"), let month = cursor.digits(2), cursor.skip("-"),
            let day = cursor.digits(2), let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        guard let separator = cursor.first,
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t")
                || separator == UInt8(ascii: " ")
        else { return nil }
        cursor.removeFirst()
        guard let hour = cursor.digits(2), hour < 24, cursor.skip(":"), let minute = cursor.digits(2), minute < 60
        else { return nil }
        var second = 0
        var nanos: Int32 = 0
        if cursor.skip(":") {
            guard let value = cursor.digits(2), value <= 60 else { return nil }
            second = min(value, 59)  // a leap second is read as :59
            if cursor.skip(".") || cursor.skip(",") {
                var scale: Int32 = 100_000_000
                var count = 0
                while let byte = cursor.first, byte >= 48, byte <= 57 {
                    if scale > 0 {
                        nanos += Int32(byte - 48) * scale
                        scale /= 10
                    }
                    count += 1
                    cursor.removeFirst()
                }
                guard count > 0 else { return nil }
            }
        }
        guard let zone = cursor.first else { return nil }
        var offset: Int32 = 0
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
            cursor.removeFirst()
        } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
            cursor.removeFirst()
            guard let hours = cursor.digits(2), hours <= 23 else { return nil }
            _ = cursor.skip(":")
            guard let minutes = cursor.digits(2), minutes < 60 else { return nil }
            offset = Int32(hours * 3600 + minutes * 60) * (zone == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard cursor.isEmpty else { return nil }
        self.init(date, hour: hour, minute: minute, second: second, nanoseconds: nanos, utcOffset: offset)
    }
}

extension Substring.UTF8View {
    /// Consumes exactly `count` ASCII digits.
    fileprivate mutating func digits(_ count: Int) -> Int? {
        var value = 0
        var taken = 0
        while taken < count, let byte = first, byte >= 48, byte <= 57 {
            value = value * 10 + Int(byte - 48)
            removeFirst()
            taken += 1
        }
        return taken == count ? value : nil
    }

    /// Consumes `character` if it comes next.
    fileprivate mutating func skip(_ character: Unicode.Scalar) -> Bool {
        guard first == UInt8(ascii: character) else { return false }
        removeFirst()
        return true
    }
}
