"""The visible elements of one message, as an output shows them, and how two readings compare.

Every reader (read_html, read_text, read_json) turns its output into, per message, a dict with
the keys in ELEMENTS. A value of None means "not shown"; values are plain strings, tuples or
booleans so that two readings compare with ==.
"""
import os
import re
import unicodedata

_ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
_PRESENTATION = os.path.join(_ROOT, "Sources", "ScrollbackLayout", "MessagePresentation.swift")


class Element:
    """One element the outputs must agree on, as `MessagePresentation` declares it on one of its
    values (`/// - Shown: …, element NAME`): the value's layout JSON key, template name, type and
    whether the terminal draws it as a note in the meta line."""

    def __init__(self, name, value, type_text, json_key, template, note):
        self.name, self.value, self.type = name, value, type_text
        self.json, self.template, self.note = json_key, template, note

    @property
    def empty(self):
        """What a message shows of it when an output draws nothing but the body."""
        if self.type == "Bool":
            return False
        if self.type.startswith("[") or self.name == "spoilers":
            return ()
        return None

    @property
    def html_class(self):
        """The class a page's element for it has, by its template name: `archiveNote` → `sb-archive-note`."""
        return "sb-" + re.sub(r"([A-Z])", lambda match: "-" + match.group(1).lower(), self.template or self.value)


def declared():
    """The elements `MessagePresentation` declares, in its order."""
    found, pending = [], None
    with open(_PRESENTATION, encoding="utf-8") as source:
        for line in source:
            line = line.strip()
            if line.startswith("/// - Shown:"):
                pending = [part.strip().replace("`", "").split() for part in line[12:].split(",")]
            elif line.startswith("package var") and pending is not None:
                match = re.match(r"package var (\w+): ([^{=]+?)\s*(\{.*)?$", line)
                items = {words[0]: words[1] if len(words) > 1 else True for words in pending}
                if "element" in items:
                    json_key = next((words[1] for words in pending if words[0] == "json"), None)
                    found.append(Element(items["element"], match.group(1), match.group(2).strip(), json_key,
                                         items.get("template"), "note" in items))
                pending = None
            elif line.startswith("}"):
                if found:
                    break
    if not found:
        raise SystemExit(f"no elements declared in {_PRESENTATION}")
    return found


DECLARED = declared()
# The elements checked, in the order they are reported: the values MessagePresentation declares
# with an `element`, so a value added there is checked (or the check fails for want of a reader).
ELEMENTS = tuple(element.name for element in DECLARED)
BY_NAME = {element.name: element for element in DECLARED}
# The elements the terminal draws as words in the meta line ("Not in the latest export", "Pinned").
NOTES = tuple(element for element in DECLARED if element.note)

# What a message shows when an output draws nothing but its body.
EMPTY = {element.name: element.empty for element in DECLARED}

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
