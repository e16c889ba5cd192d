/// Scalars and flow lists of the YAML subset front matter uses.
enum YAMLScalar {
    /// A plain scalar (a ` #` starts a comment), or a `'single'` (`''` is a quote) or
    /// `"double"` (with `\"`, `\\`, `\n`, `\t` escapes) quoted one.
    static func parse(_ text: Substring, column: Int) throws(LineFailure) -> String {
        guard let quote = text.first, quote == "\"" || quote == "'" else {
            let plain = text.beforeComment
            return String(plain.trimmingSpaces)
        }
        var result = ""
        var index = text.index(after: text.startIndex)
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            if character == quote {
                if quote == "'", index < text.endIndex, text[index] == "'" {
                    result.append("'")
                    index = text.index(after: index)
                    continue
                }
                let rest = text[index...].trimmingSpaces
                guard rest.isEmpty || rest.hasPrefix("#") else {
                    throw LineFailure(
                        column: column + text[..<index].unicodeScalars.count,
                        problem: .syntax("unexpected text after a quoted value in the front matter."))
                }
                return result
            }
            if quote == "\"" && character == "\\" && index < text.endIndex {
                let escaped = text[index]
                index = text.index(after: index)
                switch escaped {
                case "n": result.append("\n")
                case "t": result.append("\t")
                default: result.append(escaped)
                }
                continue
            }
            result.append(character)
        }
        throw LineFailure(column: column, problem: .syntax("a quoted value in the front matter is never closed."))
    }

    /// `[a, b, "c, d"]`: the items as scalars.
    static func flowList(_ text: Substring, column: Int) throws(LineFailure) -> [String] {
        guard text.hasPrefix("["), let close = text.lastIndex(of: "]") else {
            throw LineFailure(
                column: column,
                problem: .syntax("\"participants\" should be a list like [ana, ben] or indented entries."))
        }
        var items: [String] = []
        var start = text.index(after: text.startIndex)
        var index = start
        var quote: Character?
        while index <= close {
            let character = index < close ? text[index] : ","
            if let open = quote {
                if character == open { quote = nil }
            } else if character == "\"" || character == "'" {
                quote = character
            } else if character == "," {
                let item = text[start..<index].trimmingSpaces
                if !item.isEmpty {
                    items.append(try parse(item, column: column + text[..<item.startIndex].unicodeScalars.count))
                }
                start = index < close ? text.index(after: index) : close
            }
            if index == close { break }
            index = text.index(after: index)
        }
        return items
    }
}

extension Substring {
    /// The text before a ` #` comment.
    fileprivate var beforeComment: Substring {
        var previous: Character = " "
        for index in indices {
            if self[index] == "#" && (previous == " " || previous == "\t") { return self[..<index] }
            previous = self[index]
        }
        return self
    }
}
