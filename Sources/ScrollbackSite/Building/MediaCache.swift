import Foundation

/// What the conversations built at the same time share about attachments: the content hash of
/// each file seen (by path, size and time) and which `media/` file is being staged, so a file
/// sent in two conversations is hashed and copied once.
final class MediaCache: @unchecked Sendable {
    private let condition = NSCondition()
    private var hashes: [String: String]
    private var busy: Set<String> = []

    /// Starts from the last build's hashes.
    init(_ hashes: [String: String]) { self.hashes = hashes }

    /// The known hash of the file with this identity (a digest of `path|size|time`).
    func hash(_ identity: String) -> String? { condition.withLock { hashes[identity] } }

    func remember(_ hash: String, for identity: String) { condition.withLock { hashes[identity] = hash } }

    /// Every hash known, for the manifest.
    var all: [String: String] { condition.withLock { hashes } }

    /// Runs `body` for the `media/` file `file` while no other thread runs it for the same file,
    /// so one conversation's check "already staged?" never races another's copy of it.
    func stage<T>(_ file: String, _ body: () throws -> T) rethrows -> T {
        condition.lock()
        while busy.contains(file) { condition.wait() }
        busy.insert(file)
        condition.unlock()
        defer {
            condition.lock()
            busy.remove(file)
            condition.broadcast()
            condition.unlock()
        }
        return try body()
    }
}
