/// Walks a compiled template with a stack of context values, writing into one byte buffer.
///
/// Not generic over the output stream: `flush` hands full buffers on, so the walk itself
/// is compiled once, for concrete types, whatever stream the caller writes to.
struct MustacheRenderer {
    let library: MustacheLibrary
    var stack: [MustacheValue]

    mutating func render(
        _ nodes: [MustacheTemplate.Node], to buffer: inout MustacheOutput,
        flush: (inout MustacheOutput) -> Void
    ) {
        for node in nodes {
            switch node {
            case .text(let bytes): buffer.write(bytes)
            case .variable(let path, let escaped):
                if !escaped, path.parts.count == 1, case .object(let top)? = stack.last,
                    let writer = top as? MustacheRawWriter, writer.writeRaw(path.parts[0], to: &buffer)
                {
                    if buffer.bytes.count >= MustacheOutput.flushSize { flush(&buffer) }
                    continue
                }
                switch lookup(path) {
                case .string(let text):
                    if escaped { buffer.writeEscaped(text) } else { buffer.write(text) }
                case .bool(let flag): buffer.write(flag ? "true" : "false")
                case .null, .list, .lazyList, .aheadList, .object: break
                }
                if buffer.bytes.count >= MustacheOutput.flushSize { flush(&buffer) }
            case .section(let path, let children, let inverted):
                let value = lookup(path)
                if inverted {
                    if !value.isTruthy { render(children, to: &buffer, flush: flush) }
                    continue
                }
                switch value {
                case .list(let values):
                    for element in values { renderPushing(element, children, to: &buffer, flush: flush) }
                case .lazyList(let count, let element):
                    for index in 0..<count {
                        renderPushing(element(index), children, to: &buffer, flush: flush)
                    }
                case .aheadList(let list):
                    for index in 0..<list.count {
                        if list.ahead.write(list.first + index, section: children, stack: stack, to: &buffer) {
                            if buffer.bytes.count >= MustacheOutput.flushSize { flush(&buffer) }
                            continue
                        }
                        renderPushing(list.element(index), children, to: &buffer, flush: flush)
                    }
                default:
                    if value.isTruthy { renderPushing(value, children, to: &buffer, flush: flush) }
                }
            case .partial(_, _, let slot):
                if let writer = library.compiledWriter(slot: slot), case .object(let top)? = stack.last,
                    writer(top, &buffer)
                {
                    if buffer.bytes.count >= MustacheOutput.flushSize { flush(&buffer) }
                    continue
                }
                guard let template = library.partial(slot: slot) else { continue }
                render(template.nodes, to: &buffer, flush: flush)
            }
        }
    }

    private mutating func renderPushing(
        _ value: MustacheValue, _ nodes: [MustacheTemplate.Node], to buffer: inout MustacheOutput,
        flush: (inout MustacheOutput) -> Void
    ) {
        stack.append(value)
        render(nodes, to: &buffer, flush: flush)
        stack.removeLast()
    }

    /// The first part is looked up from the innermost context out; later parts only inside what it found.
    private func lookup(_ path: MustacheTemplate.Path) -> MustacheValue {
        guard let first = path.parts.first else { return stack.last ?? .null }
        var value: MustacheValue = .null
        var index = stack.count - 1
        while index >= 0 {
            if case .object(let object) = stack[index], let found = object.mustacheValue(for: first) {
                value = found
                break
            }
            index -= 1
        }
        guard path.parts.count > 1 else { return value }
        for part in path.parts.dropFirst() {
            guard case .object(let object) = value, let found = object.mustacheValue(for: part) else { return .null }
            value = found
        }
        return value
    }
}

/// A context that writes some unescaped values (`{{{body}}}`) straight into the buffer,
/// rather than returning them as a `String` that would be built, checked and copied again.
protocol MustacheRawWriter {
    /// Writes the value for `name` and returns `true`, or returns `false` when it does not know
    /// the name. Only asked when this context is the innermost one.
    func writeRaw(_ name: MustacheName, to buffer: inout MustacheOutput) -> Bool
}
