import CCmarkGFM
import Foundation
import Synchronization

/// The only file that touches cmark-gfm's C API: parse, convert to Swift values, free.
enum CmarkBridge {
    /// The GFM extensions every document is parsed with. (`tagfilter` only changes
    /// cmark's own HTML output, which Scrollback never uses: raw HTML becomes text.)
    private static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// The deepest nesting of blocks and inlines kept as structure. Deeper content (`>>>>…`,
    /// `- - - …`, `***…***` thousands deep) becomes plain text, so no renderer's recursion,
    /// nor the tree's own destruction, grows with the input.
    static let maximumNesting = 32

    /// The extensions, registered and found once per process (cmark-gfm keeps a global registry,
    /// and finding one by name walks it with string compares: five walks per message otherwise).
    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        cmark_gfm_core_extensions_ensure_registered()
        return extensionNames.compactMap { cmark_find_syntax_extension($0) }
    }()

    /// cmark-gfm keeps the inline parser's table of special characters in process-wide
    /// state: `cmark_parser_finish` adds the attached extensions' characters (autolink's `:` and
    /// `w`, strikethrough's `~`) before the inline pass and clears them after it, so two parsers
    /// finishing on two threads change each other's results (autolinks that come and go between
    /// runs). The table cannot be given to each parser: it is a pair of static arrays in the
    /// library, the clearing is unconditional, and the extensions' character lists cannot be
    /// emptied to stop it, because the inline pass also looks the `~` delimiter's extension up
    /// in them. So Markdown runs as a pipeline in which only finishing (closing the last blocks
    /// and the inline pass) is one at a time: making a parser and feeding it (block parsing)
    /// touch no process-wide data (checked in the 0.29.0.gfm.6 library: neither reaches
    /// `cmark_parse_inlines` or writes a global), nor does the thread's arena, and they run
    /// on any thread, as do turning the tree into Swift values and writing HTML from them
    /// (`ChainsAhead` in the HTML renderer, the site's parallel inputs). Finishing is
    /// about a third of a chat body's cost, so two or three cores rarely wait for it; it would
    /// limit the speed-up of body rendering to about three times on more. The lock is held a
    /// few microseconds at a time: the standard library's `Mutex` spins a little before it
    /// sleeps, where `NSLock`'s kernel wake-ups and thread switches took about an eighth of a
    /// Markdown page's CPU time, more than the finishing they waited for.
    private static let finishLock = Mutex(())

    static func parse(_ text: String) -> MarkdownDocument {
        // The parser and its document live in the thread's arena until it is reset, after the
        // document has become Swift values: neither is freed node by node.
        let arena = CmarkArena.ofThisThread
        defer { arena.pointee.reset() }
        // Lines nesting deeper than `maximumNesting` would make cmark-gfm's parse quadratic (`NestingLimit`).
        guard let root = parseTree(NestingLimit.apply(text)) else { return PlainTextFastPath.plainDocument(text) }
        return MarkdownDocument(blocks: blocks(of: root, depth: 0))
    }

    /// How deep the tree cmark-gfm builds for `text` is (the document is depth 0), counted with
    /// its non-recursive iterator: what `NestingLimit` bounds.
    static func treeDepth(_ text: String) -> Int {
        let arena = CmarkArena.ofThisThread
        defer { arena.pointee.reset() }
        guard let root = parseTree(NestingLimit.apply(text)), let iterator = cmark_iter_new(root) else { return 0 }
        defer { cmark_iter_free(iterator) }
        // The open ancestors of the node entered last: a node's depth is its parent's place plus one.
        var ancestors: [OpaquePointer] = [root]
        var deepest = 0
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator), node != root {
                let parent = cmark_node_parent(node)
                while let last = ancestors.last, last != parent { ancestors.removeLast() }
                deepest = max(deepest, ancestors.count)
                ancestors.append(node)
            }
            event = cmark_iter_next(iterator)
        }
        return deepest
    }

    /// A parser for one document, made in the thread's arena with the extensions attached: with
    /// its memory there, making one costs a few pointer moves.
    private static func arenaParser() -> OpaquePointer? {
        guard
            let parser = cmark_parser_new_with_mem(
                CMARK_OPT_DEFAULT | CMARK_OPT_VALIDATE_UTF8, CmarkArena.allocator)
        else { return nil }
        for syntaxExtension in extensions { cmark_parser_attach_syntax_extension(parser, syntaxExtension) }
        return parser
    }

    /// The document's node tree, in the thread's arena.
    private static func parseTree(_ text: String) -> OpaquePointer? {
        guard let parser = arenaParser() else { return nil }
        var text = text
        text.withUTF8 { buffer in
            buffer.withMemoryRebound(to: CChar.self) { chars in
                cmark_parser_feed(parser, chars.baseAddress, chars.count)
            }
        }
        // The tree goes out as an address: a pointer is not `Sendable`, and only this thread uses it.
        nonisolated(unsafe) let finishing = parser
        let root = finishLock.withLock { _ in UInt(bitPattern: cmark_parser_finish(finishing)) }
        return OpaquePointer(bitPattern: root)
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

    private static func blocks(of node: OpaquePointer, depth: Int) -> [MarkdownBlock] {
        children(of: node).compactMap { block($0, depth: depth + 1) }
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

    private static func block(_ node: OpaquePointer, depth: Int) -> MarkdownBlock? {
        if depth > maximumNesting {
            let text = flattened(node)
            return text.isEmpty ? nil : .paragraph([.text(text)])
        }
        switch typeName(node) {
        case "paragraph": return .paragraph(inlines(of: node, depth: depth))
        case "heading": return .heading(level: Int(cmark_node_get_heading_level(node)), inlines(of: node, depth: depth))
        case "code_block":
            let info = cmark_node_get_fence_info(node).map { String(cString: $0) } ?? ""
            let language = info.split(separator: " ").first.map(String.init)
            var code = literal(node)
            if code.hasSuffix("\n") { code.removeLast() }
            return .codeBlock(language: language, code: code)
        case "block_quote": return .blockQuote(blocks(of: node, depth: depth))
        case "list":
            let items = children(of: node).map { item -> MarkdownListItem in
                let checked: Bool? =
                    typeName(item) == "tasklist" ? cmark_gfm_extensions_get_tasklist_item_checked(item) : nil
                return MarkdownListItem(checked: checked, blocks: blocks(of: item, depth: depth + 1))
            }
            return .list(
                MarkdownList(
                    ordered: cmark_node_get_list_type(node) == CMARK_ORDERED_LIST,
                    start: Int(cmark_node_get_list_start(node)), tight: cmark_node_get_list_tight(node) != 0,
                    items: items))
        case "table": return .table(table(node, depth: depth))
        case "thematic_break": return .thematicBreak
        case "html_block": return .htmlBlock(literal(node))
        default:
            // Unknown block types (future extensions) keep their text.
            let text = children(of: node).isEmpty ? literal(node) : ""
            return text.isEmpty ? nil : .paragraph([.text(text)])
        }
    }

    private static func table(_ node: OpaquePointer, depth: Int) -> MarkdownTable {
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
            let cells = children(of: row).map { inlines(of: $0, depth: depth + 1) }
            if cmark_gfm_extensions_get_table_row_is_header(row) != 0 {
                header = cells
            } else {
                rows.append(cells)
            }
        }
        return MarkdownTable(alignments: alignments, header: header, rows: rows)
    }

    private static func inlines(of node: OpaquePointer, depth: Int) -> [MarkdownInline] {
        var result: [MarkdownInline] = []
        for child in children(of: node) {
            guard let inline = inline(child, depth: depth + 1) else { continue }
            // Merge adjacent text runs (cmark splits text at special characters).
            if case .text(let next) = inline, case .text(let previous)? = result.last {
                result[result.count - 1] = .text(previous + next)
            } else {
                result.append(inline)
            }
        }
        return Spoilers.apply(result)
    }

    private static func inline(_ node: OpaquePointer, depth: Int) -> MarkdownInline? {
        if depth > maximumNesting {
            let text = flattened(node)
            return text.isEmpty ? nil : .text(text)
        }
        switch typeName(node) {
        case "text": return .text(literal(node))
        case "softbreak": return .softBreak
        case "linebreak": return .lineBreak
        case "code": return .code(literal(node))
        case "emph": return .emphasis(inlines(of: node, depth: depth))
        case "strong": return .strong(inlines(of: node, depth: depth))
        case "strikethrough": return .strikethrough(inlines(of: node, depth: depth))
        case "link":
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) }
            return .link(destination: url, title: title?.isEmpty == true ? nil : title, inlines(of: node, depth: depth))
        case "image":
            let url = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
            let title = cmark_node_get_title(node).map { String(cString: $0) }
            return .image(
                source: url, title: title?.isEmpty == true ? nil : title, alt: inlines(of: node, depth: depth))
        case "html_inline": return .html(literal(node))
        default:
            let text = literal(node)
            return text.isEmpty ? nil : .text(text)
        }
    }

    /// The text of a subtree, gathered with cmark's iterator (which does not recurse).
    private static func flattened(_ node: OpaquePointer) -> String {
        guard let iterator = cmark_iter_new(node) else { return "" }
        defer { cmark_iter_free(iterator) }
        var text = ""
        var event = cmark_iter_next(iterator)
        while event != CMARK_EVENT_DONE {
            if event == CMARK_EVENT_ENTER, let current = cmark_iter_get_node(iterator) {
                switch typeName(current) {
                case "text", "code", "html_inline", "html_block", "code_block": text += literal(current)
                case "softbreak", "linebreak": text += " "
                case "paragraph", "heading", "item", "table_row": if !text.isEmpty && text.last != " " { text += " " }
                default: break
                }
            }
            event = cmark_iter_next(iterator)
        }
        return text
    }
}
