import Foundation

extension Transcript {
    /// Reads the one conversation in `data` (a file's contents, a test fixture); `name` is used in error messages.
    ///
    /// The same as ``load(bytes:name:format:options:conversation:)``, for callers that hold `Data`.
    public static func load(
        data: Data, name: String = "<memory>", format: InputFormat? = nil, options: ReadOptions = ReadOptions(),
        conversation: String? = nil
    ) throws -> Transcript {
        try load(bytes: [UInt8](data), name: name, format: format, options: options, conversation: conversation)
    }
}
