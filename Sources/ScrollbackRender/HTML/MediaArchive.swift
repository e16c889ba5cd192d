import Synchronization

/// The archive an export came in (a WhatsApp `.zip`), whose members attachments name.
///
/// Pages read attachments from it in place, and from nowhere else: a self-contained page inlines
/// them (each up to the inline limit, counted in real decompressed bytes), a site copies them
/// out (all together up to `copyLimit`). A member is decompressed once: what a read found is kept
/// (its bytes while they fit `cacheLimit`), so a member named by many messages costs one read.
/// The renderer needs no zip library of its own; two archives are the same when they have the
/// same name.
package final class MediaArchive: Sendable, Hashable {
    /// The archive's name (its path), which identifies it.
    package let name: String
    /// The members' names.
    package let members: Set<String>
    /// The most a site copies out of this archive, all members together: 64 MiB plus eight times
    /// the archive's own size (photos and videos hardly shrink in a zip; only a bomb nears it).
    package let copyLimit: Int
    /// The most member bytes kept for reading again.
    package static let cacheLimit = 64 << 20
    private let read: @Sendable (String, Int) -> Contents
    private let state = Mutex(State())

    /// What reading a member gave (`read`'s answer for a limit).
    package enum Contents: Sendable, Equatable {
        case bytes([UInt8])
        /// More bytes than the limit once decompressed.
        case tooLarge
        /// No such member, or one that cannot be read.
        case unreadable
    }

    /// What a site's copy of a member came to.
    package enum Copy: Sendable, Equatable {
        case bytes([UInt8])
        /// Left out: with it, the site would take more than `copyLimit` out of the archive.
        case overLimit
        case unreadable
    }

    private struct State {
        /// What is known of each member read: its bytes (while the cache has room), its exact
        /// size, or the largest limit it passed.
        var known: [String: Known] = [:]
        var cached = 0
        /// Bytes a site has copied out so far.
        var copied = 0
        /// How many times each member was decompressed.
        var reads: [String: Int] = [:]
    }

    private struct Known {
        var bytes: [UInt8]?
        var size: Int?
        var passed = -1
    }

    /// An archive called `name`, `size` bytes long, holding `members`, whose member bytes `read`
    /// gives up to a limit.
    package init(
        name: String, size: Int, members: Set<String>, read: @escaping @Sendable (String, Int) -> Contents
    ) {
        self.name = name
        self.members = members
        self.copyLimit = (64 << 20) + 8 * size
        self.read = read
    }

    /// Whether `path` names a member (nothing is decompressed).
    package func contains(_ path: String) -> Bool { Self.isSafe(path) && members.contains(path) }

    /// The bytes of the member `path` if it holds no more than `limit` bytes decompressed.
    package func contents(_ path: String, limit: Int) -> [UInt8]? {
        guard case .bytes(let bytes) = contents(path, upTo: limit) else { return nil }
        return bytes
    }

    /// A site's copy of the member `path`, counted against `copyLimit`.
    package func copy(_ path: String) -> Copy {
        let left = state.withLock { copyLimit - $0.copied }
        switch contents(path, upTo: max(left, 0)) {
        case .bytes(let bytes):
            state.withLock { $0.copied += bytes.count }
            return .bytes(bytes)
        case .tooLarge: return .overLimit
        case .unreadable: return .unreadable
        }
    }

    /// How many times the member `path` has been decompressed.
    package func reads(of path: String) -> Int { state.withLock { $0.reads[path] ?? 0 } }

    private func contents(_ path: String, upTo limit: Int) -> Contents {
        guard contains(path) else { return .unreadable }
        let answer = state.withLock { state -> Contents? in
            guard let known = state.known[path] else { return nil }
            if let size = known.size, size > limit { return .tooLarge }
            if limit <= known.passed { return .tooLarge }
            if let bytes = known.bytes { return .bytes(bytes) }
            return known.size == nil && known.passed < 0 ? .unreadable : nil
        }
        if let answer { return answer }
        let found = read(path, limit)
        state.withLock { state in
            state.reads[path, default: 0] += 1
            var known = state.known[path] ?? Known()
            switch found {
            case .bytes(let bytes):
                known.size = bytes.count
                if known.bytes == nil, state.cached + bytes.count <= Self.cacheLimit {
                    known.bytes = bytes
                    state.cached += bytes.count
                }
            case .tooLarge: known.passed = max(known.passed, limit)
            case .unreadable: break
            }
            state.known[path] = known
        }
        return found
    }

    /// Whether `path` could be a member's name as attachments give it: relative, without `..`.
    private static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/").contains("..")
    }

    package static func == (lhs: MediaArchive, rhs: MediaArchive) -> Bool { lhs.name == rhs.name }
    package func hash(into hasher: inout Hasher) { hasher.combine(name) }
}
