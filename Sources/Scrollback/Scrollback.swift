// The Scrollback library: chat logs in, transcripts out, with no command line involved.
//
// Entry points, all on `Transcript`:
//
//     let transcript = try Transcript.load(path: "chat.json")        // a file or an export folder
//     let transcript = try Transcript.load(data: data, name: "chat")  // bytes held in memory
//     let transcript = Transcript(participants: [...], messages: [...])  // values built in code
//     let text = try transcript.render(.text, options: RenderOptions())  // .html, .ansi, .text, .json
//
// Rendering is pure: the same transcript and options give the same bytes on every
// machine, so the result can be compared with a snapshot file in a test suite.
// `UnifiedDiff` explains a mismatch; docs/LIBRARY.md has a worked example.
//
// The pipeline's modules are re-exported, but only what another package should build on is
// `public` (load, layout, render, site, check, and the model values); the plumbing they share
// is `package`. docs/LIBRARY.md lists every public symbol, and `make test` fails when the list
// and the compiler disagree.
@_exported import ScrollbackArchive
@_exported import ScrollbackLayout
@_exported import ScrollbackMarkdown
@_exported import ScrollbackModel
@_exported import ScrollbackReaders
@_exported import ScrollbackRender
@_exported import ScrollbackSite

/// Everything one render needs besides the transcript: layout, format and output options.
public struct RenderOptions: Sendable, Hashable {
    /// How the transcript is laid out (`--me`, `--tz`, `--chain-gap`, …).
    public var layout: LayoutOptions
    /// Terminal options for `ansi` and `text`.
    public var terminal: TerminalOptions
    /// HTML options.
    public var html: HTMLOptions
    /// A title that replaces the log's.
    public var title: String?

    /// Creates options; the defaults are those of the command line.
    public init(
        layout: LayoutOptions = LayoutOptions(), terminal: TerminalOptions = TerminalOptions(),
        html: HTMLOptions = HTMLOptions(), title: String? = nil
    ) {
        self.layout = layout
        self.terminal = terminal
        self.html = html
        self.title = title
    }
}

extension Transcript {
    /// Reads the one conversation in a file (or folder); `conversation` picks one from inputs that hold several.
    public static func load(
        path: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions(), conversation: String? = nil
    ) throws -> Transcript {
        let input = try ChatInput.load(path)
        return try pick(
            from: Readers.read(input, format: format, options: options), input: input, conversation: conversation)
    }

    /// Reads the one conversation in bytes held in memory; `name` is used in error messages.
    public static func load(
        bytes: [UInt8], name: String = "<memory>", format: InputFormat? = nil, options: ReadOptions = ReadOptions(),
        conversation: String? = nil
    ) throws -> Transcript {
        let input = ChatInput(name: name, bytes: bytes)
        return try pick(
            from: Readers.read(input, format: format, options: options), input: input, conversation: conversation)
    }

    /// Chooses one conversation of a read result by id or title (exactly, then ignoring case).
    package static func pick(from result: ReadResult, input: ChatInput, conversation: String?) throws -> Transcript {
        let conversations = result.conversations
        let choices = conversations.enumerated().map { Self.choice($0.element, number: $0.offset + 1) }
        guard let wanted = conversation else {
            if conversations.count == 1 { return conversations[0] }
            throw ReadError(location: SourceLocation(file: input.name), problem: .conversationNeeded(choices: choices))
        }
        if let match = conversations.first(where: { $0.id == wanted })
            ?? conversations.first(where: { $0.title == wanted })
            ?? conversations.first(where: { $0.title?.lowercased() == wanted.lowercased() })
        {
            return match
        }
        if let number = Int(wanted), conversations.indices.contains(number - 1) { return conversations[number - 1] }
        if let match = byHandle(wanted, in: conversations) { return match }
        throw ReadError(
            location: SourceLocation(file: input.name), problem: .unknownConversation(wanted, choices: choices))
    }

    /// The conversation a handle picks (a phone number in any format, an e-mail address in any
    /// case): the one whose id is that handle (a chat with that person), else the smallest one
    /// that person is in (the first of equals).
    static func byHandle(_ wanted: String, in conversations: [Transcript]) -> Transcript? {
        let keys = Set(PeopleDirectory.keys(wanted))
        let matches = { (handle: String) in !keys.isDisjoint(with: PeopleDirectory.keys(handle)) }
        if let match = conversations.first(where: { $0.id.map(matches) ?? false }) { return match }
        var best: Transcript?
        for transcript in conversations
        where transcript.participants.contains(where: { $0.id != transcript.me && matches($0.id) })
            && transcript.participants.count < best?.participants.count ?? Int.max
        {
            best = transcript
        }
        return best
    }

    /// A conversation as a choice lists it: its title with its id (`"Gaming Crew" (id 42)`), either of which
    /// `--conversation` takes.
    static func choice(_ transcript: Transcript, number: Int) -> String {
        let id = transcript.id ?? "\(number)"
        guard let title = transcript.title, !title.isEmpty, title != id else { return "\"\(id)\"" }
        return "\"\(title)\" (id \(id))"
    }

    /// Lays the transcript out and renders it in `format`, writing to `output`.
    public func render(
        _ format: OutputFormat, options: RenderOptions = RenderOptions(), to output: inout some TextOutputStream
    )
        throws
    {
        _ = try renderKeepingLayout(format, options: options, to: &output)
    }

    /// `render`, returning the layout it drew: a command that ends once the page is written hands
    /// the layout (and the transcript) to the process's exit rather than freeing a million bubbles
    /// one by one (`ProcessExit.keep`).
    package func renderKeepingLayout(
        _ format: OutputFormat, options: RenderOptions = RenderOptions(), to output: inout some TextOutputStream
    ) throws -> TranscriptLayout {
        var transcript = self
        if let title = options.title { transcript.title = title }
        var layout = try LayoutEngine.layout(transcript, options: options.layout)
        layout.missingFiles = options.html.missingFiles(in: transcript.messages)
        switch format {
        case .json: LayoutJSONRenderer.render(layout, to: &output)
        case .text:
            var terminal = options.terminal
            terminal.color = nil
            TerminalRenderer.render(layout, options: terminal, to: &output)
        case .ansi:
            var terminal = options.terminal
            if terminal.color == nil { terminal.color = .ansi256 }
            TerminalRenderer.render(layout, options: terminal, to: &output)
        case .html: try HTMLRenderer.render(layout, options: options.html, to: &output)
        }
        return layout
    }

    /// Lays the transcript out and renders it in `format`, as a string.
    public func render(_ format: OutputFormat, options: RenderOptions = RenderOptions()) throws -> String {
        var text = ""
        try render(format, options: options, to: &text)
        return text
    }
}
