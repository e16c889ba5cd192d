import ScrollbackModel

/// The conversations of an export that holds several (ChatGPT, Claude.ai, ShareGPT), in the
/// export's order; a conversation whose id an earlier one has is given its number after it
/// (`abc-3`), so that every id stays one conversation's.
struct ExportConversations {
    /// The conversations kept so far.
    private(set) var all: [Transcript] = []
    private var used = Set<String>()

    /// The number of the next conversation kept, from 1: what errors and repeated ids call it.
    var number: Int { all.count + 1 }

    /// The note that the next conversation, `value` in `bytes`, is left out for want of `member`.
    func skipped(_ value: JSONValue, lacking member: String, file: String, bytes: InputBytes) -> ImportReport.Note {
        ImportReport.Note(
            location: ImportJSON.location(file: file, bytes: bytes, offset: value.offset),
            text: "conversation \(number) has no \"\(member)\"")
    }

    /// Keeps `transcript` after the others, its id made unique.
    mutating func append(_ transcript: Transcript) {
        var transcript = transcript
        if let id = transcript.id, used.contains(id) { transcript.id = id + "-\(number)" }
        used.insert(transcript.id ?? "")
        all.append(transcript)
    }
}
