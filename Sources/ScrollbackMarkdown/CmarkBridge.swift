import CCmarkGFM
import Foundation

/// The only file that touches cmark-gfm's C API: parse, convert to Swift values, free.
enum CmarkBridge {
    /// The GFM extensions every document is parsed with. (`tagfilter` only changes
    /// cmark's own HTML output, which Scrollback never uses: raw HTML becomes text.)
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// The extensions, registered and found once per process (cmark-gfm keeps a global registry,
    /// and finding one by name walks it with string compares: five walks per message otherwise).
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// cmark-gfm keeps the inline parser's table of special characters in process-wide
    /// state: attaching an extension (autolink, strikethrough) adds its characters and
    /// freeing a parser removes them, so two parsers alive on two threads change each
    /// other's results (autolinks that come and go between runs). Parsing is therefore
    /// serialised; turning the finished tree into Swift values runs outside the lock.
    private static let parserLock = NSLock()

    static func parse(_ text: String) -> MarkdownDocument {
        guard let root = parseTree(text) else { return PlainTextFastPath.plainDocument(text) }
        defer { cmark_node_free(root) }
        return MarkdownDocument(blocks: blocks(of: root))
    }

    /// The document's node tree; the caller frees it.
    private static func parseTree(_ text: String) -> OpaquePointer? {
        parserLock.lock()
        defer { parserLock.unlock() }
        let options = CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8
        guard let parser = cmark_parser_new(options) else { return nil }
        defer { cmark_parser_free(parser) }
        for syntaxExtension in extensions { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        return cmark_parser_finish(parser)
    }

    private static func children(of node: OpaquePointer) -> [OpaquePointer] {
        var result: [OpaquePointer] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            result.append(current)
            child = cmark_node_next(current)
        }
        return result
    }

    private static func blocks(of node: OpaquePointer) -> [MarkdownBlock] {
        children(of: node).compactMap(block)
    }

    private static func literal(_ node: OpaquePointer) -> String {
        cmark_node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    private static func typeName(_ node: OpaquePointer) -> String {
        // The common core types by number: no C string to measure and decode per node.
        switch cmark_node_get_type(node) {
        case CMARK_NODE_PARAGRAPH: return "paragraph"
        case CMARK_NODE_TEXT: return "text"
        case CMARK_NODE_SOFTBREAK: return "softbreak"
        case CMARK_NODE_CODE: return "code"
        case CMARK_NODE_EMPH: return "emph"
        case CMARK_NODE_STRONG: return "strong"
        case CMARK_NODE_LINK: return "link"
        default: return cmark_node_get_type_string(node).map { String(cString: $0) } ?? ""
        }
    }

    private static func block(_ node: OpaquePointer) -> MarkdownBlock? {
        switch typeName(node) {
        case "paragraph": return .paragraph(inlines(of: node))
        case "heading": return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(of: node))
        case "code_block":
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = info.split(separator: " ").first.map(String.init)
            var code = literal(node)
            if code.hasSuffix("\n") { code.removeLast() }
            return .codeBlock(language: language, code: code)
        case "block_quote": return .blockQuote(blocks(of: node))
        case "list":
            let items = children(of: node).map { item -> MarkdownListItem in
                let checked: Bool? =
                    typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                return MarkdownListItem(checked: checked, blocks: blocks(of: item))
            }
            return .list(
                MarkdownList(
                    ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                    start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0,
                    items: items))
        case "table": return .table(table(node))
        case "thematic_break": return .thematicBreak
        case "html_block": return .htmlBlock(literal(node))
        default:
            // Unknown block types (future extensions) keep their text.
            let text = children(of: node).isEmpty ? literal(node) : ""
            return text.isEmpty ? nil : .paragraph([.text(text)])
        }
    }

    private static func table(_ node: OpaquePointer) -> MarkdownTable {
        let columns = Int(cmark_gfm_extensions_get_table_columns(node))
        var alignments: [MarkdownTable.ColumnAlignment] = []
        if let raw = cmark_gfm_extensions_get_table_alignments(node) {
            for index in 0..<columns {
                switch raw[index] {
                case UInt8(ascii: "l"): alignments.append(.left)
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.none)
                }
            }
        }
        var header: [[MarkdownInline]] = []
        var rows: [[[MarkdownInline]]] = []
        for row in children(of: node) {
            let cells = children(of: row).map { inlines(of: $0) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return MarkdownTable(alignments: alignments, header: header, rows: rows)
    }

    private static func inlines(of node: OpaquePointer) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for child in children(of: node) {
            guard let inline = inline(child) else { continue }
            // Merge adjacent text runs (cmark splits text at special characters).
            if case .text(let next) = inline, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return result
    }

    private static func inline(_ node: OpaquePointer) -> MarkdownInline? {
        switch typeName(node) {
        case "text": return .text(literal(node))
        case "softbreak": return .softBreak
        case "linebreak": return .lineBreak
        case "code": return .code(literal(node))
        case "emph": return .emphasis(inlines(of: node))
        case "strong": return .strong(inlines(of: node))
        case "strikethrough": return .strikethrough(inlines(of: node))
        case "link":
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) }
            return .link(destination: url, title: title?.isEmpty == true ? nil : title, inlines(of: node))
        case "image":
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) }
            return .image(source: url, title: title?.isEmpty == true ? nil : title, alt: inlines(of: node))
        case "html_inline": return .html(literal(node))
        default:
            let text = literal(node)
            return text.isEmpty ? nil : .text(text)
        }
    }
}
