import ScrollbackModel

/// Joins several exports of the same conversations into one history each.
///
/// Conversations are matched by the export's own conversation id, else by title and
/// participants, unless the caller knows they are all one conversation (one output file, or
/// exports that each hold one chat).
package enum ArchiveMerger {
    /// One merged conversation.
    package struct Result: Sendable {
        /// The history.
        package var transcript: Transcript
        /// What the merge did.
        package var report: ConversationMergeReport
        /// The archive file it was merged into, if one held it.
        package var archiveName: String?
    }

    /// Merges `sources`: the conversations of every input, archives (earlier merges) included.
    /// With `asOne`, every source is the same conversation.
    package static func merge(_ sources: consuming [MergeSource], asOne: Bool) throws -> [Result] {
        var grouped = asOne ? (sources.isEmpty ? [] : [sources]) : groups(sources)
        sources = []
        var results: [Result] = []
        for index in grouped.indices {
            let group = grouped[index]
            grouped[index] = []  // each conversation's exports are let go as it is merged
            let archive = group.first { $0.isArchive }?.name
            let (transcript, report) = try ConversationMerger.merge(group)
            results.append(Result(transcript: transcript, report: report, archiveName: archive))
        }
        return results
    }

    /// Which sources are one conversation, in the order the first of each appears.
    static func groups(_ sources: [MergeSource]) -> [[MergeSource]] {
        let exports = sources.filter { !$0.isArchive }
        let archives = sources.filter(\.isArchive)
        var groups: [[MergeSource]] = []
        for source in archives + exports {
            if let index = groups.firstIndex(where: { group in group.contains { same($0, source) } }) {
                groups[index].append(source)
            } else {
                groups.append([source])
            }
        }
        return groups
    }

    /// Whether two sources are the same conversation: the same id, or the same title and people.
    static func same(_ a: MergeSource, _ b: MergeSource) -> Bool {
        let (left, right) = (a.summary, b.summary)
        if let id = left.id, let other = right.id { return id == other }
        let people = left.people
        let others = right.people
        if let title = left.title, let other = right.title, title == other { return !people.isDisjoint(with: others) }
        return people == others && !people.isEmpty
    }
}
