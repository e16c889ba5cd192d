import ScrollbackModel

/// Layout rule 9 (docs/LAYOUT.md): which bubbles show a delivery status.
enum StatusPlacement {
    /// Maps positions in `ordered` to the status shown there: the latest outgoing
    /// message that has a status shows it, and every failed message shows `failed`.
    static func shownStatus(_ ordered: [Message], me: String?) -> [Int: DeliveryStatus] {
        guard let me else { return [:] }
        var shown: [Int: DeliveryStatus] = [:]
        var latest: Int?
        for (offset, message) in ordered.enumerated() where message.sender == me && message.kind == .message {
            guard let status = message.status else { continue }
            latest = offset
            if status == .failed { shown[offset] = .failed }
        }
        if let latest, let status = ordered[latest].status { shown[latest] = status }
        return shown
    }
}
