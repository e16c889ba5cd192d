/// A text stream that also takes UTF-8 bytes as they are.
///
/// Renderers build their output as bytes; handing a 64 KiB piece to a plain `TextOutputStream`
/// means making a `String` of it, which checks the UTF-8 again, only for the stream to copy the
/// bytes out once more. Streams that write bytes anyway (files, standard output) conform and
/// skip that step.
package protocol UTF8OutputStream: TextOutputStream {
    /// Appends `bytes`: valid UTF-8 that ends on a character boundary.
    mutating func write(utf8 bytes: UnsafeBufferPointer<UInt8>)
}

extension TextOutputStream {
    /// Writes whole UTF-8 `bytes`, as bytes when the stream takes them, else as a `String`.
    mutating func writeUTF8(_ bytes: [UInt8]) {
        guard !bytes.isEmpty else { return }
        if var direct = self as? any UTF8OutputStream {
            bytes.withUnsafeBufferPointer { direct.write(utf8: $0) }
            self = direct as! Self  // a value-type stream: keep what the copy wrote
        } else {
            write(String(decoding: bytes, as: UTF8.self))
        }
    }
}
