/// A strict, small HTML tokenizer for tests: start tags with their attributes, as a browser reads them.
///
/// It follows the HTML tokenizer's rules where they matter for injection: tag names end at
/// white space, `/` or `>`; attribute values are double-quoted, single-quoted or unquoted;
/// character references in values are decoded; comments, doctypes and the raw text of
/// `<script>`, `<style>`, `<textarea>` and `<title>` are skipped as a browser skips them.
/// It is deliberately not lenient: anything that parses as a tag here parses as one in a browser.
struct HTMLScan {
    /// One start tag.
    struct Element: CustomStringConvertible {
        var name: String
        var attributes: [(name: String, value: String)]
        var description: String {
            "<\(name)" + attributes.map { " \($0.name)=\"\($0.value)\"" }.joined() + ">"
        }
        func attribute(_ name: String) -> String? { attributes.first { $0.name == name }?.value }
    }

    /// The start tags of `html`, in order.
    static func elements(_ html: String) -> [Element] {
        let chars = Array(html.unicodeScalars)
        var elements: [Element] = []
        var index = 0
        while index < chars.count {
            guard chars[index] == "<" else {
                index += 1
                continue
            }
            if starts(chars, index, "<!--") {
                index = find(chars, "-->", from: index + 4).map { $0 + 3 } ?? chars.count
                continue
            }
            if index + 1 < chars.count, chars[index + 1] == "!" || chars[index + 1] == "?" || chars[index + 1] == "/" {
                index = find(chars, ">", from: index + 1).map { $0 + 1 } ?? chars.count
                continue
            }
            guard index + 1 < chars.count, chars[index + 1].properties.isAlphabetic, chars[index + 1].isASCII else {
                index += 1
                continue
            }
            var cursor = index + 1
            var name = ""
            while cursor < chars.count, !isSpace(chars[cursor]), chars[cursor] != "/", chars[cursor] != ">" {
                name.unicodeScalars.append(lower(chars[cursor]))
                cursor += 1
            }
            var attributes: [(String, String)] = []
            while cursor < chars.count, chars[cursor] != ">" {
                if isSpace(chars[cursor]) || chars[cursor] == "/" {
                    cursor += 1
                    continue
                }
                var attributeName = ""
                repeat {
                    attributeName.unicodeScalars.append(lower(chars[cursor]))
                    cursor += 1
                } while cursor < chars.count && !isSpace(chars[cursor]) && chars[cursor] != "/" && chars[cursor] != ">"
                    && chars[cursor] != "="
                while cursor < chars.count, isSpace(chars[cursor]) { cursor += 1 }
                var value = ""
                if cursor < chars.count, chars[cursor] == "=" {
                    cursor += 1
                    while cursor < chars.count, isSpace(chars[cursor]) { cursor += 1 }
                    if cursor < chars.count, chars[cursor] == "\"" || chars[cursor] == "'" {
                        let quote = chars[cursor]
                        let end = chars[(cursor + 1)...].firstIndex(of: quote) ?? chars.count
                        value = String(String.UnicodeScalarView(chars[(cursor + 1)..<end]))
                        cursor = min(end + 1, chars.count)
                    } else {
                        while cursor < chars.count, !isSpace(chars[cursor]), chars[cursor] != ">" {
                            value.unicodeScalars.append(chars[cursor])
                            cursor += 1
                        }
                    }
                }
                attributes.append((attributeName, decode(value)))
            }
            elements.append(Element(name: name, attributes: attributes))
            index = cursor + 1
            if ["script", "style", "textarea", "title", "xmp", "iframe", "noembed", "noframes"].contains(name) {
                index = find(chars, "</" + name, from: index, caseInsensitive: true) ?? chars.count
            }
        }
        return elements
    }

    /// Character references decoded (named ones for the characters that matter, and numeric ones).
    static func decode(_ value: String) -> String {
        guard value.contains("&") else { return value }
        var result = ""
        var rest = Substring(value)
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            rest = rest[amp...]
            let semicolon = rest.prefix(12).firstIndex(of: ";")
            let body = semicolon.map { String(rest[rest.index(after: rest.startIndex)..<$0]) } ?? ""
            var scalar: Unicode.Scalar?
            if body.hasPrefix("#x") || body.hasPrefix("#X") {
                scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
            } else if body.hasPrefix("#") {
                scalar = UInt32(body.dropFirst()).flatMap(Unicode.Scalar.init)
            } else {
                let named: [String: Unicode.Scalar] = [
                    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "colon": ":", "Tab": "\t",
                    "NewLine": "\n",
                ]
                scalar = named[body]
            }
            if let scalar, let semicolon {
                result.unicodeScalars.append(scalar)
                rest = rest[rest.index(after: semicolon)...]
            } else {
                result += "&"
                rest = rest.dropFirst()
            }
        }
        return result + rest
    }

    private static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{0C}"
    }

    private static func lower(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        ("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar
    }

    private static func starts(_ chars: [Unicode.Scalar], _ index: Int, _ text: String) -> Bool {
        let pattern = Array(text.unicodeScalars)
        return index + pattern.count <= chars.count && Array(chars[index..<(index + pattern.count)]) == pattern
    }

    private static func find(_ chars: [Unicode.Scalar], _ text: String, from start: Int, caseInsensitive: Bool = false)
        -> Int?
    {
        let pattern = Array(text.unicodeScalars)
        guard start <= chars.count - pattern.count else { return nil }
        for index in start...(chars.count - pattern.count) {
            var matched = true
            for offset in 0..<pattern.count {
                let char = caseInsensitive ? lower(chars[index + offset]) : chars[index + offset]
                if char != pattern[offset] {
                    matched = false
                    break
                }
            }
            if matched { return index }
        }
        return nil
    }
}
