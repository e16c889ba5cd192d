import Foundation
import ScrollbackLayout
import ScrollbackModel
import TestSupport
import Testing

@testable import ScrollbackReaders

/// Telegram Desktop's export read as the app shows it: deleted accounts, signatures, paid
/// reactions, groups, service actions and links, each in the shape the export writes them.
@Suite("Telegram fidelity")
struct TelegramFidelityTests {
    /// A chat of `type` holding `messages` (JSON objects without the common members).
    static func chat(_ messages: [String], type: String = "private_group") -> String {
        let lines = messages.enumerated().map { index, body in
            let second = 1_714_557_600 + index * 60
            return """
                {"id": \(index + 1), "date": "\(Self.date(second))", "date_unixtime": "\(second)", \(body)}
                """
        }
        return """
            {"name": "Trip", "type": "\(type)", "id": 5, "messages": [\(lines.joined(separator: ",\n"))]}
            """
    }

    private static func date(_ seconds: Int) -> String {
        String(Timestamp(seconds: Int64(seconds)).description.dropLast())
    }

    static func read(_ messages: [String], type: String = "private_group") throws -> ReadResult {
        try ImportTesting.read(chat(messages, type: type), name: "result.json", format: .telegram)
    }

    @Test("A deleted account (from: null) is named Deleted Account, as Telegram names it")
    func deletedAccount() throws {
        let result = try Self.read([
            #""type": "message", "from": null, "from_id": "user5", "text": "hi""#,
            #""type": "service", "actor": null, "actor_id": "user5", "action": "join_group_by_link", "text": """#,
        ])
        let chat = result.conversations[0]
        #expect(chat.participants.first { $0.id == "user5" }?.name == "Deleted Account")
        #expect(chat.messages[1].text == "Deleted Account joined by invite link")
    }

    @Test("A paid reaction is a star, with no warning about custom emoji")
    func paidReaction() throws {
        let result = try Self.read([
            #""type": "message", "from": "Ana", "from_id": "user1", "text": "hi", "reactions": [{"type": "paid", "count": 3}]"#
        ])
        #expect(result.conversations[0].messages[0].reactions.first?.emoji == "⭐")
        #expect(!result.report.warnings.contains { $0.text.contains("custom-emoji") })
    }

    @Test("A custom-emoji reaction is still reported as not shown")
    func customEmojiReactionStillWarned() throws {
        let result = try Self.read([
            #""type": "message", "from": "Ana", "from_id": "user1", "text": "hi", "reactions": [{"type": "custom_emoji", "count": 1, "document_id": "x"}]"#
        ])
        #expect(result.report.warnings.contains { $0.text.contains("custom-emoji reactions") })
    }

    @Test("A channel post's signature (author) is shown at its foot")
    func signature() throws {
        let result = try Self.read(
            [#""type": "message", "from": "News", "from_id": "channel9", "author": "Ana Lima", "text": "Out now""#],
            type: "public_channel")
        #expect(result.conversations[0].messages[0].text == "Out now\n\n— *Ana Lima*")
    }

    @Test("A private group is a group: with --me, the other author keeps their name above the chain")
    func privateGroupNamesSenders() throws {
        let text = Self.chat([
            #""type": "message", "from": "Ana", "from_id": "user1", "text": "hi""#,
            #""type": "message", "from": "Ben", "from_id": "user2", "text": "hello""#,
        ])
        var transcript = try ImportTesting.transcript(text, name: "result.json", format: .telegram)
        #expect(transcript.isGroup)
        transcript.me = "user1"
        let layout = try LayoutEngine.layout(transcript)
        let ben = try #require(layout.days.flatMap(\.chains).first { $0.sender == "user2" })
        #expect(ben.showName)
    }

    @Test("The real export's private supergroup is a group, and a personal chat is not")
    func fixtureGroups() throws {
        let shared = try #require(Fixtures.shared)
        let result = try Readers.read(
            try ChatInput.load(shared.appendingPathComponent("telegram/telegram-export-md/result.json").path))
        #expect(result.conversations.first { $0.id == "42" }?.isGroup == true)
        let personal = try Readers.read(
            try ChatInput.load(shared.appendingPathComponent("telegram/tg-parser/personal_chat.json").path))
        #expect(personal.conversations[0].isGroup == false)
    }

    @Test("Service actions read as Telegram words them, not by their raw names")
    func serviceActions() throws {
        let lines: [(String, String)] = [
            (#""action": "set_messages_ttl", "period": 86400"#, "Ana set messages to auto-delete after 1 day"),
            (#""action": "set_messages_ttl", "period": 604800"#, "Ana set messages to auto-delete after 1 week"),
            (#""action": "set_messages_ttl", "period": 0"#, "Ana disabled the auto-delete timer"),
            (#""action": "group_call", "duration": 600"#, "Ana started a video chat (10 min)"),
            (
                #""action": "invite_to_group_call", "members": ["Ben", null]"#,
                "Ana invited Ben and Deleted Account to the video chat"
            ),
            (#""action": "edit_chat_theme", "emoticon": "🎄""#, "Ana changed the chat theme to 🎄"),
            (#""action": "take_screenshot""#, "Ana took a screenshot"),
            (#""action": "send_payment", "amount": 1250, "currency": "USD""#, "Ana sent a payment of 12.50 USD"),
            (#""action": "send_payment", "amount": 500, "currency": "JPY""#, "Ana sent a payment of 500 JPY"),
            (#""action": "send_premium_gift", "months": 3"#, "Ana sent a gift: Telegram Premium for 3 months"),
            (#""action": "boost_apply", "boosts": 2"#, "Ana boosted the group 2 times"),
            (
                #""action": "group_call_scheduled", "schedule_date": 1714557600"#,
                "Ana scheduled a video chat for 2024-05-01 10:00 UTC"
            ),
            (#""information_text": "Ana joined the giveaway""#, "Ana joined the giveaway"),
        ]
        let result = try Self.read(
            lines.map { #""type": "service", "actor": "Ana", "actor_id": "user1", "text": "", "# + $0.0 })
        #expect(result.conversations[0].messages.map(\.text) == lines.map { MarkdownText.escape($0.1) })
    }

    @Test("Every action Telegram Desktop exports has its own sentence")
    func everyActionWorded() throws {
        let actions = [
            "create_group", "edit_group_title", "edit_group_photo", "delete_group_photo", "invite_members",
            "remove_members", "join_group_by_link", "create_channel", "migrate_to_supergroup", "migrate_from_group",
            "pin_message", "clear_history", "score_in_game", "send_payment", "phone_call", "take_screenshot",
            "attach_menu_bot_allowed", "web_app_bot_allowed", "allow_sending_messages", "send_passport_values",
            "joined_telegram", "proximity_reached", "requested_phone_number", "group_call", "invite_to_group_call",
            "set_messages_ttl", "group_call_scheduled", "edit_chat_theme", "join_group_by_request",
            "send_webview_data", "send_premium_gift", "topic_created", "topic_edit", "suggest_profile_photo",
            "requested_peer", "gift_code_prize", "giveaway_launch", "giveaway_results", "set_chat_wallpaper",
            "set_same_chat_wallpaper", "boost_apply", "refunded_payment", "send_stars_gift", "stars_prize",
            "send_star_gift",
        ]
        let result = try Self.read(
            actions.map { #""type": "service", "actor": "Ana", "actor_id": "user1", "text": "", "action": "\#($0)""# })
        for (action, message) in zip(actions, result.conversations[0].messages) {
            let raw = action.split(separator: "_").joined(separator: " ")
            #expect(
                !message.text.contains(raw) && !message.text.contains("did something"), "\(action): \(message.text)")
        }
    }

    @Test("A link entity without a scheme (example.com) is linked, whether written link or url")
    func schemelessLinks() throws {
        let result = try Self.read([
            #""type": "message", "from": "Ana", "from_id": "user1", "text": "", "text_entities": [{"type": "link", "text": "example.com"}, {"type": "plain", "text": " and "}, {"type": "url", "text": "www.example.org/a"}]"#
        ])
        #expect(
            result.conversations[0].messages[0].text
                == "[example.com](https://example.com) and [www.example.org/a](https://www.example.org/a)")
    }

    @Test("A full export's note says each chat is known by its id, else by its name")
    func severalChatsNote() throws {
        let shared = try #require(Fixtures.shared)
        let result = try Readers.read(
            try ChatInput.load(shared.appendingPathComponent("telegram/telegram-export-md/result.json").path))
        #expect(
            result.report.inferences.contains(
                "2 chats read; each is a conversation, known by its id, else by its name"))
    }
}
