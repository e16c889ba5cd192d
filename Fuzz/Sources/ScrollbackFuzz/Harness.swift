import Foundation
import Scrollback

/// One fuzz target: a name (`FUZZ_TARGET`) and what it does with the fuzzer's bytes.
///
/// Every harness runs the whole pipeline it can reach: read, lay out, and render in
/// every output format, so a reader bug and a renderer bug on odd values both surface.
/// Errors thrown are expected outcomes; crashes, traps, hangs and sanitizer reports are not.
struct Harness: Sendable {
    var name: String
    var run: @Sendable ([UInt8]) -> Void

    /// A harness that reads the bytes as `format` (`nil`: detected) and renders what it read.
    static func reader(_ name: String, _ format: InputFormat?) -> Harness {
        Harness(name: name) { bytes in
            let input = ChatInput(name: "fuzz", bytes: bytes)
            guard let result = try? Readers.read(input, format: format) else { return }
            for transcript in result.conversations.prefix(4) { Pipeline.renderAll(transcript) }
        }
    }

    /// Markdown text: a message, title and name with that text in every format.
    static let markdown = Harness(name: "markdown") { bytes in
        // The Markdown parser is reached through rendering (`MarkdownDocument` is not public).
        let text = String(decoding: bytes, as: UTF8.self)
        let time = Timestamp(rfc3339: "2026-11-28T09:14:00Z")!
        let transcript = Transcript(
            title: text, me: "ana",
            participants: [Participant(id: "ana", name: "Ana"), Participant(id: "ben", name: text)],
            messages: [
                Message(id: "m1", sender: "ben", time: time, text: text),
                Message(id: "m2", sender: "ana", time: time, text: text, format: .plain, replyTo: "m1"),
            ])
        Pipeline.renderAll(transcript)
    }

    /// Numbers: the first byte picks a format's template (`NumberTemplate`), the rest, split at
    /// zero bytes, fills its slots in order: a piece of one byte names an edge value, a longer
    /// one is written as it is (digits, signs, exponents the mutator makes); slots left over keep
    /// their sample values. Then read, lay out and render, as every reader harness does.
    static let numbers = Harness(name: "numbers") { bytes in
        guard let first = bytes.first else { return }
        let template = NumberTemplate.all[Int(first) % NumberTemplate.all.count]
        let pieces = bytes.dropFirst().split(separator: 0, omittingEmptySubsequences: false)
        let text = template.filled { slot in
            guard slot < pieces.count else { return template.defaults[slot] }
            let piece = pieces[slot]
            if piece.isEmpty { return template.defaults[slot] }
            if piece.count == 1 {
                return NumberTemplate.edgeValues[Int(piece.first!) % NumberTemplate.edgeValues.count]
            }
            return String(decoding: piece, as: UTF8.self)
        }
        let input = ChatInput(name: template.name, bytes: Array(text.utf8))
        guard let result = try? Readers.read(input, format: template.format) else { return }
        for transcript in result.conversations.prefix(4) { Pipeline.renderAll(transcript) }
    }

    /// A zip export: detected, then read as a WhatsApp and as a Slack export (the zip's directory,
    /// its members decompressed up to the limits, encrypted and damaged archives), and what is read
    /// rendered.
    static let zip = Harness(name: "zip") { bytes in
        let input = ChatInput(name: "fuzz.zip", bytes: bytes)
        _ = try? Readers.detect(input)
        for format in [InputFormat.whatsapp, .slack] {
            guard let result = try? Readers.read(input, format: format) else { continue }
            for transcript in result.conversations.prefix(2) { Pipeline.renderAll(transcript) }
        }
    }

    /// Every harness, by name.
    static let all: [Harness] = [
        .reader("auto", nil),
        .reader("scrollback", .scrollback),
        .reader("jsonl", .jsonl),
        .reader("markdown-log", .markdown),
        .reader("telegram", .telegram),
        .reader("whatsapp", .whatsapp),
        .reader("slack", .slack),
        .reader("discord", .discord),
        .reader("chatgpt", .chatgpt),
        .reader("messenger", .messenger),
        .reader("claude-code", .claudeCode),
        .markdown,
        .numbers,
        .zip,
    ]

    /// The harness `FUZZ_TARGET` names; the process stops with a list of names when it names none.
    static let selected: Harness = {
        let wanted = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
        if let harness = all.first(where: { $0.name == wanted }) { return harness }
        FileHandle.standardError.write(
            Data("FUZZ_TARGET must be one of: \(all.map(\.name).joined(separator: " "))\n".utf8))
        exit(2)
    }()
}
