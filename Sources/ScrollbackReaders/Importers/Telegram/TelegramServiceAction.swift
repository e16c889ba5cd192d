import ScrollbackModel

/// The sentences Telegram shows for the service actions its Desktop export writes beyond the
/// everyday ones (`TelegramText.service`): calls and video chats, auto-delete timers, themes and
/// wallpapers, bots and payments, gifts and giveaways.
///
/// Each reads the members the export writes beside the `action` (`period`, `amount`,
/// `currency`, `months`, `stars`, …); a member that is missing leaves its words out.
struct TelegramServiceAction {
    /// The whole service message.
    let value: JSONValue
    /// Who did it, as the line names them.
    let actor: String

    /// The sentence for `action`, or `nil` when it is none of these.
    func sentence(_ action: String) -> String? {
        chat(action) ?? calls(action) ?? bots(action) ?? payments(action) ?? gifts(action)
    }

    /// Timers, themes, wallpapers, screenshots, boosts and photo suggestions.
    private func chat(_ action: String) -> String? {
        switch action {
        case "set_messages_ttl":
            guard let period = int("period"), period > 0 else { return "\(actor) disabled the auto-delete timer" }
            return "\(actor) set messages to auto-delete after \(Self.span(period))"
        case "edit_chat_theme":
            guard let emoji = string("emoticon") else { return "\(actor) disabled the chat theme" }
            return "\(actor) changed the chat theme to \(emoji)"
        case "set_chat_wallpaper": return "\(actor) set a new wallpaper for this chat"
        case "set_same_chat_wallpaper": return "\(actor) set the same wallpaper for this chat"
        case "take_screenshot": return "\(actor) took a screenshot"
        case "suggest_profile_photo": return "\(actor) suggested a new profile photo"
        case "boost_apply":
            let boosts = int("boosts").map { $0 > 1 ? " \($0) times" : "" } ?? ""
            return "\(actor) boosted the group" + boosts
        case "proximity_reached":
            let from = name("from") ?? "Someone"
            let to = name("to") ?? "someone"
            let distance = int("distance").map { $0 >= 1000 ? " (\($0 / 1000) km)" : " (\($0) m)" } ?? ""
            return "\(from) is now near \(to)" + distance
        default: return nil
        }
    }

    /// Video chats (a phone call is `TelegramText.service`'s).
    private func calls(_ action: String) -> String? {
        switch action {
        case "group_call":
            let minutes = int("duration").flatMap(Self.minutes).map { " (\($0))" } ?? ""
            return "\(actor) started a video chat" + minutes
        case "invite_to_group_call": return "\(actor) invited \(members()) to the video chat"
        case "group_call_scheduled":
            let when = ImportJSON.unixTime(value["schedule_date"]).map { " for " + Self.utc($0) } ?? ""
            return "\(actor) scheduled a video chat" + when
        default: return nil
        }
    }

    /// What bots and mini apps were allowed or sent.
    private func bots(_ action: String) -> String? {
        switch action {
        case "allow_sending_messages":
            let reason =
                string("reason_app_name").map { " (opened the app \($0))" }
                ?? string("reason_domain").map { " (logged in on \($0))" } ?? ""
            return "\(actor) allowed the bot to send messages" + reason
        case "attach_menu_bot_allowed":
            return "\(actor) allowed the bot to send messages (added to the attachment menu)"
        case "web_app_bot_allowed": return "\(actor) allowed the bot to send messages (from a web app)"
        case "send_webview_data": return "Data from the “\(string("text") ?? "")” button was sent to the bot"
        case "requested_phone_number": return "\(actor) asked for a phone number"
        case "requested_peer": return "\(actor) shared a chat with the bot"
        case "send_passport_values":
            let values = (value["values"]?.array ?? []).compactMap(\.string).map {
                $0.split(separator: "_").joined(separator: " ")
            }
            return "\(actor) sent Telegram Passport data"
                + (values.isEmpty ? "" : ": " + values.joined(separator: ", "))
        default: return nil
        }
    }

    /// Payments and refunds.
    private func payments(_ action: String) -> String? {
        switch action {
        case "send_payment":
            return "\(actor) sent a payment" + (money("amount", "currency").map { " of \($0)" } ?? "")
        case "refunded_payment":
            let from = name("peer_name").map { " from \($0)" } ?? ""
            return "Refund" + (money("amount", "currency").map { " of \($0)" } ?? "") + from
        default: return nil
        }
    }

    /// Premium and Stars gifts, gift codes and giveaways.
    private func gifts(_ action: String) -> String? {
        let months = int("months").map { " for \($0) \($0 == 1 ? "month" : "months")" } ?? ""
        let stars = int("stars").map { " of \($0) Stars" } ?? ""
        switch action {
        case "send_premium_gift": return "\(actor) sent a gift: Telegram Premium" + months
        case "gift_code_prize": return "A gift code for Telegram Premium" + months
        case "giveaway_launch": return "A giveaway started"
        case "giveaway_results":
            let winners = int("winners").map { ": \($0) \($0 == 1 ? "winner" : "winners")" } ?? ""
            return "Giveaway results" + winners
        case "send_stars_gift": return "\(actor) sent a gift" + stars
        case "stars_prize": return "\(actor) won a prize" + stars
        case "send_star_gift": return "\(actor) sent a gift" + (int("stars").map { " worth \($0) Stars" } ?? "")
        default: return nil
        }
    }

    private func string(_ key: String) -> String? { value[key]?.string.flatMap { $0.isEmpty ? nil : $0 } }
    private func int(_ key: String) -> Int? { value[key]?.int ?? value[key]?.string.flatMap { Int($0) } }
    /// A person the line names; `null` is an account that was deleted.
    private func name(_ key: String) -> String? {
        guard let member = value[key] else { return nil }
        return member.isNull ? TelegramText.deletedAccount : member.string
    }
    private func members() -> String {
        let names = value["members"]?.array?.map { $0.string ?? TelegramText.deletedAccount } ?? []
        return names.isEmpty ? "members" : TelegramText.list(names)
    }

    /// An amount in the currency's smallest unit as Telegram shows it: `1250`, `USD` → `12.50 USD`;
    /// Telegram Stars (`XTR`) are counted as they are.
    private func money(_ amountKey: String, _ currencyKey: String) -> String? {
        guard let amount = int(amountKey), let currency = string(currencyKey) else { return nil }
        if currency == "XTR" { return "\(amount) Stars" }
        guard !Self.wholeCurrencies.contains(currency) else { return "\(amount) \(currency)" }
        let cents = abs(amount) % 100
        return "\(amount / 100).\(cents < 10 ? "0" : "")\(cents) \(currency)"
    }

    /// Currencies that have no minor unit (ISO 4217 exponent 0) among those Telegram takes.
    private static let wholeCurrencies: Set<String> = [
        "BIF", "CLP", "DJF", "GNF", "ISK", "JPY", "KMF", "KRW", "PYG", "RWF", "UGX", "VND", "VUV", "XAF", "XOF", "XPF",
    ]

    /// `86400` → "1 day"; the timers Telegram offers are whole days, weeks, months or hours.
    static func span(_ seconds: Int) -> String {
        let units: [(Int, String)] = [
            (31_536_000, "year"), (2_592_000, "month"), (604_800, "week"), (86_400, "day"), (3_600, "hour"),
            (60, "minute"),
        ]
        for (length, unit) in units where seconds >= length && seconds % length == 0 {
            return counted(seconds / length, unit)
        }
        return counted(seconds, "second")
    }

    /// A call's length as the app rounds it: at least a minute.
    static func minutes(_ seconds: Int) -> String? {
        guard NumberLimits.seconds.contains(Double(seconds)) else { return nil }
        return "\(max(1, (seconds + 30) / 60)) min"
    }

    /// `2024-03-01 10:00 UTC`: a moment the export gives as seconds, written the same on every machine.
    private static func utc(_ time: Timestamp) -> String {
        let text = time.rfc3339(utcOffset: 0)
        return String(text.prefix(10)) + " " + String(text.dropFirst(11).prefix(5)) + " UTC"
    }
}
