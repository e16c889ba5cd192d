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
        case bytes(InputBytes)
        case directory(String)
    }

    /// Creates an input from bytes in memory.
    public init(name: String, bytes: [UInt8], baseDirectory: String? = nil) {
        self.init(name: name, contents: InputBytes(bytes), baseDirectory: baseDirectory)
    }

    /// Creates an input from bytes already read (or mapped).
    package init(name: String, contents: InputBytes, baseDirectory: String? = nil) {
        self.name = name
        self.content = .bytes(contents)
        self.baseDirectory = baseDirectory
    }

    /// Creates an input for a folder.
    public init(directory path: String) {
        self.name = path
        self.content = .directory(path)
        self.baseDirectory = path
    }

    /// Reads `path` (`-` is standard input): a file's bytes, or a folder.
    ///
    /// A regular file of a few megabytes or more is mapped into memory rather than copied (see
    /// `InputBytes`); standard input, pipes and small files are read into memory.
    public static func load(_ path: String) throws(ReadError) -> ChatInput {
        if path == "-" {
            guard let bytes = InputBytes.read(descriptor: STDIN_FILENO, size: nil) else {
                throw ReadError(location: SourceLocation(file: path), problem: .unreadable)
            }
            return ChatInput(name: "-", contents: bytes, baseDirectory: FileManager.default.currentDirectoryPath)
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
        // An iPhone backup's files are found from its top folder, not the one its sms.db is in.
        let base = IMessageFiles.backupRoot(ofDatabase: path) ?? (folder.isEmpty ? "." : folder)
        return ChatInput(name: path, contents: bytes, baseDirectory: base)
    }

    /// A file's bytes: mapped when it is a large regular file, else read straight into memory
    /// (not through `Data`, which would hold a big input twice while it is copied).
    private static func readFile(_ path: String) -> InputBytes? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }  // a mapping outlives its descriptor
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        let regular = info.st_mode & S_IFMT == S_IFREG
        return InputBytes.read(descriptor: descriptor, size: regular ? Int(info.st_size) : nil)
    }

    /// The bytes, for readers that take files only.
    package var bytes: InputBytes? {
        if case .bytes(let bytes) = content { return bytes }
        return nil
    }

    /// Throws when the file got shorter while it was read (see `MappedFileGuard`): what was read
    /// then ends in zeros, and is not what the file holds.
    package func checkNotCutShort() throws(ReadError) {
        guard bytes?.isCutShort == true else { return }
        throw ReadError(
            location: SourceLocation(file: name), problem: .syntax("the file got shorter while it was read."))
    }

    /// A location in this input, computing line and column from a byte offset.
    package func location(ofByte offset: Int) -> SourceLocation {
        guard let bytes else { return SourceLocation(file: name) }
        return LocationCursor.locate(offset, in: bytes, name: name)
    }
}
