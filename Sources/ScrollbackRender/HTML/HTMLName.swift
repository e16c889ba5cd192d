/// Every name the HTML templates' contexts answer, resolved to an integer key when
/// the templates are compiled (`MustacheLibrary(vocabulary:)`), so each look-up is a
/// `switch` on an integer rather than a string comparison per case.
enum HTMLName: Int, CaseIterable {
    // page.mustache
    case title, subtitle, lang, theme, csp, colorScheme, undated, isGroup, stylesheetHref, inlineStyle
    case hasLinks, links, headLinks, days, channelTopic
    // day.mustache
    case dayID, date, label, chains
    // chain.mustache
    case isSystem, alignment, showName, isMe, senderName, colorIndex, chainAvatarClass, chainInitials
    case firstTime, firstIsoTime, bubbles, senderTag
    // message.mustache
    case inlineBody, anchor, id, position, tail, jumbo, deleted, deletedNotice, edited, editedLabel, text, body, speaker
    case time, isoTime, showTime, avatar, avatarClass, initials, presence, presenceLabel, forwarded, topic
    case archiveNote, reply, hasReactions, reactions, attachments, mediaOnly, hasRevisions, revisionsLabel
    case revisions, when, status, failed, statusLabel
    // replies, reactions, attachments
    case href, found, excerpt, emoji, count, many, by, image, src, alt, width, height, name, size, missing
    case sticker, player, video, kind, kindLabel, duration, omitted, card, siteName, description, poll
    case question, options, votes, percent, summary, place, placeLabel, contact, phones, emails, chip
    case remote, download, caption, spoiler, spoilerLabel, missingNote
    // message.mustache: values declared in MessagePresentation (scripts/generate-message-fields.py)
    case pinned, service, serviceLabel
    // page.mustache's head: what a pasted link previews (SharePreview)
    case shareDescription, canonicalURL

    /// The names in key order, as templates spell them.
    static let vocabulary: [String] = allCases.map { String(describing: $0) }

    private static let byText: [String: HTMLName] = Dictionary(
        uniqueKeysWithValues: allCases.map { (String(describing: $0), $0) })

    /// The name a template's tag refers to, if the HTML contexts know it.
    init?(_ name: MustacheName) {
        if name.key >= 0 {
            self.init(rawValue: name.key)
        } else if let known = Self.byText[name.text] {
            self = known
        } else {
            return nil
        }
    }

    /// The name spelled `text`, if the HTML contexts know it.
    init?(text: String) {
        guard let known = Self.byText[text] else { return nil }
        self = known
    }
}

/// A context of the HTML templates: answers `HTMLName`s.
protocol HTMLContext: MustacheContext {
    func value(_ name: HTMLName) -> MustacheValue?
}

extension HTMLContext {
    func mustacheValue(for name: String) -> MustacheValue? { HTMLName(text: name).flatMap(value) }
    func mustacheValue(for name: MustacheName) -> MustacheValue? { HTMLName(name).flatMap(value) }
}
