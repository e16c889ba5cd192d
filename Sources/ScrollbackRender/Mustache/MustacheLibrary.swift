/// A set of compiled templates that can include each other as partials (`{{> chain}}`).
package struct MustacheLibrary: Sendable {
    /// Every template, partial tags already pointing at their slots here.
    private var slots: [MustacheTemplate] = []
    /// Slot by partial name (and, for indented variants, name + NUL + indent).
    private var slotByKey: [String: Int] = [:]
    /// Code that writes a slot's partial itself, by slot (`compile(partial:writer:)`).
    private var compiledWriters: [CompiledPartial?] = []

    /// Writes a partial for the innermost context, in code that mirrors the partial's built-in
    /// text (`MessageHTMLWriter`), and returns `true`; returns `false`, writing nothing, for a
    /// context it does not know, which then gets the partial walked.
    typealias CompiledPartial = @Sendable (any MustacheContext, inout MustacheOutput) -> Bool

    /// Compiles every source; keys are partial names (`chain`), values the template text.
    ///
    /// `fileNames` maps a partial name to the file errors should name (`chain.mustache`).
    /// `vocabulary` lists the names contexts answer by key: a name's key is its index there.
    package init(sources: [String: String], fileNames: [String: String] = [:], vocabulary: [String] = [])
        throws(MustacheError)
    {
        var keys: [String: Int] = [:]
        for (index, name) in vocabulary.enumerated() where keys[name] == nil { keys[name] = index }
        var templates: [String: MustacheTemplate] = [:]
        for (name, source) in sources.sorted(by: { $0.key < $1.key }) {
            templates[name] = try MustacheTemplate(name: fileNames[name] ?? name, source: source, keys: keys)
        }
        // Standalone partials indent each line of the partial: compile those variants up front.
        var pending = templates.values.map(\.nodes)
        while let nodes = pending.popLast() {
            for (name, indent) in Self.indentedPartials(in: nodes) where !indent.isEmpty {
                let key = Self.key(name, indent)
                guard templates[key] == nil, let source = sources[name], indent.utf8.count <= 256 else { continue }
                let indented = try MustacheTemplate(
                    name: fileNames[name] ?? name, source: Self.indent(source, by: indent), keys: keys)
                templates[key] = indented
                pending.append(indented.nodes)
            }
        }
        // Partials are found by slot while rendering: no string hashing per include.
        for key in templates.keys.sorted() { slotByKey[key] = slotByKey.count }
        let slotByKey = slotByKey
        slots = templates.keys.sorted().map { key in
            MustacheTemplate(templates[key]!) { name, indent in
                slotByKey[indent.isEmpty ? name : Self.key(name, indent)] ?? -1
            }
        }
    }

    /// Lets `writer` write the partial `name` (not its indented variants) for the contexts it knows.
    ///
    /// Only for a partial whose text is the one that code mirrors: the caller checks that.
    mutating func compile(partial name: String, writer: @escaping CompiledPartial) {
        guard let slot = slotByKey[name] else { return }
        if compiledWriters.isEmpty { compiledWriters = Array(repeating: nil, count: slots.count) }
        compiledWriters[slot] = writer
    }

    /// The code that writes the partial in `slot`, if it has been given some.
    func compiledWriter(slot: Int) -> CompiledPartial? {
        slot >= 0 && slot < compiledWriters.count ? compiledWriters[slot] : nil
    }

    /// The compiled template named `name`, if any.
    package func template(_ name: String) -> MustacheTemplate? { slotByKey[name].map { slots[$0] } }

    /// Renders the template `name` with `context` as the outermost value.
    package func render(_ name: String, _ context: MustacheValue, to output: inout some TextOutputStream) {
        guard let template = template(name) else { return }
        var renderer = MustacheRenderer(library: self, stack: [context])
        var buffer = MustacheOutput()
        renderer.render(template.nodes, to: &buffer) { $0.flush(to: &output) }
        buffer.flush(to: &output, force: true)
    }

    /// The template in `slot`, if the partial it was resolved for exists.
    func partial(slot: Int) -> MustacheTemplate? { slot >= 0 ? slots[slot] : nil }

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
            case .partial(let name, let indent, _): found.append((name, indent))
            case .section(_, let children, _): found += indentedPartials(in: children)
            case .text, .variable: break
            }
        }
        return found
    }
}
