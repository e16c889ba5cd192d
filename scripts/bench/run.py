#!/usr/bin/env python3
"""Scrollback's benchmark: release build against baselines, in one run.

Generates seeded corpora (cached under .build/bench), then measures wall time,
CPU time and peak RSS (`/usr/bin/time -v`) of each case several times and takes
medians. The cases whose ratio is a target are measured in turn (the Markdown page and
cmark-gfm; every import format and the native path), so a slow spell of the shared
machine weighs on both sides of a ratio alike. Every run's output is checked for
completeness (message counts and a checksum that must not change between runs), so a
fast wrong run cannot pass.
Prints a table and writes BENCHMARKS.md's generated section.

Then the importers against the native path and the PyPI peers (importers.py, peers.py), and the
live page: in a browser (live.py), and the server alone against the log's length (live_sizes.py)
and under load (live_load.py); each of those writes its own section of BENCHMARKS.md.

    python3 scripts/bench/run.py [--runs 3] [--quick] [--imports-only | --only merge|importers|privacy|live] [--no-peers]
"""
import argparse
import calendar
import hashlib
import json
import os
import platform
import re
import shutil
import signal
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import importers  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORK = os.path.join(ROOT, ".build", "bench")
BINARY = os.environ.get("SCROLLBACK_BENCH_BINARY") or os.path.join(ROOT, ".build", "release", "scrollback")
CORPUS = [sys.executable, os.path.join(ROOT, "scripts", "bench", "corpus.py")]


def corpus(name, messages, style, conversations=1):
    """Generates a corpus once; returns (path, bodies path)."""
    path = os.path.join(WORK, name + ("" if conversations > 1 else ".json"))
    bodies = os.path.join(WORK, name + ".md")
    if not os.path.exists(path) or not os.path.exists(bodies):
        print("generating %s (%d messages)..." % (name, messages), file=sys.stderr)
        subprocess.run(CORPUS + ["--messages", str(messages), "--conversations", str(conversations),
                                 "--style", style, "--seed", "7", "-o", path, "--bodies", bodies], check=True)
    return path, bodies


class TimedOut(Exception):
    """A command ran past its time limit and was stopped."""


def measure(command, stdout_path=None, cpus=None, timeout=None, cwd=None):
    """Runs a command under /usr/bin/time -v; returns wall, cpu seconds and peak RSS in MB.

    The CPU time and peak RSS are `time`'s (the kernel's accounting of the command, which `time`
    starts from a small process: a child started from this one would count this process's size
    too). The wall time is taken here, to the microsecond: `time` prints hundredths, which moved
    a 0.23 s case by up to 4%."""
    prefix = ["taskset", "-c", cpus] if cpus else []
    out = open(stdout_path, "wb") if stdout_path else subprocess.DEVNULL
    started = time.perf_counter()
    # Its own process group, so a command stopped at its time limit takes its children with it.
    process = subprocess.Popen(["/usr/bin/time", "-v"] + prefix + command, stdout=out, stderr=subprocess.PIPE,
                               cwd=cwd, start_new_session=True)
    try:
        _, stderr = process.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate()
        raise TimedOut()
    finally:
        if stdout_path:
            out.close()
    result = subprocess.CompletedProcess(process.args, process.returncode, None, stderr)
    wall = time.perf_counter() - started
    report = result.stderr.decode("utf-8", "replace")
    if result.returncode != 0:
        raise SystemExit("benchmark command failed (%d): %s\n%s" % (result.returncode, " ".join(command), report[-2000:]))
    user = float(re.search(r"User time \(seconds\): ([\d.]+)", report).group(1))
    system = float(re.search(r"System time \(seconds\): ([\d.]+)", report).group(1))
    rss_kb = int(re.search(r"Maximum resident set size \(kbytes\): (\d+)", report).group(1))
    return {"wall": wall, "cpu": user + system, "rss": rss_kb / 1024}


class Case:
    """One case's runs: each run measured and its output checked against the first run's."""

    def __init__(self, name, command, check=None, stdout_path=None, cpus=None, before=None):
        self.name, self.command, self.check = name, command, check
        self.stdout_path, self.cpus, self.before = stdout_path, cpus, before
        self.samples = []
        self.digest = None

    def run(self):
        if self.before:
            self.before()
        sample = measure(self.command, self.stdout_path, self.cpus)
        if self.check:
            value = self.check()
            if self.digest is not None and value != self.digest:
                raise SystemExit("%s: output changed between runs" % self.name)
            self.digest = value
        self.samples.append(sample)

    def row(self):
        """The medians of the runs; printed as the case finishes, so a long run shows where it is."""
        row = {key: statistics.median(s[key] for s in self.samples) for key in ("wall", "cpu", "rss")}
        row["name"] = self.name
        row["checksum"] = self.digest
        print("%-55s wall %8.3f s  cpu %8.3f s  rss %7.1f MB" % (self.name, row["wall"], row["cpu"], row["rss"]),
              file=sys.stderr, flush=True)
        return row


def median_run(name, command, runs, check=None, stdout_path=None, cpus=None, before=None):
    case = Case(name, command, check, stdout_path, cpus, before)
    for _ in range(runs):
        case.run()
    return case.row()


def ratio_runs(runs):
    """Rounds for the cases measured in turn: more than the other cases get, since a target is
    their ratio, which one run's spell moves by a fifth on this shared machine, and a round of
    them is short."""
    return max(runs, 7)


def paired_runs(first, second, runs):
    """Two cases measured in turn, `runs` times each (first, second, first, …), so a slow spell of
    the machine weighs on both alike: for a ratio of the two."""
    for _ in range(runs):
        first.run()
        second.run()
    return [first.row(), second.row()]


def file_checker(path, pattern, expected):
    """Counts `pattern` in the output and hashes it; fails when the count is wrong."""
    def check():
        data = open(path, "rb").read()
        count = data.count(pattern)
        if count != expected:
            raise SystemExit("%s: expected %d of %r, found %d (incomplete output)" % (path, expected, pattern, count))
        return hashlib.sha256(data).hexdigest()[:16]
    return check


def tree_checker(folder, pattern, expected):
    def check():
        count = 0
        digest = hashlib.sha256()
        for base, dirs, files in sorted(os.walk(folder)):
            dirs.sort()
            for name in sorted(files):
                if name.endswith(".html"):
                    data = open(os.path.join(base, name), "rb").read()
                    count += data.count(pattern)
                    digest.update(name.encode() + data)
        if count < expected:
            raise SystemExit("%s: expected %d of %r, found %d (incomplete site)" % (folder, expected, pattern, count))
        return digest.hexdigest()[:16]
    return check


def machine():
    model = ""
    try:
        for line in open("/proc/cpuinfo"):
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2 ** 30
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()[0]
    return "%s, %d cores, %.0f GiB RAM, %s, %s" % (model or platform.processor(), os.cpu_count(), memory,
                                                   platform.platform(terse=True), swift)


LOAD = [""]


def main():
    LOAD[0] = "%.1f" % os.getloadavg()[0]
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="small corpora only, for trying the script")
    parser.add_argument("--only", choices=["merge", "importers", "privacy", "live"],
                        help="run one group of cases; prints, does not write BENCHMARKS.md (but live writes "
                             "its own sections, as in the whole run, unless --quick)")
    parser.add_argument("--imports-only", action="store_true", help="only the importer cases and the peers")
    parser.add_argument("--no-peers", action="store_true", help="leave out the PyPI peers")
    args = parser.parse_args()
    os.makedirs(WORK, exist_ok=True)
    runs = args.runs
    scale = 10 if args.quick else 1
    n10k, n100k, n1m = 10_000 // scale, 100_000 // scale, 1_000_000 // scale
    out = os.path.join(WORK, "out")
    rows = []
    if args.only == "merge":
        rows = merge_cases(runs, n100k, n1m, out)
        report(rows, n10k, n100k, n1m, args, write=False)
        return

    if args.only == "live":
        live_cases(args.quick)
        return

    if args.only == "privacy":
        rows = privacy_cases(runs, 20_000 // scale, out)
        report(rows, n10k, n100k, n1m, args, write=False)
        return

    if args.only == "importers":
        import_rows, import_targets, peer_lines, notes = import_section(runs, n10k, n100k, n1m, args)
        report([], n10k, n100k, n1m, args, import_rows, import_targets, peer_lines, notes, write=False)
        return

    if args.imports_only:
        import_rows, import_targets, peer_lines, notes = import_section(runs, n10k, n100k, n1m, args)
        report([], n10k, n100k, n1m, args, import_rows, import_targets, peer_lines, notes)
        return

    md10k, bodies10k = corpus("md-%d" % n10k, n10k, "markdown")
    md100k, bodies100k = corpus("md-%d" % n100k, n100k, "markdown")
    md1m, bodies1m = corpus("md-%d" % n1m, n1m, "markdown")
    plain100k, _ = corpus("plain-%d" % n100k, n100k, "plain")
    plain1m, _ = corpus("plain-%d" % n1m, n1m, "plain")

    def render(name, source, fmt, count, pattern):
        target = out + "." + fmt
        command = [BINARY, "render", source, "--format", fmt, "-o", target, "--width", "80"]
        rows.append(dict(median_run(name, command, runs, file_checker(target, pattern, count)), messages=count))

    cmark = shutil.which("cmark-gfm")
    extensions = ["-e", "table", "-e", "strikethrough", "-e", "autolink", "-e", "tagfilter", "-e", "tasklist"]
    render("html, Markdown, %d" % n10k, md10k, "html", n10k, b'id="msg-')
    page = Case("html, Markdown, %d" % n100k,
                [BINARY, "render", md100k, "--format", "html", "-o", out + ".html", "--width", "80"],
                file_checker(out + ".html", b'id="msg-', n100k))
    if cmark:
        # The page and cmark-gfm on its bodies in turn: their ratio is a target.
        baseline = Case("baseline: cmark-gfm, %d bodies" % n100k, [cmark] + extensions + [bodies100k])
        for row in paired_runs(page, baseline, ratio_runs(runs)):
            rows.append(dict(row, messages=n100k))
    else:
        render("html, Markdown, %d" % n100k, md100k, "html", n100k, b'id="msg-')
    render("html, plain, %d" % n100k, plain100k, "html", n100k, b'id="msg-')
    render("json, Markdown, %d" % n100k, md100k, "json", n100k, b'"position" : ')
    render("json, Markdown, %d" % n1m, md1m, "json", n1m, b'"position" : ')
    rows.append(dict(median_run("text, plain, %d" % n1m, [BINARY, "render", plain1m, "--format", "text", "-o", out + ".txt", "--width", "80"],
                                1, file_checker(out + ".txt", b"\n", count_lines(BINARY, plain1m, out))), messages=n1m))
    rows.append(dict(median_run("text, Markdown, %d" % n1m, [BINARY, "render", md1m, "--format", "text", "-o", out + ".txt", "--width", "80"],
                                1, file_checker(out + ".txt", b"\n", count_lines(BINARY, md1m, out))), messages=n1m))

    if cmark:
        rows.append(dict(median_run("baseline: cmark-gfm, %d bodies" % n10k, [cmark] + extensions + [bodies10k], runs), messages=n10k))
    rows.append(dict(median_run("baseline: cat, %d" % n100k, ["cat", md100k], runs), messages=n100k))
    rows.append(dict(median_run("baseline: cat, %d" % n1m, ["cat", md1m], runs), messages=n1m))

    site_rows = site_cases(runs, n1m, out)
    rows += site_rows
    rows += merge_cases(runs, n100k, n1m, out)
    rows += privacy_cases(runs, 20_000 // scale, out)

    import_rows, import_targets, peer_lines, notes = import_section(runs, n10k, n100k, n1m, args)
    report(rows, n10k, n100k, n1m, args, import_rows, import_targets, peer_lines, notes)
    live_cases(args.quick)


def live_cases(quick):
    """The live page: write-to-element latency and the highest stream rate one page keeps up with
    (a browser); then the server alone: append → event latency and an edit storm at 100 to 1M
    messages, many streams at once and a slow-request flood (plain SSE clients). Quick mode: small
    sizes, printed only (the browser case writes its quick figures, marked so)."""
    def script(name, *arguments):
        subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "bench", name)] + list(arguments), check=True)
    script("live.py", *(["--quick"] if quick else []))
    script("live_sizes.py", *(["--sizes", "100,10000", "--budget", "10", "--no-write"] if quick else []))
    script("live_load.py", *(["--clients", "50", "--lines", "1000", "--no-write"] if quick else []))


def import_section(runs, n10k, n100k, n1m, args):
    """The importers against the native path, and the PyPI peers on the same inputs."""
    this = sys.modules[__name__]
    import_rows = importers.cases(this, WORK, BINARY, ratio_runs(runs), [n10k, n100k], n1m)
    import_targets = importers.targets(import_rows, n100k, n1m)
    peer_lines, notes = [], []
    if not args.no_peers:
        # The peers are others' programs: whatever they do, the report is still written.
        try:
            peer_rows, notes = importers.peer_cases(this, WORK, import_rows, n10k, n100k)
        except Exception as error:  # noqa: BLE001
            peer_rows, notes = [], ["peers stopped: %s: %s" % (error.__class__.__name__, str(error)[:160])]
        peer_lines = importers.peer_table(peer_rows) if peer_rows else []
    return import_rows, import_targets, peer_lines, notes


def count_lines(binary, source, out):
    """The text output's line count from one reference run (the check is that it never changes)."""
    target = out + ".ref.txt"
    subprocess.run([binary, "render", source, "--format", "text", "-o", target, "--width", "80"], check=True)
    with open(target, "rb") as f:
        return f.read().count(b"\n")


def site_cases(runs, n1m, out):
    """Full build, unchanged rebuild and append-one-day rebuild of 1M messages in 50 conversations."""
    help_text = subprocess.run([BINARY, "site", "--help"], capture_output=True, text=True).stdout
    if "--page-budget" not in help_text:
        print("site command not available; skipping site cases", file=sys.stderr)
        return []
    source, _ = corpus("site-%d" % n1m, n1m, "markdown", conversations=50)
    # Builds read a working copy, so appending a day changes one file at the same path,
    # as it does for a user whose export grows.
    folder = source + "-work"
    shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(source, folder)
    inputs = sorted(os.path.join(folder, f) for f in os.listdir(folder) if f.endswith(".json"))
    site = out + "-site"
    rows = []

    def clean():
        shutil.rmtree(site, ignore_errors=True)

    command = [BINARY, "site"] + inputs + ["-o", site]
    check = tree_checker(site, b'id="msg-', n1m)
    rows.append(dict(median_run("site, %d in 50 conversations, full build" % n1m, command, runs, check, before=clean), messages=n1m))
    rows.append(dict(median_run("site, full build on 1 core", command, runs, check, before=clean, cpus="0"), messages=n1m))
    subprocess.run(command, check=True, capture_output=True)
    rows.append(dict(median_run("site, unchanged rebuild", command, runs, check), messages=n1m))

    first = inputs[0]
    original = open(first, encoding="utf-8").read()
    doc = json.loads(original)
    last = doc["messages"][-1]["time"]
    day = int(time.mktime(time.strptime(last[:10], "%Y-%m-%d"))) + 86400 * 2
    for i in range(200):
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(day + 3600 * 9 + i * 60))
        doc["messages"].append({"id": "appended%d" % i, "sender": doc["participants"][i % 2]["id"], "time": stamp, "text": "Appended message %d" % i})
    appended = json.dumps(doc, ensure_ascii=False, separators=(",", ":"))

    def reset():
        with open(first, "w", encoding="utf-8") as f:
            f.write(original)
        subprocess.run(command, check=True, capture_output=True)
        with open(first, "w", encoding="utf-8") as f:
            f.write(appended)
    rows.append(dict(median_run("site, rebuild after appending one day", command, runs,
                                tree_checker(site, b'id="msg-', n1m + 200), before=reset), messages=n1m))
    with open(first, "w", encoding="utf-8") as f:
        f.write(original)
    return rows


def overlapping_exports(count, out):
    """Two exports of one chat, `count` messages each, the second starting at a quarter of the
    first and running on for another quarter: half of each is the other's. Returns
    (first, second, messages in both together)."""
    source, _ = corpus("plain-%d" % count, count, "plain")
    first = os.path.join(WORK, "merge-%d-a.json" % count)
    second = os.path.join(WORK, "merge-%d-b.json" % count)
    overlap_from = count // 4
    if not (os.path.exists(first) and os.path.exists(second)):
        doc = json.load(open(source, encoding="utf-8"))
        messages = doc["messages"]
        last = calendar.timegm(time.strptime(messages[-1]["time"][:19], "%Y-%m-%dT%H:%M:%S"))
        later = []
        for i, message in enumerate(messages[:overlap_from]):
            stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(last + 60 * (i + 1)))
            later.append(dict(message, id="later%d" % i, time=stamp))
        for path, chosen in ((first, messages), (second, messages[overlap_from:] + later)):
            with open(path, "w", encoding="utf-8") as f:
                json.dump(dict(doc, messages=chosen), f, ensure_ascii=False, separators=(",", ":"))
    return first, second, count + overlap_from


def merge_cases(runs, n100k, n1m, out):
    """`merge` of two overlapping exports into a new archive, and again into that archive."""
    help_text = subprocess.run([BINARY, "merge", "--help"], capture_output=True, text=True).stdout
    if "FILE|DIR" not in help_text:
        print("merge command not available; skipping merge cases", file=sys.stderr)
        return []
    rows = []
    for count in (n100k, n1m):
        first, second, total = overlapping_exports(count, out)
        target = out + "-merge-%d.jsonl" % count

        def fresh(target=target):
            if os.path.exists(target):
                os.remove(target)
        command = [BINARY, "merge", first, second, "-o", target]
        check = file_checker(target, b'"time":', total)
        rows.append(dict(median_run("merge, two overlapping %d-message exports" % count, command, runs, check,
                                    before=fresh), messages=2 * count))
        if count == n1m:
            subprocess.run(command, check=True, capture_output=True)
            rows.append(dict(median_run("merge, the same exports again into the archive", command, runs, check),
                             messages=2 * count))
    return rows


def privacy_cases(runs, count, out):
    """`render` of a WhatsApp export with `--redact --anonymize` and without, measured in turn: what
    the privacy options cost is their ratio."""
    source, expected = importers.corpus(WORK, count, ["whatsapp"])["whatsapp"]
    target = out + "-privacy.html"
    check = file_checker(target, b'id="msg-', expected)
    plain = Case("render, WhatsApp .txt, %d" % count, [BINARY, "render", source, "-o", target], check)
    private = Case("render --redact --anonymize, WhatsApp .txt, %d" % count,
                   [BINARY, "render", source, "-o", target, "--redact", "--anonymize"], check)
    # Each case's output is checked against its own first run (the two pages differ).
    return [dict(row, messages=count) for row in paired_runs(plain, private, ratio_runs(runs))]


def import_table(import_rows):
    lines = ["| importer case | messages | wall s | CPU s | peak RSS MB | messages/s (wall) | |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for row in import_rows:
        if "wall" not in row:
            lines.append("| %s | %d | | | | | %s |" % (row["name"], row["messages"], row.get("note", "")))
            continue
        rate = row["messages"] / row["wall"] if row["wall"] > 0 else float("inf")
        lines.append("| %s | %d | %.3f | %.3f | %.1f | %s | %s |" % (
            row["name"], row["messages"], row["wall"], row["cpu"], row["rss"], "{:,.0f}".format(rate),
            row.get("note", "")))
    return lines


def report(rows, n10k, n100k, n1m, args, import_rows=(), import_targets=(), peer_lines=(), notes=(), write=True):
    by_name = {row["name"]: row for row in rows}
    lines = ["| case | messages | wall s | CPU s | peak RSS MB | messages/s (wall) |", "|---|---:|---:|---:|---:|---:|"]
    for row in rows:
        rate = row["messages"] / row["wall"] if row["wall"] > 0 else float("inf")
        lines.append("| %s | %d | %.3f | %.3f | %.1f | %s |" % (row["name"], row["messages"], row["wall"], row["cpu"], row["rss"], "{:,.0f}".format(rate)))
    ratios = []

    def ratio(label, numerator, denominator, target, better="lower"):
        a, b = by_name.get(numerator), by_name.get(denominator)
        if not a or not b:
            ratios.append("| %s | not measured | %s | — |" % (label, target))
            return
        value = a["wall"] / b["wall"] if b["wall"] > 0 else float("inf")
        limit = float(re.search(r"[\d.]+", target).group(0))
        met = value <= limit if better == "lower" else value >= limit
        ratios.append("| %s | %.2f× | %s | %s |" % (label, value, target, "met" if met else "NOT met"))

    ratio("html (Markdown, %d) ÷ cmark-gfm on the same bodies" % n100k, "html, Markdown, %d" % n100k, "baseline: cmark-gfm, %d bodies" % n100k, "≤ 1.5")
    ratio("html %d ÷ html %d (linear: 10× messages)" % (n100k, n10k), "html, Markdown, %d" % n100k, "html, Markdown, %d" % n10k, "≤ 11")
    ratio("json %d ÷ json %d (linear: 10× messages)" % (n1m, n100k), "json, Markdown, %d" % n1m, "json, Markdown, %d" % n100k, "≤ 11")
    ratio("site on 1 core ÷ site on 2 cores", "site, full build on 1 core", "site, %d in 50 conversations, full build" % n1m, "≥ 1.6", better="higher")
    ratio("unchanged rebuild ÷ full build", "site, unchanged rebuild", "site, %d in 50 conversations, full build" % n1m, "≤ 0.05")
    ratio("append-one-day rebuild ÷ full build", "site, rebuild after appending one day", "site, %d in 50 conversations, full build" % n1m, "≤ 0.10")
    for name, target in (("html, plain, %d" % n100k, 250_000), ("text, plain, %d" % n1m, 200_000)):
        row = by_name.get(name)
        if row:
            rate = row["messages"] / row["wall"] if row["wall"] > 0 else float("inf")
            ratios.append("| %s: messages per wall second | %s | ≥ %s | %s |" % (name, "{:,.0f}".format(rate), "{:,}".format(target), "met" if rate >= target else "NOT met"))
    ratio("merge %d ÷ merge %d (linear: 10× messages)" % (n1m, n100k), "merge, two overlapping %d-message exports" % n1m,
          "merge, two overlapping %d-message exports" % n100k, "≤ 11")
    merge = by_name.get("merge, two overlapping %d-message exports" % n1m)
    if merge:
        ratios.append("| merge of two %d-message exports: peak RSS | %.0f MB | < 1024 MB | %s |" % (n1m, merge["rss"], "met" if merge["rss"] < 1024 else "NOT met"))
    site = by_name.get("site, %d in 50 conversations, full build" % n1m)
    if site:
        ratios.append("| site full build: peak RSS | %.0f MB | ≤ 200 MB | %s |" % (site["rss"], "met" if site["rss"] <= 200 else "NOT met"))

    ratios += list(import_targets)
    LOAD[0] += " and %.1f" % os.getloadavg()[0]
    table = "\n".join(lines + ([""] + import_table(import_rows) if import_rows else []))
    if peer_lines:
        table += "\n\n" + "\n".join(peer_lines)
    if notes:
        table += "\n\n" + "\n".join("- " + note for note in notes)
    targets = "\n".join(["| target | measured | goal | |", "|---|---:|---|---|"] + ratios)
    print(table)
    print()
    print(targets)
    generated = "\n".join([
        "<!-- generated by scripts/bench/run.py: do not edit by hand -->",
        "Machine: %s." % machine(),
        "Runs per case: %d (medians)%s; the 1M text cases and importer cases other than the 100k renders run once. "
        "The 100k Markdown page and cmark-gfm run in turn, as do the 100k renders of every import format, "
        "%d rounds each (medians)." % (
            args.runs, "; quick mode (corpora ÷ 10)" if args.quick else "", ratio_runs(args.runs)),
        "Load average (1 min) at the start and end of the run: %s (the machine is shared)." % LOAD[0],
        "",
        table,
        "",
        targets,
        "<!-- end of generated section -->",
    ])
    if not write:
        return
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path, encoding="utf-8").read() if os.path.exists(path) else "# Benchmarks\n\n<!-- generated by scripts/bench/run.py: do not edit by hand -->\n<!-- end of generated section -->\n"
    text = re.sub(r"<!-- generated by scripts/bench/run.py: do not edit by hand -->.*?<!-- end of generated section -->", lambda _: generated, text, flags=re.S)
    open(path, "w", encoding="utf-8").write(text)
    print("\nwrote BENCHMARKS.md", file=sys.stderr)


if __name__ == "__main__":
    main()
