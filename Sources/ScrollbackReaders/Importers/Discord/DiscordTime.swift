import ScrollbackModel

/// A Discord time token `<t:SECONDS:STYLE>` as Discord's English client writes it, in the
/// chat's zone: `t` 4:20 PM, `T` 4:20:30 PM, `d` 04/20/2021, `D` April 20, 2021, `f` (the
/// default) April 20, 2021 4:20 PM, `F` Tuesday, April 20, 2021 4:20 PM, and `R` relative to the
/// message's own time ("3 days ago", "in 2 hours"), so the text never depends on when it is read.
enum DiscordTime {
    static let months = [
        "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November",
        "December",
    ]
    static let weekdays = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

    /// The token's text; `nil` for a style Discord does not have.
    static func text(seconds: Int64, style: Substring?, zone: Zone, messageTime: Timestamp) -> String? {
        let time = Timestamp(seconds: seconds)
        let (date, secondOfDay) = zone.wallClock(of: time)
        let clock = clockText(secondOfDay, seconds: false)
        let long = "\(months[date.month - 1]) \(date.day), \(date.year)"
        switch style ?? "f" {
        case "t": return clock
        case "T": return clockText(secondOfDay, seconds: true)
        case "d": return pad(date.month) + "/" + pad(date.day) + "/" + String(date.year)
        case "D": return long
        case "f": return long + " " + clock
        case "F": return weekday(date) + ", " + long + " " + clock
        case "R": return relative(seconds - messageTime.seconds)
        default: return nil
        }
    }

    /// `4:20 PM`, with `:30` seconds when asked for.
    private static func clockText(_ secondOfDay: Int, seconds: Bool) -> String {
        let hour = secondOfDay / 3600
        let twelve = hour % 12 == 0 ? 12 : hour % 12
        var text = "\(twelve):" + pad(secondOfDay / 60 % 60)
        if seconds { text += ":" + pad(secondOfDay % 60) }
        return text + (hour < 12 ? " AM" : " PM")
    }

    /// The day of the week: 1970-01-01 was a Thursday.
    private static func weekday(_ date: CivilDate) -> String {
        weekdays[Int(((date.daysSinceEpoch + 3) % 7 + 7) % 7)]
    }

    /// "in 5 minutes", "2 months ago": Discord's rounding (a few seconds, a minute, an hour, a day…).
    static func relative(_ difference: Int64) -> String {
        let seconds = Double(difference.magnitude)
        let minutes = seconds / 60
        let hours = minutes / 60
        let days = hours / 24
        let amount: String
        switch true {
        case seconds < 45: amount = "a few seconds"
        case seconds < 90: amount = "a minute"
        case minutes < 45: amount = "\(Int(minutes.rounded())) minutes"
        case minutes < 90: amount = "an hour"
        case hours < 22: amount = "\(Int(hours.rounded())) hours"
        case hours < 36: amount = "a day"
        case days < 26: amount = "\(Int(days.rounded())) days"
        case days < 45: amount = "a month"
        case days < 320: amount = "\(Int((days / 30.4375).rounded())) months"
        case days < 548: amount = "a year"
        default: amount = "\(Int((days / 365.25).rounded())) years"
        }
        return difference < 0 ? amount + " ago" : "in " + amount
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
}
