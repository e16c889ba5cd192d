import Scrollback

/// `scrollback validate INPUT...`: reads each input and lays it out, reporting the first problem of each.
enum ValidateCommand {
    static let command = Command(
        name: "validate",
        abstract: "Check that logs can be read, and report each one's first problem.",
        usage: ["validate INPUT... [options]"],
        discussion: nil,
        examples: [
            .init("validate chats/*.json", "Read every log and say, for each, ok or its first problem."),
            .init("validate export.zip --input-format whatsapp", "Check that a zip reads as a WhatsApp export."),
        ],
        options: OptionCatalog.specs(for: .validate),
        run: { arguments, console in try run(arguments, console: &console) }
    )

    static func run(_ arguments: Arguments, console: inout Console) throws -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("validate needs at least one INPUT.") }
        _ = try SharedOptions.inputFormat(arguments)  // usage errors before any reading
        _ = try SharedOptions.readOptions(arguments)
        var failures = 0
        for path in arguments.positionals {
            do {
                // The input is let go before the layout: read from standard input, it is a copy in memory.
                let result = try SharedOptions.read(ChatInput.load(path), arguments, console: console)
                var layoutOptions = LayoutOptions()
                layoutOptions.me = try arguments.value(OptionCatalog.validateMe)
                layoutOptions.timeZone = try SharedOptions.zone(arguments)
                var messages = 0
                for transcript in result.conversations {
                    messages += try LayoutEngine.layout(transcript, options: layoutOptions).messageCount
                }
                let conversations = result.conversations.count
                console.out(
                    "\(path): ok (\(result.format.rawValue), \(conversations) conversation\(conversations == 1 ? "" : "s"), \(messages) message\(messages == 1 ? "" : "s"))\n"
                )
            } catch let error as LocatedError {
                console.error(error)
                failures += 1
            }
        }
        return failures == 0 ? 0 : 1
    }
}
