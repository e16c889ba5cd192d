import Foundation
import ScrollbackModel

/// An input as the user named it: a file's bytes, or a folder (exports that are folders).
public struct ChatInput: Sendable {
    /// The name errors use: the path as given, or `-` for standard input.
    public var name: String
    /// What was read.
    package var content: Content
    /// The folder attachment paths are relative to (the file's folder, or the folder itself).
    public var baseDirectory: String?

    /// A file's bytes or a folder's path.
    package enum Content: Sendable {
        case bytes([UInt8])
        case directory(String)
    }

    /// Creates an input from bytes in memory.
    public init(name: String, bytes: [UInt8], baseDirectory: String? = nil) {
        self.name = name
        self.content = .bytes(bytes)
        self.baseDirectory = baseDirectory
    }

    /// Creates an input for a folder.
    public init(directory path: String) {
        self.name = path
        self.content = .directory(path)
        self.baseDirectory = path
    }

    /// Reads `path` (`-` is standard input): a file's bytes, or a folder.
    public static func load(_ path: String) throws(ReadError) -> ChatInput {
        if path == "-" {
            let data = FileHandle.standardInput.readDataToEndOfFile()
            return ChatInput(name: "-", bytes: [UInt8](data), baseDirectory: FileManager.default.currentDirectoryPath)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ReadError(location: SourceLocation(file: path), problem: .fileNotFound)
        }
        if isDirectory.boolValue { return ChatInput(directory: path) }
        guard let bytes = readFile(path) else {
            throw ReadError(location: SourceLocation(file: path), problem: .unreadable)
        }
        let folder = (path as NSString).deletingLastPathComponent
        return ChatInput(name: path, bytes: bytes, baseDirectory: folder.isEmpty ? "." : folder)
    }

    /// A file's bytes, read straight into the array (not through `Data`, which would hold a big
    /// export twice while it is copied).
    private static func readFile(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(Int(info.st_size) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return bytes }
            if count < 0 {
                if errno == EINTR { continue }
                return nil
            }
            bytes.append(contentsOf: chunk[..<count])
        }
    }

    /// The bytes, for readers that take files only.
    package var bytes: [UInt8]? {
        if case .bytes(let bytes) = content { return bytes }
        return nil
    }

    /// A location in this input, computing line and column from a byte offset.
    package func location(ofByte offset: Int) -> SourceLocation {
        guard let bytes else { return SourceLocation(file: name) }
        return LocationCursor.locate(offset, in: bytes, name: name)
    }
}
