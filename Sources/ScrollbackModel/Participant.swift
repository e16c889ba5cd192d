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

    /// Creates a participant.
    public init(id: String, name: String? = nil, avatar: String? = nil, online: Bool? = nil) {
        self.id = id
        self.name = name ?? id
        self.avatar = avatar
        self.online = online
    }
}
