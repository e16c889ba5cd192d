import Foundation
import ScrollbackModel

/// An input as the user named it: a file's bytes, or a folder (exports that are folders).
public struct ChatInput: Sendable {
    /// The name errors use: the path as given, or `-` for standard input.
    public var name: String
    /// What was read.
    public var content: Content
    /// The folder attachment paths are relative to (the file's folder, or the folder itself).
    public var baseDirectory: String?

    /// A file's bytes or a folder's path.
    public enum Content: Sendable {
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
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(location: SourceLocation(file: path), problem: .unreadable)
        }
        let folder = (path as NSString).deletingLastPathComponent
        return ChatInput(name: path, bytes: [UInt8](data), baseDirectory: folder.isEmpty ? "." : folder)
    }

    /// The bytes, for readers that take files only.
    public var bytes: [UInt8]? {
        if case .bytes(let bytes) = content { return bytes }
        return nil
    }

    /// A location in this input, computing line and column from a byte offset.
    public func location(ofByte offset: Int) -> SourceLocation {
        guard let bytes else { return SourceLocation(file: name) }
        return LocationCursor.locate(offset, in: bytes, name: name)
    }
}
