import ScrollbackModel

/// Forum topics of a Telegram supergroup.
///
/// A forum message names its topic by replying to the topic's `topic_created` service message;
/// that is a place, not a reply. A reply to a message of a topic is a reply in that topic.
struct TelegramTopics {
    /// Topic title by the id of its `topic_created` message, and by the id of every message in it.
    private var titles: [String: String] = [:]
    private var roots: Set<String> = []

    /// Sets `message.topic` (and drops the reply to the topic itself); remembers topic roots.
    mutating func place(_ message: inout Message, service value: TelegramMembers) {
        if value[.action]?.string == "topic_created" {
            let title = value[.title]?.string ?? ""
            titles[message.id] = title
            roots.insert(message.id)
            message.topic = title
            return
        }
        guard let target = message.replyTo, let title = titles[target] else { return }
        message.topic = title
        if roots.contains(target) { message.replyTo = nil }
        titles[message.id] = title
    }
}
