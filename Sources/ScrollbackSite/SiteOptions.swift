import ScrollbackLayout
import ScrollbackReaders
import ScrollbackRender

/// What `scrollback site` is asked to build.
public struct SiteOptions: Sendable, Hashable {
    /// Layout options for every conversation (`--me`, `--tz`, `--chain-gap`, `--from`, `--to`, …).
    public var layout: LayoutOptions
    /// HTML options (theme, template overrides, remote media).
    public var html: HTMLOptions
    /// The site's name on the index page (`--title`); conversations keep their own titles.
    public var title: String?
    /// The most HTML, in bytes, a page should hold before its month is split into parts.
    public var pageBudget: Int
    /// Messages per page instead of the byte budget (`--page-size`).
    public var pageSize: Int?
    /// Where the site will be served, for feeds and the sitemap (`--base-url`); none are written without it.
    public var baseURL: String?
    /// Rebuild every page even when the previous build's pages could be kept (`--clean`).
    public var clean: Bool
    /// Write into a non-empty folder Scrollback did not create (`--force`).
    public var force: Bool
    /// Inputs of at least this many bytes, in a format read message by message, are built a month
    /// at a time from two readings instead of one reading held whole (docs/SITE.md): less memory,
    /// a little more time.
    package var monthByMonthFromBytes = 32 << 20

    /// Creates options; the defaults are those of the command line.
    public init(
        layout: LayoutOptions = LayoutOptions(), html: HTMLOptions = HTMLOptions(), title: String? = nil,
        pageBudget: Int = 1_000_000, pageSize: Int? = nil, baseURL: String? = nil, clean: Bool = false,
        force: Bool = false
    ) {
        self.layout = layout
        self.html = html
        self.title = title
        self.pageBudget = pageBudget
        self.pageSize = pageSize
        self.baseURL = baseURL
        self.clean = clean
        self.force = force
    }
}

/// One input of a site build: a file or folder, read with `Readers.read`.
public struct SiteInput: Sendable, Hashable {
    /// The path as the user gave it.
    public var path: String
    /// `--input-format`, or `nil` to sniff.
    public var format: InputFormat?
    /// Reading options (`--date-order`, `--tz`).
    public var readOptions: ReadOptions
    /// Whether the caller knows the input is as it was at the last build into the same folder
    /// with the same options (a live site watching its inputs): its conversations' files are
    /// then kept without its bytes being hashed to tell.
    package var unchanged = false

    /// Creates an input.
    public init(path: String, format: InputFormat? = nil, readOptions: ReadOptions = ReadOptions()) {
        self.path = path
        self.format = format
        self.readOptions = readOptions
    }
}
