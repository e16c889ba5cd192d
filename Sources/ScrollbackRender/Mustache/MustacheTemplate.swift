/// A compiled Mustache template: parse once, render many times.
public struct MustacheTemplate: Sendable {
    /// The file name errors and partial lookups use.
    public let name: String
    let nodes: [Node]

    /// A piece of a compiled template.
    indirect enum Node: Sendable {
        case text(String)
        case variable(Path, escaped: Bool)
        case section(Path, [Node], inverted: Bool)
        case partial(String, indent: String)
    }

    /// A name as written: `.` (the current value) or dotted parts (`reply.sender`).
    struct Path: Sendable {
        let parts: [String]
        var isImplicit: Bool { parts.isEmpty }

        init(_ name: String) {
            parts = name == "." ? [] : name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        }
    }

    /// Compiles `source`; errors name `name`, the line and the tag.
    public init(name: String, source: String) throws(MustacheError) {
        self.name = name
        let tokens = try MustacheScanner(file: name, bytes: Array(source.utf8)).tokens()
        var position = 0
        nodes = try Self.parse(tokens, &position, file: name, until: nil)
    }

    private static func parse(
        _ tokens: [MustacheScanner.Token], _ position: inout Int, file: String, until open: MustacheScanner.Tag?
    ) throws(MustacheError) -> [Node] {
        var nodes: [Node] = []
        while position < tokens.count {
            let token = tokens[position]
            position += 1
            switch token {
            case .text(let bytes):
                if !bytes.isEmpty { nodes.append(.text(String(decoding: bytes, as: UTF8.self))) }
            case .tag(let tag):
                switch tag.kind {
                case .variable: nodes.append(.variable(Path(tag.name), escaped: true))
                case .unescaped: nodes.append(.variable(Path(tag.name), escaped: false))
                case .comment, .delimiters: break
                case .partial: nodes.append(.partial(tag.name, indent: tag.indent))
                case .section, .inverted:
                    let children = try parse(tokens, &position, file: file, until: tag)
                    nodes.append(.section(Path(tag.name), children, inverted: tag.kind == .inverted))
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
