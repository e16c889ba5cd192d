/// The archive an export came in (a WhatsApp `.zip`), whose members attachments name.
///
/// Pages read attachments from it in place: a self-contained page inlines them, a site copies
/// them out. A struct of one closure, so the renderer needs no zip library of its own; two
/// archives are the same when they have the same name.
package struct MediaArchive: Sendable, Hashable {
    /// The archive's name (its path), which identifies it.
    package let name: String
    private let read: @Sendable (String) -> [UInt8]?

    /// An archive called `name` whose member bytes `read` gives (`nil` when there is no such member).
    package init(name: String, read: @escaping @Sendable (String) -> [UInt8]?) {
        self.name = name
        self.read = read
    }

    /// The bytes of the member `path`, if the archive holds it.
    package func contents(_ path: String) -> [UInt8]? {
        guard !path.isEmpty, !path.hasPrefix("/"), !path.split(separator: "/").contains("..") else { return nil }
        return read(path)
    }

    package static func == (lhs: MediaArchive, rhs: MediaArchive) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
