import ScrollbackModel

/// One input format: how to recognise it and how to read it.
///
/// A struct of closures rather than a protocol hierarchy, so the registry is a
/// plain list and a test can add a reader of its own.
package struct ChatReader: Sendable {
    /// The format's name, as `--input-format` takes it.
    package var format: InputFormat
    /// One line for `scrollback formats`.
    package var summary: String
    /// Whether the input looks like this format, judged by content.
    package var sniff: @Sendable (ChatInput) -> Bool
    /// Reads the input.
    package var read: @Sendable (ChatInput, ReadOptions) throws -> ReadResult

    /// Creates a reader.
    package init(
        format: InputFormat, summary: String, sniff: @escaping @Sendable (ChatInput) -> Bool,
        read: @escaping @Sendable (ChatInput, ReadOptions) throws -> ReadResult
    ) {
        self.format = format
        self.summary = summary
        self.sniff = sniff
        self.read = read
    }

    /// Creates a reader for a format that reads the same whatever the options say.
    package init(
        format: InputFormat, summary: String, sniff: @escaping @Sendable (ChatInput) -> Bool,
        read: @escaping @Sendable (ChatInput) throws -> ReadResult
    ) {
        self.init(format: format, summary: summary, sniff: sniff, read: { input, _ in try read(input) })
    }
}

/// Every format Scrollback reads, and detection by content.
public enum Readers {
    /// The readers, in the order `auto` tries them (most specific first).
    package static let all: [ChatReader] = [
        // Imports first: their sniffers look for keys and line shapes the native formats never use.
        IMessageReader.reader,
        TelegramReader.reader,
        WhatsAppReader.reader,
        ChatGPTReader.reader,
        ClaudeAIReader.reader,
        ShareGPTReader.reader,
        DiscordReader.reader,
        SlackReader.reader,
        MessengerReader.reader,
        ClaudeCodeReader.reader,
        NativeJSONReader.reader,
        JSONLinesReader.reader,
        MarkdownLogReader.reader,
    ]

    /// The reader for a format.
    package static func reader(for format: InputFormat) -> ChatReader? {
        all.first { $0.format == format }
    }

    /// The format of an input, judged by its content.
    public static func detect(_ input: ChatInput) throws(ReadError) -> InputFormat {
        let input = try ExportFolder.mainFile(of: input) ?? input
        if let bytes = input.bytes, FormatSniffing.firstNonSpace(bytes) == nil {
            // Nothing to judge by; saying so beats "format not recognised".
            throw ReadError(location: SourceLocation(file: input.name, line: 1, column: 1), problem: .empty)
        }
        if let reader = all.first(where: { $0.sniff(input) }) { return reader.format }
        // A zip that cannot be opened or read says why, rather than "not recognised".
        if let bytes = input.bytes, ExportArchive.isZip(bytes),
            let problem = ExportArchive.problem(in: bytes, file: input.name)
        {
            throw problem
        }
        throw ReadError(
            location: SourceLocation(file: input.name),
            problem: .unrecognizedFormat(tried: all.map(\.format.rawValue)))
    }

    /// Reads an input in the given format, or the detected one when `format` is `nil`.
    public static func read(_ input: ChatInput, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
        throws -> ReadResult
    {
        let input = try ExportFolder.mainFile(of: input) ?? input
        var result: ReadResult
        do {
            let chosen = try format ?? detect(input)
            guard let reader = reader(for: chosen) else {
                throw ReadError(
                    location: SourceLocation(file: input.name),
                    problem: .unrecognizedFormat(tried: all.map(\.format.rawValue)))
            }
            result = try reader.read(input, options)
        } catch {
            // Whatever a reader made of a file that got shorter under it, that is the problem to report.
            try input.checkNotCutShort()
            throw error
        }
        try input.checkNotCutShort()
        input.bytes?.giveBackPages()
        if let transform = options.transform {
            let asRead = result.conversations
            result.conversations = asRead.map(transform.apply)
            if let describe = transform.describe {
                let rewrite = describe(asRead)
                result.report = result.report.described(by: rewrite, input: input.name)
            }
        }
        return result
    }
}
