#!/usr/bin/env python3
"""How big the static site's search index is next to the text it covers.

Builds a site from two corpora with the already-built .build/debug/scrollback (or the binary
given with --binary) and prints, per corpus: messages, bytes of message text (UTF-8), bytes of
the index (every file under search/: shards and dictionaries) and their ratio, split into
dictionaries and shards.

- English prose: the GFM spec's paragraphs (../shared/fixtures/commonmark-gfm/spec.txt, outside
  the examples, headings and front matter left out), one message each, three senders, hourly.
  Tests/SiteTests/SearchSizeTests.swift builds the same corpus and asserts the ratio.
- Lorem ipsum: the first 1,500 messages of the Telegram "BIG" sample
  (../shared/fixtures/telegram/chat-analytics/BIG_20A_5475M.json), 20 senders over 10 months.

Usage: scripts/search-size.py [--binary PATH] [--keep DIR]
"""
import argparse, json, os, re, subprocess, sys, tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures")


def prose_paragraphs():
    """The spec's prose paragraphs, split as SearchSizeTests.swift splits them."""
    text = open(os.path.join(FIXTURES, "commonmark-gfm", "spec.txt"), encoding="utf-8").read()
    paragraphs, current, in_example, in_front = [], [], False, False
    for number, line in enumerate(text.split("\n")):
        if number == 0 and line == "---":
            in_front = True
            continue
        if in_front:
            in_front = line not in ("---", "...")
            continue
        if line.startswith("````````````````````````````````"):
            in_example = not in_example
            current = []
            continue
        if in_example:
            continue
        if line.strip() == "":
            if current:
                paragraphs.append("\n".join(current))
            current = []
        elif not (not current and line.startswith("#")):
            current.append(line)
    if current:
        paragraphs.append("\n".join(current))
    return paragraphs


def prose_log():
    senders = ["ana", "ben", "chiara"]
    messages = []
    for index, paragraph in enumerate(prose_paragraphs()):
        hour = index  # one an hour from 2026-01-05 08:00 UTC
        day, hour = divmod(8 + hour, 24)
        messages.append({
            "id": f"m{index + 1}", "sender": senders[(index // 2 + index // 5) % 3],
            "time": f"2026-01-{5 + day:02d}T{hour:02d}:00:00Z" if day < 27 else
                    f"2026-02-{day - 26:02d}T{hour:02d}:00:00Z",
            "text": paragraph})
    return {"version": 1, "title": "Spec reading group", "me": "ana", "timeZone": "UTC",
            "participants": [{"id": s, "name": s.capitalize()} for s in senders], "messages": messages}


def lorem_log():
    path = os.path.join(FIXTURES, "telegram", "chat-analytics", "BIG_20A_5475M.json")
    export = json.load(open(path, encoding="utf-8"))
    chosen = export["messages"][:1500]
    people = {}
    for message in chosen:
        people.setdefault(f"u{message['from_id']}", message["from"])
    return {"version": 1, "title": export["name"], "timeZone": "UTC",
            "participants": [{"id": k, "name": v} for k, v in people.items()],
            "messages": [{"id": str(m["id"]), "sender": f"u{m['from_id']}", "time": m["date"], "text": m["text"]}
                         for m in chosen]}


def measure(binary, name, log, work):
    source = os.path.join(work, name + ".json")
    with open(source, "w", encoding="utf-8") as file:
        json.dump(log, file, ensure_ascii=False)
    site = os.path.join(work, name + "-site")
    subprocess.run([binary, "site", source, "-o", site], check=True, capture_output=True)
    text = sum(len(m["text"].encode("utf-8")) for m in log["messages"])
    dictionaries = shards = files = 0
    for folder, _, names in os.walk(os.path.join(site, "search")):
        for file in names:
            size = os.path.getsize(os.path.join(folder, file))
            files += 1
            if file == "words.js":
                dictionaries += size
            else:
                shards += size
    index = dictionaries + shards
    print(f"{name:8} {len(log['messages']):6,} messages {text:9,} B text {index:8,} B index "
          f"({files} files: dictionaries {dictionaries:,} B, shards {shards:,} B)  ratio {index / text:.1%}")
    return index / text


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "scrollback"))
    parser.add_argument("--keep", help="build the sites in this folder and keep them")
    arguments = parser.parse_args()
    if not os.access(arguments.binary, os.X_OK):
        sys.exit(f"build {arguments.binary} first (swift build)")
    work = arguments.keep or tempfile.mkdtemp(prefix="scrollback-search-size-")
    os.makedirs(work, exist_ok=True)
    measure(arguments.binary, "prose", prose_log(), work)
    measure(arguments.binary, "lorem", lorem_log(), work)


if __name__ == "__main__":
    main()
