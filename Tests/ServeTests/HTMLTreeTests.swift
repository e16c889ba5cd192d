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
