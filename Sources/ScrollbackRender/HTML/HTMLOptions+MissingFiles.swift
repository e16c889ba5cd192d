import ScrollbackModel

extension HTMLOptions {
    /// The attachment paths of `messages` that name no file the input holds: none in its folder
    /// or zip, or one outside the folder or in a hidden one (`MediaResolver.isMissing`). Every
    /// output says "not in the export" for them (`TranscriptLayout.missingFiles`). Empty when the
    /// input has neither a folder nor a zip (standard input): nothing is known to be missing.
    package func missingFiles(in messages: [Message]) -> Set<String> {
        guard mediaBaseDirectory != nil || mediaArchive != nil else { return [] }
        var paths: [String] = []
        for message in messages {
            for attachment in message.attachments where !attachment.omitted {
                if let path = attachment.path { paths.append(path) }
            }
        }
        return missingFiles(paths)
    }

    /// Which of `paths` (as the log gives them) name no file the input holds; see `missingFiles(in:)`.
    package func missingFiles(_ paths: [String]) -> Set<String> {
        guard mediaBaseDirectory != nil || mediaArchive != nil, !paths.isEmpty else { return [] }
        let resolver = MediaResolver(options: self)
        var checked: Set<String> = []
        var missing: Set<String> = []
        for path in paths where checked.insert(path).inserted && resolver.isMissing(path) { missing.insert(path) }
        return missing
    }
}
