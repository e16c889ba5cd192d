#!/usr/bin/env python3
"""Every output shows the same elements for every message: a check over every real export.

For each chat input that scrollback reads among the fixtures (`../shared/fixtures`), the
examples (`Examples/`) and this folder's `inputs/`, and for each conversation of an input that
holds several, the binary renders `--format html`, `--format text --width 100` and
`--format json`. Each output is then read back on its own terms — the page with Python's
html.parser (read_html), the text by its drawing (read_text), the JSON with json (read_json) —
never by asking the library, and per message the elements are compared: every element
MessagePresentation declares (`element` in its `- Shown:` lines, read by elements.py), today the
name above a chain, spoilers, the time shown, the presence dot, forwarded origin, topic, reply
quote (name and excerpt), "Edited", earlier versions, deletion notice, delivery status, the
archive's note, the pin, the service (SMS, RCS, iMessage) where it is named, reactions (emoji and counts) and attachments (kind, name, and what is
shown beside the name: size, duration, a left-out note, a card's description and site, a poll's
options). A declared element no reader can read fails the check.

HTML and JSON are matched message by message by anchor (`id="msg-…"` is the JSON `anchor`).
Text has no ids: it is matched by order, chain block by chain block and bubble by bubble, with
the layout JSON's order of chains and messages (see read_text).

A folder export (a Slack workspace folder, with `channels.json` or `users.json`) is one input;
files scrollback cannot read are listed as skipped with the reason it gives. Each conversation
checked counts once in the closing "N passed, N failed" line. Options: `--binary PATH` (default
.build/debug/scrollback), `--jobs N`, `--only SUBSTRING` (inputs whose path contains it),
`--quiet` (no skip list).
"""
import argparse
import atexit
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import mutations  # noqa: E402
import read_html  # noqa: E402
import read_json  # noqa: E402
import read_text  # noqa: E402
from elements import DECLARED, differences  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures")
SOURCES = [FIXTURES, os.path.join(ROOT, "Examples"), os.path.join(HERE, "inputs")]
WIDTH = 100
SLACK_FOLDER_MARKS = ("channels.json", "users.json")
MOST_REPORTED = 12  # disagreements printed per conversation; the rest are counted


def main():
    options = _options()
    binary = os.path.abspath(options.binary)
    if not os.access(binary, os.X_OK):
        print(f"FAIL  {binary} is missing: run 'swift build' first")
        print("0 passed, 1 failed")
        return 1
    with concurrent.futures.ThreadPoolExecutor(options.jobs) as pool:
        jobs, skipped = _discover(pool, binary, options.only)
        results = list(pool.map(lambda job: _check(binary, *job), jobs))
    if not options.quiet:
        for path, reason in skipped:
            print(f"skip  {_shown(path)}: {reason}")
    outcomes = [] if options.only else [_readers_check(), _self_check(binary)]
    for (path, name), (problems, messages) in zip(jobs, results):
        label = _shown(path) + (f" --conversation {name}" if name is not None else "")
        outcomes.append((label, problems, f"{messages} messages"))
    failed = sum(1 for _, problems, _ in outcomes if problems)
    for label, problems, size in outcomes:
        if not problems:
            print(f"ok    {label} ({size})")
            continue
        print(f"FAIL  {label}: {len(problems)} disagreement(s) in {size}")
        for problem in problems[:MOST_REPORTED]:
            print(f"        {problem}")
        if len(problems) > MOST_REPORTED:
            print(f"        … and {len(problems) - MOST_REPORTED} more")
    print(f"{len(skipped)} inputs skipped, {len(jobs)} conversations checked")
    print(f"{len(outcomes) - failed} passed, {failed} failed")
    return 1 if failed else 0


def _discover(pool, binary, only):
    """The conversations to check, as (path, conversation or None), and the inputs skipped, with why."""
    candidates = [path for path in _candidates() if only in path]
    jobs, skipped = [], []
    for path, (readable, detail) in zip(candidates, pool.map(lambda path: _validate(binary, path), candidates)):
        if not readable:
            skipped.append((path, detail))
        elif detail <= 1:
            jobs.append((path, None))
        else:
            jobs += [(path, name) for name in _conversations(binary, path) or ["(none listed)"]]
    return jobs, skipped


def _options():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=os.path.join(ROOT, ".build", "debug", "scrollback"))
    parser.add_argument("--jobs", type=int, default=max(2, os.cpu_count() or 2))
    parser.add_argument("--only", default="")
    parser.add_argument("--quiet", action="store_true")
    return parser.parse_args()


def _imessage_databases():
    """The Messages databases scripts/imessage-testdb.py builds (no real chat.db is public), in a
    temporary folder: a Mac's chat.db, an older schema, and an iPhone backup's sms.db."""
    scratch = tempfile.TemporaryDirectory(prefix="scrollback-consistency-imessage-", ignore_cleanup_errors=True)
    atexit.register(scratch.cleanup)
    folder = scratch.name
    script = os.path.join(ROOT, "scripts", "imessage-testdb.py")
    if subprocess.run([sys.executable, script, folder], stdout=subprocess.DEVNULL).returncode != 0:
        return []
    return [os.path.join(folder, path) for path in
            ("mac/chat.db", "old/chat.db", "backup/3d/3d0d7e5fb2ce288813306e4d4636395e047a3d28")]


def _candidates():
    """Every file of the sources, a Slack export folder standing for the files inside it, and the
    generated Messages databases."""
    yield from _imessage_databases()
    for source in SOURCES:
        if not os.path.isdir(source):
            continue
        for folder, subfolders, files in os.walk(source):
            subfolders.sort()
            if folder != source and any(mark in files for mark in SLACK_FOLDER_MARKS):
                subfolders.clear()
                yield folder
                continue
            for name in sorted(files):
                if not name.startswith("."):
                    yield os.path.join(folder, name)


def _validate(binary, path):
    """(True, conversations) when scrollback reads `path`, else (False, the reason it gives)."""
    process = _run([binary, "validate", path])
    last = process.stderr.strip().splitlines()[-1:] + process.stdout.strip().splitlines()[-1:]
    if process.returncode == 0:
        match = re.search(r"ok \([^,]+, (\d+) conversations?", process.stdout + process.stderr)
        return True, int(match.group(1)) if match else 1
    reason = next((line for line in last if "error:" in line), last[0] if last else "exit status")
    reason = reason.split(": error: ", 1)[-1].replace(path + ": ", "", 1)
    return False, reason.split("; tried ", 1)[0]  # not the list of every format tried


def _conversations(binary, path):
    """The conversations of an input that holds several, as `render` lists them."""
    process = _run([binary, "render", path, "--format", "json"])
    listed = process.stderr.split("--conversation:", 1)[-1]
    return [re.sub(r"\\(.)", r"\1", name) for name in re.findall(r'"((?:[^"\\]|\\.)*)"', listed)]


def _readers_check():
    """Every element MessagePresentation declares is read from every output: by a reader's own
    code, or by what the declaration gives (its JSON key, its template's class, a meta line note)."""
    missing = []
    for element in DECLARED:
        if element.name not in read_json.READS and not element.json:
            missing.append(f"{element.name}: no JSON key declared and no JSON reader")
        if element.name not in read_html.READS and not element.template:
            missing.append(f"{element.name}: no template name declared and no HTML reader")
        if element.name not in read_text.READS and not element.note:
            missing.append(f"{element.name}: not a meta line note and no text reader (read_text.READS)")
    return "the readers of the declared elements", missing, f"{len(DECLARED)} elements"


def _self_check(binary):
    """Changes one element of one output of inputs/every-element.json at a time, each of which
    must be reported: (label, what was not reported, size), as a conversation's outcome."""
    label = "the check itself"
    outputs, failure = _render(binary, os.path.join(HERE, "inputs", "every-element.json"), None)
    if failure:
        return label, [failure], "every-element.json"
    caught, missed = mutations.run(compare, outputs)
    return label, missed, f"{caught + len(missed)} changes, each reported as its element"


def _render(binary, path, conversation):
    """The three outputs of one conversation, or the reason one could not be made."""
    base = [binary, "render", path] + (["--conversation", conversation] if conversation is not None else [])
    outputs = {}
    for name, flags in (("html", ["--format", "html"]), ("text", ["--format", "text", "--width", str(WIDTH)]),
                        ("json", ["--format", "json"])):
        process = _run(base + flags)
        if process.returncode != 0:
            return None, f"--format {name} failed: {process.stderr.strip().splitlines()[-1:]}"
        outputs[name] = process.stdout
    return outputs, None


def _check(binary, path, conversation):
    """Renders one conversation three ways and returns (disagreements, messages compared)."""
    outputs, failure = _render(binary, path, conversation)
    if failure:
        return [failure], 0
    try:
        return compare(outputs["html"], outputs["text"], outputs["json"])
    except Exception as error:  # a reader that could not follow an output is a failure to look at
        return [f"could not read the outputs: {type(error).__name__}: {error}"], 0


def compare(html, text, layout_json):
    """The disagreements between the three outputs of one conversation, and how many messages."""
    layout = read_json.read(layout_json)
    html_readings, html_order = read_html.read(html)
    messages = [message for chain in layout["chains"] for message in chain["messages"]]
    problems = []
    json_order = [message["anchor"] for message in messages]
    missing = [anchor for anchor in json_order if anchor not in html_readings]
    extra = [anchor for anchor in html_order if anchor not in set(json_order)]
    if missing:
        problems.append(f"messages in the JSON but not in the HTML: {_few(missing)}")
    if extra:
        problems.append(f"messages in the HTML but not in the JSON: {_few(extra)}")
    if not missing and not extra and html_order != json_order:
        problems.append("the HTML's messages are not in the JSON's order")
    hints = {message["anchor"]: [message["reading"]] + ([html_readings[message["anchor"]]]
                                                          if message["anchor"] in html_readings else [])
             for message in messages}
    text_readings, text_problems = read_text.read(text, layout, hints)
    problems += [f"text: {problem}" for problem in text_problems]
    text_by_anchor = dict(text_readings)
    for message in messages:
        anchor = message["anchor"]
        readings = {"html": html_readings.get(anchor), "text": text_by_anchor.get(anchor), "json": message["reading"]}
        readings = {output: reading for output, reading in readings.items() if reading is not None}
        for element, values in differences(readings):
            shown = ", ".join(f"{output}={_value(value)}" for output, value in values.items())
            problems.append(f"{anchor} {element}: {shown}")
    return problems, len(messages)


def _value(value):
    """One element's value as a failure shows it: `(none)`, `yes`, words in quotes, attachments
    as `kind "name" (detail: words)`."""
    if value is None or value == () or value is False:
        return "(none)"
    if value is True:
        return "yes"
    if isinstance(value, tuple) and value and isinstance(value[0], tuple) and len(value[0]) == 3:
        shown = []
        for kind, name, details in value:
            small = "; ".join(f"{label}: {words!r}" for label, words in details)
            shown.append(f"{kind} {name!r}" + (f" ({small})" if small else ""))
        return "[" + ", ".join(shown) + "]"
    return repr(value)


def _few(anchors):
    return ", ".join(anchors[:5]) + (f" … ({len(anchors)} in all)" if len(anchors) > 5 else "")


def _shown(path):
    for source, name in ((FIXTURES, "fixtures"), (ROOT, "")):
        if path.startswith(source + os.sep):
            relative = os.path.relpath(path, source)
            return os.path.join(name, relative) if name else relative
    return path


def _run(command):
    environment = dict(os.environ, NO_COLOR="1")
    return subprocess.run(command, capture_output=True, text=True, env=environment, stdin=subprocess.DEVNULL)


if __name__ == "__main__":
    sys.exit(main())
