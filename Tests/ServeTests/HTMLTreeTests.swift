import Testing

@testable import ScrollbackServe

@Suite("Cutting rendered HTML into elements")
struct HTMLTreeTests {
    @Test("Void elements, comments and self-closing tags hold no children")
    func voidElements() {
        let tree = HTMLTree(Array(#"<div><img src="a.png"><!-- <p> --><br/><span>x</span></div>"#.utf8))
        #expect(tree.roots.count == 1)
        #expect(tree.roots[0].children.map(\.name) == ["img", "br", "span"])
    }

    @Test("A > inside a quoted attribute does not end the tag")
    func quotedAttribute() {
        let html = #"<p title="a > b" class="x">text</p><p>two</p>"#
        let tree = HTMLTree(Array(html.utf8))
        #expect(tree.roots.count == 2)
        #expect(tree.string(tree.roots[0].inner) == "text")
        #expect(tree.classes(of: tree.roots[0]) == ["x"])
    }

    @Test("The contents of style and script are text, not elements")
    func rawText() {
        let tree = HTMLTree(Array("<style>a > b { x: '<div>' }</style><div class=\"sb-log\"><p>m</p></div>".utf8))
        #expect(tree.roots.map(\.name) == ["style", "div"])
        #expect(tree.first(withClass: "sb-log").map { tree.string($0.inner) } == "<p>m</p>")
    }

    @Test("Kept to a depth below the log, the tree holds its days and chains, and all of the rest")
    func keptLevels() {
        let html =
            #"<body><header class="sb-header"><h1><b>T</b></h1></header><div class="sb-log"><section><h2>d</h2>"#
            + #"<div class="sb-chain"><div class="sb-msg"><p>1</p></div></div></section></div>"#
            + #"<footer><p><b>x</b></p></footer></body>"#
        let tree = HTMLTree(Array(html.utf8), keeping: 2, below: "sb-log")
        let log = tree.first(withClass: "sb-log")
        #expect(log?.children.map(\.name) == ["section"])
        #expect(log?.children.first?.children.map(\.name) == ["h2", "div"])
        #expect(log?.children.first?.children.last?.children.isEmpty == true)
        #expect(tree.first(withClass: "sb-header")?.children.first?.children.map(\.name) == ["b"])
        // The footer after the log is kept whole: the depth counts only inside the log.
        #expect(tree.first(named: "footer")?.children.first?.children.map(\.name) == ["b"])
        #expect(tree.string(log!.children[0].children[1].outer).hasSuffix("<p>1</p></div></div>"))
    }

    @Test("Kept to a depth from the top, the tree holds that many levels")
    func keptFromTop() {
        let tree = HTMLTree(Array("<a><b><c><d></d></c></b></a><a></a>".utf8), keeping: 2)
        #expect(tree.roots.map(\.name) == ["a", "a"])
        #expect(tree.roots[0].children.map(\.name) == ["b"])
        #expect(tree.roots[0].children[0].children.isEmpty)
    }

    @Test("Operations on a log whose elements were reordered still give the new log")
    func reorderedChildren() {
        let old = "\n<section id=\"a\"><p>1</p></section>\n<section id=\"b\"><p>2</p></section>\n"
        let new = "\n<section id=\"b\"><p>2</p></section>\n<section id=\"a\"><p>1</p></section>\n"
        #expect(LogApplier.apply(LogDiff.operations(from: old, to: new), to: old) == new)
    }

    @Test("An element removed from a section replaces the section that held it")
    func removedChild() {
        let old = "<section><p>1</p><p>2</p></section>"
        let new = "<section><p>1</p></section>"
        let operations = LogDiff.operations(from: old, to: new)
        #expect(LogApplier.apply(operations, to: old) == new)
        #expect(operations.count == 1)
    }
}
