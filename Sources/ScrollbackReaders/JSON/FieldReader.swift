import ScrollbackModel

/// Reads the typed fields of one message object, failing with errors that name the message.
struct FieldReader {
    typealias Field = MessageMembers.Field

    let members: MessageMembers
    let decoder: MessageDecoder
    let reference: ReadError.MessageReference

    /// An error at `at`, naming this message.
    func fail(_ at: JSONValue, _ problem: ReadError.Problem) -> ReadError {
        ReadError(location: decoder.locate(at.offset), message: reference, problem: problem)
    }

    /// Whether the object has the member at all (`null` counts: it clears a value).
    func present(_ field: Field) -> Bool { members[field] != nil }

    /// The member for `field`, if present (`null` included).
    subscript(field: Field) -> JSONValue? { members[field] }

    /// The message's own id, if it gives one.
    func id() throws(ReadError) -> String? { try text(.id) }

    /// A string (or a number, which real exports use for ids); `nil` when absent or `null`.
    func text(_ field: Field) throws(ReadError) -> String? {
        guard let member = members[field], !member.isNull else { return nil }
        guard let text = member.scalarText else {
            throw fail(member, .wrongType(field: field.rawValue, expected: "a string", found: member.typeName))
        }
        return text
    }

    /// A Boolean; `nil` when absent or `null`.
    func flag(_ field: Field) throws(ReadError) -> Bool? {
        guard let member = members[field], !member.isNull else { return nil }
        guard let flag = member.bool else {
            throw fail(member, .wrongType(field: field.rawValue, expected: "true or false", found: member.typeName))
        }
        return flag
    }

    /// One of an enumeration's strings; `nil` when absent or `null`. The error lists them: `"a" or
    /// "b"` for two, `one of a, b, c` for more.
    func choice<T: RawRepresentable<String> & CaseIterable>(_ field: Field, _ type: T.Type) throws(ReadError) -> T? {
        try choice(field, type, expected: Self.choices(T.allCases.map(\.rawValue)))
    }

    private static func choices(_ names: [String]) -> String {
        names.count == 2 ? "\"\(names[0])\" or \"\(names[1])\"" : "one of " + names.joined(separator: ", ")
    }

    /// One of a fixed set of strings; `nil` when absent or `null`.
    func choice<T: RawRepresentable<String>>(
        _ field: Field, _ type: T.Type, expected: @autoclosure () -> String
    ) throws(ReadError) -> T? {
        guard let member = members[field], !member.isNull else { return nil }
        guard let text = member.string, let parsed = T(rawValue: text) else {
            throw fail(
                member,
                .invalidValue(field: field.rawValue, value: member.string ?? member.typeName, expected: expected()))
        }
        return parsed
    }

    /// An RFC 3339 time.
    func timestamp(_ member: JSONValue, field: String) throws(ReadError) -> Timestamp {
        guard let text = member.string else {
            throw fail(member, .wrongType(field: field, expected: "an RFC 3339 time string", found: member.typeName))
        }
        guard let time = Timestamp(rfc3339: text) else { throw fail(member, .invalidTime(field: field, value: text)) }
        return time
    }

    /// `[{"emoji", "by", "count"}]`; `null` is none.
    func reactions(_ member: JSONValue) throws(ReadError) -> [Reaction] {
        var result: [Reaction] = []
        for item in try items(member, field: "reactions") {
            guard let emoji = item["emoji"]?.string else { throw fail(item, .missingField("reactions[].emoji")) }
            let by = item["by"]?.array?.compactMap(\.scalarText) ?? []
            let count = try whole(item["count"], field: "reactions[].count", in: NumberLimits.count, unit: "")
            result.append(Reaction(emoji: emoji, by: by, count: count))
        }
        return result
    }

    /// `[{"path"|"url", "type", "name", "alt", "size", "width", "height", "duration", "title",
    /// "description", "siteName", "performer", "emoji", "omitted", "spoiler", "poll", "place", "contact"}]`;
    /// `null` is none.
    func attachments(_ member: JSONValue) throws(ReadError) -> [Attachment] {
        var result: [Attachment] = []
        for item in try items(member, field: "attachments") {
            guard item.members != nil else {
                throw fail(item, .wrongType(field: "attachments[]", expected: "an object", found: item.typeName))
            }
            var attachment = Attachment(
                path: item["path"]?.string, url: item["url"]?.string, type: item["type"]?.string,
                name: item["name"]?.string, alt: item["alt"]?.string,
                size: try whole(item["size"], field: "attachments[].size", in: NumberLimits.bytes, unit: " bytes"),
                width: try whole(item["width"], field: "attachments[].width", in: NumberLimits.pixels, unit: " pixels"),
                height: try whole(
                    item["height"], field: "attachments[].height", in: NumberLimits.pixels, unit: " pixels"),
                duration: try real(
                    item["duration"], field: "attachments[].duration", in: NumberLimits.seconds, unit: " seconds"),
                title: item["title"]?.string,
                description: item["description"]?.string, siteName: item["siteName"]?.string,
                performer: item["performer"]?.string, emoji: item["emoji"]?.string,
                omitted: item["omitted"]?.bool ?? false)
            attachment.spoiler = item["spoiler"]?.bool ?? false
            if let poll = item["poll"], !poll.isNull { attachment.poll = try self.poll(poll) }
            if let place = item["place"], !place.isNull {
                guard
                    let latitude = try real(
                        place["latitude"], field: "attachments[].place.latitude", in: NumberLimits.latitude, unit: "°"),
                    let longitude = try real(
                        place["longitude"], field: "attachments[].place.longitude", in: NumberLimits.longitude,
                        unit: "°")
                else {
                    throw fail(place, .missingField("attachments[].place.latitude"))
                }
                attachment.place = Place(latitude: latitude, longitude: longitude)
            }
            if let contact = item["contact"], !contact.isNull {
                guard let name = contact["name"]?.string else {
                    throw fail(contact, .missingField("attachments[].contact.name"))
                }
                attachment.contact = ContactCard(
                    name: name, phones: contact["phones"]?.array?.compactMap(\.scalarText) ?? [],
                    emails: contact["emails"]?.array?.compactMap(\.string) ?? [])
            }
            // A file needs somewhere to be; a structured item, or one the export left out, does not.
            let structured = attachment.poll != nil || attachment.place != nil || attachment.contact != nil
            if attachment.path == nil && attachment.url == nil && !structured && !attachment.omitted {
                throw fail(item, .missingField("attachments[].path"))
            }
            result.append(attachment)
        }
        return result
    }

    /// `{"question", "options": [{"text", "votes", "by"}], "closed", "voters"}`.
    private func poll(_ member: JSONValue) throws(ReadError) -> Poll {
        guard let question = member["question"]?.string else {
            throw fail(member, .missingField("attachments[].poll.question"))
        }
        var options: [PollOption] = []
        for option in member["options"]?.array ?? [] {
            guard let text = option["text"]?.string else {
                throw fail(option, .missingField("attachments[].poll.options[].text"))
            }
            let votes = try whole(
                option["votes"], field: "attachments[].poll.options[].votes", in: NumberLimits.count, unit: "")
            options.append(
                PollOption(text: text, votes: votes, by: option["by"]?.array?.compactMap(\.scalarText) ?? []))
        }
        return Poll(
            question: question, options: options, closed: member["closed"]?.bool ?? false,
            voters: try whole(member["voters"], field: "attachments[].poll.voters", in: NumberLimits.count, unit: ""))
    }

    /// A whole number within `range`; `nil` when absent, not a number, or not whole (as before
    /// ranges were checked). A whole number outside `range`, however it is written, is an error.
    func whole(_ value: JSONValue?, field: String, in range: ClosedRange<Int>, unit: String) throws(ReadError)
        -> Int?
    {
        guard let value, let text = value.numberText else { return nil }
        if let number = value.int, range.contains(number) { return number }
        if value.int == nil, let real = Double(text), real.isFinite, real.rounded() != real { return nil }
        throw outOfRange(value, text, field: field, expected: "\(range.lowerBound) to \(range.upperBound)\(unit)")
    }

    /// A finite number within `range`; `nil` when absent or not a number. NaN, an infinity (a
    /// number like `1e400`, too large for a Double) or a number outside `range` is an error.
    func real(_ value: JSONValue?, field: String, in range: ClosedRange<Double>, unit: String) throws(ReadError)
        -> Double?
    {
        guard let value, let text = value.numberText else { return nil }
        if let number = Double(text), range.contains(number) { return number }
        let ends = [range.lowerBound, range.upperBound].map { $0 == $0.rounded() ? String(Int($0)) : String($0) }
        throw outOfRange(value, text, field: field, expected: "\(ends[0]) to \(ends[1])\(unit)")
    }

    /// The items of an array member; `null` is none.
    private func items(_ member: JSONValue, field: String) throws(ReadError) -> [JSONValue] {
        guard !member.isNull else { return [] }
        guard let list = member.array else {
            throw fail(member, .wrongType(field: field, expected: "an array", found: member.typeName))
        }
        return list
    }

    private func outOfRange(_ value: JSONValue, _ text: String, field: String, expected: String) -> ReadError {
        // A number can be written with thousands of digits: the error shows its start.
        let shown = text.count > 32 ? text.prefix(32) + "…" : text
        return fail(value, .syntax("\"\(field)\" is \(shown), which is out of range; expected \(expected)."))
    }

    /// `[{"text", "time"}]`, oldest first; `null` is none.
    func revisions(_ member: JSONValue) throws(ReadError) -> [Revision] {
        var result: [Revision] = []
        for item in try items(member, field: "revisions") {
            guard let text = item["text"]?.string else { throw fail(item, .missingField("revisions[].text")) }
            let time = try item["time"].flatMap { (value: JSONValue) throws(ReadError) -> Timestamp? in
                value.isNull ? nil : try timestamp(value, field: "revisions[].time")
            }
            result.append(Revision(text: text, time: time))
        }
        return result
    }
}
