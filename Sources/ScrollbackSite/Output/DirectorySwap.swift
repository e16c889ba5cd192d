import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Swaps two folders in one step, so a reader (or a killed build) sees either the old site or the new.
enum DirectorySwap {
    /// Exchanges `a` and `b` atomically (Linux `renameat2(RENAME_EXCHANGE)`, macOS `renamex_np(RENAME_SWAP)`).
    /// Returns `false` when the system cannot, and nothing was changed.
    static func exchange(_ a: String, _ b: String) -> Bool {
        #if canImport(Darwin)
            return renamex_np(a, b, UInt32(RENAME_SWAP)) == 0
        #else
            typealias RenameAt2 =
                @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) ->
                Int32
            // glibc declares renameat2 only with _GNU_SOURCE, which Swift's Glibc module does not set.
            guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "renameat2") else { return false }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let exchangeFlag: UInt32 = 1 << 1  // RENAME_EXCHANGE
            return renameat2(AT_FDCWD, a, AT_FDCWD, b, exchangeFlag) == 0
        #endif
    }
}
