import Foundation
import ScrollbackModel

/// Day headings and clock times, in an explicitly chosen locale.
///
/// Day headings come from the locale's own long date pattern (ICU, bundled with
/// the toolchain's Foundation), formatted in UTC from a civil date so no zone or
/// clock of the machine can change them. Times are 24-hour `HH:mm` everywhere:
/// compact, unambiguous, and the same in every locale.
struct DateLabels {
    private let formatter: DateFormatter
    private let yearFormatter: DateFormatter

    init(locale: String) {
        func make(_ template: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.calendar = Calendar(identifier: .gregorian)
            formatter.setLocalizedDateFormatFromTemplate(template)
            return formatter
        }
        formatter = make("EEEEdMMMMy")
        yearFormatter = make("y")
    }

    /// "Saturday, November 28, 2026" (for `en`); never "Today".
    func dayLabel(_ date: CivilDate) -> String {
        // ICU's Gregorian calendar turns Julian before October 1582, while days here are proleptic
        // Gregorian: an earlier date is labelled as the same day 400·k years later (same weekday,
        // same leap years), with the year put back.
        guard (1..<1583).contains(date.year) else { return string(date) }
        let cycles = (1583 - date.year + 399) / 400
        guard let shifted = CivilDate(year: date.year + 400 * cycles, month: date.month, day: date.day) else {
            return string(date)
        }
        return string(shifted).replacingOccurrences(of: yearText(shifted.year), with: yearText(date.year))
    }

    private func string(_ date: CivilDate) -> String {
        formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400)))
    }

    /// The year as the locale writes it; mid-year, where the Julian and Gregorian years agree.
    private func yearText(_ year: Int) -> String {
        let midYear = CivilDate(year: year, month: 7, day: 1)!
        return yearFormatter.string(from: Date(timeIntervalSince1970: Double(midYear.daysSinceEpoch * 86_400)))
    }

    /// `HH:mm` from seconds since local midnight.
    static func clock(secondOfDay: Int) -> String {
        let minute = secondOfDay / 60
        return minute >= 0 && minute < clockLabels.count ? clockLabels[minute] : makeClock(minuteOfDay: minute)
    }

    /// Every minute's label, made once: five characters, held in the string itself (no heap).
    private static let clockLabels: [String] = (0..<1_440).map(makeClock)

    private static func makeClock(minuteOfDay: Int) -> String {
        let hour = minuteOfDay / 60
        let minute = minuteOfDay % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
