#!/usr/bin/env python3
"""Two or more builds of Scrollback on the native read, merge and render cases, in one run.

Each round runs every case with every binary in turn (a, b, c, a, b, c, …), so a slow spell of the
shared machine weighs on all of them alike; the report is each case's median wall and CPU time
per binary and the ratio of each binary's medians to the first's. The inputs are the corpora of
`run.py` (seeded, cached under .build/bench). Each binary's output of a case is hashed: the hashes
say whether two builds wrote the same bytes. With `--importers`, the cases are instead the HTML
renders of one conversation in every import format (the corpora of `importers.py`), each output
checked to hold every message.

    python3 scripts/bench/versus.py --runs 5 [--importers [FORMAT,...]] BEFORE_BINARY AFTER_BINARY [MORE_BINARIES...]
"""
import argparse
import hashlib
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importers  # noqa: E402
import run  # noqa: E402


def digest(path):
    with open(path, "rb") as f:
        return hashlib.sha256(f.read()).hexdigest()[:12]


def cases(count):
    """(name, arguments with OUT for the output file, output suffix) of each case."""
    plain, _ = run.corpus("plain-%d" % count, count, "plain")
    markdown, _ = run.corpus("md-%d" % count, count, "markdown")
    first, second, _ = run.overlapping_exports(count, None)
    # A native JSON Lines log of the same messages: the archive a merge writes (made once, by the
    # first binary, so every binary reads the same bytes).
    archive = os.path.join(run.WORK, "versus-%d.jsonl" % count)
    return archive, [
        ("native read: validate, JSON, plain, %d" % count, ["validate", plain], None),
        ("native read: validate, JSON Lines, %d" % count, ["validate", archive], None),
        ("merge, two overlapping %d-message exports" % count, ["merge", first, second, "-o", "OUT"], ".jsonl"),
        ("render html, plain, %d" % count, ["render", plain, "--format", "html", "-o", "OUT"], ".html"),
        ("render html, Markdown, %d" % count, ["render", markdown, "--format", "html", "-o", "OUT"], ".html"),
        ("render text, plain, %d" % count, ["render", plain, "--format", "text", "--width", "80", "-o", "OUT"],
         ".txt"),
        ("render json, Markdown, %d" % count, ["render", markdown, "--format", "json", "-o", "OUT"], ".json"),
    ], (first, second)


def import_cases(count, formats):
    """(name, arguments, output suffix, messages the page must hold) of each import format's render."""
    inputs = importers.corpus(run.WORK, count, formats)
    return [("import render, %s, %d" % (importers.LABELS[fmt], count),
             ["render", inputs[fmt][0], "--format", "html", "-o", "OUT"], ".html", inputs[fmt][1])
            for fmt in formats]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--messages", type=int, default=100_000)
    parser.add_argument("--importers", nargs="?", const=",".join(importers.FORMATS), metavar="FORMAT,...",
                        help="the import formats' renders instead (all, or those named: slack,discord,...)")
    parser.add_argument("binaries", nargs="+")
    args = parser.parse_args()
    os.makedirs(run.WORK, exist_ok=True)
    if args.importers:
        table = import_cases(args.messages, args.importers.split(","))
    else:
        archive, table, (first, second) = cases(args.messages)
        table = [case + (None,) for case in table]
        if not os.path.exists(archive):
            subprocess.run([args.binaries[0], "merge", first, second, "-o", archive], check=True, capture_output=True)
    load = "%.1f" % os.getloadavg()[0]
    samples = {(name, b): [] for name, _, _, _ in table for b in range(len(args.binaries))}
    digests = {}
    for round_number in range(args.runs):
        for name, arguments, suffix, expected in table:
            for b, binary in enumerate(args.binaries):
                out = os.path.join(run.WORK, "versus-out-%d%s" % (b, suffix or ".txt"))
                if os.path.exists(out):
                    os.remove(out)
                command = [binary] + [out if a == "OUT" else a for a in arguments]
                stdout = None if suffix else out
                samples[(name, b)].append(run.measure(command, stdout_path=stdout))
                found = expected is not None and importers.count_in(out, b'id="msg-')
                if expected is not None and found != expected:
                    raise SystemExit("%s: %s showed %d of %d messages" % (name, binary, found, expected))
                value = digest(out)
                if digests.setdefault((name, b), value) != value:
                    raise SystemExit("%s: %s wrote other bytes in round %d" % (name, binary, round_number + 1))
        print("round %d of %d done" % (round_number + 1, args.runs), file=sys.stderr, flush=True)
    labels = [chr(ord("A") + b) for b in range(len(args.binaries))]
    for label, binary in zip(labels, args.binaries):
        print("%s: %s" % (label, binary))
    print()
    header = "| case | " + " | ".join("%s wall s (CPU s, its range) RSS MB" % label for label in labels)
    header += " | " + " | ".join("%s ÷ A wall (CPU) RSS" % label for label in labels[1:]) + " | same bytes |"
    print(header)
    print("|---|" + "---:|" * (2 * len(labels) - 1) + "---|")
    for name, _, _, _ in table:
        medians = [tuple(statistics.median(s[key] for s in samples[(name, b)]) for key in ("wall", "cpu", "rss"))
                   for b in range(len(labels))]
        spans = [(min(s["cpu"] for s in samples[(name, b)]), max(s["cpu"] for s in samples[(name, b)]))
                 for b in range(len(labels))]
        cells = ["%.3f (%.3f, %.2f–%.2f) %.0f" % (m[0], m[1], low, high, m[2]) for m, (low, high) in zip(medians, spans)]
        ratios = ["%.3f (%.3f) %.3f" % tuple(m[i] / medians[0][i] for i in range(3)) for m in medians[1:]]
        same = "".join(labels[[digests[(name, c)] for c in range(len(labels))].index(digests[(name, b)])]
                       for b in range(len(labels)))
        print("| %s | %s | %s | %s |" % (name, " | ".join(cells), " | ".join(ratios), same))
    print()
    print("same bytes: the first binary whose output each binary's equals (AAB: A and B wrote the same).")
    print("load average (1 min) at the start and the end: %s and %.1f" % (load, os.getloadavg()[0]))


if __name__ == "__main__":
    main()
