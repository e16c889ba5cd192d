import ScrollbackModel

/// One attachment: an inline image when the page may show it, else a file chip.
struct AttachmentContext: HTMLContext {
    let attachment: Attachment
    let session: HTMLRenderSession

    func value(_ name: HTMLName) -> MustacheValue? {
        switch name {
        case .image: return .bool(resolved != nil)
        case .src: return .string(resolved?.source ?? "")
        case .alt: return .string(attachment.alt ?? attachment.name ?? "Image")
        case .width: return .string((attachment.width ?? resolved?.width).map(String.init) ?? "")
        case .height: return .string((attachment.height ?? resolved?.height).map(String.init) ?? "")
        case .name: return .string(displayName)
        case .size: return .string(attachment.size.map(Self.byteCount) ?? "")
        case .href: return .string(siteCopy ?? "")
        case .missing: return .bool(attachment.path != nil && session.page.mediaHref != nil && siteCopy == nil)
        default: return nil
        }
    }

    private var resolved: MediaResolver.Resolved? { session.image(attachment) }

    /// A site's copy of a local file, which a file chip links to.
    private var siteCopy: String? { attachment.path.flatMap { session.page.mediaHref?($0) } }

    private var displayName: String {
        if let name = attachment.name, !name.isEmpty { return name }
        if let path = attachment.path ?? attachment.url, let last = path.split(separator: "/").last {
            return String(last)
        }
        return "Attachment"
    }

    /// `512 bytes`, `12 KB`, `3.4 MB` (powers of 1000, as file browsers show them).
    static func byteCount(_ bytes: Int) -> String {
        if bytes < 1000 { return "\(bytes) byte\(bytes == 1 ? "" : "s")" }
        let units = ["KB", "MB", "GB", "TB"]
        var value = Double(bytes) / 1000
        var unit = 0
        while value >= 1000 && unit < units.count - 1 {
            value /= 1000
            unit += 1
        }
        let rounded = value < 10 ? (value * 10).rounded() / 10 : value.rounded()
        let text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
        return text + " " + units[unit]
    }
}
