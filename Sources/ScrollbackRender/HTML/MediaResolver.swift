import Foundation

/// Decides where images come from: inlined files from the input's folder, relative paths, or
/// remote URLs when `--remote-media` allows them. Nothing outside the input's folder is read.
struct MediaResolver {
    let options: HTMLOptions
    /// A site's map from local paths to its copies (see `PageContext.mediaHref`).
    let siteHref: (@Sendable (String) -> String?)?
    private let base: URL?
    private var cache: [String: Resolved?] = [:]

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
        base = options.mediaBaseDirectory.map {
            URL(fileURLWithPath: $0, isDirectory: true).standardizedFileURL.resolvingSymlinksInPath()
        }
    }

    /// The image at `reference` (a path relative to the input, or a URL), if the page may show it.
    mutating func image(_ reference: String) -> Resolved? {
        if let known = cache[reference] { return known }
        let resolved = resolve(reference)
        cache[reference] = resolved
        return resolved
    }

    private func resolve(_ reference: String) -> Resolved? {
        switch LinkPolicy.kind(of: reference) {
        case .remote: return options.remoteMedia ? Resolved(source: reference) : nil
        case .mail, .forbidden: return nil
        case .relative: break
        }
        if reference.hasPrefix("#") || reference.hasPrefix("?") { return nil }
        if let archive = options.mediaArchive { return archived(reference, in: archive) }
        guard let file = localFile(reference) else { return nil }
        let size = ImageSize.read(file.path)
        if let siteHref {
            guard let href = siteHref(reference) else { return nil }
            return Resolved(source: href, width: size?.width, height: size?.height)
        }
        if options.selfContained {
            guard let mime = Self.mimeType(file.pathExtension),
                let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
                let bytes = attributes[.size] as? NSNumber, bytes.intValue <= options.inlineMediaLimit,
                let data = FileManager.default.contents(atPath: file.path)
            else { return nil }
            return Resolved(
                source: "data:\(mime);base64," + data.base64EncodedString(), width: size?.width, height: size?.height)
        }
        return Resolved(source: reference, width: size?.width, height: size?.height)
    }

    /// An image that is a member of the input's archive: a site's copy, else inlined (a page cannot link into a zip).
    private func archived(_ path: String, in archive: MediaArchive) -> Resolved? {
        if let siteHref { return siteHref(path).map { Resolved(source: $0) } }
        guard options.selfContained, let mime = Self.mimeType((path as NSString).pathExtension),
            let bytes = archive.member(path), bytes.count <= options.inlineMediaLimit
        else { return nil }
        return Resolved(source: "data:\(mime);base64," + Data(bytes).base64EncodedString())
    }

    /// The file `path` names inside the input's folder; `nil` when it is missing or would leave the folder.
    func localFile(_ path: String) -> URL? {
        guard let base, !path.isEmpty, !path.hasPrefix("/"), !path.contains("\\") else { return nil }
        let decoded = path.removingPercentEncoding ?? path
        if decoded.split(separator: "/").contains("..") { return nil }
        let file = base.appendingPathComponent(decoded).standardizedFileURL.resolvingSymlinksInPath()
        guard file.path.hasPrefix(base.path + "/") else { return nil }  // a symlink that points outside
        // Only regular files: a named pipe or device would block or never end when read.
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: file.path),
            attributes[.type] as? FileAttributeType == .typeRegular
        else { return nil }
        return file
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
