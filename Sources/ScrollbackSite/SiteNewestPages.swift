extension SiteBuilder {
    /// The newest page of each conversation in the site built in `folder`, by the position of the
    /// input it came from (in the order the inputs were given): where a live view shows who is
    /// typing. Paths are relative to the folder; an input that made no page has no entry.
    package static func newestPages(in folder: String) -> [Int: [String]] {
        guard let manifest = SiteManifest.read(folder: folder) else { return [:] }
        var pages: [Int: [String]] = [:]
        for record in manifest.conversations {
            guard let position = record.key.split(separator: "|", maxSplits: 1).first.flatMap({ Int($0) }),
                let newest = record.pages.last
            else { continue }
            pages[position, default: []].append(record.slug + "/" + newest.name)
        }
        return pages
    }
}
