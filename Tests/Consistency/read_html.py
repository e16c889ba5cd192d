"""Reads an HTML page back into each message's elements, by its markup (Python's html.parser).

Messages are found by their permalink anchors (`id="msg-…"`), in document order; each element
by the class the page gives it (`sb-forwarded`, `sb-reply`, `sb-edited`, …). Only what a reader
sees is read: text content, an image's alternative text, a link's target.
"""
from html.parser import HTMLParser

from elements import DECLARED, attachment, blank, words

# The elements read here by hand; every other declared element is the words of the message's
# element with the class its template name gives (`archiveNote` → `sb-archive-note`).
READS = {"name", "spoilers", "time", "presence", "reply", "edited", "revisions", "deleted", "status",
         "reactions", "attachments"}

_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class Node:
    """One element of the page: its tag, attributes, children (nodes and strings) and parent."""

    def __init__(self, tag, attrs, parent):
        self.tag, self.attrs, self.parent, self.children = tag, dict(attrs), parent, []

    @property
    def classes(self):
        return (self.attrs.get("class") or "").split()

    def has(self, name):
        return name in self.classes

    def text(self):
        """The text content, as `textContent` gives it."""
        return "".join(child if isinstance(child, str) else child.text() for child in self.children)

    def elements(self):
        """Every element below this one, in document order."""
        for child in self.children:
            if isinstance(child, Node):
                yield child
                yield from child.elements()

    def find(self, name, tag=None):
        """Elements below this one with class `name` (and tag `tag`), in document order."""
        return [node for node in self.elements() if node.has(name) and (tag is None or node.tag == tag)]

    def first(self, name, tag=None):
        found = self.find(name, tag)
        return found[0] if found else None


class _TreeBuilder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("#document", [], None)
        self.current = self.root

    def handle_starttag(self, tag, attrs):
        node = Node(tag, attrs, self.current)
        self.current.children.append(node)
        if tag not in _VOID:
            self.current = node

    def handle_startendtag(self, tag, attrs):
        self.current.children.append(Node(tag, attrs, self.current))

    def handle_endtag(self, tag):
        node = self.current
        while node is not self.root and node.tag != tag:
            node = node.parent
        if node is not self.root:
            self.current = node.parent

    def handle_data(self, data):
        self.current.children.append(data)


def parse(page):
    builder = _TreeBuilder()
    builder.feed(page)
    builder.close()
    return builder.root


def read(page):
    """{anchor: elements} for every message of the page, and the anchors in document order."""
    root = parse(page)
    readings, order = {}, []
    for chain in root.find("sb-chain"):
        system = chain.has("sb-system")
        name_node = None if system else _child_with_class(chain, "sb-sender")
        if name_node is None and not system:
            name_node = _child_with_class(chain, "sb-group-head")
            name_node = name_node.first("sb-group-name") if name_node else None
        first = True
        for message in chain.elements():
            anchor = message.attrs.get("id", "")
            if not anchor.startswith("msg-") or not (message.has("sb-msg") or message.has("sb-system-text")):
                continue
            reading = _system(message) if system else _message(message)
            if first and name_node is not None:
                reading["name"] = words(name_node.text())
            first = False
            readings[anchor] = reading
            order.append(anchor)
    return readings, order


def _child_with_class(node, name):
    for child in node.children:
        if isinstance(child, Node) and child.has(name):
            return child
    return None


def _system(message):
    reading = blank()
    link = message.first("sb-system-link")
    if link is not None:
        reading["reply"] = (None, words(link.text()))
    return reading


def _message(message):
    reading = blank()
    for element in DECLARED:
        node = message.first(element.html_class) if element.name not in READS else None
        if node is not None:
            reading[element.name] = words(_without_screen_reader(node))
    reply = message.first("sb-reply")
    if reply is not None:
        name = reply.first("sb-reply-name")
        excerpt = reply.first("sb-reply-text")
        reading["reply"] = (words(name.text()) or None if name else None, words(excerpt.text() if excerpt else ""))
    deleted = message.first("sb-deleted-text")
    if deleted is not None:
        reading["deleted"] = words(deleted.text())
    reading["spoilers"] = tuple(words(node.text()) for node in message.find("sb-spoiler-text"))
    bubble = message.first("sb-bubble")
    reading["attachments"] = tuple(_attachments(bubble)) if bubble is not None else ()
    reactions = message.first("sb-reactions")
    if reactions is not None:
        shown = []
        for item in reactions.elements():
            if item.tag != "li":
                continue
            emoji = item.first("sb-emoji")
            count = item.first("sb-count")
            shown.append((words(emoji.text() if emoji else ""), int(count.text()) if count else 1))
        reading["reactions"] = tuple(shown)
    meta = message.first("sb-meta")
    reading["edited"] = meta is not None and meta.first("sb-edited") is not None
    if meta is not None and not meta.has("sb-meta-hover"):
        time = next((node for node in meta.elements() if node.tag == "time"), None)
        reading["time"] = words(time.text()) if time is not None and words(time.text()) else None
    revisions = message.first("sb-revisions")
    if revisions is not None:
        shown = []
        for item in revisions.elements():
            if item.tag == "li":
                when = item.first("sb-file-size")
                texts = [child for child in item.children if isinstance(child, Node) and not child.has("sb-file-size")]
                shown.append((words(when.text()) if when else None, words(texts[-1].text() if texts else "")))
        reading["revisions"] = tuple(shown)
    status = message.first("sb-status")
    if status is not None:
        mark = status.first("sb-failed-mark")
        text = status.text()
        if mark is not None:
            text = text.replace(mark.text(), "", 1)
        reading["status"] = words(text)
    dot = message.first("sb-presence")
    if dot is not None:
        reading["presence"] = "online" if dot.has("sb-online") else "offline" if dot.has("sb-offline") else "?"
    return reading


def _attachments(bubble):
    """Each attachment in the bubble, in the order drawn: images first, then the rest after the body."""
    for node in bubble.elements():
        # A covered attachment (`sb-spoiled`) says so beside its name, as the text's line does.
        spoiler = ("spoiler", "spoiler" if node.has("sb-spoiled") else None)
        if node.tag == "img" and node.has("sb-image"):
            kind = "sticker" if node.has("sb-sticker") else "image"
            yield attachment(kind, node.attrs.get("alt", ""), [spoiler])
        elif node.has("sb-player"):
            kind = next((name[3:] for name in node.classes if name in ("sb-video", "sb-audio", "sb-voice")), "?")
            caption = node.first("sb-file-name")
            sizes = [words(part.text()) for part in node.find("sb-file-size")]
            yield attachment(kind, caption.text() if caption else "", _file_details(sizes) + [spoiler])
        elif node.has("sb-card"):
            title = node.first("sb-card-title")
            description = node.first("sb-card-text")
            site = node.first("sb-card-site")
            yield attachment(
                "link", title.text() if title else "",
                [("description", description.text() if description else None),
                 ("site", site.text() if site else None)])
        elif node.has("sb-poll"):
            question = node.first("sb-poll-question")
            options = []
            for item in node.elements():
                if item.tag == "li":
                    text = item.first("sb-poll-option")
                    votes = item.first("sb-poll-votes")
                    voters = item.first("sb-poll-names")
                    names = voters.text() if voters else ""
                    options.append(
                        f"{text.text() if text else ''} ({votes.text() if votes else ''}"
                        + (f"; {names})" if names else ")"))
            summary = node.first("sb-poll-summary")
            yield attachment(
                "poll", question.text() if question else "",
                [("options", ", ".join(options)), ("summary", summary.text() if summary else None)])
        elif node.has("sb-place"):
            name = node.first("sb-file-name")
            parts = [words(part.text()) for part in node.find("sb-file-size")]
            description = parts[0] if len(parts) > 1 else None
            yield attachment(
                "location", name.text() if name else "",
                [("description", description), ("place", parts[-1] if parts else None)])
        elif node.has("sb-contact"):
            name = node.first("sb-file-name")
            numbers = " ".join(words(part.text()) for part in node.find("sb-file-size"))
            yield attachment("contact", name.text() if name else "", [("numbers", numbers)])
        elif node.has("sb-file"):
            kind = next((name[8:] for name in node.classes if name.startswith("sb-kind-")), "file")
            name = node.first("sb-file-name")
            caption = node.first("sb-file-caption")
            sizes = [words(part.text()) for part in node.find("sb-file-size")]
            if kind in ("image", "sticker"):
                # A picture that is not drawn shows its words beside its name: they stand for it.
                details = [detail for detail in _file_details(sizes) if detail[0] in ("omitted", "missing")]
                shown = caption.text() if caption else name.text() if name else ""
                yield attachment(kind, shown, details + [spoiler])
            else:
                details = _file_details(sizes) + [spoiler]
                if caption:
                    details.append(("alt", words(caption.text())))
                yield attachment(kind, name.text() if name else "", details)


def _file_details(parts):
    """A chip's or player's small print, by what each part says: size, duration, a left-out note."""
    details = []
    for part in parts:
        if part.count(":") and part.replace(":", "").isdigit():
            details.append(("duration", part))
        elif part == "not in the export":
            details.append(("missing", part))
        elif "export" in part:
            details.append(("omitted", part))
        else:
            details.append(("size", part))
    return details


def _without_screen_reader(node):
    return "".join(
        child if isinstance(child, str) else "" if child.has("sb-sr") else _without_screen_reader(child)
        for child in node.children)
