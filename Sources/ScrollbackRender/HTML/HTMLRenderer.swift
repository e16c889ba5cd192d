import Foundation
import ScrollbackLayout
import ScrollbackModel
import ScrollbackTemplates

/// Draws a layout as an HTML page: Mustache templates for the structure, Swift for
/// message bodies (Markdown), so a page of 100k messages renders in one streaming pass.
package enum HTMLRenderer {
    /// Writes a standalone page (or, with `page`, one page of a site) to `output`.
    package static func render(
        _ layout: TranscriptLayout, options: HTMLOptions, page: PageContext = .standalone,
        to output: inout some TextOutputStream
    ) throws {
        try HTMLTemplates(options: options).render(layout, page: page, to: &output)
    }

    /// The page as a string.
    package static func render(_ layout: TranscriptLayout, options: HTMLOptions, page: PageContext = .standalone)
        throws -> String
    {
        var text = ""
        try render(layout, options: options, page: page, to: &text)
        return text
    }

    /// The stylesheet a page of `options` uses, for a site that links one shared file.
    package static func stylesheet(options: HTMLOptions) throws -> String {
        try HTMLTemplates(options: options).stylesheet
    }
}

/// A theme's templates compiled once, to render any number of pages.
package struct HTMLTemplates: Sendable {
    /// The options the templates were made for.
    package let options: HTMLOptions
    /// `base.css` followed by the theme's stylesheet.
    package let stylesheet: String
    private let library: MustacheLibrary

    /// Compiles the templates of `options.theme`, with `options.templateOverrides` applied.
    package init(options: HTMLOptions) throws {
        try self.init(options: options, writesMessagesDirectly: true)
    }

    /// `writesMessagesDirectly`: whether an unchanged built-in `message.mustache` is written by
    /// `MessageHTMLWriter`, and with it an unchanged `chain.mustache` by `ChainHTMLWriter` (the
    /// same bytes, faster), rather than walked as templates.
    init(options: HTMLOptions, writesMessagesDirectly: Bool) throws {
        guard let theme = HTMLTheme.named(options.theme) else { throw HTMLRenderError.unknownTheme(options.theme) }
        let files = theme.files(overrides: options.templateOverrides)
        var sources: [String: String] = [:]
        var fileNames: [String: String] = [:]
        // Any other template in `--templates DIR` is a partial the page's templates can include.
        for (file, text) in options.templateOverrides where file.hasSuffix(".mustache") {
            let partial = String(file.dropLast(".mustache".count))
            sources[partial] = text
            fileNames[partial] = file
        }
        for partial in HTMLTheme.partials {
            sources[partial] = files[partial + ".mustache"]
            fileNames[partial] = partial + ".mustache"
        }
        var library: MustacheLibrary
        do {
            library = try MustacheLibrary(sources: sources, fileNames: fileNames, vocabulary: HTMLName.vocabulary)
        } catch {
            throw HTMLRenderError.template(error)
        }
        // The writers were generated from the default files, which a theme may replace too.
        // A context is told from others by its concrete type, a cheaper test than a protocol's.
        if writesMessagesDirectly, files["message.mustache"] == BuiltinTemplates.files["message.mustache"] {
            library.compile(partial: "message") { context, output in
                guard let bubble = context as? BubbleContext else { return false }
                MessageHTMLWriter.write(bubble, into: &output)
                return true
            }
            // The chain writer writes its bubbles with the message writer: only with both built in.
            if files["chain.mustache"] == BuiltinTemplates.files["chain.mustache"] {
                library.compile(partial: "chain") { context, output in
                    guard let chain = context as? ChainContext else { return false }
                    ChainHTMLWriter.write(chain, into: &output)
                    return true
                }
            }
        }
        self.library = library
        self.options = options
        stylesheet = (files["base.css"] ?? "") + "\n" + (files[theme.stylesheet] ?? "")
    }

    /// Writes one page for `layout`.
    package func render(
        _ layout: TranscriptLayout, page: PageContext = .standalone, to output: inout some TextOutputStream
    ) {
        render(layout, page: page, cores: FreeCores.now(), to: &output)
    }

    /// Writes one page, writing its chains on up to `cores` threads (the bytes never depend on it);
    /// returns how many chains were written ahead of the page writer.
    @discardableResult
    func render(
        _ layout: TranscriptLayout, page: PageContext, cores: Int, to output: inout some TextOutputStream
    ) -> Int {
        let session = HTMLRenderSession(layout: layout, options: options, page: page)
        session.chainsAhead = ChainsAhead(layout: layout, library: library, stylesheet: stylesheet, cores: cores)
        let context = PageValues(session: session, stylesheet: stylesheet)
        library.render("page", .object(context), to: &output)
        return session.chainsAhead?.answered ?? 0
    }
}
