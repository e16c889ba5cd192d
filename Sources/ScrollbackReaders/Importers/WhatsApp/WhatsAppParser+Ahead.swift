import ScrollbackModel

/// What the WhatsApp parser's second core makes of the bodies it is handed, and how the line
/// reader takes it back (`WhatsAppParser.parse(_:report:convertingAhead:)`).
extension WhatsAppParser {
    /// The message a body says, made from the body alone (its id and time wait for the dates),
    /// with what the rest of the chat learns from it.
    struct Said {
        var message: Message
        /// Whether it says it was edited (at its own time).
        var edited = false
        /// Whether the body marks its sender as the exporter.
        var byExporter = false
        /// The group's name, when a system line names it.
        var groupName: String?
        var warnings: [ImportReport.Note] = []
    }

    /// What the worker leaves: the message each body says, in order, and what few of them tell
    /// besides, by position. A body whose sender depends on the names the whole chat uses is
    /// kept (`waiting`) to be converted once they are known.
    struct Prepared {
        var messages: [Message] = []
        var waiting: [Int: String] = [:]
        var edited: Set<Int> = []
        var byExporter: Set<Int> = []
        var groupNames: [Int: String] = [:]
        var warnings: [Int: [ImportReport.Note]] = [:]
        /// What the headers handed over say about the dates, and the names lines start with.
        var dates = WhatsAppDates.Evidence()
        var senders = SenderNames()

        mutating func add(_ said: Said) {
            let index = messages.count
            messages.append(said.message)
            if said.edited { edited.insert(index) }
            if said.byExporter { byExporter.insert(index) }
            if let name = said.groupName { groupNames[index] = name }
            if !said.warnings.isEmpty { warnings[index] = said.warnings }
        }

        /// What the body at `index` said; the messages must have been reversed, and are taken
        /// from the end in turn, so each is moved out, not copied.
        mutating func take(_ index: Int) -> Said {
            Said(
                message: messages.removeLast(), edited: edited.contains(index), byExporter: byExporter.contains(index),
                groupName: groupNames[index], warnings: warnings[index] ?? [])
        }
    }

    /// A body as the line reader hands it on: who said it and what its marks say, or, where who
    /// said it depends on the names the whole chat uses, the body as written.
    enum Reading {
        case read(sender: String?, body: WhatsAppBody)
        case waiting(String)
    }

    /// Turns bodies into messages on a second core while the lines are read on: a body's reading,
    /// its line number, and the header it follows.
    typealias Worker = InOrderWorker<(reading: Reading, line: Int, header: WhatsAppHeader), Prepared, Void>
}
