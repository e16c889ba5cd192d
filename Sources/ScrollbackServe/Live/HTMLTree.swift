/// Rendered HTML cut into elements: where each element's tags and children are in the text.
///
/// Only for markup Scrollback rendered itself, where every element is closed and text is escaped,
/// so a tag is always a `<` followed by a name and ended by a `>` outside quotes. It never
/// rewrites anything: the live page sends slices of the renderer's own bytes.
struct HTMLTree: Sendable {
    /// One element.
    struct Element: Sendable {
        /// The tag name, lower-cased.
        var name: String
        /// The whole element, start tag to end tag.
        var outer: Range<Int>
        /// Between the start and end tags.
        var inner: Range<Int>
        /// The start tag.
        var startTag: Range<Int>
        /// Child elements, in order.
        var children: [Element] = []
    }

    /// The text the ranges point into.
    let bytes: [UInt8]
    /// The top-level elements.
    private(set) var roots: [Element] = []

    /// Parses `bytes`.
    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        roots = parser.parse()
    }

    /// Parses `bytes`, keeping only `levels` levels of elements inside the first element whose
    /// `class` lists `className` (below the top level when it is `nil`: the top level and
    /// `levels - 1` more): what lies deeper is read past but not kept, so a page of a million
    /// messages is not held as ten million elements when only its days and chains are looked at.
    init(_ bytes: [UInt8], keeping levels: Int, below className: String? = nil) {
        self.bytes = bytes
        var parser = Parser(bytes: bytes)
        parser.kept = (className.map { Array($0.utf8) }, levels)
        roots = parser.parse()
    }

    /// The whole text as one element whose children are the top-level elements.
    var whole: Element {
        Element(name: "", outer: 0..<bytes.count, inner: 0..<bytes.count, startTag: 0..<0, children: roots)
    }

    /// The text of `range`.
    func slice(_ range: Range<Int>) -> ArraySlice<UInt8> { bytes[range] }

    /// The string of `range`.
    func string(_ range: Range<Int>) -> String { String(decoding: bytes[range], as: UTF8.self) }

    /// The shallowest first element whose `class` attribute lists `className` (breadth first, so
    /// the page's frame is searched before the thousands of elements inside the log).
    func first(withClass className: String) -> Element? {
        var level = roots
        while !level.isEmpty {
            if let found = level.first(where: { classes(of: $0).contains(Substring(className)) }) { return found }
            level = level.flatMap(\.children)
        }
        return nil
    }

    /// The shallowest first element named `name` (breadth first).
    func first(named name: String) -> Element? {
        var level = roots
        while !level.isEmpty {
            if let found = level.first(where: { $0.name == name }) { return found }
            level = level.flatMap(\.children)
        }
        return nil
    }

    /// The words of an element's `class` attribute.
    func classes(of element: Element) -> [Substring] {
        let tag = string(element.startTag)
        guard let start = tag.range(of: " class=\"") else { return [] }
        let rest = tag[start.upperBound...]
        guard let end = rest.firstIndex(of: "\"") else { return [] }
        return rest[..<end].split(separator: " ")
    }
}

extension HTMLTree {
    /// A forgiving reader of well-formed markup: comments, doctypes, void elements, and raw-text
    /// elements (`script`, `style`) whose contents are not markup.
    fileprivate struct Parser {
        let bytes: [UInt8]
        var index = 0
        /// Keep only this many levels inside the first element with the class `className`, or
        /// inside the top level when there is none.
        var kept: (className: [UInt8]?, levels: Int)?
        var stack: [Element] = []
        var roots: [Element] = []
        /// The depth (the stack's count) from which elements are not kept, while the element it
        /// is counted from (at `anchor` in the stack) is open.
        var floor = Int.max
        var anchor: Int?

        /// Whether `name` is a void element's (one with no end tag). A `switch`, not a `Set`:
        /// a page of a million messages has ten million tags, and hashing each name costs more.
        static func isVoid(_ name: String) -> Bool {
            switch name {
            case "area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr":
                true
            default: false
            }
        }

        /// Whether `name` is a raw-text element's (its contents are not markup).
        static func isRawText(_ name: String) -> Bool {
            switch name {
            case "script", "style", "textarea", "title": true
            default: false
            }
        }

        mutating func parse() -> [Element] {
            floor = kept.map { $0.className == nil ? $0.levels : Int.max } ?? Int.max
            while let open = next(UInt8(ascii: "<"), from: index) {
                index = open
                if starts(with: "<!--") {
                    index = end(of: "-->", from: open + 4)
                } else if starts(with: "</") {
                    let (name, after) = tagName(from: open + 2)
                    let close = next(UInt8(ascii: ">"), from: after) ?? bytes.count - 1
                    index = close + 1
                    guard let match = stack.lastIndex(where: { $0.name == name }) else { continue }
                    while stack.count > match {
                        var element = stack.removeLast()
                        let closed = stack.count == match
                        // An element left open inside this one ends where this one does.
                        element.inner = element.inner.lowerBound..<open
                        element.outer = element.outer.lowerBound..<(closed ? index : open)
                        attach(element)
                    }
                } else if starts(with: "<!") || starts(with: "<?") {
                    index = (next(UInt8(ascii: ">"), from: open) ?? bytes.count - 1) + 1
                } else {
                    let (name, after) = tagName(from: open + 1)
                    guard !name.isEmpty else {
                        index = open + 1
                        continue
                    }
                    let close = tagEnd(from: after)
                    index = close + 1
                    let selfClosing = close > open && bytes[close - 1] == UInt8(ascii: "/")
                    var element = Element(name: name, outer: open..<index, inner: index..<index, startTag: open..<index)
                    if Self.isVoid(name) || selfClosing {
                        attach(element)
                    } else if Self.isRawText(name) {
                        let closing = find(Array("</\(name)".utf8), from: index) ?? bytes.count
                        element.inner = index..<closing
                        index = (next(UInt8(ascii: ">"), from: closing) ?? bytes.count - 1) + 1
                        element.outer = open..<index
                        attach(element)
                    } else {
                        push(element)
                    }
                }
            }
            while var element = stack.popLast() {  // unclosed: ends with the text
                element.inner = element.inner.lowerBound..<bytes.count
                element.outer = element.outer.lowerBound..<bytes.count
                attach(element)
            }
            return roots
        }

        /// The words of the `class` attribute of the start tag at `tag`.
        func classes(in tag: Range<Int>) -> [ArraySlice<UInt8>] {
            let text = bytes[tag]
            guard let start = text.firstRange(of: Array(" class=\"".utf8))?.upperBound,
                let end = text[start...].firstIndex(of: UInt8(ascii: "\""))
            else { return [] }
            return text[start..<end].split(separator: UInt8(ascii: " "))
        }

        /// Adds a finished element to the one open around it, or to the roots.
        mutating func attach(_ element: Element) {
            if stack.count >= floor { return }
            if stack.count == anchor { floor = .max }  // the element the levels count from ends
            if stack.isEmpty { roots.append(element) } else { stack[stack.count - 1].children.append(element) }
        }

        /// Opens an element (its children follow).
        mutating func push(_ element: Element) {
            if anchor == nil, let kept, let className = kept.className,
                classes(in: element.startTag).contains(where: { $0.elementsEqual(className) })
            {
                anchor = stack.count
                floor = stack.count + 1 + kept.levels
            }
            stack.append(element)
        }

        func starts(with prefix: StaticString) -> Bool {
            let count = prefix.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            let start = prefix.utf8Start
            for offset in 0..<count where bytes[index + offset] != start[offset] { return false }
            return true
        }

        func next(_ byte: UInt8, from start: Int) -> Int? {
            guard start < bytes.count else { return nil }
            return bytes[start...].firstIndex(of: byte)
        }

        func find(_ needle: [UInt8], from start: Int) -> Int? {
            var position = start
            while let candidate = next(needle[0], from: position) {
                if candidate + needle.count <= bytes.count,
                    bytes[candidate..<candidate + needle.count].elementsEqual(needle, by: { Self.lower($0) == $1 })
                {
                    return candidate
                }
                position = candidate + 1
            }
            return nil
        }

        func end(of terminator: String, from start: Int) -> Int {
            guard let found = find(Array(terminator.utf8), from: start) else { return bytes.count }
            return found + terminator.utf8.count
        }

        /// A tag's name (lower-cased) and where it ends.
        func tagName(from start: Int) -> (String, Int) {
            var end = start
            var upper = false
            while end < bytes.count, Self.isNameByte(bytes[end]) {
                upper = upper || (bytes[end] >= 0x41 && bytes[end] <= 0x5A)
                end += 1
            }
            // The renderer writes lower-case names: only other markup needs the copy.
            if upper { return (String(decoding: bytes[start..<end].map(Self.lower), as: UTF8.self), end) }
            return (String(decoding: bytes[start..<end], as: UTF8.self), end)
        }

        /// The `>` that ends a start tag: the first one outside a quoted attribute value.
        func tagEnd(from start: Int) -> Int {
            var quote: UInt8?
            var position = start
            while position < bytes.count {
                let byte = bytes[position]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return position
                }
                position += 1
            }
            return bytes.count - 1
        }

        static func isNameByte(_ byte: UInt8) -> Bool {
            (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
        }

        static func lower(_ byte: UInt8) -> UInt8 { byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte }
    }
}
