import Foundation
import ScrollbackModel
import ScrollbackRender

/// Copies a conversation's attachments and avatars into `media/`, named by content hash so the
/// same file sent in two conversations is stored once. Nothing outside the input's folder is read.
struct MediaLibrary {
    /// Local path as the log gives it → the file's name under `media/`.
    var names: [String: String] = [:]
    /// Files of `media/` this conversation uses.
    var files: Set<String> = []
    /// Missing or refused files, one sentence each.
    var warnings: [String] = []

    /// Collects the local files `transcript` refers to, relative to `base`, and stages them in `writer`.
    init(
        transcript: Transcript, base: String?, archive: MediaArchive? = nil, inputName: String, writer: SiteWriter,
        cache: MediaCache, options: HTMLOptions = HTMLOptions()
    ) throws {
        var attachments = MediaReferences()
        for message in transcript.messages { attachments.add(message) }
        try self.init(
            participants: transcript.participants, attachments: attachments, base: base, archive: archive,
            inputName: inputName, writer: writer, cache: cache, options: options)
    }

    /// Collects the participants' avatars and the attachments gathered in `attachments`. Hidden
    /// paths are refused unless `options.allowHiddenPaths`; with `options.privateMedia` images are
    /// copied without their metadata and files that are not images, video or audio are left out.
    init(
        participants: [Participant], attachments: MediaReferences, base: String?, archive: MediaArchive? = nil,
        inputName: String, writer: SiteWriter, cache: MediaCache, options: HTMLOptions = HTMLOptions()
    ) throws {
        var references: [(String, String)] = []  // (path, who refers to it)
        for participant in participants {
            if let avatar = participant.avatar { references.append((avatar, "the avatar of \(participant.id)")) }
        }
        references += attachments.list
        // An export read from a zip is read from the zip only, never from files beside it.
        let root =
            archive != nil
            ? nil
            : base.map { URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath() }
        if archive == nil, let base, references.contains(where: { !Self.isRemote($0.0) }),
            MediaPolicy.isHomeOrAbove(base, home: options.homeDirectory)
        {
            warnings.append("\(inputName): " + MediaPolicy.homeWarning)
        }
        var seen: Set<String> = []
        for (reference, owner) in references where !seen.contains(reference) {
            seen.insert(reference)
            guard !Self.isRemote(reference),
                passesPolicy(reference, owner: owner, inputName: inputName, options: options)
            else { continue }
            // An active file (HTML, SVG, scripts) is renamed unless only ever shown as an image.
            let shownAsImage = !attachments.linked.contains(reference)
            if let archive {
                try copy(
                    reference, owner: owner, from: archive, shownAsImage: shownAsImage, options: options,
                    inputName: inputName, writer: writer, cache: cache)
            } else if let root {
                try copy(
                    reference, owner: owner, under: root, shownAsImage: shownAsImage, options: options,
                    inputName: inputName, writer: writer, cache: cache)
            } else {
                warnings.append("\(inputName): \(owner): attachment '\(reference)' cannot be found (no input folder).")
            }
        }
    }

    /// Whether `reference` may be copied at all: not in a hidden folder or file (unless
    /// `options.allowHiddenPaths`), and with `options.privateMedia` a picture, video or sound; a
    /// note says why one may not.
    private mutating func passesPolicy(_ reference: String, owner: String, inputName: String, options: HTMLOptions)
        -> Bool
    {
        let decoded = reference.removingPercentEncoding ?? reference
        if !options.allowHiddenPaths, let hidden = MediaPolicy.hiddenComponent(decoded) {
            warnings.append("\(inputName): \(owner): " + MediaPolicy.hiddenWarning(reference, component: hidden))
            return false
        }
        if options.privateMedia, !MediaPolicy.passesPrivacy(decoded) {
            warnings.append("\(inputName): \(owner): " + MediaPolicy.withheldNote(reference))
            return false
        }
        return true
    }

    /// Copies the file `reference` names under the input's folder `root`, or notes why not: it is
    /// hidden, outside the folder, missing, or withheld once its link is followed.
    private mutating func copy(
        _ reference: String, owner: String, under root: URL, shownAsImage: Bool, options: HTMLOptions,
        inputName: String, writer: SiteWriter, cache: MediaCache
    ) throws {
        switch Self.locate(reference, in: root, allowHidden: options.allowHiddenPaths) {
        case .hidden(let component):
            warnings.append("\(inputName): \(owner): " + MediaPolicy.hiddenWarning(reference, component: component))
        case .outside:
            warnings.append(
                "\(inputName): \(owner): attachment '\(reference)' is outside the input's folder; it was not copied.")
        case .missing:
            warnings.append(
                "\(inputName): \(owner): " + MediaPolicy.missingWarning(reference, privateMedia: options.privateMedia))
        case .file(let path, let size, let modified):
            if options.privateMedia, !MediaPolicy.passesPrivacy(path) {
                warnings.append("\(inputName): \(owner): " + MediaPolicy.withheldNote(reference))
                return
            }
            // A HEIC photo is copied as the JPEG it converts to (browsers cannot draw HEIC), which
            // carries none of its metadata.
            let heic = HEICImage.isHEIC(path)
            let clean = (options.privateMedia && MediaPolicy.isImage(path)) || heic
            guard
                let copied = content(
                    of: path, size: size, modified: modified, heic: heic, clean: clean, reference, owner: owner,
                    inputName: inputName, cache: cache)
            else { return }
            let (hash, cleaned) = copied
            let file = add(reference, hash: hash, extensionOf: heic ? "photo.jpg" : path, shownAsImage: shownAsImage)
            try cache.stage(file) {
                guard !writer.has(file) else { return }
                if let cleaned {
                    try writer.emit(file, cleaned)
                } else {
                    try writer.copy(file, from: path, hash: hash)
                }
            }
        }
    }

    /// The hash of what the site holds of the file at `path`, and those bytes when they are not the
    /// file's own (a HEIC photo as JPEG, an image without its metadata when `clean`); `nil`, with a
    /// note, when it cannot be read or converted. A file the cache knows unchanged is not read.
    private mutating func content(
        of path: String, size: Int, modified: String, heic: Bool, clean: Bool, _ reference: String, owner: String,
        inputName: String, cache: MediaCache
    ) -> (hash: String, cleaned: [UInt8]?)? {
        // An image without its metadata is a copy of other bytes, kept apart in the cache. Hashed:
        // the manifest must not spell out where the input's files are (a folder named after
        // someone, with --anonymize).
        let identity = SHA256.hex("\(path)|\(size)|\(modified)" + (clean ? "|without metadata" : ""))
        if let known = cache.hash(identity), !clean { return (known, nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            warnings.append("\(inputName): \(owner): attachment '\(reference)' cannot be read.")
            return nil
        }
        var cleaned: [UInt8]?
        if heic {
            guard let jpeg = HEICImage.jpeg([UInt8](data)) else {
                warnings.append("\(inputName): \(owner): the HEIC photo '\(reference)' cannot be decoded.")
                return nil
            }
            cleaned = jpeg
        } else if clean {
            guard let stripped = withoutMetadata([UInt8](data), reference, owner, inputName) else { return nil }
            cleaned = stripped
        }
        let hash = SHA256.hex(cleaned ?? [UInt8](data))
        cache.remember(hash, for: identity)
        return (hash, cleaned)
    }

    /// Copies the member `reference` of the zip the export came in out of it, while what the site
    /// takes out of the zip stays within the archive's `copyLimit`.
    private mutating func copy(
        _ reference: String, owner: String, from archive: MediaArchive, shownAsImage: Bool, options: HTMLOptions,
        inputName: String, writer: SiteWriter, cache: MediaCache
    ) throws {
        switch archive.copy(reference) {
        case .bytes(var bytes):
            if options.privateMedia, MediaPolicy.isImage(reference) {
                guard let clean = withoutMetadata(bytes, reference, owner, inputName) else { return }
                bytes = clean
            }
            let file = add(reference, hash: SHA256.hex(bytes), extensionOf: reference, shownAsImage: shownAsImage)
            try cache.stage(file) {
                if !writer.has(file) { try writer.emit(file, bytes) }
            }
        case .overLimit:
            warnings.append(
                "\(inputName): \(owner): attachment '\(reference)' was left out: with it, the site would take more "
                    + "than \(archive.copyLimit >> 20) MiB out of the zip (64 MiB and 8 times the zip's size).")
        case .unreadable:
            warnings.append(
                "\(inputName): \(owner): "
                    + (archive.contains(reference)
                        ? "attachment '\(reference)' cannot be read from the zip."
                        : MediaPolicy.missingWarning(reference, privateMedia: options.privateMedia)))
        }
    }

    /// The image `bytes` without their metadata; `nil`, with a note that `reference` was left out,
    /// when they do not parse as an image.
    private mutating func withoutMetadata(_ bytes: [UInt8], _ reference: String, _ owner: String, _ inputName: String)
        -> [UInt8]?
    {
        guard let clean = ImageMetadata.stripped(bytes) else {
            warnings.append("\(inputName): \(owner): " + MediaPolicy.withheldNote(reference))
            return nil
        }
        return clean
    }

    /// Names the copy of `reference` by its content's `hash` and the extension `extensionOf` gives,
    /// and returns its path in the site.
    private mutating func add(_ reference: String, hash: String, extensionOf source: String, shownAsImage: Bool)
        -> String
    {
        let name = String(hash.prefix(24)) + Self.copyExtension(source, shownAsImage: shownAsImage)
        names[reference] = name
        let file = "media/" + name
        files.insert(file)
        return file
    }

    /// The attachments' local paths, each with the first message that refers to it, gathered
    /// message by message (every message of the log, in its order).
    struct MediaReferences {
        private(set) var list: [(path: String, owner: String)] = []
        /// Paths some attachment links to rather than shows as an image.
        private(set) var linked: Set<String> = []
        private var seen: Set<String> = []
        private var number = 0

        mutating func add(_ message: Message) {
            number += 1
            for attachment in message.attachments {
                guard let path = attachment.path else { continue }
                if attachment.kind != .image && attachment.kind != .sticker { linked.insert(path) }
                guard seen.insert(path).inserted else { continue }
                list.append((path, "message \(number) (id \"\(message.id)\")"))
            }
        }
    }

    enum Location {
        case file(String, size: Int, modified: String)
        case missing
        case outside
        /// In a hidden folder or file (the component named), or a symlink to one.
        case hidden(String)
    }

    /// Where `reference` is under `root`, with symlinks resolved; `.outside` for `..`, absolute
    /// paths and links out, `.hidden` for a link into a hidden folder or file unless `allowHidden`.
    static func locate(_ reference: String, in root: URL, allowHidden: Bool = false) -> Location {
        let decoded = reference.removingPercentEncoding ?? reference
        if decoded.hasPrefix("/") || decoded.contains("\\") || decoded.split(separator: "/").contains("..")
            || decoded.contains("\0")
        {
            return .outside
        }
        let file = root.appendingPathComponent(decoded).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(root.path + "/") else { return .outside }
        if !allowHidden, let hidden = MediaPolicy.hiddenComponent(file.path.dropFirst(root.path.count + 1)) {
            return .hidden(hidden)
        }
        var info = stat()
        guard stat(file.path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return .missing }
        return .file(
            file.path, size: Int(info.st_size), modified: "\(info.modified.tv_sec).\(info.modified.tv_nsec)")
    }

    /// `.jpg` from `Photo.JPG`; empty when the extension is not short and plain.
    static func fileExtension(_ path: String) -> String {
        let ext = (path as NSString).pathExtension.lowercased()
        guard !ext.isEmpty, ext.count <= 8, ext.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) })
        else { return "" }
        return "." + ext
    }

    /// The extension of a copy: the file's own (`fileExtension`), but an active type (HTML,
    /// SVG, XML, scripts) becomes `-html.bin` and the like, which no web server serves as a page
    /// or script. An SVG only ever shown as an image keeps `.svg` (an `<img>` runs no script, and
    /// browsers draw an SVG image only when it is served as one).
    static func copyExtension(_ path: String, shownAsImage: Bool) -> String {
        let plain = fileExtension(path)
        let type = String(plain.dropFirst())
        guard MediaPolicy.activeExtensions.contains(type), !(shownAsImage && type == "svg") else { return plain }
        return "-" + type + ".bin"
    }

    static func isRemote(_ reference: String) -> Bool {
        let lower = reference.lowercased()
        return lower.hasPrefix("http:") || lower.hasPrefix("https:") || lower.hasPrefix("data:")
            || lower.hasPrefix("//")
    }
}
