import Foundation
import Scrollback
import Testing

/// Random histories, exported several times (overlapping windows, messages deleted and edited
/// between exports) in the shapes real apps write, then merged.
@Suite("Merging exports: properties")
struct MergePropertyTests {
    enum Shape: String, CaseIterable, CustomTestStringConvertible {
        case native, whatsapp, telegram
        var testDescription: String { rawValue }
    }

    static let cases: [(Shape, Int)] = Shape.allCases.flatMap { shape in (0..<40).map { (shape, $0) } }

    @Test("Every message is kept once, deleted ones are marked, and any order gives the same bytes", arguments: cases)
    func mergeProperties(shape: Shape, seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed + 1) &* 104_729 &+ UInt64(shape.rawValue.count))
        let history = History.make(using: &random)
        let exports = try (0..<history.exports).map { stage in
            try MergeSource(name: "export-\(stage)", transcript: history.read(stage: stage, shape: shape))
        }
        let merged = try merge(exports)
        let transcript = try ArchiveTesting.read(merged)
        // Every message any export held is there exactly once, with the newest text an export showed.
        let expected = history.expectedMessages(shape: shape)
        let names = Dictionary(transcript.participants.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        func key(_ message: Message) -> Key {
            Key(
                sender: message.sender.map { names[$0] ?? $0 } ?? "", minute: message.time.seconds / 60,
                text: message.text)
        }
        let found = transcript.messages.map(key)
        #expect(found.sorted() == expected.map(\.key).sorted())
        // Messages the newest export covering their time lacks are kept and marked; the others are not marked.
        let marked = transcript.messages.filter(\.missingFromLatestExport).map(key)
        #expect(marked.sorted() == expected.filter(\.missing).map(\.key).sorted())
        // An edit keeps the earlier text when an export showed it.
        for item in expected where item.earlier != nil {
            let message = transcript.messages.first { $0.text == item.key.text }
            #expect(message?.revisions.map(\.text) == [item.earlier!])
        }

        // Any order of the same exports gives the same bytes.
        var shuffled = exports
        shuffled.shuffle(using: &random)
        #expect(try merge(shuffled) == merged)
        // Merging the same exports into the result changes no byte.
        let archive = MergeSource(name: "archive.jsonl", transcript: transcript, isArchive: true)
        #expect(try merge([archive] + shuffled) == merged)
        // Merging month by month (each export into the archive so far) gives the same history.
        var rolling: String?
        for export in exports {
            let sources =
                try
                (rolling.map { [MergeSource(name: "a", transcript: try ArchiveTesting.read($0), isArchive: true)] }
                ?? []) + [export]
            rolling = try merge(sources)
        }
        #expect(rolling == merged)
    }

    @Test(
        "Exports read message by message (native log and JSON Lines) merge to the bytes of exports read whole",
        arguments: 0..<40)
    func streamedSources(seed: Int) throws {
        var random = SeededRandom(seed: UInt64(seed + 1) &* 7_919)
        let history = History.make(using: &random)
        // Every other export as a native log (one JSON document) whose messages have no ids (so
        // they get ids from their positions), the rest as JSON Lines.
        let inputs = (0..<history.exports).map { stage in
            var lines = history.nativeLines(stage: stage)
            guard stage % 2 == 1 else {
                return ChatInput(name: "export-\(stage).jsonl", bytes: Array(lines.joined(separator: "\n").utf8))
            }
            lines = lines.map {
                $0.replacingOccurrences(of: #""id":"x[0-9]+","#, with: "", options: .regularExpression)
            }
            let document =
                "{\"version\":1,\"title\":\"Trip\",\"messages\":[" + lines.dropFirst().joined(separator: ",\n") + "]}"
            return ChatInput(name: "export-\(stage).json", bytes: Array(document.utf8))
        }
        let held = try inputs.map { input in
            MergeSource(name: input.name, transcript: try Readers.read(input).conversations[0])
        }
        let streamed = try inputs.map { try Self.streamed($0) }
        let merged = try merge(held)
        #expect(try merge(streamed) == merged)
        #expect(try merge(streamed.reversed()) == merged)
        // The archive read message by message too: merging again changes no byte.
        let archive = try Self.streamed(ChatInput(name: "archive.jsonl", bytes: Array(merged.utf8)), isArchive: true)
        #expect(try merge([archive] + streamed) == merged)
    }

    /// A source read message by message from `input`.
    private static func streamed(_ input: ChatInput, isArchive: Bool = false) throws -> MergeSource {
        try MergeSource(
            name: input.name, isArchive: isArchive,
            reading: { each in try #require(try MessageStream.read(input, each: each)).conversations[0] },
            again: { each in try MessageStream.read(input, reporting: false, each: each)!.conversations[0] })
    }

    private func merge(_ sources: [MergeSource]) throws -> String {
        let results = try ArchiveMerger.merge(sources, asOne: true)
        return results.first.map { NativeLogWriter.string($0.transcript) } ?? ""
    }
}

/// A message as the test identifies it: sender, minute and text.
struct Key: Hashable, Comparable {
    var sender: String
    var minute: Int64
    var text: String
    static func < (a: Key, b: Key) -> Bool { (a.sender, a.minute, a.text) < (b.sender, b.minute, b.text) }
}

/// A chat's true history and when each message was edited or deleted.
struct History {
    struct Item {
        var sender: String
        var time: Int64
        var text: String
        /// The export from which on the message shows `editedText`.
        var editedAt: Int?
        var editedText: String
        /// The export from which on the message is gone.
        var deletedAt: Int?
    }

    var items: [Item]
    var exports: Int
    /// Each export's window of items (first and last index).
    var windows: [ClosedRange<Int>]

    static let senders = ["Ana Lima", "Ben Okafor", "Chen"]

    static func make(using random: inout SeededRandom) -> History {
        let count = Int.random(in: 12...50, using: &random)
        let exports = Int.random(in: 2...4, using: &random)
        var time: Int64 = 1_709_283_600  // 2024-03-01T09:00:00Z
        var items: [Item] = []
        for index in 0..<count {
            // Some messages share a minute (and a few their text: "ok" twice in one minute is real).
            time +=
                Int64.random(in: 0..<4, using: &random) == 0
                ? Int64.random(in: 0...20, using: &random) : Int64.random(in: 61...7200, using: &random)
            let repeated = index > 0 && Int.random(in: 0..<8, using: &random) == 0
            let sender = repeated ? items[index - 1].sender : History.senders.randomElement(using: &random)!
            let text =
                repeated
                ? items[index - 1].text
                : "message \(index) " + ["hi", "see you", "ok 👍"].randomElement(using: &random)!
            var item = Item(
                sender: sender, time: repeated ? items[index - 1].time : time, text: text, editedAt: nil,
                editedText: "edited \(index)", deletedAt: nil)
            // Which of two equal messages in one minute was edited cannot be told without ids: not generated.
            if !repeated && Int.random(in: 0..<6, using: &random) == 0 {
                item.editedAt = Int.random(in: 1..<exports + 1, using: &random)
            }
            if repeated { items[index - 1].editedAt = nil }
            if Int.random(in: 0..<6, using: &random) == 0 {
                item.deletedAt = Int.random(in: 1..<exports + 1, using: &random)
            }
            items.append(item)
        }
        // Overlapping windows that move forward: each export starts before the last one ended.
        var windows: [ClosedRange<Int>] = []
        for stage in 0..<exports {
            let end =
                stage == exports - 1
                ? count - 1 : min(count - 1, (stage + 1) * count / exports + Int.random(in: 0...3, using: &random))
            let start = stage == 0 ? 0 : max(0, windows[stage - 1].upperBound - Int.random(in: 1...6, using: &random))
            // A window never splits a run of equal messages (an export cannot hold half of "ok", "ok").
            var (low, high) = (start, max(start, end))
            while low > 0 && items[low].time == items[low - 1].time && items[low].text == items[low - 1].text {
                low -= 1
            }
            while high < count - 1 && items[high + 1].time == items[high].time
                && items[high + 1].text == items[high].text
            {
                high += 1
            }
            windows.append(low...high)
        }
        return History(items: items, exports: exports, windows: windows)
    }

    /// The items export `stage` holds, with the text it shows.
    func held(stage: Int) -> [(index: Int, item: Item, text: String, edited: Bool)] {
        windows[stage].compactMap { index in
            let item = items[index]
            if let deleted = item.deletedAt, deleted <= stage { return nil }
            let edited = item.editedAt.map { $0 <= stage } ?? false
            return (index, item, edited ? item.editedText : item.text, edited)
        }
    }

    /// What a merge of every export should hold: each item any export held, its newest text,
    /// whether it is missing from the newest export covering its minute, and its earlier text.
    func expectedMessages(shape: MergePropertyTests.Shape) -> [(key: Key, missing: Bool, earlier: String?)] {
        var result: [(Key, Bool, String?)] = []
        let held = (0..<exports).map { self.held(stage: $0) }
        let spans = held.map { list in
            list.isEmpty ? nil : (list.map { $0.item.time / 60 }.min()!...list.map { $0.item.time / 60 }.max()!)
        }
        for index in items.indices {
            let stages = (0..<exports).filter { stage in held[stage].contains { $0.index == index } }
            guard let last = stages.last else { continue }
            let texts = stages.map { stage in held[stage].first { $0.index == index }!.text }
            let minute = items[index].time / 60
            let newestCovering = (0..<exports).last { spans[$0]?.contains(minute) ?? false }!
            let key = Key(sender: items[index].sender, minute: minute, text: texts.last!)
            let earlier = texts.first != texts.last ? texts.first : nil
            _ = last
            result.append((key, newestCovering != stages.last!, earlier))
        }
        return result
    }

    /// Export `stage` in `shape`, read as Scrollback reads it.
    func read(stage: Int, shape: MergePropertyTests.Shape) throws -> Transcript {
        let list = held(stage: stage)
        switch shape {
        case .native:
            return try Transcript.load(
                bytes: Array(nativeLines(stage: stage).joined(separator: "\n").utf8), name: "e.jsonl", format: .jsonl)
        case .whatsapp:
            let lines = list.map { entry -> String in
                let time = Timestamp(seconds: entry.item.time).description  // 2024-03-01T09:00:00Z
                let date = time.prefix(10)
                let clock = time.dropFirst(11).prefix(5)
                return "\(date), \(clock) - \(entry.item.sender): \(entry.text)"
                    + (entry.edited ? " <This message was edited>" : "")
            }
            return try Transcript.load(
                bytes: Array(lines.joined(separator: "\n").utf8), name: "e.txt", format: .whatsapp)
        case .telegram:
            let messages = list.map { entry -> String in
                let local = String(Timestamp(seconds: entry.item.time).description.dropLast())
                var json = "{\"id\": \(entry.index + 1), \"type\": \"message\", \"date\": \"\(local)\", "
                json += "\"date_unixtime\": \"\(entry.item.time)\", \"from\": \(quote(entry.item.sender)), "
                json +=
                    "\"from_id\": \"user\(History.senders.firstIndex(of: entry.item.sender)! + 1)\", \"text\": \(quote(entry.text))"
                if entry.edited {
                    json +=
                        ", \"edited\": \"\(String(Timestamp(seconds: entry.item.time + 30).description.dropLast()))\", "
                    json += "\"edited_unixtime\": \"\(entry.item.time + 30)\""
                }
                return json + "}"
            }
            let text =
                "{\"name\": \"Trip\", \"type\": \"private_group\", \"id\": 77, \"messages\": [\(messages.joined(separator: ",\n"))]}"
            return try Transcript.load(bytes: Array(text.utf8), name: "result.json", format: .telegram)
        }
    }

    /// Export `stage` as native JSON Lines: a conversation line, then a line per message.
    func nativeLines(stage: Int) -> [String] {
        var lines = ["{\"type\":\"conversation\",\"title\":\"Trip\"}"]
        for entry in held(stage: stage) {
            var line = "{\"id\":\"x\(entry.index)\",\"sender\":\(quote(entry.item.sender)),"
            line += "\"time\":\"\(Timestamp(seconds: entry.item.time).description)\",\"text\":\(quote(entry.text))"
            if entry.edited { line += ",\"edited\":\"\(Timestamp(seconds: entry.item.time + 30).description)\"" }
            lines.append(line + "}")
        }
        return lines
    }

    private func quote(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
