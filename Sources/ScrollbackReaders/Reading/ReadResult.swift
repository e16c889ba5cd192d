import ScrollbackModel

/// What reading an input produced: its conversations and a report of what was inferred or skipped.
public struct ReadResult: Sendable {
    /// The format that was read.
    public var format: InputFormat
    /// One transcript per conversation in the input (most inputs hold one).
    public var conversations: [Transcript]
    /// What the reader inferred, skipped or warns about.
    public var report: ImportReport

    /// Creates a result.
    package init(format: InputFormat, conversations: [Transcript], report: ImportReport = ImportReport()) {
        self.format = format
        self.conversations = conversations
        self.report = report
    }
}

/// What a reader tells the user besides the transcript: nothing is dropped silently.
public struct ImportReport: Sendable, Hashable {
    /// Messages read.
    public var messagesRead = 0
    /// Entries skipped, with where and why.
    public var skipped: [Note] = []
    /// Guesses made (date order, who is `me`). A line about who is `me` names "`me`" or "--me",
    /// so a command given `--me` can leave it out.
    public var inferences: [String] = []
    /// Other things worth knowing (a missing attachment, a reply to an unknown id).
    public var warnings: [Note] = []

    /// Creates an empty report.
    package init() {}

    /// Whether an inference line is about who `me` is (a guess, or a hint to pass `--me`).
    package static func isAboutMe(_ line: String) -> Bool {
        line.contains("`me`") || line.contains("--me")
    }

    /// A remark about a place in the input.
    public struct Note: Sendable, Hashable, CustomStringConvertible {
        public var location: SourceLocation?
        public var text: String
        package init(location: SourceLocation?, text: String) {
            self.location = location
            self.text = text
        }
        public var description: String { location.map { "\($0): \(text)" } ?? text }
    }
}

/// The formats Scrollback reads.
public enum InputFormat: String, Sendable, Hashable, CaseIterable {
    case scrollback, jsonl, markdown, telegram, whatsapp, slack, discord, chatgpt
    /// Facebook Messenger and Instagram JSON (the same Meta format).
    case messenger
    /// Claude Code session logs (JSON Lines).
    case claudeCode = "claude-code"
    /// Claude.ai's data export (`conversations.json` with `chat_messages`).
    case claudeAI = "claude-ai"
    /// Apple Messages' database (macOS `chat.db`, an iPhone backup's `sms.db`).
    case imessage
    /// ShareGPT JSON (`conversations` of `from`/`value` turns), as LLM chat data sets write it.
    case sharegpt
}

/// Options that change how an input is read.
public struct ReadOptions: Sendable, Hashable {
    /// Day/month order for exports that write dates without a year-first form.
    public var dateOrder: DateOrder?
    /// The zone local times in the input are read in, when the input has none (WhatsApp, Markdown logs without one).
    public var timeZone: Zone?
    /// A change applied to every conversation read (people, redaction, pseudonyms).
    public var transform: TranscriptTransform?

    /// Creates options.
    public init(dateOrder: DateOrder? = nil, timeZone: Zone? = nil, transform: TranscriptTransform? = nil) {
        self.dateOrder = dateOrder
        self.timeZone = timeZone
        self.transform = transform
    }
}

/// How an export writes dates.
public enum DateOrder: String, Sendable, Hashable, CaseIterable {
    case dmy, mdy, ymd
}
