import ScrollbackLayout
import ScrollbackModel

/// Options for HTML output.
public struct HTMLOptions: Sendable, Hashable {
    /// The theme's name (`imessage`, `whatsapp`, `discord`, `plain`).
    public var theme: String
    /// Template and stylesheet overrides by file name (from `--templates DIR`).
    public var templateOverrides: [String: String]
    /// Whether images the log gives as remote URLs may load.
    public var remoteMedia: Bool
    /// One file with CSS and images inline.
    public var selfContained: Bool
    /// The folder attachment paths are relative to, for inlining images.
    public var mediaBaseDirectory: String?

    /// Creates options.
    public init(
        theme: String = "imessage", templateOverrides: [String: String] = [:], remoteMedia: Bool = false,
        selfContained: Bool = true, mediaBaseDirectory: String? = nil
    ) {
        self.theme = theme
        self.templateOverrides = templateOverrides
        self.remoteMedia = remoteMedia
        self.selfContained = selfContained
        self.mediaBaseDirectory = mediaBaseDirectory
    }
}

/// Draws a layout as an HTML page.
public enum HTMLRenderer {
    /// Writes the page to `output`.
    public static func render(_ layout: TranscriptLayout, options: HTMLOptions, to output: inout some TextOutputStream)
        throws
    {
        output.write(
            "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Transcript</title></head><body>\n")
        for day in layout.days {
            output.write("<section id=\"day-\(day.date)\"><h2>\(day.label)</h2>\n")
            for chain in day.chains {
                for bubble in chain.bubbles {
                    output.write("<p id=\"msg-\(bubble.message.id)\">…</p>\n")
                }
            }
            output.write("</section>\n")
        }
        output.write("</body></html>\n")
    }
}
