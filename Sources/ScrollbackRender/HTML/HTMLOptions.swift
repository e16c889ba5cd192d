import ScrollbackLayout

/// Options for HTML output.
public struct HTMLOptions: Sendable, Hashable {
    /// The theme's name (see `HTMLTheme.all`).
    public var theme: String
    /// Template and stylesheet overrides by file name (from `--templates DIR`).
    public var templateOverrides: [String: String]
    /// Whether images the log gives as remote URLs may load.
    public var remoteMedia: Bool
    /// One file with CSS and images inline.
    public var selfContained: Bool
    /// The folder attachment paths are relative to, for inlining images.
    public var mediaBaseDirectory: String?
    /// The largest file, in bytes, inlined as a `data:` URL; bigger ones become file chips.
    public var inlineMediaLimit: Int
    /// The zip the export came in, whose members attachment paths may name.
    package var mediaArchive: MediaArchive?
    /// Read files whose path has a hidden component (`.ssh/…`); off unless `--allow-hidden-paths`.
    package var allowHiddenPaths = false
    /// `--redact` or `--anonymize`: images are passed on without their metadata, and files that
    /// are not images, video or audio are left out (`MediaPolicy`).
    package var privateMedia = false
    /// The user's home folder (`HOME`): an input in it (or above it) gets a warning.
    package var homeDirectory: String?

    /// Creates options.
    public init(
        theme: String = "imessage", templateOverrides: [String: String] = [:], remoteMedia: Bool = false,
        selfContained: Bool = true, mediaBaseDirectory: String? = nil, inlineMediaLimit: Int = 8 << 20
    ) {
        self.theme = theme
        self.templateOverrides = templateOverrides
        self.remoteMedia = remoteMedia
        self.selfContained = selfContained
        self.mediaBaseDirectory = mediaBaseDirectory
        self.inlineMediaLimit = inlineMediaLimit
    }
}

/// What a page of a larger site adds to a transcript page: where messages live, links between
/// pages, and a shared stylesheet. The default is a standalone page.
package struct PageContext: Sendable {
    /// The `href` that reaches a message: `#msg-ID` on a standalone page, `2026-10.html#msg-ID` on a site
    /// whose pages each hold some days. Receives the message's id as the log gives it.
    package var messageHref: @Sendable (String) -> String
    /// Links shown above and below the transcript (previous and next page, the index).
    package var links: [PageLink]
    /// A stylesheet to link to instead of writing the CSS inline.
    package var stylesheetHref: String?
    /// Where a site keeps its copy of a local attachment (`../media/ab12….jpg`); `nil` from the
    /// closure marks the file as missing. Without it, local paths are used as the log gives them.
    package var mediaHref: (@Sendable (String) -> String?)?
    /// The page's own address where it will be served (a site built with `--base-url`).
    package var canonicalURL: String?

    /// Creates a context.
    package init(
        messageHref: @escaping @Sendable (String) -> String = { "#" + PermalinkID.message($0) },
        links: [PageLink] = [], stylesheetHref: String? = nil, mediaHref: (@Sendable (String) -> String?)? = nil,
        canonicalURL: String? = nil
    ) {
        self.messageHref = messageHref
        self.links = links
        self.stylesheetHref = stylesheetHref
        self.mediaHref = mediaHref
        self.canonicalURL = canonicalURL
    }

    /// A single self-contained page.
    package static let standalone = PageContext()
}

/// A navigation link between pages; also written as `<link rel>` in the head.
package struct PageLink: Sendable, Hashable {
    /// `prev`, `next`, `index`, or another link relation.
    package var rel: String
    /// Where it goes (escaped on output; forbidden schemes are dropped).
    package var href: String
    /// The visible text ("Older messages").
    package var label: String

    /// Creates a link.
    package init(rel: String, href: String, label: String) {
        self.rel = rel
        self.href = href
        self.label = label
    }
}
