import Foundation

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
final class SiteProgress: @unchecked Sendable {
    private let lock = NSLock()
    private var status = SiteBuildStatus()
    private let report: (@Sendable (SiteBuildStatus) -> Void)?

    init(total: Int, report: (@Sendable (SiteBuildStatus) -> Void)?) {
        status.inputBytesTotal = total
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

    var current: SiteBuildStatus { lock.withLock { status } }

    private func update(_ change: (inout SiteBuildStatus) -> Void) {
        let snapshot = lock.withLock {
            change(&status)
            return status
        }
        report?(snapshot)
    }
}
