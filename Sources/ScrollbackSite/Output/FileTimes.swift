import Foundation

extension stat {
    /// The modification time, under either platform's field name.
    var modified: timespec {
        #if canImport(Darwin)
            st_mtimespec
        #else
            st_mtim
        #endif
    }

    /// The access time, under either platform's field name.
    var accessed: timespec {
        #if canImport(Darwin)
            st_atimespec
        #else
            st_atim
        #endif
    }
}
