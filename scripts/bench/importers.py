"""Importer cases of `make bench`: one conversation in every import format, against the native path.

For each size the generator (imports.py) writes the same messages as each app exports
them. Every format is rendered to HTML and built as a site; each output must hold every
message the manifest counts (`id="msg-` per message), or the case is marked incomplete.
Ratios are taken to the native JSON Lines input of the same messages in the same run.
Then the PyPI peers run on the same inputs (peers.py).
"""
import json
import os
import shutil
import subprocess
import sys
import time

import peers

HERE = os.path.dirname(os.path.abspath(__file__))
GENERATOR = [sys.executable, os.path.join(HERE, "imports.py")]
FORMATS = ["telegram", "whatsapp", "slack", "discord", "chatgpt", "messenger", "claude", "imessage", "jsonl"]
LABELS = {"telegram": "Telegram result.json", "whatsapp": "WhatsApp .txt", "slack": "Slack export folder",
          "discord": "Discord JSON", "chatgpt": "ChatGPT conversations.json", "messenger": "Messenger message_1.json",
          "claude": "Claude Code .jsonl", "imessage": "iMessage chat.db", "jsonl": "native JSON Lines"}
CASE_LIMIT = 90  # seconds: a render slower than this is stopped, reported, and not repeated at larger sizes


def corpus(work, messages, formats):
    """Generates the formats once per size; returns the manifest (format → input, messages)."""
    folder = os.path.join(work, "imports-%d" % messages)
    manifest_path = os.path.join(folder, "manifest.json")
    manifest = json.load(open(manifest_path)) if os.path.exists(manifest_path) else {}
    missing = [f for f in formats if f not in manifest]
    if missing:
        print("generating %d-message imports (%s)..." % (messages, ",".join(missing)), file=sys.stderr, flush=True)
        subprocess.run(GENERATOR + ["--messages", str(messages), "--formats", ",".join(missing), "-o", folder],
                       check=True)
        manifest = json.load(open(manifest_path))
    return {name: (os.path.join(folder, entry["input"]), entry["messages"]) for name, entry in manifest.items()
            if name in formats}


class Incomplete(Exception):
    pass


def count_in(path, pattern):
    if os.path.isdir(path):
        total = 0
        for base, _, files in os.walk(path):
            for name in files:
                if name.endswith(".html"):
                    with open(os.path.join(base, name), "rb") as f:
                        total += f.read().count(pattern)
        return total
    with open(path, "rb") as f:
        return f.read().count(pattern)


def run_case(bench, name, command, runs, output, expected, messages, before=None, limit=CASE_LIMIT):
    """Measures one case; returns its row, marked when incomplete or over the time limit."""
    samples = []
    note = ""
    for _ in range(runs):
        if before:
            before()
        try:
            sample = bench.measure(command, timeout=limit)
        except bench.TimedOut:
            note = "stopped after %d s" % limit
            samples = [{"wall": float(limit), "cpu": float(limit), "rss": 0.0}]
            break
        except SystemExit as failure:
            note = "failed: %s" % str(failure).splitlines()[0][:120]
            break
        found = count_in(output, b'id="msg-')
        if found != expected:
            note = "incomplete: %d of %d messages" % (found, expected)
        samples.append(sample)
    row = {"name": name, "messages": messages, "note": note}
    if samples:
        for key in ("wall", "cpu", "rss"):
            values = sorted(s[key] for s in samples)
            row[key] = values[len(values) // 2]
    print("%-55s wall %8.3f s  cpu %8.3f s  rss %7.1f MB %s" % (
        name, row.get("wall", 0), row.get("cpu", 0), row.get("rss", 0), note), file=sys.stderr, flush=True)
    return row


def median_row(rounds):
    """One row from a case's rows of one run each: the median of each measure, the first note."""
    row = dict(rounds[0])
    timed = [r for r in rounds if "wall" in r]
    for key in ("wall", "cpu", "rss"):
        values = sorted(r[key] for r in timed)
        if values:
            row[key] = values[len(values) // 2]
    row["note"] = next((r["note"] for r in rounds if r.get("note")), "")
    return row


def cases(bench, work, binary, runs, sizes, one_million):
    """All importer rows: render at every size, site at the middle size, the 1M site for Telegram."""
    rows = []
    out = os.path.join(work, "out-import")
    slow = set()
    for size in sizes:
        inputs = corpus(work, size, FORMATS)
        # At the size whose ratios are targets, every format is rendered once per round, the
        # formats in turn: a slow spell of the machine then weighs on each format and on the
        # native path alike, instead of on whichever format it fell on.
        rounds = runs if size == sizes[-1] else 1
        measured = {}
        for _ in range(rounds):
            for fmt in FORMATS:
                if fmt in slow:
                    continue
                source, expected = inputs[fmt]
                target = out + ".html"
                row = run_case(bench, "import render, %s, %d" % (LABELS[fmt], size),
                               [binary, "render", source, "--format", "html", "-o", target],
                               1, target, expected, size)
                measured.setdefault(fmt, []).append(row)
                if row.get("note", "").startswith("stopped"):
                    slow.add(fmt)
        for fmt in FORMATS:
            if fmt not in measured:
                rows.append({"name": "import render, %s, %d" % (LABELS[fmt], size), "messages": size,
                             "format": fmt, "size": size, "kind": "render",
                             "note": "not run: the smaller size, scaled, is over %d s" % CASE_LIMIT})
                continue
            row = median_row(measured[fmt])
            row.update(format=fmt, size=size, kind="render")
            rows.append(row)
            # A format whose time at this size, scaled linearly, is over the limit at the next size
            # is not run there: its profile says why.
            following = sizes[sizes.index(size) + 1] if size != sizes[-1] else None
            if row.get("note", "").startswith("stopped") or (
                    following and row.get("wall", 0) * following / size > CASE_LIMIT):
                slow.add(fmt)
        if size != sizes[-1]:
            continue
        for fmt in FORMATS:
            source, expected = inputs[fmt]
            site = out + "-site"
            if fmt in slow:
                continue
            row = run_case(bench, "import site, %s, %d" % (LABELS[fmt], size),
                           [binary, "site", source, "-o", site, "--clean"], 1, site, expected, size,
                           before=lambda: shutil.rmtree(site, ignore_errors=True))
            row.update(format=fmt, size=size, kind="site")
            rows.append(row)
    if one_million:
        # The 1M site is measured for Telegram only: its target is absolute (peak RSS under 300 MB).
        inputs = corpus(work, one_million, ["telegram"])
        for fmt in ("telegram",):
            source, expected = inputs[fmt]
            site = out + "-site"
            row = run_case(bench, "import site, %s, %d" % (LABELS[fmt], one_million),
                           [binary, "site", source, "-o", site, "--clean"], 1, site, expected, one_million,
                           before=lambda: shutil.rmtree(site, ignore_errors=True), limit=300)
            row.update(format=fmt, size=one_million, kind="site")
            rows.append(row)
        shutil.rmtree(out + "-site", ignore_errors=True)
    return rows


def targets(rows, size, one_million):
    """Target lines: time and memory of each importer against the native path, and the 1M site."""
    lines = []
    by = {(r.get("format"), r.get("size"), r.get("kind")): r for r in rows}
    native = by.get(("jsonl", size, "render"))
    for fmt in FORMATS[:-1]:
        row = by.get((fmt, size, "render"))
        if not row or not native or "wall" not in row or row.get("note"):
            reason = row.get("note") if row else "not measured"
            lines.append("| %s render ÷ native JSON Lines (%d) | %s | ≤ 1.3 | NOT met |" % (LABELS[fmt], size, reason))
            lines.append("| %s peak RSS ÷ native (%d) | %s | ≤ 1.2 | NOT met |" % (LABELS[fmt], size, reason))
            continue
        ratio = row["wall"] / native["wall"] if native["wall"] else float("inf")
        lines.append("| %s render ÷ native JSON Lines (%d) | %.2f× | ≤ 1.3 | %s |" % (
            LABELS[fmt], size, ratio, "met" if ratio <= 1.3 else "NOT met"))
        memory = row["rss"] / native["rss"] if native["rss"] else float("inf")
        lines.append("| %s peak RSS ÷ native (%d) | %.2f× | ≤ 1.2 | %s |" % (
            LABELS[fmt], size, memory, "met" if memory <= 1.2 else "NOT met"))
    big = by.get(("telegram", one_million, "site"))
    if big and "rss" in big and not big.get("note"):
        lines.append("| Telegram result.json, %d messages, site: peak RSS | %.0f MB | ≤ 300 MB | %s |" % (
            one_million, big["rss"], "met" if big["rss"] <= 300 else "NOT met"))
    elif one_million:
        lines.append("| Telegram result.json, %d messages, site: peak RSS | %s | ≤ 300 MB | NOT met |" % (
            one_million, big.get("note") if big else "not measured"))
    return lines


def peer_cases(bench, work, rows, small, size):
    """The PyPI peers on the same inputs; returns (peer rows, notes)."""
    folder = os.path.join(work, "peers-venv")
    started = time.monotonic()
    bin_folder, note = peers.install(folder)
    if not bin_folder:
        return [], [note]
    notes = ["peers installed from PyPI into a throw-away venv in %.0f s: %s" % (
        time.monotonic() - started, ", ".join("%s %s" % (p, peers.version(bin_folder, p)) for p in peers.PACKAGES))]
    by = {(r.get("format"), r.get("size"), r.get("kind")): r for r in rows}
    peer_rows = []
    makers = [("slack", "slack-export-viewer-cli export", peers.slack_command, b'class="message-container'),
              ("claude", "claude-code-transcripts json", peers.claude_command, b'class="message user'),
              ("telegram", "tg-archive --build", peers.tg_archive_site, b'class="message type-message')]
    for fmt, label, maker, pattern in makers:
        for messages in (small, size):
            # CPU time, not wall time, decides: on a busy machine the wall time of the small run
            # says more about the other tenants than about the peer.
            if messages == size and peer_rows and peer_rows[-1]["label"] == label and \
                    peer_rows[-1].get("cpu", peers.LIMIT) * size / small > peers.BUDGET:
                notes.append("%s not run at %d messages: %.1f CPU s at %d, scaled, is over %d s" % (
                    label, size, peer_rows[-1]["cpu"], small, peers.BUDGET))
                continue
            source, _ = corpus(work, messages, [fmt])[fmt]
            scratch = os.path.join(work, "peer-work", "%s-%d" % (fmt, messages))
            shutil.rmtree(scratch, ignore_errors=True)
            os.makedirs(scratch, exist_ok=True)
            try:
                command, cwd, output = maker(bin_folder, source, scratch)
                sample = bench.measure(command, timeout=peers.LIMIT, cwd=cwd)
            except bench.TimedOut:
                notes.append("%s stopped after %d s at %d messages" % (label, peers.LIMIT, messages))
                continue
            except (SystemExit, subprocess.CalledProcessError) as failure:
                notes.append("%s failed at %d messages: %s" % (label, messages, str(failure).splitlines()[0][:160]))
                continue
            index = os.path.join(output, "index.html")
            found = count_in(output, pattern) - (count_in(index, pattern) if fmt == "telegram" else 0)
            ours = by.get((fmt, messages, "site" if fmt == "telegram" else "render"))
            if fmt == "telegram" and not ours:
                ours = by.get((fmt, messages, "render"))
            row = dict(sample, label=label, name="peer: %s, %d" % (label, messages), messages=messages,
                       found=found, ours=ours)
            print("%-55s wall %8.3f s  cpu %8.3f s  rss %7.1f MB (%d messages shown)" % (
                row["name"], row["wall"], row["cpu"], row["rss"], found), file=sys.stderr, flush=True)
            peer_rows.append(row)
    shutil.rmtree(folder, ignore_errors=True)
    shutil.rmtree(os.path.join(work, "peer-work"), ignore_errors=True)
    return peer_rows, notes


def peer_table(peer_rows):
    lines = ["| peer on the same input | messages | peer wall s | peer CPU s | peer RSS MB | Scrollback (same input) | "
             "wall s | RSS MB | peer ÷ Scrollback (wall) |", "|---|---:|---:|---:|---:|---|---:|---:|---:|"]
    for row in peer_rows:
        ours = row.get("ours")
        if ours and ours.get("wall"):
            lines.append("| %s | %d | %.2f | %.2f | %.0f | %s | %.2f | %.0f | %.1f× |" % (
                row["label"], row["messages"], row["wall"], row["cpu"], row["rss"], ours["name"], ours["wall"],
                ours["rss"], row["wall"] / ours["wall"]))
        else:
            lines.append("| %s | %d | %.2f | %.2f | %.0f | not measured | | | |" % (
                row["label"], row["messages"], row["wall"], row["cpu"], row["rss"]))
    return lines
