/// Writes pretty-printed JSON with sorted keys straight to a stream.
///
/// The layout JSON of a million messages should not be built as a tree first,
/// so objects are written member by member; each object's members are sorted
/// (by UTF-8 bytes, as `JSONEncoder.sortedKeys` does) before writing.
struct JSONWriter<Output: TextOutputStream> {
    var output: Output
    private var indent = 0

    init(output: Output) { self.output = output }

    /// A JSON value whose members are written lazily.
    enum Value {
        case null
        case bool(Bool)
        case int(Int)
        case string(String)
        case array([Value])
        case object([(String, Value)])
        /// An array written element by element from a sequence, without holding it.
        case lazyArray(count: Int, element: (Int) -> Value)
    }

    mutating func write(_ value: Value) {
        switch value {
        case .null: output.write("null")
        case .bool(let flag): output.write(flag ? "true" : "false")
        case .int(let number): output.write(String(number))
        case .string(let text): output.write(Self.quoted(text))
        case .array(let values):
            writeArray(count: values.count) { values[$0] }
        case .lazyArray(let count, let element):
            writeArray(count: count, element: element)
        case .object(let members):
            if members.isEmpty {
                output.write("{}")
                return
            }
            let sorted = members.sorted { Array($0.0.utf8).lexicographicallyPrecedes(Array($1.0.utf8)) }
            output.write("{\n")
            indent += 2
            for (index, member) in sorted.enumerated() {
                output.write(String(repeating: " ", count: indent))
                output.write(Self.quoted(member.0))
                output.write(" : ")
                write(member.1)
                output.write(index == sorted.count - 1 ? "\n" : ",\n")
            }
            indent -= 2
            output.write(String(repeating: " ", count: indent) + "}")
        }
    }

    private mutating func writeArray(count: Int, element: (Int) -> Value) {
        if count == 0 {
            output.write("[]")
            return
        }
        output.write("[\n")
        indent += 2
        for index in 0..<count {
            output.write(String(repeating: " ", count: indent))
            write(element(index))
            output.write(index == count - 1 ? "\n" : ",\n")
        }
        indent -= 2
        output.write(String(repeating: " ", count: indent) + "]")
    }

    /// A JSON string literal; non-ASCII is written as UTF-8, controls escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        result.unicodeScalars.reserveCapacity(text.unicodeScalars.count + 2)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\u{08}": result += "\\b"
            case "\u{0C}": result += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029 {
                    let hex = String(scalar.value, radix: 16, uppercase: false)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
