import Foundation

/// What Scrollback reads of the files a log names, and how it hands them on, shared by pages,
/// sites and `serve`:
///
/// - a path with a hidden component (`.ssh/id_ed25519`, `.aws/credentials`, `.git/…`) is never
///   read unless the user allows it (`--allow-hidden-paths`): an export saved in a home or
///   Downloads folder must not carry what sits beside it;
/// - a file of an active type (HTML, SVG, XML, scripts) is never a page: it is linked as a
///   download, and a site's copy of it gets a name no web server would serve as active;
/// - with `--redact` or `--anonymize`, only video, audio and images whose metadata can be taken out
///   are passed on (see `ImageMetadata`); other files are left out.
package enum MediaPolicy {
    /// File extensions a browser shows as a document that can run scripts.
    package static let activeExtensions: Set<String> = [
        "html", "htm", "xhtml", "xht", "shtml", "mht", "mhtml", "svg", "svgz", "xml", "xsl", "xslt", "js", "mjs",
        "cjs",
    ]

    /// The extension of the last component of `path`, lower-cased (`""` when it has none).
    package static func fileExtension(_ path: String) -> String {
        let name = path.split(separator: "/").last ?? ""
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return name[name.index(after: dot)...].lowercased()
    }

    /// Whether `path` names a file of an active type, by its extension.
    package static func isActive(_ path: String) -> Bool { activeExtensions.contains(fileExtension(path)) }

    /// Whether `path` names an image a page can show, by its extension.
    package static func isImage(_ path: String) -> Bool { MediaResolver.mimeType(fileExtension(path)) != nil }

    /// Whether a file at `path` is passed on under `--redact` or `--anonymize`: video and audio,
    /// and images whose metadata `ImageMetadata` can take out (JPEG, PNG, WebP, BMP), by extension.
    package static func passesPrivacy(_ path: String) -> Bool {
        let fileExtension = fileExtension(path)
        if ImageMetadata.cleanable.contains(fileExtension) { return true }
        return MediaResolver.mediaType(fileExtension) != nil && MediaResolver.mimeType(fileExtension) == nil
    }

    /// The first hidden component of a relative `path` (`.ssh` of `.ssh/id_ed25519`), if any;
    /// `.` and `..` are not hidden names (`..` is refused on its own).
    package static func hiddenComponent(_ path: some StringProtocol) -> String? {
        for part in path.split(separator: "/") where part.hasPrefix(".") && part != "." && part != ".." {
            return String(part)
        }
        return nil
    }

    /// The sentence a refused hidden path gets, after `NAME: message 3 (id "m3"): `.
    package static func hiddenWarning(_ reference: String, component: String) -> String {
        "attachment '\(reference)' is in a hidden folder or file ('\(component)'); it was not read "
            + "(--allow-hidden-paths reads it)."
    }

    /// The sentence a file left out under `--redact` or `--anonymize` gets, after `NAME: message 3 (id "m3"): `.
    package static func withheldNote(_ reference: String) -> String {
        "attachment '\(reference)' was left out: with --redact or --anonymize only video, audio and JPEG, "
            + "PNG, WebP and BMP images (without their metadata) are included."
    }

    /// The sentence an attachment no file answers to gets, after `NAME: message 3 (id "m3"): `.
    /// With `--redact` or `--anonymize` (`privateMedia`) it says why that may be: a path that held
    /// a name or a secret shows the replacement, and no longer leads to its file.
    package static func missingWarning(_ reference: String, privateMedia: Bool) -> String {
        "attachment '\(reference)' is missing"
            + (privateMedia
                ? " (with --redact or --anonymize, a path that held a name or a secret no longer leads to its file)."
                : ".")
    }

    /// Whether `folder` is the user's home folder `home` (`HOME`) or a folder that holds it: the
    /// files a log there names could be anything of the user's.
    package static func isHomeOrAbove(_ folder: String, home: String?) -> Bool {
        guard let home, !home.isEmpty else { return false }
        let (inner, outer) = (realPath(home), realPath(folder))
        return inner == outer || inner.hasPrefix(outer.hasSuffix("/") ? outer : outer + "/")
    }

    /// The sentence the home-folder warning gets, after `NAME: `.
    package static let homeWarning =
        "the input's folder is your home folder (or holds it); attachments it names are read from there, "
        + "hidden files and folders only with --allow-hidden-paths."

    private static func realPath(_ path: String) -> String {
        guard let resolved = realpath(path, nil) else { return path }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
