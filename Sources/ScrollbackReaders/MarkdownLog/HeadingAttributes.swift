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
        for (item, itemColumn) in try items(text, column: column) {
            if item.hasPrefix("#") && item.count > 1 {
                attributes.id = String(item.dropFirst())
                continue
            }
            if item.hasPrefix(".") {
                switch item {
                case ".system": attributes.system = true
                case ".hidden": attributes.hidden = true
                default: throw LineFailure(column: itemColumn, problem: .syntax(unknown(item)))
                }
                continue
            }
            let parts = item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = String(parts[0])
            let value = parts.count > 1 ? unquote(parts[1]) : nil
            switch (key, value) {
            case ("id", let value?) where !value.isEmpty: attributes.id = value
            case ("reply", let value?) where !value.isEmpty, ("replyTo", let value?) where !value.isEmpty:
                attributes.replyTo = value
            case ("status", let value?):
                guard let status = DeliveryStatus(rawValue: value) else {
                    throw LineFailure(
                        column: itemColumn,
                        problem: .invalidValue(
                            field: "status", value: value, expected: "one of sending, sent, delivered, read, failed"))
                }
                attributes.status = status
            case ("format", let value?):
                guard let format = TextFormat(rawValue: value) else {
                    throw LineFailure(
                        column: itemColumn,
                        problem: .invalidValue(field: "format", value: value, expected: "\"markdown\" or \"plain\""))
                }
                attributes.format = format
            case ("edited", nil): attributes.edited = Edited(time: nil, column: itemColumn)
            case ("edited", let value?): attributes.edited = Edited(time: value, column: itemColumn + 7)
            case ("deleted", nil): attributes.deleted = true
            case ("system", nil): attributes.system = true
            case ("hidden", nil): attributes.hidden = true
            default: throw LineFailure(column: itemColumn, problem: .syntax(unknown(item)))
            }
        }
        return attributes
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
            throw LineFailure(column: quoteColumn, problem: .syntax("a quoted heading attribute value is never closed."))
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
