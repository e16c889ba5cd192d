import Scrollback

/// One small export per format with each number it carries as a slot `⟨n⟩`: the samples of
/// `Tests/SecurityTests/NumericInputs.swift`, less Slack's (a folder).
struct NumberTemplate: Sendable {
    var name: String
    var format: InputFormat
    var text: String
    var defaults: [String]

    /// Values at and past the ends of the numeric types, for slots the fuzzer names by one byte.
    static let edgeValues = [
        "9223372036854775807", "-9223372036854775808", "9223372036854775808", "-9223372036854775809",
        "99999999999999999999", "1e308", "-1e308", "1e400", "-1e400", "-0", "0", "-1", "0.5", "NaN", "Infinity",
        "4294967296", "1e15", "253402300800", "18446744073709551616", "1e-400", "2147483648", "86400000000000",
    ]

    /// The text with slot `n` holding `value(n)`.
    func filled(_ value: (Int) -> String) -> String {
        var result = text
        for slot in defaults.indices.reversed() {
            result = result.replacingOccurrences(of: "⟨\(slot)⟩", with: value(slot))
        }
        return result
    }

    private static let nativeMessage = """
        {"id": "m1", "sender": "a", "time": "2026-01-01T10:00:00Z", "text": "hi",
         "reactions": [{"emoji": "👍", "by": ["b"], "count": ⟨1⟩}],
         "attachments": [
          {"path": "v.mp4", "type": "video", "size": ⟨2⟩, "width": ⟨3⟩, "height": ⟨4⟩, "duration": ⟨5⟩},
          {"type": "poll", "poll": {"question": "Q", "options": [{"text": "x", "votes": ⟨6⟩}, {"text": "y", "votes": ⟨7⟩}],
           "voters": ⟨8⟩}},
          {"type": "location", "place": {"latitude": ⟨9⟩, "longitude": ⟨10⟩}}]}
        """

    static let all: [NumberTemplate] = [
        NumberTemplate(
            name: "log.json", format: .scrollback,
            text: """
                {"version": ⟨0⟩, "participants": [{"id": "a", "name": "A"}, {"id": "b", "name": "B"}],
                 "messages": [\(nativeMessage)]}
                """,
            defaults: ["1", "1", "1000", "640", "480", "42", "3", "2", "4", "52.5", "13.4"]),
        NumberTemplate(
            name: "log.jsonl", format: .jsonl,
            text: """
                {"type": "conversation", "version": ⟨0⟩, "participants": [{"id": "a", "name": "A"}]}
                \(nativeMessage.replacingOccurrences(of: "\n", with: " "))
                """,
            defaults: ["1", "1", "1000", "640", "480", "42", "3", "2", "4", "52.5", "13.4"]),
        NumberTemplate(
            name: "log.md", format: .markdown,
            text: """
                ---
                title: T
                ---

                ### Ana · ⟨0⟩-01-0⟨1⟩ 10:⟨2⟩
                hi
                """,
            defaults: ["2026", "1", "00"]),
        NumberTemplate(
            name: "result.json", format: .telegram,
            text: """
                {"name": "G", "type": "private_group", "id": ⟨0⟩, "messages": [
                 {"id": ⟨1⟩, "type": "message", "date": "2024-03-01T10:00:00", "date_unixtime": "⟨2⟩",
                  "from": "A", "from_id": "user1", "text": "hi",
                  "reactions": [{"type": "emoji", "count": ⟨3⟩, "emoji": "👍"}]},
                 {"id": 3, "type": "message", "date": "2024-03-01T10:01:00", "date_unixtime": ⟨4⟩,
                  "from": "A", "from_id": "user1", "file": "v.mp4", "media_type": "video_file",
                  "mime_type": "video/mp4", "width": ⟨5⟩, "height": "⟨6⟩", "file_size": ⟨7⟩,
                  "duration_seconds": ⟨8⟩, "text": ""},
                 {"id": 4, "type": "message", "date": "2024-03-01T10:02:00", "from": "A", "from_id": "user1",
                  "poll": {"question": "Q", "closed": false, "total_voters": ⟨9⟩,
                   "answers": [{"text": "x", "voters": ⟨10⟩}, {"text": "y", "voters": "⟨11⟩"}]}, "text": ""},
                 {"id": 5, "type": "message", "date": "2024-03-01T10:03:00", "from": "A", "from_id": "user1",
                  "location_information": {"latitude": ⟨12⟩, "longitude": ⟨13⟩}, "text": ""},
                 {"id": 6, "type": "service", "date": "2024-03-01T10:04:00", "actor": "A", "actor_id": "user1",
                  "action": "phone_call", "duration_seconds": ⟨14⟩, "text": ""},
                 {"id": 7, "type": "service", "date": "2024-03-01T10:05:00", "actor": "A", "actor_id": "user1",
                  "action": "score_in_game", "score": ⟨15⟩, "text": ""}]}
                """,
            defaults: [
                "42", "1", "1709283600", "2", "1709283660", "640", "480", "1000", "42", "3", "2", "1", "52.5", "13.4",
                "125", "7",
            ]),
        NumberTemplate(
            name: "chat.txt", format: .whatsapp,
            text: """
                ⟨0⟩/03/2024, 10:00 - Ana: hi
                01/03/2024, 10:01 - Ana: location: https://maps.google.com/?q=⟨1⟩,⟨2⟩
                01/03/2024, 10:02 - Ben: POLL:
                Q
                OPTION: x (⟨3⟩ votes)
                OPTION: y (1 vote)
                """,
            defaults: ["01", "52.5", "13.4", "2"]),
        NumberTemplate(
            name: "channel.json", format: .discord,
            text: """
                {"guild": {"id": "1", "name": "G"}, "channel": {"id": "99", "type": "GuildTextChat", "name": "general"},
                 "messages": [{"id": "10", "type": "Default", "timestamp": "2024-05-01T09:00:00+02:00",
                  "timestampEdited": null, "isPinned": false, "content": "at <t:⟨0⟩:f>",
                  "author": {"id": "1", "name": "a", "nickname": "A", "isBot": false},
                  "attachments": [{"id": "7", "url": "a.png", "fileName": "a.png", "fileSizeBytes": ⟨1⟩,
                                   "width": ⟨2⟩, "height": ⟨3⟩}],
                  "embeds": [], "stickers": [], "mentions": [],
                  "reactions": [{"emoji": {"id": null, "name": "❤", "isAnimated": false}, "count": ⟨4⟩,
                                 "users": [{"id": "1", "name": "a"}]}]}]}
                """,
            defaults: ["1714546800", "1234", "640", "480", "2"]),
        NumberTemplate(
            name: "conversations.json", format: .chatgpt,
            text: """
                [{"id": "c1", "title": "T", "create_time": ⟨0⟩, "current_node": "n1", "mapping": {
                  "root": {"id": "root", "parent": null, "children": ["n1"], "message": null},
                  "n1": {"id": "n1", "parent": "root", "children": [], "message":
                   {"id": "u1", "author": {"role": "user"}, "create_time": ⟨1⟩, "recipient": "all",
                    "content": {"content_type": "multimodal_text", "parts": ["look",
                     {"content_type": "image_asset_pointer", "asset_pointer": "file-service://file-1",
                      "width": ⟨2⟩, "height": ⟨3⟩, "size_bytes": ⟨4⟩}]}}}}}]
                """,
            defaults: ["1704067200.5", "1704067201.25", "640", "480", "1000"]),
        NumberTemplate(
            name: "message_1.json", format: .messenger,
            text: """
                {"participants": [{"name": "Ana"}, {"name": "Ben"}], "title": "Ana", "thread_path": "inbox/ana_1",
                 "messages": [
                  {"sender_name": "Ben", "timestamp_ms": ⟨0⟩, "content": "hi",
                   "reactions": [{"reaction": "x", "actor": "Ana"}]},
                  {"sender_name": "Ana", "timestamp_ms": ⟨1⟩, "content": "photo",
                   "photos": [{"uri": "photos/1.jpg", "creation_timestamp": ⟨2⟩}]}]}
                """,
            defaults: ["1700000060500", "1700000000000", "1700000000"]),
        NumberTemplate(
            name: "conversations.json", format: .claudeAI,
            text: """
                [{"uuid": "c1", "name": "Trip", "created_at": "⟨0⟩-01-02T10:00:00Z", "updated_at": "2025-01-02T10:05:00Z",
                  "chat_messages": [
                   {"uuid": "h1", "sender": "human", "created_at": "2025-01-02T10:00:01.5Z", "text": "Plan",
                    "content": [{"type": "text", "text": "Plan"}],
                    "attachments": [{"file_name": "notes.txt", "file_size": ⟨1⟩, "file_type": "text/plain",
                                     "extracted_content": "Day one"}]}]}]
                """,
            defaults: ["2025", "120"]),
        NumberTemplate(
            name: "session.jsonl", format: .claudeCode,
            text: """
                {"type": "user", "uuid": "u1", "sessionId": "s1", "timestamp": "⟨0⟩-01-02T10:00:00.000Z", "message": {"role": "user", "content": "hi"}}
                {"type": "assistant", "uuid": "a1", "parentUuid": "u1", "sessionId": "s1", "timestamp": "2025-01-02T10:00:0⟨1⟩.000Z", "message": {"role": "assistant", "content": [{"type": "text", "text": "hello"}], "usage": {"input_tokens": ⟨2⟩}}}
                """,
            defaults: ["2025", "1", "10"]),
    ]
}
