import ScrollbackModel
import ScrollbackReaders

/// Reads `text` as the file `name`, in `format` or the detected one.
func read(_ text: String, name: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
    throws -> ReadResult
{
    try read(Array(text.utf8), name: name, format: format, options: options)
}

/// Reads `bytes` as the file `name`, in `format` or the detected one.
func read(_ bytes: [UInt8], name: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
    throws -> ReadResult
{
    try Readers.read(ChatInput(name: name, bytes: bytes), format: format, options: options)
}

/// The one transcript of `text`.
func transcript(_ text: String, name: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
    throws -> Transcript
{
    let result = try read(text, name: name, format: format, options: options)
    precondition(result.conversations.count == 1)
    return result.conversations[0]
}

/// The error reading `bytes` gives, as the command line prints it (`FILE:LINE:COLUMN: reason`).
func readError(_ bytes: [UInt8], name: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
    -> String?
{
    do {
        _ = try read(bytes, name: name, format: format, options: options)
        return nil
    } catch let error as ReadError {
        return error.description
    } catch {
        return "unexpected error type: \(error)"
    }
}

/// The error reading `text` gives, as the command line prints it.
func readError(_ text: String, name: String, format: InputFormat? = nil, options: ReadOptions = ReadOptions())
    -> String?
{
    readError(Array(text.utf8), name: name, format: format, options: options)
}
