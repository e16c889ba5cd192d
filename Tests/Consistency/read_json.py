"""Reads `--format json` (the layout JSON) back into each message's elements.

The JSON also gives the order of days, chains and messages, which the text reading follows
(text has no ids), and each message's anchor, by which HTML is matched.
"""
import json

from elements import DECLARED, attachment, blank, words

# The elements read here by hand; every other declared element is its JSON key's words.
READS = {"name", "spoilers", "time", "presence", "reply", "edited", "revisions", "deleted", "status",
         "reactions", "attachments"}


def read(document):
    """The layout JSON as its title and [chain], each {"kind", "messages": [message]}, where a
    message is {"anchor", "id", "jumbo", "text", "reading"} and "reading" its elements."""
    layout = json.loads(document)
    chains = []
    for day in layout.get("days", []):
        for chain in day.get("chains", []):
            messages = []
            for index, message in enumerate(chain.get("messages", [])):
                reading = _message(message)
                if index == 0 and chain.get("showName") and chain.get("kind") != "system":
                    # The name above a chain: its display name (older layouts gave only the id).
                    name = chain.get("senderName") or chain.get("sender")
                    # A bot's name carries its tag (`senderTag`), as the page and the text show it.
                    if chain.get("senderTag"):
                        name = f"{name} {chain['senderTag']}"
                    reading["name"] = words(name)
                messages.append({
                    "anchor": message.get("anchor") or "msg-" + str(message.get("id")),
                    "id": str(message.get("id")),
                    "jumbo": bool(message.get("jumbo")),
                    "text": message.get("text") or "",
                    "reading": reading,
                })
            chains.append({"kind": chain.get("kind"), "messages": messages})
    return {"title": layout.get("title"), "topic": layout.get("topic"), "chains": chains}


def _message(message):
    reading = blank()
    if message.get("kind") == "system":
        reply = message.get("reply")
        if reply and reply.get("found"):
            reading["reply"] = (None, words(reply.get("excerpt")))
        return reading
    for element in DECLARED:
        if element.name not in READS:
            reading[element.name] = words(message.get(element.json))
    # The time shows beside the message where the meta line shows without hovering.
    if (message.get("showTime") or message.get("edited")) and message.get("timeLabel"):
        reading["time"] = words(message.get("timeLabel"))
    reading["revisions"] = tuple(
        (words(revision.get("timeLabel")), words(revision.get("text"))) for revision in message.get("revisions") or [])
    reply = message.get("reply")
    if reply:
        name = reply.get("senderName") if reply.get("found") else None
        reading["reply"] = (words(name) if name else None, words(reply.get("excerpt")))
    deleted = message.get("deletedNotice")
    if deleted is None and message.get("deleted"):
        deleted = "deleted"  # a layout that says so only as a flag
    reading["deleted"] = words(deleted)
    if not deleted:
        reading["spoilers"] = tuple(spoilers(message.get("text") or "", message.get("format")))
    reading["attachments"] = tuple(_attachment(item) for item in message.get("attachments") or [])
    reading["reactions"] = tuple(
        (words(reaction.get("emoji")), int(reaction.get("count", len(reaction.get("by", [])))))
        for reaction in message.get("reactions") or [])
    reading["edited"] = bool(message.get("edited"))
    reading["status"] = words(message.get("statusLabel") or message.get("status"))
    reading["presence"] = message.get("presence")
    return reading


def _attachment(item):
    kind = item.get("kind") or ("image" if item.get("image") else "file")
    name = item.get("name") or item.get("path") or item.get("url") or ""
    spoiler = ("spoiler", "spoiler" if item.get("spoiler") else None)
    if kind in ("image", "sticker"):
        return attachment(kind, item.get("alt") or name, [
            ("omitted", item.get("omittedNote")), ("missing", item.get("missingNote")), spoiler])
    alt = item.get("alt") if item.get("alt") != name else None
    if kind == "link":
        # Words a card holds as alternative text (an embed's description, say) are words to show.
        return attachment(kind, name, [
            ("description", item.get("description")), ("site", item.get("siteName")), ("alt", alt)])
    if kind == "poll":
        poll = item.get("poll") or {}
        options = ", ".join(
            f"{option.get('text')} ({option.get('votes')}"
            + (f"; {', '.join(option['names'])})" if option.get("names") else ")")
            for option in poll.get("options", []))
        return attachment(kind, poll.get("question", name), [("options", options), ("summary", poll.get("summary"))])
    if kind == "location":
        return attachment(kind, name, [("description", item.get("description")), ("place", item.get("placeLabel"))])
    if kind == "contact":
        return attachment(kind, name, [("numbers", " ".join(item.get("phones", []) + item.get("emails", [])))])
    return attachment(kind, name, [
        ("size", item.get("sizeLabel")), ("duration", item.get("durationLabel")),
        ("omitted", item.get("omittedNote")), ("missing", item.get("missingNote")), ("alt", alt), spoiler])


def spoilers(text, text_format):
    """The words of each `||…||` spoiler in Markdown text (outside code), Markdown marks removed."""
    if text_format == "plain" or "||" not in text:
        return []
    outside_code = _without_code(text)
    found = []
    for paragraph in outside_code.split("\n\n"):
        pieces = paragraph.split("||")
        # Pieces at odd positions are between a pair of bars; an unpaired last bar opens nothing.
        last = len(pieces) - 1 if len(pieces) % 2 == 0 else len(pieces)
        for index in range(1, last, 2):
            spoiler = words(_unmarked(pieces[index]))
            if spoiler:
                found.append(spoiler)
    return found


def _without_code(text):
    """Text with fenced blocks and code spans blanked out (their bars are code, not spoilers)."""
    import re

    text = re.sub(r"(?ms)^(```|~~~).*?^\1", "", text)
    return re.sub(r"`[^`\n]*`", "", text)


def _unmarked(markdown):
    """Markdown emphasis marks removed: `**the butler**` reads as `the butler`."""
    return markdown.replace("**", "").replace("__", "").replace("~~", "").strip("*_")
