import ScrollbackModel

/// The `{#id status=read reply=ID}` block that may end a message heading.
///
/// Items are separated by spaces: `#ID`, `.system`, `.hidden`, `status=VALUE`,
/// `reply=ID` (or `replyTo=`), `id=ID`, `edited` or `edited=TIME`, `deleted`,
/// `format=plain|markdown`. Values may be quoted with `"`.
struct HeadingAttributes: Equatable {
    var id: String?
    var status: DeliveryStatus?
    var replyTo: String?
    var system = false
    var hidden = false
    var deleted = false
    var format: TextFormat?
    /// `edited`, with the time it gives (as written) and where that is.
    var edited: Edited?

    /// An `edited` mark: bare, or `edited=TIME`.
    struct Edited: Equatable {
        var time: String?
        var column: Int
    }

    /// Parses the inside of a block (without braces) that starts at character column `column`.
    static func parse(_ text: Substring, column: Int) throws(LineFailure) -> HeadingAttributes {
        var attributes = HeadingAttributes()
        do throws(LineFailure) {
            try attributes.read(items(text, column: column))
        } catch {
            var failure = error
            failure.id = attributes.id  // name the message by the id read before the bad item
            throw failure
        }
        return attributes
    }

    private mutating func read(_ items: [(String, Int)]) throws(LineFailure) {
        for (item, itemColumn) in items {
            if item.hasPrefix("#") && item.count > 1 {
                self.id = String(item.dropFirst())
                continue
            }
            if item.hasPrefix(".") {
                switch item {
                case ".system": self.system = true
                case ".hidden": self.hidden = true
                default: throw LineFailure(column: itemColumn, problem: .syntax(Self.unknown(item)))
                }
                continue
            }
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            let value = parts.count > 1 ? Self.unquote(parts[1]) : nil
            switch (key, value) {
            case ("id", let value?) where !value.isEmpty: self.id = value
            case ("reply", let value?) where !value.isEmpty, ("replyTo", let value?) where !value.isEmpty:
                self.replyTo = value
            case ("status", let value?):
                guard let status = DeliveryStatus(rawValue: value) else {
                    throw LineFailure(
                        column: itemColumn,
                        problem: .invalidValue(
                            field: "status", value: value, expected: "one of sending, sent, delivered, read, failed"))
                }
                self.status = status
            case ("format", let value?):
                guard let format = TextFormat(rawValue: value) else {
                    throw LineFailure(
                        column: itemColumn,
                        problem: .invalidValue(field: "format", value: value, expected: "\"markdown\" or \"plain\""))
                }
                self.format = format
            case ("edited", nil): self.edited = Edited(time: nil, column: itemColumn)
            case ("edited", let value?): self.edited = Edited(time: value, column: itemColumn + 7)
            case ("deleted", nil): self.deleted = true
            case ("system", nil): self.system = true
            case ("hidden", nil): self.hidden = true
            default: throw LineFailure(column: itemColumn, problem: .syntax(Self.unknown(item)))
            }
        }
    }

    private static func unknown(_ item: String) -> String {
        "the heading attribute \"\(item)\" is not understood; use #ID, .system, .hidden, status=STATUS, reply=ID, "
            + "edited, deleted or format=plain."
    }

    /// Items split at spaces outside quotes, each with its column.
    private static func items(_ text: Substring, column: Int) throws(LineFailure) -> [(String, Int)] {
        var result: [(String, Int)] = []
        var current = ""
        var start = column
        var inQuotes = false
        var quoteColumn = column
        for (offset, scalar) in text.unicodeScalars.enumerated() {
            let here = column + offset
            if scalar == "\"" {
                if !inQuotes { quoteColumn = here }
                inQuotes.toggle()
            }
            if !inQuotes && (scalar == " " || scalar == "\t") {
                if !current.isEmpty { result.append((current, start)) }
                current = ""
                continue
            }
            if current.isEmpty { start = here }
            current.unicodeScalars.append(scalar)
        }
        if inQuotes {
            throw LineFailure(
                column: quoteColumn, problem: .syntax("a quoted heading attribute value is never closed."))
        }
        if !current.isEmpty { result.append((current, start)) }
        return result
    }

    private static func unquote(_ value: Substring) -> String {
        if value.count >= 2 && value.hasPrefix("\"") && value.hasSuffix("\"") {
            return String(value.dropFirst().dropLast())
        }
        return String(value)
    }
}
