import ScrollbackModel

/// A conversation's search vocabulary: every word once, numbered so that frequent words get
/// short codes and appending messages never renumbers a word.
///
/// Words are numbered page by page: the words a page uses first, most frequent on that page
/// first (ties alphabetical). The first pages' common words get the smallest numbers; a new
/// day adds numbers at the end, so earlier pages' shards stay valid and are kept.
struct SearchDictionary {
    /// Words in number order.
    private(set) var words: [String] = []
    /// Word → number.
    private(set) var numbers: [String: Int] = [:]
    /// Per page, a fingerprint of the dictionary up to that page's last new word: what its shard's
    /// numbers depend on.
    private(set) var fingerprints: [String] = []

    init(plan: PagePlan) {
        var running = Fingerprint()
        for page in plan.pages {
            var frequency: [String: Int] = [:]
            for day in page.days {
                for chain in day.chains {
                    for bubble in chain.bubbles where !bubble.message.hidden {
                        for word in Self.words(of: bubble.message) where numbers[word] == nil {
                            frequency[word, default: 0] += 1
                        }
                    }
                }
            }
            let new = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }
            for (word, _) in new {
                numbers[word] = words.count
                words.append(word)
                running.add(word)
            }
            var snapshot = running
            fingerprints.append(snapshot.finalize())
        }
    }

    /// `search/SLUG/words.js`: `Scrollback.words("slug", "w0 w1 …");`.
    func script(slug: String) -> String {
        "Scrollback.words(" + SearchShard.json(slug) + "," + SearchShard.json(words.joined(separator: " ")) + ");\n"
    }

    /// The words search finds a message by: its text's (unless deleted), its files' names and alt texts.
    static func words(of message: Message) -> [String] {
        var words: [String] = []
        if !message.deleted { SearchTokenizer.words(message.text) { words.append($0.lowercased()) } }
        for file in message.attachments {
            for text in [file.name, file.alt] {
                if let text { SearchTokenizer.words(text) { words.append($0.lowercased()) } }
            }
        }
        return words
    }
}
