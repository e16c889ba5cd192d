import ScrollbackLayout

/// `page.mustache`'s names: the head, the header and the days.
struct PageValues: HTMLContext {
    let session: HTMLRenderSession
    let stylesheet: String

    private var layout: TranscriptLayout { session.layout }

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .title: return .string(title)
        case .subtitle: return .string(subtitle)
        case .channelTopic: return .string(layout.topic ?? "")
        case .lang: return .string(language)
        case .theme: return .string(HTMLTheme.named(session.options.theme)?.name ?? "imessage")
        case .csp: return .string(contentSecurityPolicy)
        case .colorScheme: return .string("light dark")
        case .undated: return .bool(layout.undated)
        case .isGroup: return .bool(layout.isGroup)
        case .stylesheetHref: return .string(session.page.stylesheetHref ?? "")
        case .inlineStyle:
            // The theme's CSS, unless a site links it; avatar images are always inline (they are per page).
            let css = (session.page.stylesheetHref == nil ? stylesheet : "") + session.avatarCSS
            return .string(Self.safeInStyleElement(css))
        case .hasLinks: return .bool(!links.isEmpty)
        case .links, .headLinks:
            return .list(
                links.map {
                    .dictionary(["rel": .string($0.rel), "href": .string($0.href), "label": .string($0.label)])
                })
        case .shareDescription: return .string(SharePreview.description(session.layout, title: title))
        case .canonicalURL: return .string(session.page.canonicalURL.flatMap(LinkPolicy.safeHref) ?? "")
        case .days:
            return .lazyList(count: layout.days.count) {
                .object(DayContext(day: layout.days[$0], index: $0, session: session))
            }
        default: return nil
        }
    }

    private var links: [PageLink] { session.page.links.filter { LinkPolicy.safeHref($0.href) != nil } }

    private var title: String {
        if let title = layout.title, !title.isEmpty { return title }
        let others = layout.participants.filter { !$0.isMe }.map(\.name)
        return others.isEmpty ? "Transcript" : others.joined(separator: ", ")
    }

    /// In a group, everyone's names under the title.
    private var subtitle: String {
        guard layout.isGroup else { return "" }
        return layout.participants.map { $0.isMe ? $0.name + " (you)" : $0.name }.joined(separator: ", ")
    }

    /// The layout's locale as a BCP 47 tag (`pt_BR` → `pt-BR`); `en` when it is not one.
    private var language: String {
        let tag = layout.locale.replacingOccurrences(of: "_", with: "-")
        let valid =
            !tag.isEmpty
            && tag.utf8.allSatisfy {
                $0 == UInt8(ascii: "-")
                    || ($0 < 0x80 && (Character(Unicode.Scalar($0)).isLetter || Character(Unicode.Scalar($0)).isNumber))
            }
        return valid ? tag : "en"
    }

    /// Only what the page ships: inline styles (or the site's stylesheet), images as data: URLs,
    /// relative media when images are not inlined, remote images only with `--remote-media`.
    private var contentSecurityPolicy: String {
        var style = ["'unsafe-inline'"]
        if session.page.stylesheetHref != nil { style.insert("'self'", at: 0) }
        var images = ["data:"]
        if !session.options.selfContained { images.insert("'self'", at: 0) }
        if session.options.remoteMedia { images += ["https:", "http:"] }
        // Video and audio players load from the same places as images.
        let sources = images.joined(separator: " ")
        let directives = [
            "default-src 'none'", "style-src " + style.joined(separator: " "), "img-src " + sources,
            "media-src " + sources, "base-uri 'none'", "form-action 'none'",
        ]
        return directives.joined(separator: "; ")
    }

    /// A stylesheet from `--templates` cannot close the `<style>` element early.
    /// Scanned as bytes: the theme's CSS is tens of kilobytes on every page, and Foundation's
    /// search over it cost more than writing many messages.
    static func safeInStyleElement(_ css: String) -> String {
        var result: [UInt8] = []
        var previous: UInt8 = 0
        var changed = false
        for (offset, byte) in css.utf8.enumerated() {
            if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "/") && !changed {
                result.reserveCapacity(css.utf8.count + 16)
                result.append(contentsOf: css.utf8.prefix(offset))
                changed = true
            }
            if changed {
                if previous == UInt8(ascii: "<") && byte == UInt8(ascii: "/") { result.append(UInt8(ascii: "\\")) }
                result.append(byte)
            }
            previous = byte
        }
        return changed ? String(decoding: result, as: UTF8.self) : css
    }
}
