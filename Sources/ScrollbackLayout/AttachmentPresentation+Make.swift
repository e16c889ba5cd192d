import ScrollbackModel

extension AttachmentPresentation {
    /// What an attachment shows, by its kind; `missing`: its file is not in the export's folder or zip.
    static func make(_ given: Attachment, names: (String) -> String, missing: Bool = false) -> AttachmentPresentation {
        // Numbers outside `NumberLimits` are left out before any arithmetic on them.
        let attachment = given.withNumbersInRange
        let kind = attachment.kind
        // A GIF is an image to the model, and a GIF to the reader.
        let kindLabel = kind == .image && attachment.type == "image/gif" ? "GIF" : PresentationWords.kind(kind)
        var shown = AttachmentPresentation(
            kind: kind, name: displayName(attachment, kind: kind), path: attachment.path, url: attachment.url,
            omitted: attachment.omitted, omittedNote: attachment.omitted ? PresentationWords.omitted : nil,
            missingNote: missing && !attachment.omitted ? PresentationWords.missingFile : nil,
            sizeLabel: attachment.size.map(PresentationWords.byteCount),
            durationLabel: attachment.duration.map(PresentationWords.duration), alt: attachment.alt,
            width: attachment.width, height: attachment.height, title: attachment.title,
            description: attachment.description, siteName: attachment.siteName, performer: attachment.performer,
            emoji: attachment.emoji,
            poll: attachment.poll.map { pollPresentation($0, note: attachment.description, names: names) },
            placeLabel: nil,
            mapURL: nil,
            phones: attachment.contact?.phones ?? [], emails: attachment.contact?.emails ?? [],
            kindLabel: kindLabel, label: "")
        // A GIF without a name is named as its kind is.
        if kindLabel != PresentationWords.kind(kind), shown.name == PresentationWords.kind(kind) {
            shown.name = kindLabel
        }
        if let place = attachment.place {
            let latitude = coordinate(place.latitude)
            let longitude = coordinate(place.longitude)
            shown.placeLabel = latitude + ", " + longitude
            // A place without a name, or named only by its coordinates in the app's spelling, is
            // named by where it is as every output writes it (once), not by its map link.
            if attachment.title.map({ $0.isEmpty || repeats(place, $0) }) ?? true {
                shown.name = latitude + ", " + longitude
            }
            if let description = shown.description, repeats(place, description) { shown.description = nil }
            shown.mapURL =
                "https://www.openstreetmap.org/?mlat=\(latitude)&mlon=\(longitude)#map=16/\(latitude)/\(longitude)"
        }
        shown.spoiler = attachment.spoiler
        shown.label = label(shown)
        return shown
    }

    private static func displayName(_ attachment: Attachment, kind: Attachment.Kind) -> String {
        switch kind {
        case .link:
            if let title = attachment.title, !title.isEmpty { return title }
        case .poll:
            if let poll = attachment.poll { return poll.question }
        case .contact:
            if let contact = attachment.contact { return contact.name }
        case .location:
            if let title = attachment.title, !title.isEmpty { return title }
        case .audio:
            if let title = attachment.title, !title.isEmpty {
                return attachment.performer.map { $0 + " – " + title } ?? title
            }
        default: break
        }
        if let name = attachment.name, !name.isEmpty { return name }
        if let path = attachment.path ?? attachment.url, let last = path.split(separator: "/").last {
            return String(last)
        }
        switch kind {
        case .sticker: return attachment.emoji ?? PresentationWords.kind(kind)
        default: return PresentationWords.kind(kind)
        }
    }

    /// "Video: clip.mp4 · 4.2 MB · 0:42", the one line any output can draw.
    private static func label(_ shown: AttachmentPresentation) -> String {
        var parts = [shown.kindLabel + ": " + shown.name]
        switch shown.kind {
        case .link:
            if let description = shown.description, !description.isEmpty { parts.append(description) }
            if let site = shown.siteName, !site.isEmpty { parts.append(site) }
            if let url = shown.url, url != shown.name { parts.append(url) }
        case .poll:
            if let poll = shown.poll {
                parts.append(poll.options.map { "\($0.text) (\($0.votes))" }.joined(separator: ", "))
                parts.append(poll.summary)
            }
        case .location:
            if let description = shown.description, !description.isEmpty { parts.append(description) }
            if let place = shown.placeLabel, place != shown.name { parts.append(place) }
        case .contact:
            parts += shown.phones + shown.emails
        case .sticker:
            // An emoji that is the sticker's words (`alt`) is shown as those, once.
            if let emoji = shown.emoji, emoji != shown.name, emoji != shown.alt { parts.append(emoji) }
        default: break
        }
        if let size = shown.sizeLabel { parts.append(size) }
        if let duration = shown.durationLabel { parts.append(duration) }
        if let note = shown.omittedNote { parts.append(note) }
        if shown.spoiler { parts.append(PresentationWords.spoiler) }
        if let note = shown.missingNote { parts.append(note) }
        return parts.joined(separator: " · ")
    }

    /// The poll as shown; `note` (the lines an app wrote under it) follows its count of votes.
    private static func pollPresentation(_ poll: Poll, note: String?, names: (String) -> String) -> PollPresentation {
        // Each count is at most `NumberLimits.count`; the sum saturates rather than overflow.
        let total = poll.options.reduce(0) { sum, option in
            let (added, overflow) = sum.addingReportingOverflow(option.votes)
            return overflow ? Int.max : added
        }
        let voters = poll.voters ?? total
        let votes = "\(voters) vote\(voters == 1 ? "" : "s")"
        return PollPresentation(
            question: poll.question,
            options: poll.options.map { option in
                PollOptionPresentation(
                    text: option.text, votes: option.votes,
                    // votes ≤ 10¹² and total ≤ Int.max: votes · 100 + total / 2 cannot overflow.
                    percent: total == 0 ? 0 : (option.votes * 100 + total / 2) / total, names: option.by.map(names))
            },
            closed: poll.closed,
            summary: (poll.closed ? "Poll closed · " + votes : votes) + (note.map { " · " + $0 } ?? ""))
    }

    /// Whether `text` is only `place`'s latitude and longitude (`52.52,13.4`, `52.520008 13.404954`),
    /// each to the decimals it is written with.
    private static func repeats(_ place: Place, _ text: String) -> Bool {
        let parts = text.split { $0 == "," || $0 == " " }
        guard parts.count == 2, parts.allSatisfy({ $0.count <= 24 }) else { return false }
        return zip(parts, [place.latitude, place.longitude]).allSatisfy { written, degrees in
            guard let value = Double(written), value.isFinite else { return false }
            let decimals = written.split(separator: ".", maxSplits: 1).dropFirst().first?.count ?? 0
            return abs(value - degrees) <= 0.5 / pow10(min(decimals, 12)) + 1e-9
        }
    }

    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1) { value, _ in value * 10 }
    }

    /// Degrees to five decimals (about a metre), without the locale's decimal mark; `degrees` is
    /// within ±180 (`withNumbersInRange` leaves out any other place).
    private static func coordinate(_ degrees: Double) -> String {
        let scaled = Int((abs(degrees) * 100_000).rounded())
        let fraction = String(scaled % 100_000)
        return (degrees < 0 && scaled > 0 ? "-" : "") + String(scaled / 100_000) + "."
            + String(repeating: "0", count: 5 - fraction.count) + fraction
    }
}
