/// Someone who takes part in a conversation.
public struct Participant: Sendable, Hashable, Codable {
    /// The id messages use as their `sender`.
    public var id: String
    /// The display name; the id when the log gives none.
    public var name: String
    /// An avatar image: a path relative to the input's folder, or a URL.
    public var avatar: String?
    /// Whether the log marks the participant as online.
    public var online: Bool?
    /// Whether the participant is a bot or an app (Discord's APP/BOT, Slack's bot users and
    /// integrations): renderers tag the name.
    public var isBot: Bool = false
    /// Other names the app knows the participant by (a handle, a real name), in the app's order:
    /// `--me` matches them too.
    public var aliases: [String] = []

    /// Creates a participant.
    public init(id: String, name: String? = nil, avatar: String? = nil, online: Bool? = nil) {
        self.id = id
        self.name = name ?? id
        self.avatar = avatar
        self.online = online
    }
}
