import Testing

@testable import ScrollbackReaders

/// How a WhatsApp chat's date order is inferred from all its headers, and the sentence the
/// report gives for each way of deciding.
@Suite("WhatsApp: date order inferred from every header")
struct WhatsAppDateInferenceTests {
    /// The notes for a chat whose lines start with `heads` (`01/02/2024, 09:00` and the like).
    static func notes(_ heads: [String], dashed: Bool = true, override: DateOrder? = nil) -> [String] {
        let headers = heads.compactMap { head in
            WhatsAppHeader(Substring(dashed ? head + " - Ana: hi" : "[" + head + "] Ana: hi"))
        }
        #expect(headers.count == heads.count, "every line is a header")
        return WhatsAppDates.infer(headers, override: override).notes
    }

    @Test("A day over 12 in the first place makes it day/month/year; in the second, month/day/year")
    func witnesses() {
        #expect(
            Self.notes(["01/02/2024, 09:00", "13/02/2024, 09:00"]).first
                == "dates read as day/month/year (13/02/2024 has no month 13)")
        #expect(
            Self.notes(["02/01/2024, 09:00", "02/13/2024, 09:00"]).first
                == "dates read as month/day/year (02/13/2024 has no month 13)")
    }

    @Test("When no order fits every date, day/month/year is read and the impossible lines are skipped")
    func neitherFits() {
        #expect(
            Self.notes(["13/02/2024, 09:00", "02/13/2024, 09:00"]).first
                == "dates read as day/month/year (no single order fits every date; lines whose dates do not exist are skipped)"
        )
    }

    @Test("When both fit, the order under which the dates run forwards wins")
    func sequence() {
        // Day first: 5 Jan, then 1 Feb. Month first: 1 May, then 2 Jan, backwards.
        #expect(
            Self.notes(["05/01/2024, 09:00", "01/02/2024, 09:00"]).first
                == "dates read as day/month/year (only this order keeps the dates in sequence; use --date-order to change)"
        )
        #expect(
            Self.notes(["01/05/2024, 09:00", "02/01/2024, 09:00"]).first
                == "dates read as month/day/year (only this order keeps the dates in sequence; use --date-order to change)"
        )
    }

    @Test("With no evidence, a 12-hour clock means month first; a 24-hour clock, day first")
    func guesses() {
        let guess = "(a guess: every date fits either order; use --date-order to change)"
        #expect(
            Self.notes(["01/02/2024, 09:00"])
                == [
                    "dates read as day/month/year \(guess)",
                    "times read on a 24-hour clock (the export writes no AM/PM)",
                ])
        #expect(
            Self.notes(["01/02/2024, 9:00 AM"])
                == ["dates read as month/day/year \(guess)", "times read on a 12-hour clock (the export writes AM/PM)"])
    }

    @Test("--date-order decides, and a file mixing header styles gets a sentence for each")
    func overrideAndGroups() {
        #expect(
            Self.notes(["13/02/2024, 09:00"], override: .mdy).first == "dates read as month/day/year (--date-order mdy)"
        )
        let headers = ["01/02/2024, 09:00 - Ana: hi", "[13/02/2024, 09:00:00] Ana: hi", "02/13/2024, 09:00 - Ana: hi"]
            .compactMap { WhatsAppHeader(Substring($0)) }
        #expect(headers.count == 3)
        #expect(
            WhatsAppDates.infer(headers, override: nil).notes == [
                "dashed headers: dates read as month/day/year (02/13/2024 has no month 13)",
                "bracketed headers: dates read as day/month/year (13/02/2024 has no month 13)",
                "times read on a 24-hour clock (the export writes no AM/PM)",
            ])
    }
}
