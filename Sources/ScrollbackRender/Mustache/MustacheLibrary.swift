/// A set of compiled templates that can include each other as partials (`{{> chain}}`).
public struct MustacheLibrary: Sendable {
    private var templates: [String: MustacheTemplate] = [:]
    private var sources: [String: String] = [:]

    /// Compiles every source; keys are partial names (`chain`), values the template text.
    ///
    /// `fileNames` maps a partial name to the file errors should name (`chain.mustache`).
    public init(sources: [String: String], fileNames: [String: String] = [:]) throws(MustacheError) {
        self.sources = sources
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            let template = try MustacheTemplate(name: fileNames[name] ?? name, source: source)
            templates[name] = template
        }
        // Standalone partials indent each line of the partial: compile those variants up front.
        var pending = templates.values.map(\.nodes)
        while let nodes = pending.popLast() {
            for (name, indent) in Self.indentedPartials(in: nodes) where !indent.isEmpty {
                let key = Self.key(name, indent)
                guard templates[key] == nil, let source = sources[name], indent.utf8.count <= 256 else { continue }
                let indented = try MustacheTemplate(
                    name: fileNames[name] ?? name, source: Self.indent(source, by: indent))
                templates[key] = indented
                pending.append(indented.nodes)
            }
        }
    }

    /// The compiled template named `name`, if any.
    public func template(_ name: String) -> MustacheTemplate? { templates[name] }

    /// Renders the template `name` with `context` as the outermost value.
    public func render(_ name: String, _ context: MustacheValue, to output: inout some TextOutputStream) {
        guard let template = templates[name] else { return }
        var renderer = MustacheRenderer(library: self, stack: [context])
        renderer.render(template.nodes, to: &output)
    }

    /// The template for a partial tag, with its standalone indentation applied.
    func partial(_ name: String, indent: String) -> MustacheTemplate? {
        indent.isEmpty ? templates[name] : templates[Self.key(name, indent)]
    }

    private static func key(_ name: String, _ indent: String) -> String { name + "\u{0}" + indent }

    /// Every line start of `source` gets `indent` (but not the end after a final newline).
    private static func indent(_ source: String, by indent: String) -> String {
        var result = ""
        var atLineStart = true
        for character in source {
            if atLineStart { result += indent }
            result.append(character)
            atLineStart = character == "\n" || character == "\r\n"
        }
        return result
    }

    private static func indentedPartials(in nodes: [MustacheTemplate.Node]) -> [(String, String)] {
        var found: [(String, String)] = []
        for node in nodes {
            switch node {
            case .partial(let name, let indent): found.append((name, indent))
            case .section(_, let children, _): found += indentedPartials(in: children)
            case .text, .variable: break
            }
        }
        return found
    }
}
