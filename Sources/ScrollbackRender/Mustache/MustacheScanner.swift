/// Splits a template into text and tags, following `{{=<% %>=}}` delimiter changes.
///
/// Works on UTF-8 bytes: delimiters and sigils are ASCII, so slicing bytes is exact and fast.
struct MustacheScanner {
    /// One piece of a template.
    enum Token {
        case text([UInt8])
        case tag(Tag)
    }

    /// A tag with what the standalone-line rule needs.
    struct Tag {
        enum Kind: Equatable { case variable, unescaped, section, inverted, close, comment, partial, delimiters }
        var kind: Kind
        var name: String
        var source: String
        var line: Int
        /// Whitespace before a standalone partial, which indents every line of the partial.
        var indent = ""
    }

    let file: String
    let bytes: [UInt8]

    /// Every token in order; standalone-line whitespace is already removed.
    func tokens() throws(MustacheError) -> [Token] {
        var tokens: [Token] = []
        var open: [UInt8] = Array("{{".utf8)
        var close: [UInt8] = Array("}}".utf8)
        var index = 0
        var textStart = 0
        var line = 1
        var lineCountedTo = 0
        while index < bytes.count {
            guard matches(open, at: index) else {
                index += 1
                continue
            }
            line += bytes[lineCountedTo..<index].count { $0 == UInt8(ascii: "\n") }
            lineCountedTo = index
            if index > textStart { tokens.append(.text(Array(bytes[textStart..<index]))) }
            var contentStart = index + open.count
            var closing = close
            let sigil: UInt8? = contentStart < bytes.count ? bytes[contentStart] : nil
            if sigil == UInt8(ascii: "{") {
                closing = Array("}".utf8) + close
                contentStart += 1
            } else if sigil == UInt8(ascii: "=") {
                closing = Array("=".utf8) + close
                contentStart += 1
            }
            guard let end = find(closing, from: contentStart) else {
                throw MustacheError(
                    file: file, line: line, tag: String(decoding: bytes[index...].prefix(40), as: UTF8.self),
                    reason: .unclosedTag)
            }
            let source = String(decoding: bytes[index..<end + closing.count], as: UTF8.self)
            let content = String(decoding: bytes[contentStart..<end], as: UTF8.self)
            var tag = try makeTag(content, sigil: sigil, source: source, line: line)
            if tag.kind == .delimiters {
                let parts = tag.name.split(whereSeparator: { $0 == " " || $0 == "\t" })
                guard parts.count == 2, !parts.contains(where: { $0.contains("=") }) else {
                    throw MustacheError(file: file, line: line, tag: source, reason: .badDelimiters)
                }
                open = Array(parts[0].utf8)
                close = Array(parts[1].utf8)
                tag.name = ""
            }
            tokens.append(.tag(tag))
            index = end + closing.count
            textStart = index
        }
        if textStart < bytes.count { tokens.append(.text(Array(bytes[textStart...]))) }
        return Self.removingStandaloneLines(tokens)
    }

    private func makeTag(_ content: String, sigil: UInt8?, source: String, line: Int) throws(MustacheError) -> Tag {
        var kind = Tag.Kind.variable
        var body = Substring(content)
        switch sigil {
        case UInt8(ascii: "{"), UInt8(ascii: "&"): kind = .unescaped
        case UInt8(ascii: "#"): kind = .section
        case UInt8(ascii: "^"): kind = .inverted
        case UInt8(ascii: "/"): kind = .close
        case UInt8(ascii: "!"): kind = .comment
        case UInt8(ascii: ">"): kind = .partial
        case UInt8(ascii: "="): kind = .delimiters
        default: break
        }
        // `{` and `=` were consumed with the opening delimiter; the others are still in `content`.
        if let first = body.first, "&#^/!>".contains(first), sigil != UInt8(ascii: "{"), sigil != UInt8(ascii: "=") {
            body = body.dropFirst()
        }
        let name = body.trimmingSpaces()
        if name.isEmpty && kind != .comment {
            throw MustacheError(file: file, line: line, tag: source, reason: .emptyName)
        }
        return Tag(kind: kind, name: name, source: source, line: line)
    }

    private func matches(_ pattern: [UInt8], at index: Int) -> Bool {
        guard index + pattern.count <= bytes.count else { return false }
        for offset in pattern.indices where bytes[index + offset] != pattern[offset] { return false }
        return true
    }

    private func find(_ pattern: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + pattern.count <= bytes.count {
            if matches(pattern, at: index) { return index }
            index += 1
        }
        return nil
    }
}

extension MustacheScanner {
    /// The spec's standalone rule: a section, inverted, close, comment, partial or delimiter tag
    /// alone on its line (white space aside) takes the whole line with it.
    static func removingStandaloneLines(_ tokens: [Token]) -> [Token] {
        var tokens = tokens
        var trimLeading = Set<Int>()  // text tokens losing their first line
        var trimTrailing = Set<Int>()  // text tokens losing what follows their last newline
        for (index, token) in tokens.enumerated() {
            guard case .tag(var tag) = token, tag.kind != .variable, tag.kind != .unescaped else { continue }
            let before: [UInt8]? = index == 0 ? [] : text(tokens[index - 1])
            let after: [UInt8]? = index == tokens.count - 1 ? [] : text(tokens[index + 1])
            guard let before, let after else { continue }
            let lastNewline = before.lastIndex(of: UInt8(ascii: "\n"))
            // With no newline before it, the tag must start the template.
            if lastNewline == nil && index > 1 { continue }
            let prefix = before[(lastNewline.map { $0 + 1 } ?? 0)...]
            guard prefix.allSatisfy(isBlank) else { continue }
            let firstNewline = after.firstIndex(of: UInt8(ascii: "\n"))
            if firstNewline == nil && index + 1 < tokens.count - 1 { continue }
            guard after[..<(firstNewline ?? after.count)].allSatisfy({ isBlank($0) || $0 == UInt8(ascii: "\r") })
            else { continue }
            if tag.kind == .partial {
                tag.indent = String(decoding: prefix, as: UTF8.self)
                tokens[index] = .tag(tag)
            }
            if index > 0 { trimTrailing.insert(index - 1) }
            if index + 1 < tokens.count { trimLeading.insert(index + 1) }
        }
        for index in trimLeading.union(trimTrailing) {
            guard case .text(var bytes) = tokens[index] else { continue }
            if trimTrailing.contains(index) {
                let cut = bytes.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? 0
                bytes.removeSubrange(cut...)
            }
            if trimLeading.contains(index) {
                let cut = bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? bytes.count
                bytes.removeSubrange(..<cut)
            }
            tokens[index] = .text(bytes)
        }
        return tokens
    }

    private static func text(_ token: Token) -> [UInt8]? {
        if case .text(let bytes) = token { return bytes }
        return nil
    }

    private static func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
}

extension Substring {
    fileprivate func trimmingSpaces() -> String {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" || first == "\n" || first == "\r" {
            slice = slice.dropFirst()
        }
        while let last = slice.last, last == " " || last == "\t" || last == "\n" || last == "\r" {
            slice = slice.dropLast()
        }
        return String(slice)
    }
}
