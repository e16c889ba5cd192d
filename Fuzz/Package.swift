// swift-tools-version:6.0
import Foundation
import PackageDescription

// libFuzzer harnesses for Scrollback's readers and renderers, kept out of the main
// package so `swift build` and `swift test` never compile them. `make fuzz` builds
// this package with `-sanitize=fuzzer,address` (see scripts/fuzz.sh).

// A path dependency's identity is its folder's name, which differs between checkouts.
let root = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()

let package = Package(
    name: "ScrollbackFuzz",
    dependencies: [.package(path: root.path)],
    targets: [
        .executableTarget(
            name: "scrollback-fuzz",
            dependencies: [.product(name: "Scrollback", package: root.lastPathComponent)],
            path: "Sources/ScrollbackFuzz"
        )
    ],
    swiftLanguageModes: [.v6]
)
