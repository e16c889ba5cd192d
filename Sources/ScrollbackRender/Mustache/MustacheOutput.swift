/// The bytes a render has produced and not yet handed to the output stream.
///
/// Writing bytes into one buffer, and passing it on in large pieces, costs far less
/// than one `TextOutputStream.write` per tag; escaping works on bytes without making
/// an escaped copy of each value.
struct MustacheOutput {
    /// Pieces handed on are about this large.
    static let flushSize = 1 << 16

    var bytes: [UInt8] = []

    init() { bytes.reserveCapacity(Self.flushSize + 4096) }

    mutating func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func write(_ raw: [UInt8]) { bytes.append(contentsOf: raw) }

    mutating func write(_ raw: ArraySlice<UInt8>) { bytes.append(contentsOf: raw) }

    /// `text` escaped as `HTMLEscaping.attribute` does.
    mutating func writeEscaped(_ text: String) {
        var text = text
        text.withUTF8 { HTMLEscaping.append($0, quotes: true, to: &bytes) }
    }

    /// Hands what is buffered to `output` once there is enough of it (or always, with `force`).
    mutating func flush(to output: inout some TextOutputStream, force: Bool = false) {
        guard force ? !bytes.isEmpty : bytes.count >= Self.flushSize else { return }
        // Every write above appended whole strings, so the buffer never ends inside a character.
        output.writeUTF8(bytes)
        bytes.removeAll(keepingCapacity: true)
    }
}
