import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// An exclusive lock on one output (a site folder, a merge's archive), so two runs that write it
/// take turns instead of one undoing the other's work.
///
/// The lock is `flock` on `.NAME.scrollback-lock` beside the output (never inside it, so it is
/// no part of a site or an archive), taken before the output is read and let go once it is
/// written. The holder removes the file as it lets go; a run that was waiting on the removed
/// file finds the name gone (or another file under it) and locks again, so the name is never
/// locked by two runs at once. A run that is killed lets go with its process; the empty file it
/// leaves is locked and removed by the next run.
package enum OutputLock {
    /// Runs `body` holding the lock of `output`, waiting as long as another run holds it;
    /// `waiting` is called once, when the lock is not free at once. There is no time limit: a run
    /// that holds the lock is working on the output, and stopping the waiting run (Ctrl-C) is
    /// always safe.
    package static func holding<Result>(
        _ output: String, waiting: () -> Void, _ body: () throws -> Result
    ) throws -> Result {
        let path = path(for: output)
        let descriptor = try acquire(path, waiting: waiting)
        defer {
            unlink(path)
            close(descriptor)
        }
        return try body()
    }

    /// The lock file of `output`: `.NAME.scrollback-lock` in the folder that holds it.
    package static func path(for output: String) -> String {
        let url = URL(fileURLWithPath: output).standardizedFileURL
        return url.deletingLastPathComponent().path + "/." + url.lastPathComponent + ".scrollback-lock"
    }

    /// The descriptor of the locked file `path`, once no other run holds it.
    private static func acquire(_ path: String, waiting: () -> Void) throws -> Int32 {
        var announced = false
        while true {
            // O_NOFOLLOW: a link planted at the lock's name is refused, never opened.
            let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o644)
            guard descriptor >= 0 else { throw Failure(path: path, reason: String(cString: strerror(errno))) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK else { throw Failure(closing: descriptor, path: path) }
                if !announced {
                    waiting()
                    announced = true
                }
                while flock(descriptor, LOCK_EX) != 0 {
                    guard errno == EINTR else { throw Failure(closing: descriptor, path: path) }
                }
            }
            if locksName(descriptor, path) { return descriptor }
            close(descriptor)  // the run before removed the file as it let go: lock the name again
        }
    }

    /// Whether `descriptor` is the file named `path` (not one removed since it was opened).
    private static func locksName(_ descriptor: Int32, _ path: String) -> Bool {
        var held = stat()
        var named = stat()
        guard fstat(descriptor, &held) == 0, lstat(path, &named) == 0 else { return false }
        return held.st_dev == named.st_dev && held.st_ino == named.st_ino
    }

    /// The path of `output` with every link at its end followed, so a run into a link and one
    /// into its target take the same lock and write the same file (the link stays a link). A
    /// link that leads nowhere gives the path it would lead to; a loop of links the path itself.
    package static func resolvingLinks(_ output: String) -> String {
        var path = URL(fileURLWithPath: output).standardizedFileURL.path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else { return path }
            let folder = (path as NSString).deletingLastPathComponent
            path =
                URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: folder, isDirectory: true))
                .standardizedFileURL.path
        }
        return URL(fileURLWithPath: output).standardizedFileURL.path
    }

    /// A lock that could not be taken.
    package struct Failure: Error, CustomStringConvertible {
        /// The lock file.
        package var path: String
        /// The system's reason.
        package var reason: String

        init(path: String, reason: String) {
            self.path = path
            self.reason = reason
        }

        init(closing descriptor: Int32, path: String) {
            self.init(path: path, reason: String(cString: strerror(errno)))
            close(descriptor)
        }

        package var description: String { "\(path): cannot take the output's lock: \(reason)." }
    }
}
