extension Timestamp {
    /// Parses an RFC 3339 / ISO 8601 time with an offset or `Z`:
    /// `2026-11-28T09:14:00+01:00`, `2026-11-28T08:14:00.250Z`, `2026-11-28 09:14:00+0100`.
    ///
    /// A hand-written parser: Foundation's ISO 8601 formatter is slow per call and
    /// rejects forms real logs use (a space for `T`, `+0100`). Returns `nil` for
    /// anything else, including times without an offset.
    public init?(rfc3339 text: String) {
        var text = text
        let parsed = text.withUTF8 { Self.parse(bytes: $0) }
        guard let parsed else { return nil }
        self = parsed
    }

    /// Parses RFC 3339 from UTF-8 bytes (the readers' hot path: no `String` is made).
    package static func parse(bytes: UnsafeBufferPointer<UInt8>) -> Timestamp? {
        var cursor = ByteCursor(bytes: bytes)
        guard let year = cursor.digits(4), cursor.skip(UInt8(ascii: "-")), let month = cursor.digits(2),
            cursor.skip(UInt8(ascii: "-")), let day = cursor.digits(2),
            let date = CivilDate(year: year, month: month, day: day)
        else { return nil }
        guard let separator = cursor.peek,
            separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == UInt8(ascii: " ")
        else { return nil }
        cursor.index += 1
        guard let hour = cursor.digits(2), hour < 24, cursor.skip(UInt8(ascii: ":")), let minute = cursor.digits(2),
            minute < 60
        else { return nil }
        var second = 0
        var nanos: Int32 = 0
        if cursor.skip(UInt8(ascii: ":")) {
            guard let value = cursor.digits(2), value <= 60 else { return nil }
            second = min(value, 59)  // a leap second is read as :59
            if cursor.skip(UInt8(ascii: ".")) || cursor.skip(UInt8(ascii: ",")) {
                var scale: Int32 = 100_000_000
                var count = 0
                while let byte = cursor.peek, byte >= 48, byte <= 57 {
                    nanos += Int32(byte - 48) * scale
                    scale /= 10
                    count += 1
                    cursor.index += 1
                }
                guard count > 0 else { return nil }
            }
        }
        guard let zone = cursor.peek else { return nil }
        var offset: Int32 = 0
        if zone == UInt8(ascii: "Z") || zone == UInt8(ascii: "z") {
            cursor.index += 1
        } else if zone == UInt8(ascii: "+") || zone == UInt8(ascii: "-") {
            cursor.index += 1
            guard let hours = cursor.digits(2), hours <= 23 else { return nil }
            _ = cursor.skip(UInt8(ascii: ":"))
            guard let minutes = cursor.digits(2), minutes < 60 else { return nil }
            offset = Int32(hours * 3600 + minutes * 60) * (zone == UInt8(ascii: "-") ? -1 : 1)
        } else {
            return nil
        }
        guard cursor.index == bytes.count else { return nil }
        return Timestamp(date, hour: hour, minute: minute, second: second, nanoseconds: nanos, utcOffset: offset)
    }
}

/// A read position in UTF-8 bytes.
private struct ByteCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Consumes exactly `count` ASCII digits.
    mutating func digits(_ count: Int) -> Int? {
        guard index + count <= bytes.count else { return nil }
        var value = 0
        for offset in 0..<count {
            let byte = bytes[index + offset]
            guard byte >= 48, byte <= 57 else { return nil }
            value = value * 10 + Int(byte - 48)
        }
        index += count
        return value
    }

    /// Consumes `byte` if it comes next.
    mutating func skip(_ byte: UInt8) -> Bool {
        guard peek == byte else { return false }
        index += 1
        return true
    }
}
