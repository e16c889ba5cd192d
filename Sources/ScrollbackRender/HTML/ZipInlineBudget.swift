import ScrollbackModel

/// How much of an export's zip one self-contained page carries. Every time the page shows a
/// member it carries the member's bytes again, so the uses are counted: one member's uses
/// together may come to at most the inline limit (8 MiB), and all members' to at most the
/// archive's `copyLimit` (64 MiB and eight times the zip's size), taken in the order the page
/// first shows them. A member past either is left out of the page wherever it is named.
///
/// A pure function of the references in page order, so a page whose chains are written on
/// several cores leaves out the same members on every run.
struct ZipInlineBudget {
    /// A member left out, and why.
    struct Refusal: Equatable {
        /// The member, as attachments name it.
        var member: String
        /// How many times the page names it.
        var uses: Int
        /// Left out because the page's bytes from the zip would pass `copyLimit` (else the member's
        /// own uses pass the inline limit).
        var pageWide: Bool
    }

    /// The members of `archive` that `uses` (references in page order, repeats kept) leave out,
    /// in the order of their first use; `size` gives a member's size (`nil` when it is not inlined).
    static func refusals(_ uses: [String], archive: MediaArchive, memberLimit: Int, size: (String) -> Int?)
        -> [Refusal]
    {
        var counts: [String: Int] = [:]
        var order: [String] = []
        for use in uses where archive.contains(use) {
            if counts[use] == nil { order.append(use) }
            counts[use, default: 0] += 1
        }
        var refused: [Refusal] = []
        var carried = 0
        for member in order {
            guard let size = size(member), let uses = counts[member] else { continue }
            let total = size.multipliedReportingOverflow(by: uses)
            if total.overflow || total.partialValue > memberLimit {
                refused.append(Refusal(member: member, uses: uses, pageWide: false))
            } else if carried + total.partialValue > archive.copyLimit {
                refused.append(Refusal(member: member, uses: uses, pageWide: true))
            } else {
                carried += total.partialValue
            }
        }
        return refused
    }

    /// The sentence a refused member gets, after `NAME: `.
    static func note(_ refusal: Refusal, memberLimit: Int, archive: MediaArchive) -> String {
        let times = refusal.uses == 1 ? "once" : "\(refusal.uses) times"
        let limit =
            refusal.pageWide
            ? "more than \(archive.copyLimit >> 20) MiB out of the zip in all (64 MiB and 8 times the zip's size)"
            : "more than \(memberLimit >> 20) MiB of it (it is shown \(times))"
        return "attachment '\(refusal.member)' was left out of the page: with it, the page would carry " + limit + "."
    }

    /// References in the order a page of `transcript` shows them: the avatars, then the visible
    /// messages' attachments by time (stably, as layout orders them).
    static func uses(_ transcript: Transcript) -> [String] {
        var uses = transcript.participants.compactMap(\.avatar)
        let visible = transcript.messages.indices.filter { !transcript.messages[$0].hidden }
        let order = visible.sorted { (transcript.messages[$0].time, $0) < (transcript.messages[$1].time, $1) }
        for index in order {
            for attachment in transcript.messages[index].attachments where !attachment.omitted {
                if let reference = attachment.path ?? attachment.url { uses.append(reference) }
            }
        }
        return uses
    }
}
