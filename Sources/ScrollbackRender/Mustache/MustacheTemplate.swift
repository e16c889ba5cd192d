/// A compiled Mustache template: parse once, render many times.
package struct MustacheTemplate: Sendable {
    /// The file name errors and partial lookups use.
    package let name: String
    let nodes: [Node]

    /// A piece of a compiled template.
    indirect enum Node: Sendable, Equatable {
        /// Template text, as the UTF-8 bytes it is written out as.
        case text([UInt8])
        case variable(Path, escaped: Bool)
        case section(Path, [Node], inverted: Bool)
        /// `slot` is the partial's place in its library, once the library has resolved it (else -1).
        case partial(String, indent: String, slot: Int)
    }

    /// A name as written: `.` (the current value) or dotted parts (`reply.sender`), each resolved to its key.
    struct Path: Sendable, Equatable {
        let parts: [MustacheName]
        var isImplicit: Bool { parts.isEmpty }

        init(_ name: String, keys: [String: Int]) {
            parts =
                name == "."
                ? []
                : name.split(separator: ".", omittingEmptySubsequences: false).map {
                    MustacheName(String($0), key: keys[String($0)] ?? -1)
                }
        }
    }

    /// Compiles `source`; errors name `name`, the line and the tag.
    ///
    /// `keys` gives the integer key of each name contexts know (see `MustacheName`).
    package init(name: String, source: String, keys: [String: Int] = [:]) throws(MustacheError) {
        self.name = name
        let tokens = try MustacheScanner(file: name, bytes: Array(source.utf8)).tokens()
        var position = 0
        nodes = try Self.parse(tokens, &position, file: name, keys: keys, until: nil)
    }

    /// A copy whose partial tags point at their templates' slots in a library.
    init(_ template: MustacheTemplate, resolvingPartials slot: (String, String) -> Int) {
        name = template.name
        nodes = Self.resolve(template.nodes, slot)
    }

    private static func resolve(_ nodes: [Node], _ slot: (String, String) -> Int) -> [Node] {
        nodes.map { node in
            switch node {
            case .partial(let name, let indent, _): .partial(name, indent: indent, slot: slot(name, indent))
            case .section(let path, let children, let inverted):
                .section(path, resolve(children, slot), inverted: inverted)
            case .text, .variable: node
            }
        }
    }

    private static func parse(
        _ tokens: [MustacheScanner.Token], _ position: inout Int, file: String, keys: [String: Int],
        until open: MustacheScanner.Tag?
    ) throws(MustacheError) -> [Node] {
        var nodes: [Node] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let bytes):
                if !bytes.isEmpty { nodes.append(.text(bytes)) }
            case .tag(let tag):
                switch tag.kind {
                case .variable: nodes.append(.variable(Path(tag.name, keys: keys), escaped: true))
                case .unescaped: nodes.append(.variable(Path(tag.name, keys: keys), escaped: false))
                case .comment, .delimiters: break
                case .partial: nodes.append(.partial(tag.name, indent: tag.indent, slot: -1))
                case .section, .inverted:
                    let children = try parse(tokens, &position, file: file, keys: keys, until: tag)
                    nodes.append(.section(Path(tag.name, keys: keys), children, inverted: tag.kind == .inverted))
                case .close:
                    guard let open else {
                        throw MustacheError(
                            file: file, line: tag.line, tag: tag.source, reason: .unexpectedClose(tag.name))
                    }
                    guard open.name == tag.name else {
                        throw MustacheError(
                            file: file, line: tag.line, tag: tag.source,
                            reason: .mismatchedClose(expected: open.name, found: tag.name))
                    }
                    return nodes
                }
            }
        }
        if let open {
            throw MustacheError(file: file, line: open.line, tag: open.source, reason: .unclosedSection(open.name))
        }
        return nodes
    }
}
