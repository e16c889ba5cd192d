import ScrollbackModel

/// Chooses how a file's dates are written, from all its headers at once.
///
/// WhatsApp writes dates in the phone's locale with no marker of the order, so
/// one header says nothing: `03/04/24` could be March or April. The whole file
/// (per header style, since files can mix them) is checked instead.
enum WhatsAppDates {
    /// The order for each date group, and a sentence for the report explaining each choice.
    static func infer(_ headers: some Sequence<WhatsAppHeader>, override: DateOrder?) -> (
        orders: [String: DateOrder], notes: [String]
    ) {
        var evidence = Evidence()
        for header in headers { evidence.add(header) }
        return evidence.conclusion(override: override)
    }

    /// What a file's headers say about how its dates are written, gathered a header at a time
    /// (on the line reader's thread, or beside the conversion on a second core), so no header
    /// is kept for it.
    struct Evidence {
        /// Each group's, in the order their first headers come (a file has one or two).
        private var groups: [Group] = []
        private var twelveHour = false

        mutating func add(_ header: WhatsAppHeader) {
            twelveHour = twelveHour || header.isPM != nil
            if let index = groups.firstIndex(where: { $0.holds(header) }) {
                groups[index].add(header)
            } else {
                groups.append(Group(header))
            }
        }

        /// The order for each date group, and a sentence for the report explaining each choice.
        func conclusion(override: DateOrder?) -> (orders: [String: DateOrder], notes: [String]) {
            var orders: [String: DateOrder] = [:]
            var notes: [String] = []
            for group in groups {
                let (order, reason) = group.choice(override: override)
                orders[group.first.dateGroup] = order
                let prefix = groups.count > 1 ? "\(group.first.style.rawValue) headers: " : ""
                notes.append(prefix + "dates read as \(describe(order)) (\(reason))")
            }
            if twelveHour {
                notes.append("times read on a 12-hour clock (the export writes AM/PM)")
            } else if !groups.isEmpty {
                notes.append("times read on a 24-hour clock (the export writes no AM/PM)")
            }
            return (orders, notes)
        }
    }

    /// What one group's headers (one style and separator) say about their order.
    private struct Group {
        let first: WhatsAppHeader
        /// Whether a date starts with a four-digit year.
        var yearFirst = false
        /// Whether a day or month is written with one digit.
        var unpadded = false
        /// The dates read day first and read month first.
        var dayFirst = OrderReading(order: .dmy)
        var monthFirst = OrderReading(order: .mdy)

        init(_ header: WhatsAppHeader) {
            first = header
            add(header)
        }

        func holds(_ header: WhatsAppHeader) -> Bool {
            header.style == first.style && header.separator == first.separator
        }

        mutating func add(_ header: WhatsAppHeader) {
            yearFirst = yearFirst || header.widths[0] == 4
            unpadded = unpadded || header.widths[0] == 1 || header.widths[1] == 1
            dayFirst.add(header)
            monthFirst.add(header)
        }

        func choice(override: DateOrder?) -> (DateOrder, String) {
            if let override { return (override, "--date-order \(override.rawValue)") }
            if yearFirst { return (.ymd, "\(example(first)) starts with the year") }
            switch (dayFirst.witness, monthFirst.witness) {
            case (nil, let witness?):
                // Only day/month/year fits: the witness has no month in its first place.
                return (.dmy, "\(example(witness)) has no month \(witness.fields[0])")
            case (let witness?, nil):
                return (.mdy, "\(example(witness)) has no month \(witness.fields[1])")
            case (.some, .some):
                return (.dmy, "no single order fits every date; lines whose dates do not exist are skipped")
            case (nil, nil):
                break
            }
            // Both fit: prefer the order under which the dates run forwards, as a chat does.
            if dayFirst.backwards != monthFirst.backwards {
                let best = dayFirst.backwards < monthFirst.backwards ? DateOrder.dmy : .mdy
                return (best, "only this order keeps the dates in sequence; use --date-order to change")
            }
            // No evidence: US Android and iOS exports pair month-first dates with a 12-hour clock.
            // So do Android's US exports, which write `1/9/21` (no zero padding, two-digit year).
            let guess: DateOrder =
                first.separator == "/" && (first.isPM != nil || (unpadded && first.widths[2] == 2)) ? .mdy : .dmy
            return (guess, "a guess: every date fits either order; use --date-order to change")
        }
    }

    /// A group's dates read in one order: the first header whose date does not exist in it, how
    /// many times the dates go back by more than a day, and the day of the last date that exists.
    private struct OrderReading {
        let order: DateOrder
        var witness: WhatsAppHeader?
        var backwards = 0
        var previous: Int64?

        mutating func add(_ header: WhatsAppHeader) {
            guard let day = date(header, order: order)?.daysSinceEpoch else {
                if witness == nil { witness = header }
                return
            }
            if let previous, day < previous - 1 { backwards += 1 }
            previous = day
        }
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
