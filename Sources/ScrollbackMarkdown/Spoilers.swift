/// `||words||` spoilers, as Discord and Telegram exports write them (GFM has no syntax for one).
///
/// cmark-gfm has no extension for spoilers, so they are found in the inline tree it gives:
/// a `||` in text opens a spoiler and the next `||` among the same inlines closes it, so the
/// words between may carry formatting (`||**the butler**||`). `||` inside code is code; an
/// unpaired `||` stays as text.
enum Spoilers {
    /// The inlines with spoiler spans made `.spoiler`.
    static func apply(_ inlines: [MarkdownInline]) -> [MarkdownInline] {
        guard inlines.contains(where: { if case .text(let text) = $0 { hasBars(text) } else { false } })
        else { return inlines }
        // Split text at every `||`: nil marks one.
        var pieces: [MarkdownInline?] = []
        for inline in inlines {
            guard case .text(let text) = inline, hasBars(text) else {
                pieces.append(inline)
                continue
            }
            var rest = Substring(text)
            while let range = rest.range(of: "||") {
                if range.lowerBound > rest.startIndex { pieces.append(.text(String(rest[..<range.lowerBound]))) }
                pieces.append(nil)
                rest = rest[range.upperBound...]
            }
            if !rest.isEmpty { pieces.append(.text(String(rest))) }
        }
        var result: [MarkdownInline] = []
        var open: [MarkdownInline]?
        for piece in pieces {
            switch (piece, open) {
            case (nil, nil): open = []
            case (nil, let inside?):
                if inside.isEmpty { result.append(.text("||||")) } else { result.append(.spoiler(inside)) }
                open = nil
            case (let inline?, nil): append(inline, to: &result)
            case (let inline?, var inside?):
                open = nil
                append(inline, to: &inside)
                open = inside
            }
        }
        if let inside = open {
            append(.text("||"), to: &result)
            for inline in inside { append(inline, to: &result) }
        }
        return result
    }

    /// Whether `text` holds `||`. Every text inline of every message is asked, so by its bytes:
    /// Foundation's `contains` made this a twentieth of a Markdown page's time.
    static func hasBars(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var previous: UInt8 = 0
            for byte in bytes {
                if byte == UInt8(ascii: "|") && previous == UInt8(ascii: "|") { return true }
                previous = byte
            }
            return false
        }
    }

    /// Appends, joining adjacent text as the bridge does.
    private static func append(_ inline: MarkdownInline, to list: inout [MarkdownInline]) {
        if case .text(let next) = inline, case .text(let previous)? = list.last {
            list[list.count - 1] = .text(previous + next)
        } else {
            list.append(inline)
        }
    }
}
