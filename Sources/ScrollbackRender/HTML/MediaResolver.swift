import Foundation

/// Decides where images come from: inlined files from the input's folder, relative paths, or
/// remote URLs when `--remote-media` allows them. Nothing outside the input's folder is read.
struct MediaResolver {
    let options: HTMLOptions
    /// A site's map from local paths to its copies (see `PageContext.mediaHref`).
    let siteHref: (@Sendable (String) -> String?)?
    private let base: URL?
    private var cache: [String: Resolved?] = [:]
    /// Members of the export's zip a self-contained page leaves out (`ZipInlineBudget`).
    var refusedMembers: Set<String> = []

    /// An image the page may show.
    struct Resolved: Hashable {
        /// The `src`: a `data:` URL, a relative path, or a remote URL.
        var source: String
        /// Pixel size, when the file's header tells it.
        var width: Int?
        var height: Int?
    }

    init(options: HTMLOptions, siteHref: (@Sendable (String) -> String?)? = nil) {
        self.options = options
        self.siteHref = siteHref
        // An export read from a zip is read from the zip only, never from files beside it.
        base =
            options.mediaArchive != nil
            ? nil
            : options.mediaBaseDirectory.map { directory in
                let url = URL(fileURLWithPath: directory, isDirectory: true).standardizedFileURL
                // Its real path, as the files' are made below, so that a file inside it has it as a prefix.
                guard let real = Self.realPath(url.path) else { return url.resolvingSymlinksInPath() }
                return URL(fileURLWithPath: real, isDirectory: true)
            }
    }

    /// The input's folder as its real path, with a final `/`.
    var baseFolder: String? { base.map { $0.path + "/" } }

    /// The image at `reference` (a path relative to the input, or a URL), if the page may show it.
    mutating func image(_ reference: String) -> Resolved? {
        if let known = cache[reference] { return known }
        let resolved = resolve(reference)
        cache[reference] = resolved
        return resolved
    }

    /// A video, audio or other file at `reference`, as something a page can load or link to: the
    /// site's copy, a `data:` URL in a self-contained page (up to the size limit), else the path
    /// itself. `beyondLimit` lets a self-contained page link to the path of a file too large to
    /// inline. A remote URL is given back only for players, and only with `--remote-media`.
    func file(_ reference: String, beyondLimit: Bool) -> Resolved? {
        let place = place(reference)
        guard case .local(let found) = place else { return place.resolved }
        if isWithheld(reference) { return nil }
        guard let file = found else { return archived(reference, image: false) }
        if let siteHref { return siteHref(reference).map { Resolved(source: $0) } }
        guard options.selfContained else { return Resolved(source: reference) }
        let mime = Self.mediaType(file.pathExtension) ?? "application/octet-stream"
        if let source = dataURL(file, mime: mime) { return Resolved(source: source) }
        return beyondLimit ? Resolved(source: reference) : nil
    }

    /// Whether `reference` is a local file left out of the page under `--redact` or `--anonymize`:
    /// one that is not video, audio or an image whose metadata can be taken out, by the name the
    /// log gives or the file's own (`MediaPolicy.passesPrivacy`).
    func isWithheld(_ reference: String) -> Bool {
        guard options.privateMedia, LinkPolicy.kind(of: reference) == .relative else { return false }
        if !MediaPolicy.passesPrivacy(reference) { return true }
        return localFile(reference).map { !MediaPolicy.passesPrivacy($0.path) } ?? false
    }

    /// Whether `reference` names a hidden folder or file (`.ssh/id_ed25519`), on disk or in the
    /// export's zip, and hidden paths are not allowed: it is never read.
    func isHidden(_ reference: String) -> Bool {
        guard !options.allowHiddenPaths, reference.utf8.contains(UInt8(ascii: ".")) else { return false }
        let decoded =
            reference.utf8.contains(UInt8(ascii: "%")) ? reference.removingPercentEncoding ?? reference : reference
        return MediaPolicy.hiddenComponent(decoded) != nil
    }

    /// Whether `reference` is a local path that names no file the page can reach.
    func isMissing(_ reference: String) -> Bool {
        guard LinkPolicy.kind(of: reference) == .relative else { return false }
        if isHidden(reference) { return true }
        return localFile(reference) == nil && options.mediaArchive?.contains(reference) != true
    }

    /// A member of the export's zip: the site's copy of it, or inlined in a self-contained page
    /// (up to the size limit); a page that links to files cannot reach inside the zip.
    private func archived(_ reference: String, image: Bool) -> Resolved? {
        guard let archive = options.mediaArchive else { return nil }
        if let siteHref {
            guard let href = siteHref(reference), archive.contains(reference) else { return nil }
            return Resolved(source: href)
        }
        guard options.selfContained, !refusedMembers.contains(reference),
            let bytes = archive.contents(reference, limit: options.inlineMediaLimit)
        else { return nil }
        let fileExtension = reference.split(separator: ".").last.map(String.init) ?? ""
        guard
            let mime = image
                ? Self.mimeType(fileExtension) : Self.mediaType(fileExtension) ?? "application/octet-stream",
            let data = passedOn(bytes, mime: mime)
        else { return nil }
        // An image keeps its pixel size, as one beside the input does, so the page does not reflow;
        // without its metadata (`passedOn`) it has no EXIF orientation and is drawn as stored.
        let size = image ? ImageSize.parse(bytes, orientation: !options.privateMedia) : nil
        return Resolved(
            source: "data:\(mime);base64," + data.base64EncodedString(), width: size?.width, height: size?.height)
    }

    /// The zip members a self-contained page showing `uses` (in page order, repeats kept) leaves
    /// out for the bytes they would add (`ZipInlineBudget`); none for other pages.
    func inlineRefusals(_ uses: [String]) -> [ZipInlineBudget.Refusal] {
        guard options.selfContained, siteHref == nil, let archive = options.mediaArchive else { return [] }
        return ZipInlineBudget.refusals(uses, archive: archive, memberLimit: options.inlineMediaLimit) { member in
            guard !isHidden(member), !isWithheld(member) else { return nil }
            return archive.contents(member, limit: options.inlineMediaLimit)?.count
        }
    }

    private func resolve(_ reference: String) -> Resolved? {
        let place = place(reference)
        guard case .local(let found) = place else { return place.resolved }
        guard let file = found else { return archived(reference, image: true) }
        // A site's copy and a self-contained page's image lose their metadata, EXIF orientation
        // with it, under --redact and --anonymize (`MediaLibrary`, `passedOn`): drawn as stored.
        let stripped = options.privateMedia && (siteHref != nil || options.selfContained)
        let size = ImageSize.read(file.path, orientation: !stripped)
        if let siteHref {
            guard let href = siteHref(reference) else { return nil }
            return Resolved(source: href, width: size?.width, height: size?.height)
        }
        if options.selfContained {
            // A HEIC photo is shown as the JPEG it converts to (browsers cannot draw HEIC).
            if HEICImage.isHEIC(file.path) { return heicDataURL(file).map { Resolved(source: $0) } }
            guard let mime = Self.mimeType(file.pathExtension) ?? HEICImage.sniffedType(file.path),
                let source = dataURL(file, mime: mime)
            else {
                return nil
            }
            return Resolved(source: source, width: size?.width, height: size?.height)
        }
        return Resolved(source: reference, width: size?.width, height: size?.height)
    }

    /// Where a reference leads, as images and files both ask it: a remote URL (given back only
    /// with `--remote-media`), nothing for mail and forbidden links or a bare fragment, else the
    /// file inside the input's folder (`nil` when there is none).
    private enum Place {
        case decided(Resolved?)
        case local(URL?)

        var resolved: Resolved? {
            if case .decided(let resolved) = self { return resolved }
            return nil
        }
    }

    private func place(_ reference: String) -> Place {
        switch LinkPolicy.kind(of: reference) {
        case .remote: return .decided(options.remoteMedia ? Resolved(source: reference) : nil)
        case .mail, .forbidden: return .decided(nil)
        case .relative: break
        }
        if reference.hasPrefix("#") || reference.hasPrefix("?") || isHidden(reference) { return .decided(nil) }
        return .local(localFile(reference))
    }

    /// `file` as a `data:` URL of type `mime`, when it is no larger than the inline limit.
    private func dataURL(_ file: URL, mime: String) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let bytes = attributes[.size] as? NSNumber, bytes.intValue <= options.inlineMediaLimit,
            let read = FileManager.default.contents(atPath: file.path), let data = passedOn(read, mime: mime)
        else { return nil }
        return "data:\(mime);base64," + data.base64EncodedString()
    }

    /// A HEIC file as a JPEG `data:` URL, when the file is no larger than the inline limit.
    private func heicDataURL(_ file: URL) -> String? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            let bytes = attributes[.size] as? NSNumber, bytes.intValue <= options.inlineMediaLimit,
            let read = FileManager.default.contents(atPath: file.path), let jpeg = HEICImage.jpeg([UInt8](read))
        else { return nil }
        return "data:image/jpeg;base64," + Data(jpeg).base64EncodedString()
    }

    /// A file's bytes as the page may carry them: an image loses its metadata under `--redact`
    /// and `--anonymize` (EXIF, XMP, IPTC, comments: names, e-mail addresses, GPS positions);
    /// `nil` for an image it cannot be taken from.
    private func passedOn(_ bytes: some Collection<UInt8>, mime: String) -> Data? {
        guard options.privateMedia, mime.hasPrefix("image/") else { return Data(bytes) }
        return ImageMetadata.stripped(Array(bytes)).map { Data($0) }
    }

    /// The file `path` names inside the input's folder; `nil` when it is missing or would leave the folder.
    func localFile(_ path: String) -> URL? {
        guard let base, !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\") else { return nil }
        // Only a path with a `%` has anything to decode (Foundation's decoding, bridged through
        // `NSString`, took about 17k instructions a path even with nothing to do).
        let decoded = path.utf8.contains(UInt8(ascii: "%")) ? path.removingPercentEncoding ?? path : path
        if decoded.split(separator: "/").contains("..") { return nil }
        // A hidden folder or file (`.ssh/id_ed25519`) is not even looked at, unless allowed.
        if !options.allowHiddenPaths, MediaPolicy.hiddenComponent(decoded) != nil { return nil }
        // The file's real path, every symlink resolved (`realpath`: one system call where
        // Foundation's URL resolution took about 650k instructions a file); a file that is not
        // there has none.
        let folder = base.path + "/"
        guard let resolved = Self.realPath(folder + decoded) else { return nil }
        guard resolved.hasPrefix(folder) else { return nil }  // a symlink that points outside
        // A symlink inside the folder that leads into a hidden one (`holiday.jpg` → `.ssh/…`).
        if !options.allowHiddenPaths, MediaPolicy.hiddenComponent(resolved.dropFirst(folder.count)) != nil {
            return nil
        }
        // Only regular files: a named pipe or device would block or never end when read.
        var info = stat()
        guard stat(resolved, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return URL(fileURLWithPath: resolved)
    }

    /// `path` with every symlink, `.` and `..` resolved (`realpath`); `nil` when it names nothing.
    private static func realPath(_ path: String) -> String? {
        guard let real = realpath(path, nil) else { return nil }
        defer { free(real) }
        return String(cString: real)
    }

    /// Video and audio types browsers play, by file extension.
    static func mediaType(_ fileExtension: String) -> String? {
        switch fileExtension.lowercased() {
        case "mp4", "m4v": "video/mp4"
        case "webm": "video/webm"
        case "mov": "video/quicktime"
        case "mp3": "audio/mpeg"
        case "m4a", "aac": "audio/mp4"
        case "ogg", "oga", "opus": "audio/ogg"
        case "wav": "audio/wav"
        case "flac": "audio/flac"
        default: mimeType(fileExtension)
        }
    }

    /// Image types browsers show, by file extension.
    static func mimeType(_ fileExtension: String) -> String? {
        switch fileExtension.lowercased() {
        case "jpg", "jpeg": "image/jpeg"
        case "png": "image/png"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "avif": "image/avif"
        case "bmp": "image/bmp"
        case "svg": "image/svg+xml"  // an <img> never runs an SVG's scripts
        default: nil
        }
    }
}
