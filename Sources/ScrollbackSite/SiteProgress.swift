import Foundation
import Synchronization

/// How far a build is, for a progress bar.
public struct SiteBuildStatus: Sendable, Hashable {
    /// Pages rendered so far.
    public var pagesRendered = 0
    /// Pages kept from the last build without rendering.
    public var pagesKept = 0
    /// Messages on the pages rendered or kept.
    public var messages = 0
    /// Bytes of input read so far, and in all (for the time left).
    public var inputBytesDone = 0
    public var inputBytesTotal = 0

    /// Nothing done yet.
    public init() {}
}

/// Counts work from the parallel page renders and passes snapshots to the caller's closure.
final class SiteProgress: Sendable {
    private let status: Mutex<SiteBuildStatus>
    private let report: (@Sendable (SiteBuildStatus) -> Void)?

    init(total: Int, report: (@Sendable (SiteBuildStatus) -> Void)?) {
        var start = SiteBuildStatus()
        start.inputBytesTotal = total
        status = Mutex(start)
        self.report = report
    }

    func pageDone(_ messages: Int) {
        update {
            $0.pagesRendered += 1
            $0.messages += messages
        }
    }

    func pagesKept(_ count: Int, messages: Int) {
        update {
            $0.pagesKept += count
            $0.messages += messages
        }
    }

    func inputDone(_ bytes: Int) { update { $0.inputBytesDone += bytes } }

    var current: SiteBuildStatus { status.withLock { $0 } }

    private func update(_ change: (inout SiteBuildStatus) -> Void) {
        let snapshot = status.withLock { status in
            change(&status)
            return status
        }
        report?(snapshot)
    }
}
