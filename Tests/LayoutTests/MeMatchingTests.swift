import ScrollbackLayout
import ScrollbackModel
import ScrollbackReaders
import TestSupport
import Testing

/// `--me` names a participant as people see them: by id, name, handle or display name.
@Suite("--me by what people see")
struct MeMatchingTests {
    static func slack() throws -> Transcript {
        let path = try #require(Fixtures.shared).appendingPathComponent("slack/slack-export-viewer/testarchive").path
        return try #require(try Readers.read(try ChatInput.load(path)).conversations.first { $0.id == "enrique" })
    }

    static func discordDM() throws -> Transcript {
        let path = try #require(Fixtures.shared).appendingPathComponent("discord/chat-analytics/DM_2A_2M.json").path
        return try Readers.read(try ChatInput.load(path)).conversations[0]
    }

    static func me(_ transcript: Transcript, _ wanted: String) throws -> String? {
        try LayoutEngine.layout(transcript, options: LayoutOptions(me: wanted)).me
    }

    @Test("A Slack person is found by id, display name, real name or handle, in any case, with an @")
    func slackNames() throws {
        let enrique = try Self.slack()
        for wanted in ["U0BMYT2FL", "abilinski", "Harry Potter", "harry potter", "@Harry Potter", "ABILINSKI"] {
            #expect(try Self.me(enrique, wanted) == "U0BMYT2FL", "\(wanted)")
        }
        #expect(try Self.me(enrique, "Hamza Faran") == "U0BMQB6JE")
    }

    @Test("A Discord person is found by nickname or account name, not only by snowflake")
    func discordNames() throws {
        let dm = try Self.discordDM()
        #expect(try Self.me(dm, "Someones nickname") == "444444444444444444")
        #expect(try Self.me(dm, "someones name") == "444444444444444444")
        #expect(try Self.me(dm, "mlomb") == "111111111111111111")
    }

    @Test("A name two participants share is an error naming both, with their ids")
    func ambiguous() throws {
        let enrique = try Self.slack()
        #expect {
            try Self.me(enrique, "github")
        } throws: { error in
            let text = String(describing: error)
            return text.contains("--me \"github\" matches 2 participants")
                && text.contains("\"github\" (B0JL6RASU)") && text.contains("\"github\" (B0VJZKVHC)")
        }
        // Its id still picks one.
        #expect(try Self.me(enrique, "B0VJZKVHC") == "B0VJZKVHC")
    }

    @Test("A name no one has is an error listing names, ids and the other names to choose from")
    func noMatch() throws {
        #expect {
            try Self.me(try Self.slack(), "nobody")
        } throws: { error in
            String(describing: error).contains("\"abilinski\" (U0BMYT2FL, Harry Potter)")
        }
    }
}
