import Foundation

/// Reads every HTML file of a built site and checks that each `href` and `src` that stays on
/// the site names a file that exists and, with a fragment, an element id in that file.
enum LinkCrawler {
    struct Problem: CustomStringConvertible, Equatable {
        var page: String
        var link: String
        var description: String { "\(page): \(link)" }
    }

    static func problems(in site: URL) throws -> (problems: [Problem], links: Int) {
        let pages = SiteTest.files(site).filter { $0.hasSuffix(".html") }
        var ids: [String: Set<String>] = [:]
        var texts: [String: String] = [:]
        for page in pages {
            let text = try SiteTest.read(site, page)
            texts[page] = text
            ids[page] = Set(attributes("id", in: text))
        }
        var problems: [Problem] = []
        var count = 0
        for page in pages {
            let text = texts[page]!
            let folder = (page as NSString).deletingLastPathComponent
            for link in attributes("href", in: text) + attributes("src", in: text) {
                if link.hasPrefix("https:") || link.hasPrefix("http:") || link.hasPrefix("mailto:") { continue }
                count += 1
                let decoded = link.replacingOccurrences(of: "&amp;", with: "&")
                let parts = decoded.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let pathPart = String(parts[0])
                let fragment = parts.count > 1 ? String(parts[1]) : nil
                let target: String
                if pathPart.isEmpty {
                    target = page
                } else {
                    let joined = folder.isEmpty ? pathPart : folder + "/" + pathPart
                    target = normalize(joined)
                }
                guard target != "..", !target.hasPrefix("../"),
                    FileManager.default.fileExists(atPath: site.path + "/" + target)
                else {
                    problems.append(Problem(page: page, link: link))
                    continue
                }
                if let fragment, !fragment.isEmpty, target.hasSuffix(".html"),
                    !(ids[target]?.contains(fragment.removingPercentEncoding ?? fragment) ?? false)
                {
                    problems.append(Problem(page: page, link: link))
                }
            }
        }
        return (problems, count)
    }

    /// Values of `name="…"` attributes.
    static func attributes(_ name: String, in html: String) -> [String] {
        var values: [String] = []
        var rest = html[...]
        let needle = " " + name + "=\""
        while let start = rest.range(of: needle) {
            let after = rest[start.upperBound...]
            guard let end = after.firstIndex(of: "\"") else { break }
            values.append(String(after[..<end]))
            rest = after[end...]
        }
        return values
    }

    /// `a/../b/./c` → `b/c`.
    static func normalize(_ path: String) -> String {
        var parts: [String] = []
        for part in path.split(separator: "/") {
            if part == "." { continue }
            if part == "..", let last = parts.last, last != ".." {
                parts.removeLast()
            } else {
                parts.append(String(part))
            }
        }
        return parts.joined(separator: "/")
    }
}
