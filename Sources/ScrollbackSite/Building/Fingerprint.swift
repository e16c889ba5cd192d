import ScrollbackLayout
import ScrollbackModel
import ScrollbackRender

/// A SHA-256 over length-prefixed fields: what a page is made from, so an unchanged page is
/// recognised without rendering it.
struct Fingerprint {
    private var hasher = SHA256()

    mutating func add(_ text: String) {
        add(text.utf8.count)
        hasher.update(text)
    }

    mutating func add(_ text: String?) {
        if let text { add(text) } else { add(-1) }
    }

    mutating func add(_ number: Int) {
        var value = Int64(number).littleEndian
        withUnsafeBytes(of: &value) { hasher.update(buffer: $0) }
    }

    mutating func add(_ flag: Bool) { add(flag ? 1 : 0) }

    mutating func add(_ time: Timestamp?) {
        guard let time else { return add(-1) }
        add(Int(time.seconds))
        add(Int(time.nanoseconds))
        add(Int(time.utcOffset))
    }

    /// The bytes an encoder hands on, each piece length-prefixed, so the encoding of one value
    /// can never run into the next.
    mutating func add(layoutJSON encode: (@escaping ([UInt8]) -> Void) -> Void) {
        let box = HasherBox(hasher)
        encode { piece in
            var count = Int64(piece.count).littleEndian
            withUnsafeBytes(of: &count) { box.hasher.update(buffer: $0) }
            piece.withUnsafeBytes { box.hasher.update(buffer: $0) }
        }
        hasher = box.hasher
    }

    mutating func finalize() -> String { hasher.finalizeHex() }
}

/// The hasher, held where an escaping sink can reach it while an encoder writes.
private final class HasherBox {
    var hasher: SHA256
    init(_ hasher: SHA256) { self.hasher = hasher }
}
