/// The archive an input was read from (a WhatsApp `.zip` with media), whose members attachment
/// paths name: the page reads images from it in place instead of from files beside the input.
public struct MediaArchive: Sendable, Hashable {
    /// The archive's path, which also tells two archives apart.
    public let name: String
    /// The bytes of a member by its path inside the archive; `nil` when there is none.
    public let member: @Sendable (String) -> [UInt8]?

    /// Creates an archive reader.
    public init(name: String, member: @escaping @Sendable (String) -> [UInt8]?) {
        self.name = name
        self.member = member
    }

    public static func == (lhs: MediaArchive, rhs: MediaArchive) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
