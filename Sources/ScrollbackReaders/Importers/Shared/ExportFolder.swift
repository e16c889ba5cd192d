import Foundation

/// Exports that are one JSON file in a folder of media: the folder can be given instead of the file.
package enum ExportFolder {
    /// The files that stand for their folder: Telegram's `result.json`, Meta's `message_1.json`,
    /// ChatGPT's and Claude.ai's `conversations.json`, the Messages folder's `chat.db`.
    static let mainFiles = ["result.json", "message_1.json", "conversations.json", "chat.db"]

    /// The main file of a folder input, loaded with the folder as its base; `nil` when the input is
    /// a file or a folder without one (Slack and WhatsApp folders are read as folders).
    package static func mainFile(of input: ChatInput) throws(ReadError) -> ChatInput? {
        guard case .directory(let path) = input.content else { return nil }
        for name in mainFiles {
            let file = (path as NSString).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: file, isDirectory: &isDirectory), !isDirectory.boolValue {
                return try ChatInput.load(file)
            }
        }
        // An iPhone backup's folder: its `sms.db`, under its hashed name (in `3d/` or, older, at the top).
        for name in ["3d/" + IMessageFiles.backupDatabaseName, IMessageFiles.backupDatabaseName] {
            let file = (path as NSString).appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: file) { return try ChatInput.load(file) }
        }
        return nil
    }
}
