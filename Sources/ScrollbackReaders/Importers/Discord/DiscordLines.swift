/// The line rules of Discord's Markdown that CommonMark does not share, written as CommonMark.
///
/// Discord quotes only the lines that start with `> ` (and everything after a `>>> ` line start),
/// so a line after a quote is not pulled into it as CommonMark's lazy continuation would; a `>`
/// without its space is text. A `-# ` line is subtext (small and grey in Discord), shown as
/// emphasis. Inside fenced code, lines stay as written.
enum DiscordLines {
    /// `content` with its quotes and subtext lines in CommonMark form.
    static func markdown(_ content: String) -> String {
        guard mayHaveLineMarks(content) else { return content }
        var output: [Substring] = []
        var fenced = false
        var quoting = false
        var quotingRest = false
        for line in content.split(separator: "\n", omittingEmptySubsequences: false) {
            if quotingRest {
                output.append("> " + line)
                continue
            }
            if fenced || line.hasPrefix("```") {
                if line.components(separatedBy: "```").count % 2 == 0 { fenced.toggle() }
                output.append(line)
                quoting = false
                continue
            }
            if line.hasPrefix(">>> ") || line == ">>>" {
                quotingRest = true
                output.append("> " + line.dropFirst(min(4, line.count)))
                continue
            }
            if line.hasPrefix("> ") {
                output.append(line)
                quoting = true
                continue
            }
            // The line after a quote starts a paragraph of its own, not a lazy continuation.
            if quoting && !line.isEmpty { output.append("") }
            quoting = false
            output.append(line.hasPrefix(">") ? "\\" + line : subtext(line) ?? line)
        }
        return output.joined(separator: "\n")
    }

    /// `-# words` as emphasis; `nil` when the line is not subtext.
    private static func subtext(_ line: Substring) -> Substring? {
        guard line.hasPrefix("-# ") else { return nil }
        let words = String(line.dropFirst(3)).trimmingWhitespace()
        return words.isEmpty ? "" : Substring(MarkdownText.wrap(words, "*"))
    }

    /// Whether a line may start with `>` or `-#`: a look at the first byte and at the byte after
    /// each line feed of the UTF-8 buffer (most messages have neither, and one line). Walking
    /// `utf8` a byte at a time was 2% of a Discord render's instructions.
    private static func mayHaveLineMarks(_ content: String) -> Bool {
        var content = content
        return content.withUTF8 { bytes in
            var start = 0
            while start < bytes.count {
                if bytes[start] == UInt8(ascii: ">") { return true }
                if bytes[start] == UInt8(ascii: "-"), start + 1 < bytes.count, bytes[start + 1] == UInt8(ascii: "#") {
                    return true
                }
                guard let feed = bytes[start...].firstIndex(of: 0x0A) else { return false }
                start = feed + 1
            }
            return false
        }
    }
}
