"""The visible elements of one message, as an output shows them, and how two readings compare.

Every reader (read_html, read_text, read_json) turns its output into, per message, a dict with
the keys in ELEMENTS. A value of None means "not shown"; values are plain strings, tuples or
booleans so that two readings compare with ==.
"""
import re
import unicodedata

# The elements checked, in the order they are reported.
ELEMENTS = (
    "name",  # the sender's name above the chain, on the chain's first message
    "topic",  # the forum topic or thread
    "forwarded",  # "Forwarded from X"
    "reply",  # (name or None, excerpt) of the quoted message
    "deleted",  # the deletion notice
    "spoilers",  # the words of each spoiler in the body, in order
    "attachments",  # one tuple per attachment, see attachment()
    "reactions",  # ((emoji, count), ...)
    "edited",  # "Edited" in the meta line
    "archive",  # "Not in the latest export"
    "status",  # the delivery status words under the bubble
    "presence",  # "online" / "offline": the avatar's dot
)

# What a message shows when an output draws nothing but its body.
EMPTY = {
    "name": None,
    "topic": None,
    "forwarded": None,
    "reply": None,
    "deleted": None,
    "spoilers": (),
    "attachments": (),
    "reactions": (),
    "edited": False,
    "archive": None,
    "status": None,
    "presence": None,
}

# Bidirectional isolates and marks the renderers add around names: not part of the words.
_INVISIBLE = dict.fromkeys(map(ord, "\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069\u200e\u200f"))
# Control characters, as a terminal shows them (a picture of each), so every output reads alike.
_PICTURES = {code: 0x2400 + code for code in range(0x20) if chr(code) not in "\t\n\r"}


def words(text):
    """`text` as words on one line: invisible isolates removed, runs of white space made one space."""
    if text is None:
        return None
    text = unicodedata.normalize("NFC", text.translate(_INVISIBLE).translate(_PICTURES))
    return re.sub(r"\s+", " ", text).strip()


def attachment(kind, name, detail=()):
    """One attachment as shown: its kind (image, video, …, contact), its name and what else it
    shows beside the name (a card's description and site, a file's size, a poll's options, an
    image's alternative text), as (label, value) pairs."""
    return (kind, words(name), tuple(sorted((label, words(value)) for label, value in detail if value)))


def blank():
    """A fresh reading with nothing shown."""
    return dict(EMPTY)


def differences(readings):
    """The elements on which the readings disagree: [(element, {output: value})].

    `readings` maps an output's name ("html", "text", "json") to its reading of one message.
    """
    found = []
    for element in ELEMENTS:
        values = {output: reading[element] for output, reading in readings.items()}
        # A page draws pictures above the words and other attachments below them: order aside.
        compared = [tuple(sorted(value)) if element == "attachments" else value for value in values.values()]
        if len(set(map(_hashable, compared))) > 1:
            found.append((element, values))
    return found


def _hashable(value):
    return tuple(value) if isinstance(value, list) else value
