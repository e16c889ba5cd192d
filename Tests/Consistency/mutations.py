"""The check checked: each element taken out of (or changed in, or added to) one output of
inputs/every-element.json must be reported as a disagreement on that element.

A reader that silently saw nothing would let every fixture pass; these cases fail then.
Each is (output, what to find, what to put instead, the element that must be reported).
"""
import re

MUTATIONS = [
    ("html", r'<p class="sb-sender[^>]*><bdi>Ben Okafor</bdi></p>', "", "name"),
    ("html", r'<p class="sb-topic".*?</p>', "", "topic"),
    ("html", r'<p class="sb-forwarded"[^>]*>[^<]*</p>', "", "forwarded"),
    ("html", r'(class="sb-reply-text"[^>]*>)Who is driving', r"\1Who is riding", "reply"),
    ("html", r'<p class="sb-deleted-text">[^<]*</p>', "", "deleted"),
    ("html", r'(id="msg-e4".*?<p class="sb-meta[^"]*">.*?)</p>', r'\1<span class="sb-edited">Edited</span></p>', "edited"),
    ("html", r'<span class="sb-edited">Edited</span>', "", "edited"),
    ("html", r'<label class="sb-spoiler">.*?<span class="sb-spoiler-text">(.*?)</span></label>', r"\1", "spoilers"),
    ("html", r'(<span class="sb-count"[^>]*>)2<', r"\g<1>3<", "reactions"),
    ("html", r'<span class="sb-card-text".*?</span>', "", "attachments"),
    ("html", r'(<p class="sb-poll-question"[^>]*>)Lunch stop\?', r"\1Dinner stop?", "attachments"),
    ("html", r'<figure class="sb-player sb-video">', '<figure class="sb-player sb-audio">', "attachments"),
    ("html", r' <span class="sb-file-size sb-missing-note">not in the export</span>', "", "attachments"),
    ("html", r'<span class="sb-archive-note">[^<]*</span>', "", "archive"),
    ("html", r'<p class="sb-status">Delivered</p>', "", "status"),
    ("html", r'<span class="sb-presence sb-offline"></span>', "", "presence"),
    ("html", r'<p class="sb-pinned">Pinned</p>', "", "pinned"),
    ("html", r'<p class="sb-service-label"><span class="sb-sr">Sent as </span>SMS</p>', "", "service"),
    ("html", r'(<p class="sb-service-label"><span class="sb-sr">Sent as </span>)iMessage<', r"\1SMS<", "service"),
    ("html", r'(<details class="sb-revisions">.*?)Fixed teh time', r"\1Fixed the tim", "revisions"),
    ("html", r'(<time datetime="[^"]*">)10:31<', r"\g<1>10:39<", "time"),
    ("text", r"\n  Ben Okafor\n", "\n", "name"),
    ("text", r"│ # Trip planning( +)│", r"│ Trip planning  \1│", "topic"),
    ("text", r"↪ Forwarded from Hiking Club", "Forwarded from Hiking Club  ", "forwarded"),
    ("text", r"▎Ben Okafor: Who is driving", "▎Ben Okafor: Who is riding", "reply"),
    ("text", r"│ This message was deleted │", "│ This message was gone    │", "deleted"),
    ("text", r"09:12 · Edited", "09:12", "edited"),
    ("text", r"\|\|surprise\|\|", "  surprise  ", "spoilers"),
    ("text", r"👍 2 🚗", "👍 🚗  ", "reactions"),
    ("text", r"│ A day's walk along the ridge, back by the lake( +)│", r"│ A day's walk along the ridge\1                  │",
     "attachments"),
    ("text", r"🎬 Video:", "🎵 Video:", "attachments"),
    ("text", r" · not in the export", " " * 20, "attachments"),
    ("text", r" · Not in the latest export", "", "archive"),
    ("text", r"10:31 · Delivered", "10:31", "status"),
    ("text", r"  ○ 09:01", "  09:01", "presence"),
    ("text", r" · Pinned", "", "pinned"),
    ("text", r"\n  SMS\n", "\n", "service"),
    ("text", r"09:21 · iMessage", "09:21", "service"),
    ("text", r"Fixed teh time", "Fixed the tim ", "revisions"),
    ("text", r"10:31 · Delivered", "10:39 · Delivered", "time"),
    ("json", r'"forwarded" : "Forwarded from Hiking Club"', '"forwarded" : null', "forwarded"),
    ("json", r'"edited" : true', '"edited" : false', "edited"),
    ("json", r'"pinned" : "Pinned"', '"pinned" : null', "pinned"),
    ("json", r'"serviceLabel" : "SMS"', '"serviceLabel" : null', "service"),
    ("json", r'"text" : "Fixed teh time"', '"text" : "Fixed the tim"', "revisions"),
    ("json", r'"timeLabel" : "10:31"', '"timeLabel" : "10:39"', "time"),
    ("json", r'"statusLabel" : "Delivered"', '"statusLabel" : null', "status"),
    ("json", r'"count" : 2', '"count" : 1', "reactions"),
    ("json", r'"missingNote" : "not in the export",', "", "attachments"),
    ("json", r'"question" : "Lunch stop\?"', '"question" : "Dinner stop?"', "attachments"),
    ("json", r'"senderName" : "Ben Okafor",\n(\s*)"showName" : true', r'"senderName" : "Ben O.",\n\1"showName" : true',
     "name"),
]


def run(compare, outputs):
    """(caught, [what was missed]) over every mutation of `outputs` ({"html", "text", "json"})."""
    missed = []
    for output, pattern, replacement, element in MUTATIONS:
        changed = dict(outputs)
        changed[output], count = re.subn(pattern, replacement, outputs[output], count=1, flags=re.DOTALL)
        if count == 0:
            missed.append(f"{output}: {pattern!r} is not in the output to change")
            continue
        problems, _ = compare(changed["html"], changed["text"], changed["json"])
        if not any(f" {element}:" in problem for problem in problems):
            missed.append(f"{output}: changing {pattern!r} was not reported as a {element} disagreement")
    return len(MUTATIONS) - len(missed), missed
