// swift-tools-version:6.0
import PackageDescription

// Scrollback: chat logs → transcripts (HTML page, static site, terminal, layout JSON).
// The package has no Swift dependencies; C libraries come from Debian's -dev packages (Linux, tested)
// or Homebrew's formulas (macOS).
let package = Package(
    name: "Scrollback",
    products: [
        .library(name: "Scrollback", targets: ["Scrollback"]),
        // Snapshot tests of renderings in Swift Testing (docs/LIBRARY.md).
        .library(name: "ScrollbackTesting", targets: ["ScrollbackTesting"]),
        .executable(name: "scrollback", targets: ["scrollback"]),
    ],
    targets: [
        // C libraries, each imported by exactly one Swift module.
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"]), .brew(["cmark-gfm"])]
        ),
        .systemLibrary(
            name: "CUTF8Proc",
            providers: [.apt(["libutf8proc-dev"]), .brew(["utf8proc"])]
        ),
        .systemLibrary(
            name: "CZip",
            providers: [.apt(["libzip-dev"]), .brew(["libzip"])]
        ),
        .systemLibrary(
            name: "CCrypto",
            pkgConfig: "libcrypto",
            providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
        ),
        .systemLibrary(
            name: "CMicroHTTPD",
            pkgConfig: "libmicrohttpd",
            providers: [.apt(["libmicrohttpd-dev"]), .brew(["libmicrohttpd"])]
        ),
        .systemLibrary(
            name: "CSQLite",
            pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
        ),
        .systemLibrary(
            name: "CHeif",
            pkgConfig: "libheif",
            providers: [.apt(["libheif-dev"]), .brew(["libheif"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            providers: [.apt(["libjpeg62-turbo-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Linux calls of the C library that Swift's Glibc module does not declare (used under #if os(Linux)).
        .systemLibrary(name: "CLinux"),

        // The pipeline, one module a stage; arrows point one way.
        // SHA-256, the one content hash (site files, merge ids, a live page's script), from libcrypto.
        .target(name: "ScrollbackModel", dependencies: ["CCrypto"]),
        .target(name: "ScrollbackMarkdown", dependencies: ["CCmarkGFM"]),
        .target(name: "ScrollbackReaders", dependencies: ["ScrollbackModel", "CZip", "CSQLite"]),
        .target(name: "ScrollbackLayout", dependencies: ["ScrollbackModel", "ScrollbackMarkdown"]),
        // Merging exports into archives; people, redaction and pseudonyms applied after reading.
        .target(
            name: "ScrollbackArchive", dependencies: ["ScrollbackModel", "ScrollbackReaders", "ScrollbackMarkdown"]),
        .target(
            name: "ScrollbackTemplates",
            path: "Templates",
            exclude: ["README.md"],
            sources: ["BuiltinTemplates.swift"],
            resources: [
                .embedInCode("html/page.mustache"),
                .embedInCode("html/day.mustache"),
                .embedInCode("html/chain.mustache"),
                .embedInCode("html/message.mustache"),
                .embedInCode("html/theme-discord.chain.mustache"),
                .embedInCode("css/base.css"),
                .embedInCode("css/theme-imessage.css"),
                .embedInCode("css/theme-whatsapp.css"),
                .embedInCode("css/theme-discord.css"),
                .embedInCode("css/theme-plain.css"),
                .embedInCode("site/site.css"),
                .embedInCode("site/search.js"),
                .embedInCode("live/live.js"),
                .embedInCode("live/live.css"),
            ]
        ),
        .target(
            name: "ScrollbackRender",
            dependencies: [
                "ScrollbackModel", "ScrollbackLayout", "ScrollbackMarkdown", "ScrollbackTemplates", "CUTF8Proc",
                "CHeif",
                "CJPEG",
            ]
        ),
        .target(
            name: "ScrollbackSite",
            dependencies: [
                "ScrollbackModel", "ScrollbackReaders", "ScrollbackLayout", "ScrollbackRender", "ScrollbackTemplates",
            ]
        ),
        .target(
            name: "Scrollback",
            dependencies: [
                "ScrollbackModel", "ScrollbackMarkdown", "ScrollbackReaders", "ScrollbackLayout",
                "ScrollbackRender", "ScrollbackSite", "ScrollbackArchive",
            ]
        ),
        .target(name: "ScrollbackTesting", dependencies: ["Scrollback"]),
        // `scrollback serve`: the live page over HTTP (the only `import CMicroHTTPD`).
        .target(name: "ScrollbackServe", dependencies: ["Scrollback", "ScrollbackTemplates", "CMicroHTTPD"]),
        .target(name: "ScrollbackCLI", dependencies: ["Scrollback", "ScrollbackServe", "CLinux"]),
        .executableTarget(name: "scrollback", dependencies: ["ScrollbackCLI"]),

        // Tests.
        .target(name: "TestSupport", dependencies: ["Scrollback", "ScrollbackCLI"], path: "Tests/TestSupport"),
        .testTarget(name: "ModelTests", dependencies: ["ScrollbackModel", "TestSupport"]),
        .testTarget(name: "MarkdownTests", dependencies: ["ScrollbackMarkdown", "TestSupport"]),
        .testTarget(name: "ReadersTests", dependencies: ["ScrollbackReaders", "TestSupport"]),
        .testTarget(name: "LayoutTests", dependencies: ["ScrollbackLayout", "ScrollbackReaders", "TestSupport"]),
        .testTarget(
            name: "RenderTests", dependencies: ["ScrollbackRender", "ScrollbackTesting", "TestSupport"],
            exclude: ["__Snapshots__"]),
        .testTarget(name: "SiteTests", dependencies: ["ScrollbackSite", "TestSupport"]),
        .testTarget(
            name: "ArchiveTests", dependencies: ["ScrollbackArchive", "Scrollback", "TestSupport"],
            exclude: ["Fixtures"]),
        .testTarget(name: "CLITests", dependencies: ["ScrollbackCLI", "TestSupport"]),
        .testTarget(name: "ServeTests", dependencies: ["ScrollbackServe", "TestSupport"]),
        // Hostile and odd input, paths, interrupted writes, fuzz regressions (docs/SECURITY.md).
        .testTarget(
            name: "SecurityTests",
            dependencies: ["Scrollback", "ScrollbackCLI", "TestSupport"],
            exclude: ["Regressions"]
        ),
        // The worked example of docs/LIBRARY.md: uses only what another package gets from the Scrollback and
        // ScrollbackTesting products.
        .testTarget(
            name: "LibraryExampleTests", dependencies: ["Scrollback", "ScrollbackTesting"], exclude: ["__Snapshots__"]),
    ],
    swiftLanguageModes: [.v6]
)
