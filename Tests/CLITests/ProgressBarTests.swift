import Dispatch
import Foundation
import ScrollbackSite
import TestSupport
import Testing

@testable import ScrollbackCLI

@Suite("Site progress bar")
struct ProgressBarTests {
    static func bar() -> (ProgressBar, Capture) {
        let err = Capture()
        let console = Console(out: { _ in }, err: { err.append($0) }, errIsTerminal: true)
        return (ProgressBar(console: console), err)
    }

    static var status: SiteBuildStatus {
        var status = SiteBuildStatus()
        status.pagesRendered = 3
        status.messages = 120
        status.inputBytesTotal = 100
        status.inputBytesDone = 50
        return status
    }

    @Test("A warning clears the bar, stands on its own line, and the bar is drawn again under it")
    func warningAboveBar() {
        let (bar, err) = Self.bar()
        bar.show(Self.status)
        bar.printAbove { err.append("scrollback: warning: media/a.jpg is missing\n") }
        bar.show(Self.status)
        let text = err.text
        let warning = text.range(of: "\r\u{1B}[Kscrollback: warning: media/a.jpg is missing\n")
        #expect(warning != nil)
        #expect(text.hasPrefix("\r["))
        // Drawn again right away (not held back by the bar's ten-draws-a-second limit).
        #expect(text[warning!.upperBound...].hasPrefix("\r["))
    }

    @Test("While a warning is printed, another thread cannot draw the bar")
    func warningHoldsTheBar() {
        let (bar, err) = Self.bar()
        let drawn = DispatchSemaphore(value: 0)
        bar.printAbove {
            // A page finishes on another thread while the warning is being written.
            DispatchQueue.global().async {
                bar.show(Self.status)
                drawn.signal()
            }
            Thread.sleep(forTimeInterval: 0.05)
            err.append("scrollback: warning: late\n")
        }
        drawn.wait()
        #expect(err.text.hasPrefix("\r\u{1B}[Kscrollback: warning: late\n\r["))
    }

    @Test("Warnings from many threads never share a line with the bar")
    func concurrentWarnings() {
        let (bar, err) = Self.bar()
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for index in 0..<200 {
                if index % 10 == 0 {
                    bar.printAbove { err.append("scrollback: warning: \(thread)-\(index)\n") }
                } else {
                    bar.show(Self.status)
                }
            }
        }
        let text = err.text
        let warnings = text.components(separatedBy: "scrollback: warning: ")
        #expect(warnings.count == 8 * 20 + 1)
        for before in warnings.dropLast() {
            #expect(before.hasSuffix("\r\u{1B}[K"))
        }
    }
}
