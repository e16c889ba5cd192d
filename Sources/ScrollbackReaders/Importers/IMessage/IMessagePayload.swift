import ScrollbackModel

/// What the binary plists of a message row say: the link preview or shared place of a URL balloon
/// (`payload_data`), an app message's card, and the edit history and unsent parts
/// (`message_summary_info`).
enum IMessagePayload {
    /// The bundle id of link previews.
    static let urlBalloon = "com.apple.messages.URLBalloonProvider"

    /// A link card (or, for a shared place, a location) from a URL balloon's `payload_data`.
    static func linkCard(_ payload: [UInt8]) -> Attachment? {
        guard let plist = BinaryPropertyList.parse(payload) else { return nil }
        let root = KeyedArchive.root(plist)
        let metadata = root["richLinkMetadata"] ?? root
        guard let url = metadata["URL"]?.string ?? metadata["originalURL"]?.string else { return nil }
        var card = Attachment(url: url, type: "link")
        card.title = metadata["title"]?.string
        card.description = metadata["summary"]?.string
        // Messages writes the address's host under the title when the page names no site.
        card.siteName = metadata["siteName"]?.string ?? host(of: url)
        if let map = metadata["specialization2"] ?? metadata["specialization"],
            map["$classname"]?.string == "LPMapMetadata", let place = place(in: url)
        {
            card.type = "location"
            card.place = place
            card.title = map["name"]?.string ?? card.title
            card.description = map["address"]?.string ?? card.description
        }
        return card
    }

    /// A labelled card for a message an iMessage app sent (its caption and the app's name).
    static func appCard(_ payload: [UInt8]?, bundleID: String) -> Attachment {
        let app = bundleID.split(separator: ":").last.map(String.init) ?? bundleID
        var card = Attachment(type: "link", title: "App message")
        card.siteName = app
        guard let payload, let plist = BinaryPropertyList.parse(payload) else { return card }
        let root = KeyedArchive.root(plist)
        let layout = root["userInfo"] ?? root
        card.title = layout["caption"]?.string ?? root["an"]?.string ?? card.title
        card.description = layout["subcaption"]?.string ?? layout["secondary-subcaption"]?.string
        card.siteName = root["an"]?.string ?? app
        if let url = root["URL"]?.string, url.hasPrefix("https://") || url.hasPrefix("http://") { card.url = url }
        return card
    }

    /// The host of an `http(s)` address without `www.` (`https://www.example.org/a` → `example.org`).
    private static func host(of url: String) -> String? {
        guard let scheme = url.firstRange(of: "://"), url.lowercased().hasPrefix("http") else { return nil }
        var host = url[scheme.upperBound...].prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != ":" }
        if let at = host.lastIndex(of: "@") { host = host[host.index(after: at)...] }
        if host.lowercased().hasPrefix("www.") { host = host.dropFirst(4) }
        return host.isEmpty ? nil : host.lowercased()
    }

    /// The `ll=LAT,LON` of an Apple Maps link.
    private static func place(in url: String) -> Place? {
        guard let query = url.split(separator: "?", maxSplits: 1).last else { return nil }
        for item in query.split(separator: "&") where item.hasPrefix("ll=") {
            let numbers = item.dropFirst(3).split(separator: ",").compactMap { Double($0) }
            if numbers.count == 2, abs(numbers[0]) <= 90, abs(numbers[1]) <= 180 {
                return Place(latitude: numbers[0], longitude: numbers[1])
            }
        }
        return nil
    }

    /// The edit history and unsent parts of `message_summary_info`.
    struct Summary {
        /// Part index → the versions of its text, oldest first (the last is the text now), with their times.
        var edits: [Int: [(text: String, time: Timestamp?)]] = [:]
        /// Parts that were unsent.
        var retractedParts: Set<Int> = []
    }

    /// The summary in `blob`, `nil` when it holds neither edits nor unsent parts.
    static func summary(_ blob: [UInt8]) -> Summary? {
        guard let plist = BinaryPropertyList.parse(blob) else { return nil }
        var summary = Summary()
        if case .dictionary(let parts)? = plist["ec"] {
            for (key, versions) in parts {
                guard let part = Int(key), let list = versions.array else { continue }
                summary.edits[part] = list.compactMap { version in
                    guard let blob = version["t"]?.data, let body = AttributedBody(blob: blob) else { return nil }
                    return (body.text, version["d"]?.number.flatMap(IMessageClock.time(seconds:)))
                }
            }
        }
        for part in plist["rp"]?.array ?? [] {
            if case .integer(let number) = part, number >= 0, number < 1 << 16 {
                summary.retractedParts.insert(Int(number))
            }
        }
        return summary.edits.isEmpty && summary.retractedParts.isEmpty ? nil : summary
    }
}
