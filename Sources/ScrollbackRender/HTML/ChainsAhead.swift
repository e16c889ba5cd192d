import ScrollbackLayout
import ScrollbackModel

/// A page's chains written on the other cores, ahead of the page writer.
///
/// Every chain of every day is numbered in page order and cut into batches of about
/// `Batches.bubbles` bubbles. When the page writer first reaches a day's `{{#chains}}` section, the
/// workers start writing batches with that section's template, each with a render session of its
/// own; the writer then takes each chain's bytes as it reaches it (`OrderedBatches`), bodies, Markdown
/// and media included. A chain is only answered for the page's own shape — the chains of a day
/// directly inside the page's days, with the section the workers were given, in page order — so a
/// template that repeats, skips or wraps them gets its chains rendered in place: the page is the
/// same bytes either way.
final class ChainsAhead: MustacheAhead, @unchecked Sendable {
    /// Pages with fewer messages than this are written on one thread.
    static let minimumMessages = 1024
    /// How far past the expected chain the writer may skip.
    static let resyncDistance = 16

    private let layout: TranscriptLayout
    private let library: MustacheLibrary
    private let stylesheet: String
    private let cores: Int
    /// Each chain's day and place in it, in page order.
    private let chains: [(day: Int, chain: Int)]
    /// Where each day's chains start in `chains`.
    let dayStarts: [Int]
    /// Consecutive chains, by number.
    private let batches: [Range<Int>]
    // Used by the writer only:
    /// The chain section the workers were given, once the writer has reached one.
    private var section: [MustacheTemplate.Node]?
    private var work: OrderedBatches<Void, Batch>?
    private var next = 0
    private var current = Batch(number: -1, first: 0)
    /// How many chains the writer took from here.
    private(set) var answered = 0

    /// The HTML of consecutive chains, back to back, and where each one ends.
    private struct Batch: Sendable {
        var number: Int
        var first: Int
        var bytes: [UInt8] = []
        var ends: [Int] = []
    }

    /// Chains for `layout` to be written ahead on up to `cores` threads; `nil` when the page is
    /// small or there is one core.
    init?(layout: TranscriptLayout, library: MustacheLibrary, stylesheet: String, cores: Int) {
        guard cores > 1, layout.messageCount >= Self.minimumMessages else { return nil }
        var chains: [(day: Int, chain: Int)] = []
        var dayStarts: [Int] = []
        for (dayIndex, day) in layout.days.enumerated() {
            dayStarts.append(chains.count)
            for chainIndex in day.chains.indices { chains.append((dayIndex, chainIndex)) }
        }
        let batches = Batches.ranges(weights: chains.lazy.map { layout.days[$0.day].chains[$0.chain].bubbles.count })
        guard batches.count > 1 else { return nil }
        self.layout = layout
        self.library = library
        self.stylesheet = stylesheet
        self.cores = cores
        self.chains = chains
        self.dayStarts = dayStarts
        self.batches = batches
    }

    deinit { work?.cancel() }

    func write(
        _ number: Int, section nodes: [MustacheTemplate.Node], stack: [MustacheValue],
        to buffer: inout MustacheOutput
    ) -> Bool {
        guard number >= next, number < next + Self.resyncDistance, number < chains.count,
            stack.count == 2, case .object(let page) = stack[0], let page = page as? PageValues,
            case .object(let day) = stack[1], day is DayContext
        else { return false }
        if section == nil {
            section = nodes
            work = start(nodes, writer: page.session)
        }
        guard let work, let section, section == nodes else { return false }
        if !(current.first..<(current.first + current.ends.count)).contains(number) {
            var batch = current.number + 1
            while batches[batch].upperBound <= number { batch += 1 }
            current = work.output(batch)
        }
        let index = number - current.first
        let start = index == 0 ? 0 : current.ends[index - 1]
        buffer.write(current.bytes[start..<current.ends[index]])
        next = number + 1
        answered += 1
        return true
    }

    /// Starts the workers on `section`, each batch written by a session that shares what the
    /// writer's session computed once for the page (avatars) and nothing it changes.
    private func start(_ section: [MustacheTemplate.Node], writer: HTMLRenderSession) -> OrderedBatches<Void, Batch>? {
        let shared = writer.shared
        let layout = layout
        let library = library
        let stylesheet = stylesheet
        let chains = chains
        let batches = batches
        return OrderedBatches(count: batches.count, cores: cores) { number in
            let session = HTMLRenderSession(shared)
            let page = MustacheValue.object(PageValues(session: session, stylesheet: stylesheet))
            var renderer = MustacheRenderer(library: library, stack: [])
            var output = MustacheOutput()
            var batch = Batch(number: number, first: batches[number].lowerBound)
            batch.ends.reserveCapacity(batches[number].count)
            for (day, chain) in chains[batches[number]] {
                let dayLayout = layout.days[day]
                renderer.stack = [
                    page, .object(DayContext(day: dayLayout, index: day, session: session)),
                    .object(ChainContext(chain: dayLayout.chains[chain], session: session)),
                ]
                renderer.render(section, to: &output) { _ in }
                batch.ends.append(output.bytes.count)
            }
            batch.bytes = output.bytes
            return batch
        }
    }
}
