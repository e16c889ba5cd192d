import Foundation

/// Where a Meta export's media file is, seen from the folder being read.
///
/// The export writes media `uri`s relative to the export's root (`messages/inbox/ana_x/photos/1.jpg`)
/// while a chat is often read from its own folder (`…/inbox/ana_x/message_1.json`), or from a copy of
/// that folder elsewhere: the path is tried relative to the root and to the chat's folder, and the
/// first that exists is taken.
struct MediaPlace {
    /// The folder attachment paths are relative to.
    var base: String?
    /// The export's root, when the root itself is the input.
    var root: String?
    /// The chat's folder under `messages/` (`inbox/ana_x`), from `thread_path`.
    var threadPath: String?

    /// The path of `uri` relative to `base`.
    func path(_ uri: String) -> String {
        var candidates = [uri]
        if root == nil {
            if let threadPath, uri.hasPrefix("messages/" + threadPath + "/") {
                candidates.insert(String(uri.dropFirst("messages/".count + threadPath.count + 1)), at: 0)
            }
            candidates.insert(MessengerReader.relative(uri, to: base), at: 0)
        }
        guard let base else { return candidates[0] }
        for candidate in candidates
        where FileManager.default.fileExists(atPath: (base as NSString).appendingPathComponent(candidate)) {
            return candidate
        }
        return candidates[0] == uri && candidates.count > 1 ? candidates[1] : candidates[0]
    }
}
