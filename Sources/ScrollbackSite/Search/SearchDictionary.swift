import ScrollbackModel
import ScrollbackRender

/// A conversation's search vocabulary: every word once, numbered so that frequent words get
/// short codes and appending messages never renumbers a word.
///
/// Words are numbered page by page: the words a page uses first, most frequent on that page
/// first (ties alphabetical). The first pages' common words get the smallest numbers; a new
/// day adds numbers at the end, so earlier pages' shards stay valid and are kept. Among a page's
/// new words, those whose codes have the same length are then put in alphabetical order: that
/// costs no shard a character and lets the dictionary store each word as what it adds to the
/// previous one.
struct SearchDictionary {
    /// Words in number order.
    private(set) var words: [String] = []
    /// Word → number.
    private(set) var numbers: [String: Int] = [:]
    /// Per page, a fingerprint of the dictionary up to that page's last new word: what its shard's
    /// numbers depend on.
    private(set) var fingerprints: [String] = []
    private var running = Fingerprint()

    init() {}

    init(plan: PagePlan) {
        for page in plan.pages { add(page) }
    }

    /// Numbers the words the next page uses first; its fingerprint is the last of `fingerprints`.
    /// Returns the numbers of the page's words, for its shard.
    @discardableResult
    mutating func add(_ page: PagePlan.Page) -> [String: Int] {
        var frequency: [String: Int] = [:]
        var used: [String: Int] = [:]
        for day in page.days {
            for chain in day.chains {
                for bubble in chain.bubbles where !bubble.message.hidden {
                    for word in Self.words(of: bubble.message) where used[word] == nil {
                        // A word numbered on an earlier page is looked up there once per page.
                        if let number = numbers[word] {
                            used[word] = number
                        } else {
                            frequency[word, default: 0] += 1
                        }
                    }
                }
            }
        }
        var new = frequency.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
        var start = 0
        while start < new.count {
            let length = SearchCode.length(words.count + start)
            var end = start
            while end < new.count && SearchCode.length(words.count + end) == length { end += 1 }
            new[start..<end].sort { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
            start = end
        }
        for word in new {
            numbers[word] = words.count
            used[word] = words.count
            words.append(word)
            running.add(word)
        }
        var snapshot = running
        fingerprints.append(snapshot.finalize())
        return used
    }

    /// `search/SLUG/words.js`: `Scrollback.words("slug", "Title", ["Ana Lima", …], " the!n a…");`:
    /// the conversation's title, its participants' names (shards refer to them by number) and
    /// its words, front coded.
    func script(slug: String, title: String, senders: [String]) -> String {
        SearchShard.script(
            "Scrollback.words",
            [.string(slug), .string(title), .array(senders.map { .string($0) }), .string(Self.frontCoded(words))])
    }

    /// Each word as a separator that says how many UTF-16 units it shares with the previous word
    /// (`SearchCode.separators`, at most 29, always whole characters) and the rest of the word.
    static func frontCoded(_ words: [String]) -> String {
        var text = ""
        var previous: [Unicode.Scalar] = []
        for word in words {
            let scalars = Array(word.unicodeScalars)
            var shared = 0
            var units = 0
            while shared < min(scalars.count, previous.count) && scalars[shared] == previous[shared]
                && units + scalars[shared].utf16.count < SearchCode.separators.count
            {
                units += scalars[shared].utf16.count
                shared += 1
            }
            text.append(SearchCode.separators[units])
            text.unicodeScalars.append(contentsOf: scalars[shared...])
            previous = scalars
        }
        return text
    }

    /// The words search finds a message by: its text's (unless deleted), its files' names and alt texts.
    static func words(of message: Message) -> [String] {
        var words: [String] = []
        if !message.deleted {
            let text = message.format.readsStyleTags ? TextFormat.withoutStyleTags(message.text) : message.text
            SearchTokenizer.words(text) { words.append($0.lowercased()) }
        }
        for file in message.attachments {
            for text in [file.name, file.alt] {
                if let text { SearchTokenizer.words(text) { words.append($0.lowercased()) } }
            }
        }
        return words
    }
}
