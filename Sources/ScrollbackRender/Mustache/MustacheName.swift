/// A name from a template, resolved once when the template is compiled.
///
/// `key` is the name's position in the vocabulary the library was given (or -1 when
/// the vocabulary does not list it), so a context can answer with an integer `switch`
/// instead of comparing strings on every look-up.
package struct MustacheName: Sendable, Hashable {
    /// The name as written (`sender` in `{{reply.sender}}`).
    package let text: String
    /// The name's index in the library's vocabulary; -1 when it is not in it.
    package let key: Int

    /// Creates a resolved name.
    package init(_ text: String, key: Int = -1) {
        self.text = text
        self.key = key
    }
}
