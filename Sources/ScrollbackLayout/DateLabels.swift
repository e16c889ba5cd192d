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

    init(locale: String) {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMMy")
        self.formatter = formatter
    }

    /// "Saturday, November 28, 2026" (for `en`); never "Today".
    func dayLabel(_ date: CivilDate) -> String {
        formatter.string(from: Date(timeIntervalSince1970: Double(date.daysSinceEpoch * 86_400)))
    }

    /// `HH:mm` from seconds since local midnight.
    static func clock(secondOfDay: Int) -> String {
        let hour = secondOfDay / 3600
        let minute = secondOfDay / 60 % 60
        return (hour < 10 ? "0" : "") + String(hour) + ":" + (minute < 10 ? "0" : "") + String(minute)
    }
}
