/// A value a Mustache template reads: text, a flag, a list, or an object of named values.
///
/// Objects are looked up through `MustacheContext`, so the renderer can hand a
/// template a small struct that answers by `switch` instead of building a
/// dictionary per message.
package enum MustacheValue {
    /// Nothing: renders as empty, is falsey.
    case null
    /// A flag: sections render for `true`.
    case bool(Bool)
    /// Text: `{{x}}` escapes it, `{{{x}}}` writes it as it is. Empty text is falsey.
    case string(String)
    /// A list: sections render once per element; an empty list is falsey.
    case list([MustacheValue])
    /// A list whose elements are made when a section reaches them.
    case lazyList(count: Int, element: (Int) -> MustacheValue)
    /// A lazy list whose elements' output may already have been made, on another thread.
    case aheadList(MustacheAheadList)
    /// An object whose names are looked up on demand.
    case object(any MustacheContext)

    /// Whether a section renders for this value (inverted sections render when it does not).
    var isTruthy: Bool {
        switch self {
        case .null: false
        case .bool(let flag): flag
        case .string(let text): !text.isEmpty
        case .list(let values): !values.isEmpty
        case .lazyList(let count, _): count > 0
        case .aheadList(let list): list.count > 0
        case .object: true
        }
    }

    /// An object from a dictionary (tests, small pages).
    package static func dictionary(_ values: [String: MustacheValue]) -> MustacheValue {
        .object(MustacheDictionary(values))
    }
}

/// A list whose sections a `MustacheAhead` may already have written: the renderer asks it for
/// each element's output first, and renders the element itself when it has none.
package struct MustacheAheadList {
    let count: Int
    let element: (Int) -> MustacheValue
    let ahead: any MustacheAhead
    /// The ahead's number for element 0 (one ahead may serve several lists, in order).
    let first: Int
}

/// Output of list elements made ahead of the renderer.
protocol MustacheAhead: AnyObject {
    /// Writes element `number`'s output, rendered with `section` under `stack`, when it was made
    /// ahead for exactly those, and returns `true`; returns `false`, writing nothing, otherwise.
    func write(
        _ number: Int, section: [MustacheTemplate.Node], stack: [MustacheValue], to buffer: inout MustacheOutput
    ) -> Bool
}

/// Something that answers a template's names.
package protocol MustacheContext {
    /// The value for `name`, or `nil` when this context does not know the name (lookup then goes up the stack).
    func mustacheValue(for name: String) -> MustacheValue?

    /// The value for a name resolved when the template was compiled; by default, looked up by its text.
    ///
    /// Contexts that render often answer by `name.key`, an integer, instead of comparing strings.
    func mustacheValue(for name: MustacheName) -> MustacheValue?
}

extension MustacheContext {
    /// Looks the name up by its text.
    package func mustacheValue(for name: MustacheName) -> MustacheValue? { mustacheValue(for: name.text) }
}

/// A context backed by a dictionary.
package struct MustacheDictionary: MustacheContext {
    /// The values by name.
    package var values: [String: MustacheValue]

    /// Creates a context.
    package init(_ values: [String: MustacheValue]) { self.values = values }

    /// The value for `name`.
    package func mustacheValue(for name: String) -> MustacheValue? { values[name] }
}

extension MustacheValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral {
    /// Text from a literal.
    package init(stringLiteral value: String) { self = .string(value) }
    /// A flag from a literal.
    package init(booleanLiteral value: Bool) { self = .bool(value) }
}
