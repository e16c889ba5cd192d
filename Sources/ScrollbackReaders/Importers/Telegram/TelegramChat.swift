import ScrollbackModel

/// Converts one chat of a Telegram Desktop export (`{"name", "type", "id", "messages"}`) to a transcript.
struct TelegramChat {
    var input: ChatInput
    var lines: LineIndex
    var options: ReadOptions
    var attachments: AttachmentPaths
    /// `user…` id of the account owner, from a full export's `personal_information`.
    var ownerID: String?

    /// Tallies across the chat, reported once rather than per message.
    private struct Tally {
        var localOnly = 0
        var offsets: [Int32: Int] = [:]
        var missingFiles = 0
    }

    func convert(_ chat: JSONValue, number: Int, report: inout ImportReport) -> Transcript {
        let name = chat["name"]?.string
        let type = chat["type"]?.string ?? ""
        var transcript = Transcript(
            id: chat["id"]?.scalarText ?? name ?? "chat\(number)",
            title: name ?? (type == "saved_messages" ? "Saved Messages" : nil),
            source: SourceLocation(file: input.name))
        var tally = Tally()
        let list = chat["messages"]?.array ?? []
        var ids = Set<String>()
        for (index, value) in list.enumerated() {
            let location = lines.location(ofByte: value.offset)
            guard let time = time(value, field: "date", tally: &tally) else {
                report.skipped.append(.init(location: location, text: "message \(index + 1) has no date"))
                continue
            }
            let id = value["id"]?.scalarText ?? "m\(index + 1)"
            ids.insert(id)
            var message = Message(id: id, sender: nil, time: time, location: location)
            if value["type"]?.string == "service" {
                message.kind = .system
                message.text = MarkdownText.escape(TelegramText.service(value))
            } else {
                let senderName = value["from"]?.string.flatMap { $0.isEmpty ? nil : $0 }
                let senderID = value["from_id"]?.scalarText.flatMap { $0.isEmpty ? nil : $0 }
                let sender = senderID ?? senderName ?? transcript.title ?? "unknown"
                message.sender = sender
                if !transcript.participants.contains(where: { $0.id == sender }) {
                    transcript.participants.append(Participant(id: sender, name: senderName ?? sender))
                }
                fill(&message, from: value, location: location, tally: &tally, report: &report)
            }
            transcript.messages.append(message)
        }
        for message in transcript.messages {
            if let target = message.replyTo, !ids.contains(target) {
                report.warnings.append(
                    .init(
                        location: message.location,
                        text: "message \(message.id) replies to message \(target), which is not in this chat"))
            }
        }
        transcript.me = me(of: transcript, type: type, report: &report)
        settle(&transcript, tally: tally, report: &report)
        report.messagesRead += transcript.messages.count
        return transcript
    }

    private func fill(
        _ message: inout Message, from value: JSONValue, location: SourceLocation, tally: inout Tally,
        report: inout ImportReport
    ) {
        message.text = TelegramText.markdown(text: value["text"], entities: value["text_entities"])
        message.replyTo = value["reply_to_message_id"]?.scalarText
        message.forwardedFrom = value["forwarded_from"]?.string ?? value["saved_from"]?.string
        if value["edited"] != nil || value["edited_unixtime"] != nil {
            message.edited = time(value, field: "edited", tally: &tally) ?? message.time
        }
        message.attachments = TelegramMedia.attachments(
            value, paths: attachments, location: location, missing: &tally.missingFiles, report: &report)
        if let extra = TelegramMedia.text(value) {
            message.text = message.text.isEmpty ? extra : message.text + "\n\n" + extra
        }
        for reaction in value["reactions"]?.array ?? [] {
            let emoji = reaction["emoji"]?.string ?? (reaction["type"]?.string == "paid" ? "⭐" : "custom emoji")
            let by = reaction["recent"]?.array?.compactMap { $0["from_id"]?.scalarText ?? $0["from"]?.string } ?? []
            message.reactions.append(Reaction(emoji: emoji, by: by, count: reaction["count"]?.int))
        }
    }

    /// The instant of `field` (`date` or `edited`): `…_unixtime` gives the instant, the local
    /// `field` beside it gives the offset the exporter's clock showed.
    private func time(_ value: JSONValue, field: String, tally: inout Tally) -> Timestamp? {
        let written = value[field]?.string
        let local = written.flatMap { Self.hasOffset($0) ? nil : Self.localTime($0) }
        if let instant = ImportJSON.unixTime(value[field + "_unixtime"]) {
            guard let local else {
                return Timestamp(seconds: instant.seconds, utcOffset: options.timeZone?.offset(at: instant) ?? 0)
            }
            let offset = local.date.daysSinceEpoch * 86_400 + Int64(local.second) - instant.seconds
            // Real offsets are whole quarter hours within ±14 h; anything else is not an offset.
            guard abs(offset) <= 14 * 3600, offset % 900 == 0 else { return instant }
            if field == "date" { tally.offsets[Int32(offset), default: 0] += 1 }
            return Timestamp(seconds: instant.seconds, utcOffset: Int32(offset))
        }
        // Some tools write the date with its own offset (`…Z`); that is an instant already.
        if let written, let zoned = Timestamp(rfc3339: written) { return zoned }
        guard let local else { return nil }
        if field == "date" { tally.localOnly += 1 }
        let zone = options.timeZone ?? .utc
        return zone.timestamp(
            local.date, hour: local.second / 3600, minute: local.second / 60 % 60, second: local.second % 60)
    }

    /// `2024-01-10T12:00:00` → the date and the second of the day.
    static func localTime(_ text: String) -> (date: CivilDate, second: Int)? {
        guard let stamp = Timestamp(rfc3339: text + "Z") else { return nil }
        let (days, second) = (stamp.seconds / 86_400, Int(stamp.seconds % 86_400))
        return second >= 0 ? (CivilDate(daysSinceEpoch: days), second) : nil
    }

    /// Whether a date string carries its own offset.
    static func hasOffset(_ text: String) -> Bool {
        Timestamp(rfc3339: text) != nil
    }

    private func me(of transcript: Transcript, type: String, report: inout ImportReport) -> String? {
        if let ownerID, transcript.participants.contains(where: { $0.id == ownerID }) || type == "saved_messages" {
            return ownerID
        }
        guard type == "personal_chat", let title = transcript.title else { return nil }
        let others = transcript.participants.filter { $0.name != title }
        guard others.count == 1, transcript.participants.count == 2 else { return nil }
        report.inferences.append(
            "`me` in “\(title)” is \(others[0].name) (the sender who is not the chat's other person)")
        return others[0].id
    }

    private func settle(_ transcript: inout Transcript, tally: Tally, report: inout ImportReport) {
        let label = transcript.title.map { "“\($0)”: " } ?? ""
        if tally.localOnly > 0 {
            let zone = options.timeZone?.identifier ?? "UTC"
            report.inferences.append(
                "\(label)\(counted(tally.localOnly, "time")) without date_unixtime read as \(zone)"
                    + (options.timeZone == nil ? " (--tz sets the zone of the export)" : ""))
        }
        if let zone = options.timeZone {
            transcript.timeZone = zone.identifier
        } else if tally.offsets.count == 1, let offset = tally.offsets.keys.first, offset % 3600 == 0, offset != 0 {
            // Etc/GMT names have the sign reversed: UTC+1 is Etc/GMT-1.
            let hours = offset / 3600
            transcript.timeZone = "Etc/GMT" + (hours > 0 ? "-" : "+") + String(abs(hours))
            report.inferences.append(
                "\(label)days follow the exporter's clock, UTC\(hours > 0 ? "+" : "-")\(abs(hours)) (from date vs date_unixtime)"
            )
        }
        if tally.missingFiles > 0 {
            report.warnings.append(
                .init(location: nil, text: "\(label)not included in the export: \(counted(tally.missingFiles, "file"))")
            )
        }
    }
}
