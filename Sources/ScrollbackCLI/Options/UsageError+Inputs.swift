import Foundation
import Scrollback

extension UsageError {
    /// `message` for a command given more INPUTs than it takes, with a hint when one of them is a
    /// rules file put after `--redact` (a flag) instead of `--redact-rules`:
    /// `… rules.txt follows --redact, which takes no file: did you mean --redact-rules rules.txt?`
    static func tooManyInputs(_ message: String, _ arguments: Arguments) -> UsageError {
        guard let rules = misplacedRules(arguments) else { return UsageError(message) }
        return UsageError(
            message + " \(rules) follows --redact, which takes no file: did you mean --redact-rules \(rules)?")
    }

    /// The INPUT right after `--redact` that is a file but no chat log, or is named like rules.
    private static func misplacedRules(_ arguments: Arguments) -> String? {
        let tokens = arguments.tokens
        for (index, token) in tokens.enumerated().dropFirst()
        where tokens[index - 1] == OptionCatalog.redact.spec.name && arguments.positionals.contains(token) {
            if looksLikeRules(token) { return token }
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: token, isDirectory: &isFolder), !isFolder.boolValue
            else { continue }
            let isChat = (try? ChatInput.load(token)).flatMap { try? Readers.detect($0) } != nil
            if !isChat { return token }
        }
        return nil
    }

    /// `rules.txt`, `redact-rules`, `my.rules`: a name that says it holds redaction rules.
    private static func looksLikeRules(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name.contains("rule") || name.contains("redact")
    }
}
