import ScrollbackModel

/// Chooses how a file's dates are written, from all its headers at once.
///
/// WhatsApp writes dates in the phone's locale with no marker of the order, so
/// one header says nothing: `03/04/24` could be March or April. The whole file
/// (per header style, since files can mix them) is checked instead.
enum WhatsAppDates {
    /// The order for each date group, and a sentence for the report explaining each choice.
    /// Groups are kept as positions in `headers`, not copies of them: a chat's headers are many.
    static func infer<Headers: RandomAccessCollection<WhatsAppHeader>>(_ headers: Headers, override: DateOrder?) -> (
        orders: [String: DateOrder], notes: [String]
    ) {
        var groups: [String: [Headers.Index]] = [:]
        var groupOrder: [String] = []
        for index in headers.indices {
            let key = headers[index].dateGroup
            if groups[key] == nil { groupOrder.append(key) }
            groups[key, default: []].append(index)
        }
        var orders: [String: DateOrder] = [:]
        var notes: [String] = []
        for key in groupOrder {
            let group = groups[key]!.lazy.map { headers[$0] }
            let (order, reason) = choose(group, override: override)
            orders[key] = order
            let prefix = groupOrder.count > 1 ? "\(group.first!.style.rawValue) headers: " : ""
            notes.append(prefix + "dates read as \(describe(order)) (\(reason))")
        }
        if headers.contains(where: { $0.isPM != nil }) {
            notes.append("times read on a 12-hour clock (the export writes AM/PM)")
        } else if !headers.isEmpty {
            notes.append("times read on a 24-hour clock (the export writes no AM/PM)")
        }
        return (orders, notes)
    }

    /// The calendar date of a header in an order, or `nil` when it does not exist.
    static func date(_ header: WhatsAppHeader, order: DateOrder) -> CivilDate? {
        let f = SIMD3<Int>(truncatingIfNeeded: header.fields)
        let (year, month, day): (Int, Int, Int)
        switch order {
        case .ymd: (year, month, day) = (f[0], f[1], f[2])
        case .dmy: (year, month, day) = (f[2], f[1], f[0])
        case .mdy: (year, month, day) = (f[2], f[0], f[1])
        }
        return CivilDate(year: year < 100 ? 2000 + year : year, month: month, day: day)
    }

    private static func choose(_ group: some Collection<WhatsAppHeader>, override: DateOrder?) -> (DateOrder, String) {
        if let override { return (override, "--date-order \(override.rawValue)") }
        let sample = example(group.first!)
        if group.contains(where: { $0.widths[0] == 4 }) { return (.ymd, "\(sample) starts with the year") }
        let candidates: [DateOrder] = [.dmy, .mdy]
        let valid = candidates.filter { order in group.allSatisfy { date($0, order: order) != nil } }
        if valid.count == 1 {
            let other: DateOrder = valid[0] == .dmy ? .mdy : .dmy
            let witness = group.first { date($0, order: other) == nil }!
            let number = other == .mdy ? witness.fields[0] : witness.fields[1]
            return (valid[0], "\(example(witness)) has no month \(number)")
        }
        if valid.isEmpty {
            return (.dmy, "no single order fits every date; lines whose dates do not exist are skipped")
        }
        // Both fit: prefer the order under which the dates run forwards, as a chat does.
        let backwards = candidates.map { order in steps(group, order: order) }
        if backwards[0] != backwards[1] {
            let best = backwards[0] < backwards[1] ? DateOrder.dmy : .mdy
            return (best, "only this order keeps the dates in sequence; use --date-order to change")
        }
        // No evidence: US Android and iOS exports pair month-first dates with a 12-hour clock.
        // So do Android's US exports, which write `1/9/21` (no zero padding, two-digit year).
        let first = group.first!
        let unpadded = group.contains { $0.widths[0] == 1 || $0.widths[1] == 1 } && first.widths[2] == 2
        let guess: DateOrder = first.separator == "/" && (first.isPM != nil || unpadded) ? .mdy : .dmy
        return (guess, "a guess: every date fits either order; use --date-order to change")
    }

    /// How many times the dates go back by more than a day under `order`.
    private static func steps(_ group: some Collection<WhatsAppHeader>, order: DateOrder) -> Int {
        var previous: Int64?
        var count = 0
        for header in group {
            guard let day = date(header, order: order)?.daysSinceEpoch else { continue }
            if let previous, day < previous - 1 { count += 1 }
            previous = day
        }
        return count
    }

    private static func example(_ header: WhatsAppHeader) -> String {
        (0..<3).map { place in
            let text = String(header.fields[place])
            return String(repeating: "0", count: max(0, Int(header.widths[place]) - text.count)) + text
        }.joined(separator: String(header.separator))
    }

    private static func describe(_ order: DateOrder) -> String {
        switch order {
        case .dmy: return "day/month/year"
        case .mdy: return "month/day/year"
        case .ymd: return "year/month/day"
        }
    }
}
