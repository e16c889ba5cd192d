import Foundation

/// The cores a page (or a reader) may use now: the machine's, less those other programs keep busy at this
/// moment (Linux's count of runnable threads, which includes this one), and at least one. On a
/// machine with no free core a worker only adds its own cost (more CPU and more wall time than
/// none; the figure is in BENCHMARKS.md). The page is the same either way.
package enum FreeCores {
    package static func now() -> Int {
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #if os(Linux)
            guard let text = try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8) else { return cores }
            // "0.52 0.58 0.59 3/1057 12345": the fourth field is runnable/all.
            let fields = text.split(separator: " ")
            guard fields.count >= 4, let runnable = fields[3].split(separator: "/").first.flatMap({ Int($0) }) else {
                return cores
            }
            return max(1, min(cores, cores - (runnable - 1)))
        #else
            // No /proc elsewhere: every core counts as free.
            return cores
        #endif
    }
}
