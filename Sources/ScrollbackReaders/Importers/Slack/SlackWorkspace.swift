import ScrollbackModel

/// A Slack export's directory of people and conversations: `users.json`, `channels.json`,
/// `groups.json`, `mpims.json`, `dms.json`, and one folder of day files per conversation.
struct SlackWorkspace {
    /// A conversation and the folder its day files are in.
    struct Conversation {
        var id: String
        var title: String
        var folder: String
        /// A channel or private group (`channels.json`, `groups.json`), not a DM or group DM.
        var isChannel = false
        /// The channel's topic, else its purpose, in words.
        var topic: String?
    }

    var files: ExportFiles
    /// The folder holding `users.json` (`""` at the top; zips often wrap everything in one folder).
    var root: String
    var users: [String: JSONValue] = [:]
    var names: [String: String] = [:]
    var channelNames: [String: String] = [:]
    var conversations: [Conversation] = []
    /// Each person's time zone (`tz`), counted: the workspace's wall clock is the most common.
    var zones: [String: Int] = [:]

    /// Reads the lists; a list that is missing is treated as empty.
    init(files: ExportFiles, root: String, report: inout ImportReport) throws(ReadError) {
        self.files = files
        self.root = root
        let prefix = root.isEmpty ? "" : root + "/"
        for user in try list(prefix + "users.json") {
            guard let id = user["id"]?.scalarText else { continue }
            users[id] = user
            let profile = user["profile"]
            let display = [
                profile?["display_name"]?.string, profile?["real_name"]?.string, user["real_name"]?.string,
                user["name"]?.string,
            ].compactMap { $0 }.first { !$0.isEmpty }
            names[id] = display ?? id
            if let tz = user["tz"]?.string, !tz.isEmpty { zones[tz, default: 0] += 1 }
        }
        var folders = Set<String>()
        for file in ["channels.json", "groups.json", "mpims.json", "dms.json"] {
            for channel in try list(prefix + file) {
                guard let id = channel["id"]?.scalarText else { continue }
                let name = channel["name"]?.string
                let folder = prefix + (name ?? id)
                channelNames[id] = name ?? id
                let members = channel["members"]?.array?.compactMap(\.scalarText) ?? []
                let title =
                    file == "dms.json" || file == "mpims.json"
                    ? members.map { names[$0] ?? $0 }.joined(separator: ", ") : "#" + (name ?? id)
                conversations.append(
                    Conversation(
                        id: name ?? id, title: title.isEmpty ? id : title, folder: folder,
                        isChannel: file == "channels.json" || file == "groups.json",
                        topic: Self.topic(of: channel)))
                folders.insert(folder)
            }
        }
        // Folders of day files that no list names are still conversations.
        let dayFolders = Set(
            files.paths.compactMap { path -> String? in
                guard path.hasPrefix(prefix), Self.isDayFile(path) else { return nil }
                let folder = String(path.dropLast((path.split(separator: "/").last ?? "").count + 1))
                return folder.count > prefix.count - 1 && folder != root ? folder : nil
            })
        for folder in dayFolders.subtracting(folders).sorted() {
            let name = String(folder.dropFirst(prefix.count))
            report.inferences.append("the folder \(name) is in no channel list; read as a conversation of its own")
            conversations.append(Conversation(id: name, title: "#" + name, folder: folder))
        }
    }

    /// A channel's `topic.value`, else its `purpose.value` (Slack shows the purpose when no topic is set).
    static func topic(of channel: JSONValue) -> String? {
        [channel["topic"]?["value"]?.string, channel["purpose"]?["value"]?.string].compactMap { $0 }
            .first { !$0.trimmingWhitespace().isEmpty }
    }

    /// `2016-03-28.json`: the name of a day file.
    static func isDayFile(_ path: String) -> Bool {
        let name = path.split(separator: "/").last ?? ""
        return name.hasSuffix(".json") && name.count == 15 && CivilDate(iso: name.prefix(10)) != nil
    }

    /// The day files of a conversation, in date order.
    func dayFiles(of conversation: Conversation) -> [String] {
        files.files(in: conversation.folder, suffix: ".json").filter(Self.isDayFile)
    }

    /// The array in a list file, or an empty one when the file is missing.
    private func list(_ path: String) throws(ReadError) -> [JSONValue] {
        guard let bytes = files.contents(path) else { return [] }
        return try ImportJSON.parse(bytes, file: path).array ?? []
    }

    /// Where `users.json` or `channels.json` is: the top, or one folder down (zips of a folder).
    static func findRoot(_ files: ExportFiles) -> String? {
        for path in files.paths {
            let parts = path.split(separator: "/")
            guard let name = parts.last, name == "users.json" || name == "channels.json", parts.count <= 2 else {
                continue
            }
            return parts.count == 1 ? "" : String(parts[0])
        }
        return nil
    }
}
