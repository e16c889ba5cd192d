"""Reads `--format text` back into each message's elements, by its drawing.

Text has no ids, so messages are matched by order: the output is blocks separated by one blank
line (the title, each day's rule, each chain), and the chain blocks are paired, in order, with
the chains of the layout JSON. Inside a chain block, each bubble is a box (`╭…╯`) or, for a
jumbo emoji message, one line of emoji; the lines outside the boxes are the sender's name (above
the first bubble), reactions that did not fit on the box's edge, and the meta line under a bubble
(`● 09:15 · Edited · Read`). Inside a box the content is, from the top: `# topic`,
`↪ Forwarded from …`, `▎Name: excerpt`, the deletion notice, the body, one line per attachment
starting with its kind's symbol, and earlier versions.

Where a value wraps over lines or is cut with "…" to fit the width, the words the other outputs
show for that element are used to tell where it ends ("hints"); a hint is taken only when the
text shows exactly it, so a hint never makes an element appear that the text does not draw.
"""
import re

from elements import NOTES, attachment, blank, words

# The elements read here by hand; the declared notes (`NOTES`) are read from the meta line, by
# the words the other outputs show for them.
READS = {"name", "spoilers", "time", "presence", "reply", "edited", "revisions", "deleted", "status",
         "reactions", "attachments", "topic", "forwarded"}

ICONS = {
    "📷": "image", "🎬": "video", "🎵": "audio", "🎤": "voice", "🔖": "sticker", "📎": "file",
    "🔗": "link", "📊": "poll", "📍": "location", "👤": "contact",
}
KIND_LABELS = {
    "image": "Photo", "video": "Video", "audio": "Audio", "voice": "Voice message", "sticker": "Sticker",
    "file": "File", "location": "Location", "contact": "Contact", "link": "Link", "poll": "Poll",
}
STATUS_WORDS = {"Sending…", "Sent", "Delivered", "Read", "! Not delivered"}
DELETED_NOTICES = {"This message was deleted"}
EARLIER = "Earlier versions:"
_TIME = re.compile(r"^\d{1,2}:\d{2}(:\d{2})?( ?[AaPp]\.? ?[Mm]\.?)?$")
_SIZE = re.compile(r"^\d+(\.\d+)? (bytes?|KB|MB|GB|TB)$")
_DURATION = re.compile(r"^\d+:\d{2}(:\d{2})?$")
_BOX_TOP = ("╭", "┌")
_BOX_BOTTOM = ("╰", "╶┴", "└")
# Bidirectional isolates the renderer puts around names and lines: zero-width, not words.
_ISOLATES = dict.fromkeys(map(ord, "\u2066\u2067\u2068\u2069"))


def blocks(text):
    """The output's blocks: lists of lines, split at blank lines."""
    found, current = [], []
    for line in text.split("\n"):
        if line.strip() == "":
            if current:
                found.append(current)
            current = []
        else:
            current.append(line.translate(_ISOLATES).rstrip())
    if current:
        found.append(current)
    return found


def is_day_rule(block):
    return len(block) == 1 and block[0].startswith("─") and block[0].endswith("─")


def read(text, layout, hints):
    """Readings of every message, in the layout's order: [(anchor, elements)], and problems found.

    `layout` is read_json.read's result (its chain order and jumbo flags); `hints` maps an anchor
    to the other outputs' readings of that message.
    """
    chain_blocks = [block for block in blocks(text) if not is_day_rule(block)]
    if layout["title"] and chain_blocks:
        chain_blocks = chain_blocks[1:]  # the centred title (and the topic under it)
    problems = []
    if len(chain_blocks) != len(layout["chains"]):
        problems.append(f"text has {len(chain_blocks)} chain blocks, the layout {len(layout['chains'])} chains")
    readings = []
    for block, chain in zip(chain_blocks, layout["chains"]):
        if chain["kind"] == "system":
            readings += _system_chain(block, chain)
        else:
            chain_readings, chain_problems = _message_chain(block, chain, hints)
            readings += chain_readings
            problems += chain_problems
    return readings, problems


def _system_chain(block, chain):
    """System lines are centred words; a reply shows as ` → excerpt`. Lines wrap, so the chain's
    lines are read as one run of words and each message's quoted excerpt looked for in it."""
    run = words(" ".join(block))
    readings = []
    for message in chain["messages"]:
        reading = blank()
        expected = message["reading"]["reply"]
        if expected and ("→ " + expected[1]) in run:
            reading["reply"] = expected
        elif " → " in run and not expected and len(chain["messages"]) == 1:
            reading["reply"] = (None, run.split(" → ", 1)[1])
        readings.append((message["anchor"], reading))
    return readings


def _units(block):
    """The block as ("box", content lines, bottom line) and ("line", text, indent) items."""
    units, index = [], 0
    while index < len(block):
        line = block[index]
        stripped = line.strip()
        if stripped.startswith(_BOX_TOP):
            content = []
            index += 1
            while index < len(block) and not block[index].strip().startswith(_BOX_BOTTOM):
                inner = block[index].strip()
                if inner.startswith("│") and inner.endswith("│"):
                    inner = inner[1:-1]
                content.append((inner[1:] if inner.startswith(" ") else inner).rstrip())
                index += 1
            bottom = block[index].strip() if index < len(block) else ""
            units.append(("box", content, bottom))
        else:
            units.append(("line", stripped, len(line) - len(line.lstrip(" "))))
        index += 1
    return units


def _message_chain(block, chain, hints):
    units = _units(block)
    width = max(len(line) for line in block)
    problems, readings = [], []
    position = 0
    messages = chain["messages"]
    for number, message in enumerate(messages):
        anchor = message["anchor"]
        reading = blank()
        hint = hints.get(anchor, [])
        following = messages[number + 1] if number + 1 < len(messages) else None
        # Lines before the bubble: the name above the chain; later, a long pause's centred time.
        before = []
        while position < len(units) and units[position][0] == "line":
            if message["jumbo"] and _spells_jumbo(units[position][1], message):
                break
            before.append(units[position][1])
            position += 1
        if number == 0:
            if before:
                # A bot's name ends in its tag, `[BOT]`: the tag's word, as the other outputs give it.
                reading["name"] = re.sub(r" \[([A-Z]+)\]$", r" \1", words(before[0]))
            problems += [f"{anchor}: unexpected line above the chain: {line!r}" for line in before[1:]]
        else:
            problems += [f"{anchor}: unexpected line before the bubble: {line!r}"
                         for line in before if not _TIME.match(line)]
            # A long pause inside the chain: the time, centred above the bubble.
            reading["time"] = next((words(line) for line in before if _TIME.match(line.strip())), None)
        if position >= len(units):
            problems.append(f"{anchor}: no bubble for it in the text")
            readings.append((anchor, reading))
            continue
        unit = units[position]
        position += 1
        edge = []
        if unit[0] == "box":
            _content(unit[1], reading, hint, message["text"])
            edge = _reactions(unit[2])
        # Lines after it, up to the next bubble: reactions that did not fit on the edge, the meta line.
        after = []
        while position < len(units) and units[position][0] == "line":
            line = units[position][1]
            if following and following["jumbo"] and _spells_jumbo(line, following):
                break
            if following and _TIME.match(line) and _centred(units[position], width):
                break
            after.append(line)
            position += 1
        notes = {element.name: {other[element.name] for other in hint if other[element.name]} for element in NOTES}
        meta = _meta(after[-1], set().union(*notes.values())) if after else None
        rest = after[:-1] if meta is not None else after
        if rest and not edge:
            edge = _reactions(rest[0])
            rest = rest[1:]
        problems += [f"{anchor}: unexpected line under the bubble: {line!r}" for line in rest]
        reading["reactions"] = tuple(edge)
        if meta is not None:
            parts, presence = meta
            reading["presence"] = presence
            reading["edited"] = "Edited" in parts
            for element, shown in notes.items():
                reading[element] = next((part for part in parts if part in shown), None)
            if parts and _TIME.match(parts[0]):
                reading["time"] = parts[0]
            status = [part for part in parts if part in STATUS_WORDS]
            reading["status"] = status[0].lstrip("! ") if status else None
        readings.append((anchor, reading))
    problems += [f"{messages[-1]['anchor']}: unexpected {unit[0]} after the chain's last bubble"
                 for unit in units[position:]]
    return readings, problems


def _spells_jumbo(line, message):
    return bool(message["text"].strip()) and line.replace(" ", "") == message["text"].replace(" ", "")


def _centred(unit, width):
    _, text, indent = unit
    return indent > 2 and abs(indent - (width - len(text)) // 2) <= 2


def _meta(line, notes):
    """The parts of a meta line and its presence dot, or None when the line is not a meta line
    (one of time, "Edited", `notes` and status words)."""
    presence = None
    if line.startswith(("●", "○")):
        presence = "online" if line[0] == "●" else "offline"
        line = line[1:].strip()
    parts = line.split(" · ") if line else []
    for part in parts:
        if not (_TIME.match(part) or part == "Edited" or part in notes or part in STATUS_WORDS):
            return None
    return parts, presence


def _reactions(line):
    """` 👍 🙌 2 `: each emoji, with a count when more than one reacted; from a box's edge or a line."""
    found = []
    for token in re.split(r"[\s─╰╯┴╴╶┘└]+", line):
        if not token:
            continue
        if token.isdigit() and token.isascii() and found:
            found[-1] = (found[-1][0], int(token))
        else:
            found.append((words(token), 1))
    return found


def _content(lines, reading, hint, text):
    """The elements inside one box, read from the top; `text` is the message's words, to tell a
    body line that starts with an attachment's symbol from an attachment."""
    cursor = _Cursor(lines)
    if cursor.starts("# "):
        reading["topic"] = cursor.take("# ", [other["topic"] for other in hint])
    if cursor.starts("↪ "):
        reading["forwarded"] = cursor.take("↪ ", [other["forwarded"] for other in hint])
    if cursor.starts("▎") and not cursor.starts("▎ "):
        reading["reply"] = _reply(cursor.line()[1:], hint)
        cursor.index += 1
    notices = DELETED_NOTICES | {other["deleted"] for other in hint if other["deleted"]}
    if cursor.index < len(lines) and words(cursor.line()) in notices:
        reading["deleted"] = words(cursor.line())
        cursor.index += 1
    end = len(lines)
    if EARLIER in lines[cursor.index:]:
        end = cursor.index + lines[cursor.index:].index(EARLIER)
    starts = [position for position in range(cursor.index, end) if _icon(lines[position])]
    most = max([len(other["attachments"]) for other in hint] + [0])
    while len(starts) > most and _plain(lines[starts[0]]) in _plain(text):
        starts.pop(0)  # the body's own words
    body = " ".join(lines[cursor.index:starts[0] if starts else end])
    reading["spoilers"] = tuple(words(match) for match in re.findall(r"\|\|(.+?)\|\|", body) if words(match))
    attachments = []
    for number, (start, stop) in enumerate(zip(starts, starts[1:] + [end])):
        expected = [other["attachments"][number] for other in hint if number < len(other["attachments"])]
        attachments.append(_attachment(lines[start:stop], expected))
    reading["attachments"] = tuple(attachments)
    reading["revisions"] = tuple(_revisions(lines[end + 1:], hint)) if end < len(lines) else ()


def _revisions(lines, hint):
    """`· 2026-05-04 09:12 Fixed teh time`, one an earlier version (wrapped over lines): (when, text),
    the when told from the text by the other outputs' readings."""
    items = []
    for line in lines:
        if line.startswith("· ") or not items:
            items.append(line[2:] if line.startswith("· ") else line)
        else:
            items[-1] += " " + line
    expected = {revision for other in hint for revision in other["revisions"]}
    found = []
    for item in items:
        shown = words(item)
        match = next((revision for revision in expected
                      if (revision[0] + " " if revision[0] else "") + revision[1] == shown), None)
        found.append(match or (None, shown))
    return found


class _Cursor:
    """Lines read from the top; `take` reads a value that may wrap over several lines."""

    def __init__(self, lines):
        self.lines, self.index = lines, 0

    def line(self):
        return self.lines[self.index]

    def starts(self, prefix):
        return self.index < len(self.lines) and self.lines[self.index].startswith(prefix)

    def take(self, prefix, candidates):
        """The value after `prefix`: a candidate the next lines spell out exactly, else this line."""
        first = self.lines[self.index][len(prefix):]
        for candidate in candidates:
            if candidate is None:
                continue
            end = _spelled_until(self.lines, self.index, first, candidate)
            if end is not None:
                self.index = end
                return candidate
        self.index += 1
        return words(first)


def _spelled_until(lines, index, first, expected):
    """The index after the lines (from `index`, the first of them read as `first`) that spell
    `expected` when joined, or None when they do not."""
    target = _squeezed(expected)
    joined, end = _squeezed(first), index + 1
    while joined != target and end < len(lines) and target.startswith(joined):
        joined += _squeezed(lines[end])
        end += 1
    return end if joined == target else None


def _reply(line, hint):
    """`Ben Okafor: Still on for Saturday?`, cut with "…" to fit: the name and the excerpt."""
    for other in hint:
        expected = other["reply"]
        if not expected:
            continue
        name, excerpt = expected
        shown = (name + ": " if name else "") + excerpt
        if words(line) == shown or (line.endswith("…") and shown.startswith(words(line[:-1]))):
            return expected
    name, _, excerpt = line.partition(": ")
    return (words(name), words(excerpt)) if excerpt else (None, words(line))


def _icon(line):
    for icon in ICONS:
        if line.startswith(icon + " "):
            return icon
    return None


def _attachment(group, expected):
    """One attachment's lines: its symbol gives the kind, the words after it the name and details."""
    icon = _icon(group[0])
    kind = ICONS[icon]
    group = [group[0][len(icon) + 1:]] + group[1:]
    if kind == "link":
        return _card(group, expected)
    if kind == "poll":
        return _poll(group, expected)
    label = words(" ".join(group))
    label = re.sub(r" \((?:[a-z][a-z0-9+.-]*:|www\.)[^)]*\)$", "", label)  # a remote file's address
    prefix = KIND_LABELS[kind] + ": "
    if label.startswith(prefix):
        label = label[len(prefix):]
    image = kind in ("image", "sticker")
    records = [record for record in expected if record[0] == kind]
    names = [record[1] for record in records]
    # `name · … — alt`. An image's alternative text, when it has one, is what it shows as its name.
    alts = names if image else [dict(record[2]).get("alt") for record in records]
    alt = None
    for candidate in filter(None, alts):
        if label.endswith(" — " + candidate):
            alt, label = candidate, label[: -len(" — " + candidate)]
            break
    else:
        named = any(label == name or label.startswith(name + " · ") for name in names)
        if " — " in label and not named:
            label, alt = label.rsplit(" — ", 1)
    name, parts = _name_and_parts(label, [] if image and alt else names)
    details = []
    for part in parts:
        if _SIZE.match(part):
            details.append(("size", part))
        elif _DURATION.match(part):
            details.append(("duration", part))
        elif part.endswith("out of the export"):
            details.append(("omitted", part))
        elif part == "spoiler":
            details.append(("spoiler", part))
        elif part == "not in the export":
            details.append(("missing", part))
        else:
            details.append(("shown", part))
    if image:
        details = [detail for detail in details if detail[0] not in ("size", "duration")]
        if kind == "sticker":  # the emoji it stands for, which a picture of it shows as itself
            details = [detail for detail in details if detail[0] != "shown" or any(map(str.isalnum, detail[1]))]
        return attachment(kind, alt or name, details)
    if alt:
        details.append(("alt", alt))
    if kind == "contact":
        details = [("numbers", " ".join(parts))]
    elif kind == "location":
        details = [("place", parts[-1])] + ([("description", " · ".join(parts[:-1]))] if parts[:-1] else [])
    return attachment(kind, name, details)


def _name_and_parts(label, names):
    """`clip.mp4 · 4.2 MB · 0:42` as the name and its parts; a name may itself hold ` · `."""
    for name in sorted(names, key=len, reverse=True):
        if label == name:
            return name, []
        if label.startswith(name + " · "):
            return name, label[len(name) + 3:].split(" · ")
    name, *parts = label.split(" · ")
    return name, parts


def _card(group, expected):
    """A link card: the title, then its description, then `site · address`."""
    cursor = _Cursor(group)
    title = cursor.take("", [record[1] for record in expected if record[0] == "link"])
    details = []
    descriptions = [dict(record[2]).get("description") for record in expected if record[0] == "link"]
    if cursor.index < len(group) and any(descriptions):
        before = cursor.index
        description = cursor.take("", descriptions)
        if description in descriptions:
            details.append(("description", description))
        else:
            cursor.index = before
    rest = [words(line) for line in group[cursor.index:]]
    if rest:
        source = " ".join(rest).split(" · ")
        if source and not re.match(r"^[a-z][a-z0-9+.-]*:", source[0]):
            details.append(("site", source[0]))
            source = source[1:]
        details += [("shown", part) for part in source if not re.match(r"^[a-z][a-z0-9+.-]*:", part)]
    return attachment("link", title, details)


def _poll(group, expected):
    """A poll: the question, `▪ option — votes (percent%)` per answer with the lines naming its
    voters under it, then the summary (the last line)."""
    options = [index for index, line in enumerate(group) if line.startswith("▪ ")]
    # The summary is the last line, or the last lines when it wraps (an app's lines under the poll):
    # as many as spell a summary the other outputs show.
    summaries = {dict(record[2]).get("summary") for record in expected if record[0] == "poll"}
    tail = next((count for count in range(len(group) - (options[-1] if options else 0) - 1, 1, -1)
                 if words(" ".join(group[-count:])) in summaries), 1)
    question = " ".join(group[: options[0] if options else len(group) - tail])
    shown = []
    for number, index in enumerate(options):
        end = options[number + 1] if number + 1 < len(options) else len(group) - tail
        lines = group[index:end]
        # The answer may wrap (its lines run to the one ending in its votes); its voters follow.
        last = next((at for at, line in enumerate(lines) if re.search(r" — \d+ \(\d+%\)$", line)), 0)
        match = re.match(r"^▪ (.*) — (\d+) \(\d+%\)$", " ".join(line.strip() for line in lines[: last + 1]))
        voters = " ".join(line.strip() for line in lines[last + 1:])
        text = f"{match.group(1)} ({match.group(2)}" if match else group[index] + " ("
        shown.append(text + (f"; {voters})" if voters else ")"))
    summary = group[-tail:]
    return attachment("poll", question, [("options", ", ".join(shown)), ("summary", " ".join(summary))])


def _plain(text):
    """Words with Markdown's emphasis and code marks removed, as the body draws them."""
    return re.sub(r"[*_~`]", "", words(text) or "")


def _squeezed(text):
    return re.sub(r"\s+", "", words(text) or "")
