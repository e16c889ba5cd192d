/// Who posts in a Slack conversation and what they are called: `users.json`, the profile a
/// message carries, and for bots and apps their profile, `username` or the name their
/// integration was added to the channel under.
struct SlackPeople {
    /// Names known for people: `users.json`, then the `user_profile` of their messages.
    private(set) var names: [String: String]
    /// Names of bots and integrations by bot id, from `bot_add` lines.
    var botNames: [String: String] = [:]
    private var people: [String: Person] = [:]

    /// What the messages say about a sender, to name them once all are read.
    private struct Person {
        var botName: String?
        var icon: String?
        /// Posted something that no bot or app made (a person, whatever profile their app posts carry).
        var isHuman = false
        /// Posted something as a bot or an app (`bot_id`, `bot_profile`, `subtype: bot_message`).
        var isApp = false
    }

    init(names: [String: String]) { self.names = names }

    /// Learns the names a day file gives: people's profiles and integrations added to the channel.
    mutating func learn(_ list: [JSONValue]) {
        for value in list {
            if let user = value["user"]?.scalarText, names[user] == nil,
                let name = Self.profileName(value["user_profile"])
            {
                names[user] = name
            }
            // "added an integration to this channel: <https://…/services/B0JL6RASU|github>"
            if let bot = value["bot_id"]?.scalarText, value["subtype"]?.string == "bot_add",
                let text = value["text"]?.string, let label = Self.serviceLabel(text, bot: bot)
            {
                botNames[bot] = botNames[bot] ?? label
            }
        }
    }

    /// Who posted a message (of the `subtype` given): the user, a file comment's author, else the bot or integration.
    mutating func sender(of value: JSONValue, subtype: String?) -> String {
        let user = value["user"]?.scalarText ?? value["comment"]?["user"]?.scalarText
        let bot = value["bot_id"]?.scalarText
        let isAppPost = bot != nil || subtype == "bot_message" || value["bot_profile"] != nil
        let sender = user ?? bot ?? value["username"]?.string ?? "unknown"
        let known = people[sender]
        var person = known ?? Person()
        // A Slack client sends `client_msg_id`: a person wrote it, even through an app's profile.
        if user != nil && (!isAppPost || value["client_msg_id"] != nil) {
            // A person already known to be one, posting as themselves, changes nothing.
            if known?.isHuman == true && !isAppPost { return sender }
            person.isHuman = true
        }
        if isAppPost { person.isApp = true }
        if isAppPost, person.botName == nil {
            let profile = value["bot_profile"]
            person.botName = [profile?["name"]?.string, value["username"]?.string, bot.flatMap { botNames[$0] }]
                .compactMap { $0 }.first { !$0.isEmpty }
            if let icon = profile?["icons"]?["image_72"]?.string, icon.hasPrefix("https://") { person.icon = icon }
        }
        people[sender] = person
        return sender
    }

    /// A sender's name: a person's known name (a person posting through an app keeps theirs), else
    /// the bot's or integration's, else the id.
    func name(of id: String) -> String {
        if let name = names[id] { return name }
        // Slack's own bot posts as this id in every workspace and is in no users.json.
        if id == "USLACKBOT" { return "Slackbot" }
        let person = people[id] ?? Person()
        return (person.isHuman ? nil : person.botName ?? botNames[id]) ?? id
    }

    /// Whether a sender is a bot or an app: `users.json` says so (`is_bot`), else it is Slackbot,
    /// or it posted only as an app (a person posting through an app is still a person).
    func isBot(_ id: String, users: [String: JSONValue]) -> Bool {
        if let user = users[id] { return user["is_bot"]?.bool ?? false }
        if id == "USLACKBOT" { return true }
        guard let person = people[id] else { return false }
        return person.isApp && !person.isHuman
    }

    /// A bot's or app's icon, for a sender that is one.
    func appIcon(of id: String) -> String? {
        guard names[id] == nil, let person = people[id], !person.isHuman else { return nil }
        return person.icon
    }

    /// A `user_profile`'s display name, else its real name.
    static func profileName(_ profile: JSONValue?) -> String? {
        [profile?["display_name"]?.string, profile?["real_name"]?.string].compactMap { $0 }
            .first { !$0.trimmingWhitespace().isEmpty }
    }

    /// The label of the `…/services/BOT|label` link in a `bot_add` line.
    static func serviceLabel(_ text: String, bot: String) -> String? {
        var label: String?
        _ = ChatMarkup.unwrapTokens(text) { token in
            let parts = token.split(separator: "|", maxSplits: 1)
            if parts.count == 2, parts[0].hasSuffix("/services/" + bot) { label = String(parts[1]) }
            return ""
        }
        return label
    }
}
