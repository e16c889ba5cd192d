import Foundation
import Scrollback
import ScrollbackServe

/// Follows a JSON Lines input for `serve`: each batch of lines becomes one update of the page.
///
/// A bad line that arrives while serving is reported (`FILE:LINE:COLUMN: …`) and left out; the
/// page keeps what the good lines made. While no line arrives, stream time runs on with the wall
/// clock, so a typing bubble whose sender went quiet ends after ten seconds.
struct ServeFollower {
    let source: FollowSource
    var conversation: LiveConversation
    let channel: LiveChannel
    let console: Console

    mutating func run() {
        var restarted = false
        source.onRestart = { restarted = true }
        while let lines = source.nextLines(within: 0.25) {
            if restarted {
                restarted = false
                publish { try $0.restart() }
            }
            if lines.isEmpty {
                if !conversation.typing.senders.isEmpty { publish { try $0.expireQuietTyping() } }
                continue
            }
            publish { try $0.apply(lines) }
        }
    }

    private mutating func publish(_ step: (inout LiveConversation) throws -> LiveChange) {
        var change = LiveChange()
        do {
            change = try step(&conversation)
        } catch let failure as LiveBatchError {
            for error in failure.errors { console.error(String(describing: error)) }
            change = failure.change
        } catch {
            console.error(String(describing: error))
        }
        channel.publish(change, document: conversation.document)
    }
}
