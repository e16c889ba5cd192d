import Foundation
import ScrollbackLayout
import ScrollbackMarkdown
import ScrollbackModel

/// A page's message bodies turned into HTML ahead of the page writer, on the other cores.
///
/// Only bodies that need Markdown parsing go through it: a plain body is only escaped, which costs
/// the page writer less than taking it from another thread.
///
/// The page writer asks for bodies in page order; worker threads render them in batches a few
/// batches ahead, and the writer renders a batch itself when no worker has finished it, so it
/// never waits for a worker. Only a bounded window of finished batches is held.
/// A body asked for out of order (a template that skips or repeats bodies) is not answered, and
/// the writer renders it as before: the bytes are the same either way.
///
/// cmark-gfm's one step that touches process-wide state (the inline pass) is serialised inside
/// `MarkdownDocument.parse`; block parsing, the Swift tree and the HTML run here in parallel.
final class MarkdownBodyPipeline: @unchecked Sendable {
    /// Bodies per batch: enough to make the hand-over rare, few enough to start at once.
    static let batchSize = 128
    /// Pages with fewer Markdown bodies than this are written as before, on one thread.
    static let minimumBodies = 512
    /// How far past the expected body the writer looks for the one it is asked for.
    static let resyncDistance = 16

    private let messages: [Message]
    private let media: MediaResolver
    private let batchCount: Int
    /// Finished batches the workers may run ahead of the writer.
    private let window: Int
    private let condition = NSCondition()
    // Guarded by `condition`:
    private var claimed = 0
    private var released = 0
    private var finished: [Int: Batch] = [:]
    private var cancelled = false
    // Used by the writer only:
    private var next = 0
    private var current = Batch(number: -1)

    /// The HTML of consecutive bodies, back to back, and where each one ends.
    private struct Batch {
        var number: Int
        var bytes: [UInt8] = []
        var ends: [Int] = []
    }

    /// The cores a page may use for its bodies now: the machine's, less those other programs keep
    /// busy at this moment (Linux's count of runnable threads, which includes this one), and at
    /// least one. On a machine with no free core a worker only adds its own cost: measured on two
    /// busy cores, a page with one took 12% more CPU and more wall time than one without. The
    /// page is the same either way.
    static func freeCores() -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return cores }
        // "0.52 0.58 0.59 3/1057 12345": the fourth field is runnable/all.
        let fields = text.split(separator: " ")
        guard fields.count >= 4, let runnable = fields[3].split(separator: "/").first.flatMap({ Int($0) }) else {
            return cores
        }
        return max(1, min(cores, cores - (runnable - 1)))
    }

    /// A started pipeline for `layout`'s Markdown bodies; `nil` when the page has few of them or
    /// there is one core.
    init?(layout: TranscriptLayout, media: MediaResolver, cores: Int) {
        guard cores > 1, layout.messageCount >= Self.minimumBodies else { return nil }
        var messages: [Message] = []
        messages.reserveCapacity(layout.messageCount)
        for day in layout.days {
            for chain in day.chains {
                // The message template writes no body for a deleted message, and a system line's
                // words inline (`writeInlineBody`).
                for bubble in chain.bubbles where !bubble.message.deleted && bubble.message.kind != .system {
                    let message = bubble.message
                    // Plain bodies are written by the page writer itself (`writeBody`).
                    guard message.format != .plain && !MarkdownDocument.isPlainText(message.text) else { continue }
                    messages.append(message)
                }
            }
        }
        guard messages.count >= Self.minimumBodies else { return nil }
        self.messages = messages
        self.media = media
        batchCount = (messages.count + Self.batchSize - 1) / Self.batchSize
        let workers = min(cores - 1, batchCount)
        window = 2 * workers + 2
        // Threads of their own, not blocks on a global queue: a worker waiting for the writer
        // must not take a slot from the site's own parallel work on that queue.
        for _ in 0..<workers {
            Thread { self.work() }.start()
        }
    }

    /// Appends `message`'s body to `output` when it is the next body in page order (or a few
    /// bodies later); returns `false`, writing nothing, otherwise.
    func write(_ message: Message, to output: inout [UInt8]) -> Bool {
        guard let position = position(of: message) else { return false }
        let batch = position / Self.batchSize
        if current.number != batch { current = self.batch(batch) }
        let index = position - batch * Self.batchSize
        let start = index == 0 ? 0 : current.ends[index - 1]
        output.append(contentsOf: current.bytes[start..<current.ends[index]])
        next = position + 1
        return true
    }

    /// Stops the workers; bodies not yet written are dropped.
    func cancel() {
        condition.lock()
        cancelled = true
        finished = [:]
        condition.broadcast()
        condition.unlock()
    }

    /// Where `message` is among the next few bodies. A body depends only on the text and its
    /// format, so those must match too: ids can repeat in a log.
    private func position(of message: Message) -> Int? {
        let end = min(next + Self.resyncDistance, messages.count)
        var position = next
        while position < end {
            let candidate = messages[position]
            if candidate.id == message.id && candidate.format == message.format && candidate.text == message.text {
                return position
            }
            position += 1
        }
        return nil
    }

    /// Batch `number`: a worker's when it is finished, else rendered here. The writer never waits
    /// for a worker, so a worker the scheduler has put aside (on a busy machine) cannot stall the
    /// page; the worker's copy of a batch the writer has passed is dropped.
    private func batch(_ number: Int) -> Batch {
        condition.lock()
        released = number
        for old in finished.keys where old < number { finished[old] = nil }
        condition.broadcast()
        if let batch = finished.removeValue(forKey: number) {
            condition.unlock()
            return batch
        }
        claimed = max(claimed, number + 1)
        condition.unlock()
        return render(number)
    }

    private func work() {
        while true {
            condition.lock()
            while !cancelled && claimed < batchCount && claimed >= released + window { condition.wait() }
            if cancelled || claimed >= batchCount {
                condition.unlock()
                return
            }
            let number = claimed
            claimed += 1
            condition.unlock()
            let batch = render(number)
            condition.lock()
            if !cancelled && number > released { finished[number] = batch }
            condition.broadcast()
            condition.unlock()
        }
    }

    private func render(_ number: Int) -> Batch {
        var markdown = MarkdownHTML(media: media)
        let start = number * Self.batchSize
        let end = min(start + Self.batchSize, messages.count)
        var batch = Batch(number: number)
        batch.ends.reserveCapacity(end - start)
        for message in messages[start..<end] {
            HTMLRenderSession.writeBody(message, markdown: &markdown, to: &batch.bytes)
            batch.ends.append(batch.bytes.count)
        }
        return batch
    }
}
