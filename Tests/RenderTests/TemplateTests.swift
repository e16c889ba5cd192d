import Foundation
import Scrollback
import TestSupport
import Testing

@Suite("Templates and themes")
struct TemplateTests {
    @Test("A template error names the file, the line and the tag")
    func errors() {
        #expect(
            throws: MustacheError(
                file: "chain.mustache", line: 3, tag: "{{/bubble}}",
                reason: .mismatchedClose(expected: "bubbles", found: "bubble"))
        ) {
            try MustacheLibrary(
                sources: ["chain": "a\nb\n{{#bubbles}}{{/bubble}}"], fileNames: ["chain": "chain.mustache"])
        }
        #expect(
            throws: MustacheError(file: "page.mustache", line: 2, tag: "{{#days}}", reason: .unclosedSection("days"))
        ) {
            try MustacheLibrary(sources: ["page": "x\n{{#days}}"], fileNames: ["page": "page.mustache"])
        }
        let error = MustacheError(file: "page.mustache", line: 2, tag: "{{x", reason: .unclosedTag)
        #expect(error.description == "page.mustache:2: {{x is not closed.")
    }

    @Test("A compiled template renders many times with the same result")
    func compileOnce() throws {
        let library = try MustacheLibrary(sources: ["t": "{{#xs}}<{{.}}>{{/xs}}"])
        var first = ""
        var second = ""
        library.render("t", .dictionary(["xs": .list(["a&", "b"])]), to: &first)
        library.render("t", .dictionary(["xs": .list(["a&", "b"])]), to: &second)
        #expect(first == "<a&amp;><b>")
        #expect(first == second)
    }

    @Test("Every theme renders a page with its own stylesheet", arguments: HTMLTheme.names)
    func themes(_ name: String) throws {
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("a", "hi")]), options: HTMLOptions(theme: name))
        let theme = try #require(HTMLTheme.named(name))
        #expect(html.contains("class=\"sb-theme-\(theme.name)\""))
        #expect(html.contains("/* \(theme.name):"))
    }

    @Test("Every theme stylesheet in Templates/css is a registered theme, compiled in with its templates")
    func registry() throws {
        let folder = Fixtures.packageRoot.appendingPathComponent("Templates/css")
        let sheets = try FileManager.default.contentsOfDirectory(atPath: folder.path)
            .filter { $0.hasPrefix("theme-") && $0.hasSuffix(".css") }.sorted()
        #expect(sheets == HTMLTheme.all.map(\.stylesheet).sorted())
        #expect(Set(HTMLTheme.names).count == HTMLTheme.names.count, "a theme name or alias is registered twice")
        for theme in HTMLTheme.all {
            let files = theme.files()
            #expect(files[theme.stylesheet]?.isEmpty == false, "\(theme.stylesheet) is not compiled in")
            for (partial, builtin) in theme.templates {
                #expect(files[partial + ".mustache"]?.isEmpty == false, "\(builtin) is not compiled in")
            }
        }
    }

    @Test("An unknown theme is an error that lists the themes")
    func unknownTheme() {
        #expect(throws: HTMLRenderError.unknownTheme("nope")) {
            try HTMLTest.page(HTMLTest.log([HTMLTest.message("a", "hi")]), options: HTMLOptions(theme: "nope"))
        }
        #expect(HTMLRenderError.unknownTheme("nope").description.contains(HTMLTheme.names.joined(separator: ", ")))
    }

    @Test("Overrides replace built-in templates and stylesheets by file name")
    func overrides() throws {
        let options = HTMLOptions(
            templateOverrides: ["chain.mustache": "<chain {{alignment}}/>", "theme-imessage.css": "/* mine */"])
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("a", "hi")]), options: options)
        #expect(html.contains("<chain leading/>"))
        #expect(html.contains("/* mine */"))
        #expect(!html.contains("/* imessage:"))
    }

    @Test("An override folder can add partials of its own")
    func extraPartials() throws {
        let options = HTMLOptions(
            templateOverrides: ["chain.mustache": "{{> mine}}", "mine.mustache": "<mine {{senderName}}/>"])
        let html = try HTMLTest.page(HTMLTest.log([HTMLTest.message("a", "hi")]), options: options)
        #expect(html.contains("<mine Ben Okafor/>"))
    }

    @Test("The discord theme heads each chain with the name and time, from its own chain template")
    func discordHeaders() throws {
        let html = try HTMLTest.page(
            HTMLTest.log([HTMLTest.message("a", "hi", sender: "ana")]), options: HTMLOptions(theme: "discord"))
        #expect(html.contains(#"<bdi class="sb-group-name sb-color-"#))
        #expect(html.contains(#"<time class="sb-group-time" datetime="2026-11-28T09:00:00Z">09:00</time>"#))
    }
}
