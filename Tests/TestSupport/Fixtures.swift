import Foundation

/// Where test inputs live.
public enum Fixtures {
    /// The package's root folder (found from this file's path).
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// `../shared/fixtures` beside the package: real exports, present in CI; `nil` when absent.
    public static var shared: URL? {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared/fixtures")
        return FileManager.default.fileExists(atPath: url.path) ? url : nil
    }

    /// A file in `Examples/`.
    public static func example(_ name: String) -> URL {
        packageRoot.appendingPathComponent("Examples").appendingPathComponent(name)
    }
}
