import Foundation
import ScrollbackModel

/// Folder names for conversations: ASCII, lower case, never `.` or `..`, and unique even on
/// file systems that ignore case (every slug is lower case, and a collision gets a hash suffix).
struct SlugRegistry {
    private var taken: Set<String> = ["media", "search", "assets", "index.html", "search.html", "sitemap.xml"]

    /// A readable slug for `name` that no other conversation has; `key` (stable per conversation)
    /// breaks ties, and `preferred` (last build's slug) keeps links stable across builds.
    mutating func claim(name: String, key: String, preferred: String?) -> String {
        if let preferred, Self.isSafe(preferred), !taken.contains(preferred) {
            taken.insert(preferred)
            return preferred
        }
        let base = Self.slug(name)
        var candidate = base
        if taken.contains(candidate) { candidate = base + "-" + String(SHA256.hex(key).prefix(6)) }
        var counter = 2
        while taken.contains(candidate) {
            candidate = base + "-" + String(SHA256.hex(key).prefix(6)) + "-\(counter)"
            counter += 1
        }
        taken.insert(candidate)
        return candidate
    }

    /// `Hiking club 🥾` → `hiking-club`; at most 40 characters of `[a-z0-9-]`, never empty.
    static func slug(_ name: String) -> String {
        var result = ""
        var pendingDash = false
        for scalar in name.decomposedStringWithCompatibilityMapping.unicodeScalars {
            if scalar.properties.generalCategory == .nonspacingMark { continue }
            let lower = scalar.value >= 65 && scalar.value <= 90 ? scalar.value + 32 : scalar.value
            if (lower >= 97 && lower <= 122) || (lower >= 48 && lower <= 57) {
                if pendingDash && !result.isEmpty { result.append("-") }
                pendingDash = false
                result.unicodeScalars.append(Unicode.Scalar(lower)!)
                if result.count >= 40 { break }
            } else {
                pendingDash = true
            }
        }
        return result.isEmpty ? "conversation" : result
    }

    /// Whether a slug from an earlier manifest is still one this registry would make.
    static func isSafe(_ slug: String) -> Bool {
        !slug.isEmpty && slug.count <= 60 && slug.first != "-"
            && slug.utf8.allSatisfy { ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 }
    }
}
