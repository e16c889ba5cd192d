import Foundation
import ScrollbackModel

/// What a page will not carry of the files a transcript names, as the lines `render`, `check`
/// and `serve` print: attachments refused for a hidden path, files left out under `--redact` or
/// `--anonymize`, and a warning when the input's folder is the home folder. A site's
/// `MediaLibrary` says the same as it copies.
package struct MediaNotes: Sendable {
    /// Warnings, one sentence each, starting with the input's name.
    package private(set) var warnings: [String] = []
    /// Notes, likewise.
    package private(set) var notes: [String] = []

    /// The lines for `transcript` rendered with `options` (whose `mediaBaseDirectory` is set),
    /// read from `inputName`.
    package init(_ transcript: Transcript, options: HTMLOptions, inputName: String) {
        guard options.mediaBaseDirectory != nil || options.mediaArchive != nil else { return }
        let resolver = MediaResolver(options: options)
        var open = options
        open.allowHiddenPaths = true
        let unguarded = MediaResolver(options: open)
        var references: [(reference: String, owner: String, avatar: Bool)] = []
        var seen: Set<String> = []
        for participant in transcript.participants {
            if let avatar = participant.avatar, seen.insert(avatar).inserted {
                references.append((avatar, "the avatar of \(participant.id)", true))
            }
        }
        for (index, message) in transcript.messages.enumerated() {
            for attachment in message.attachments {
                guard let path = attachment.path, seen.insert(path).inserted else { continue }
                references.append((path, "message \(index + 1) (id \"\(message.id)\")", false))
            }
        }
        let local = references.filter { LinkPolicy.kind(of: $0.reference) == .relative }
        if !local.isEmpty, let base = options.mediaBaseDirectory,
            MediaPolicy.isHomeOrAbove(base, home: options.homeDirectory)
        {
            warnings.append("\(inputName): " + MediaPolicy.homeWarning)
        }
        for (reference, owner, avatar) in local {
            if let component = Self.hiddenComponent(reference, resolver: resolver, unguarded: unguarded, options) {
                warnings.append("\(inputName): \(owner): " + MediaPolicy.hiddenWarning(reference, component: component))
            } else if !avatar, resolver.isWithheld(reference),
                unguarded.localFile(reference) != nil
                    || options.mediaArchive?.contains(reference) == true
            {
                notes.append("\(inputName): \(owner): " + MediaPolicy.withheldNote(reference))
            } else if options.privateMedia, !avatar, resolver.isMissing(reference) {
                notes.append("\(inputName): \(owner): " + MediaPolicy.missingWarning(reference, privateMedia: true))
            }
        }
        if let archive = options.mediaArchive {
            for refusal in resolver.inlineRefusals(ZipInlineBudget.uses(transcript)) {
                notes.append(
                    "\(inputName): "
                        + ZipInlineBudget.note(refusal, memberLimit: options.inlineMediaLimit, archive: archive))
            }
        }
    }

    /// The hidden component that keeps `reference` from being read: in the path as written, or
    /// in where a symlink inside the folder leads.
    private static func hiddenComponent(
        _ reference: String, resolver: MediaResolver, unguarded: MediaResolver, _ options: HTMLOptions
    ) -> String? {
        guard !options.allowHiddenPaths else { return nil }
        let decoded = reference.removingPercentEncoding ?? reference
        if let component = MediaPolicy.hiddenComponent(decoded) { return component }
        guard resolver.localFile(reference) == nil, let file = unguarded.localFile(reference),
            let folder = resolver.baseFolder
        else { return nil }
        return MediaPolicy.hiddenComponent(file.path.dropFirst(folder.count))
    }
}
