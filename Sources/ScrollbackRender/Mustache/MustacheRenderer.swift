/// Walks a compiled template with a stack of context values, writing straight to the output.
struct MustacheRenderer {
    let library: MustacheLibrary
    var stack: [MustacheValue]

    mutating func render(_ nodes: [MustacheTemplate.Node], to output: inout some TextOutputStream) {
        for node in nodes {
            switch node {
            case .text(let text): output.write(text)
            case .variable(let path, let escaped):
                let value = lookup(path)
                if escaped {
                    write(value) { output.write(HTMLEscaping.attribute($0)) }
                } else {
                    write(value) { output.write($0) }
                }
            case .section(let path, let children, let inverted):
                let value = lookup(path)
                if inverted {
                    if !value.isTruthy { render(children, to: &output) }
                    continue
                }
                switch value {
                case .list(let values):
                    for element in values { renderPushing(element, children, to: &output) }
                case .lazyList(let count, let element):
                    for index in 0..<count { renderPushing(element(index), children, to: &output) }
                default:
                    if value.isTruthy { renderPushing(value, children, to: &output) }
                }
            case .partial(let name, let indent):
                guard let template = library.partial(name, indent: indent) else { continue }
                render(template.nodes, to: &output)
            }
        }
    }

    private mutating func renderPushing(
        _ value: MustacheValue, _ nodes: [MustacheTemplate.Node], to output: inout some TextOutputStream
    ) {
        stack.append(value)
        render(nodes, to: &output)
        stack.removeLast()
    }

    private func write(_ value: MustacheValue, _ emit: (String) -> Void) {
        switch value {
        case .string(let text): emit(text)
        case .bool(let flag): emit(flag ? "true" : "false")
        case .null, .list, .lazyList, .object: break
        }
    }

    /// The first part is looked up from the innermost context out; later parts only inside what it found.
    private func lookup(_ path: MustacheTemplate.Path) -> MustacheValue {
        guard let first = path.parts.first else { return stack.last ?? .null }
        var value: MustacheValue = .null
        for context in stack.reversed() {
            if case .object(let object) = context, let found = object.mustacheValue(for: first) {
                value = found
                break
            }
        }
        for part in path.parts.dropFirst() {
            guard case .object(let object) = value, let found = object.mustacheValue(for: part) else { return .null }
            value = found
        }
        return value
    }
}
