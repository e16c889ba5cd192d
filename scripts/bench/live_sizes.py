#!/usr/bin/env python3
"""The live server's cost per update against the conversation's length. A release `scrollback
serve` follows a JSON Lines log of N messages (generated once, cached under the temporary folder)
while this script appends to it and reads the event stream with a plain SSE client (no browser),
so the figures are the server's alone. At each N:

  - start-up: from the command to its printed address (the log read, laid out and rendered, the
    socket listening), and the server's CPU time for it; then the first `GET /` (the whole page),
    which also tells the stream the version to follow from;
  - append → event latency: one message line written, then the time until the event that adds
    its element arrives; p50 and p99 over up to 200 appends (fewer where one update takes long:
    each N gets at most `--budget` seconds of appends, and at least 3), and the server's CPU
    time per append;
  - an edit storm: one message edited 1,500 times (JSON Lines update lines, one every
    millisecond, its text growing as a streamed answer does): the time until the page shows the
    last edit, the server's CPU time, and per edit the time until the page shows it or a newer one.
    A storm the page has not caught up with `--storm-budget` seconds after its last write is cut
    short there, and says how far the page got. Each N runs `--storms` storms (the last edit's
    time is one sample a storm, a few milliseconds that depend on where the server was when the
    last line came): the table gives their medians, and the per-edit figures over all of them.

The goal is a flat cost: the 1M figure within 2× of the 100-message one.

    python3 scripts/bench/live_sizes.py [--sizes 100,10000,100000,1000000] [--budget 45] [--storm-budget 120]
                                        [--storms 5] [--no-write]
"""
import argparse, os, re, statistics, sys, tempfile, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_server import (BINARY, Server, Stream, Streams, page_version, log_copy,  # noqa: E402
                         message_line, percentile, wait_until, write_report)

APPENDS = 200
EDITS = 1500
REVISION = re.compile(rb"rev(\d+)x")


def appends(server, stream, handle, first, budget):
    """Appends messages `first`, `first`+1, … one at a time, each once the last one's event came;
    returns (latencies in ms, CPU seconds per append, the last number written)."""
    latencies = []
    cpu = server.cpu()
    deadline = time.monotonic() + budget
    number = first
    while len(latencies) < APPENDS and (time.monotonic() < deadline or len(latencies) < 3):
        key = "m%d" % number
        written = time.monotonic()
        handle.write(message_line(number))
        handle.flush()
        if not wait_until(lambda: key in stream.first_seen, 600):
            raise SystemExit("no event for %s within 600 s" % key)
        latencies.append((stream.first_seen[key] - written) * 1000)
        number += 1
        time.sleep(0.02)
    return latencies, (server.cpu() - cpu) / len(latencies), number - 1


def storm(server, stream, handle, target, budget):
    """Edits message `target` EDITS times, one line a millisecond, and waits (at most `budget`
    seconds after the last write) for the page to show the last edit; returns the storm's figures."""
    cpu = server.cpu()
    before = len(stream.events)
    written = []
    started = time.monotonic()
    for edit in range(1, EDITS + 1):
        words = " ".join("word%d" % w for w in range(edit // 4))
        handle.write('{"id":"m%d","text":"rev%dx streamed answer %s"}\n' % (target, edit, words))
        handle.flush()
        written.append(time.monotonic())
        pause = started + edit * 0.001 - time.monotonic()
        if pause > 0:
            time.sleep(pause)
    finished = time.monotonic()

    def shown():
        """(arrival, revision) of every storm event that carries the target's text."""
        found = []
        for arrival, _, data in list(stream.events[before:]):
            revisions = [int(value) for value in REVISION.findall(data)]
            if revisions:
                found.append((arrival, max(revisions)))
        return found
    complete = wait_until(lambda: any(revision == EDITS for _, revision in shown()), budget, step=0.005)
    events = shown()
    newest = max((revision for _, revision in events), default=0)
    last = next((arrival for arrival, revision in events if revision == EDITS), time.monotonic())
    # Per edit: the first event that shows it or a newer revision (edits not shown yet left out).
    latencies, index = [], 0
    for edit, at in enumerate(written[:newest], start=1):
        while events[index][1] < edit:
            index += 1
        latencies.append((events[index][0] - at) * 1000)
    return {"complete": complete, "newest": newest, "budget": budget, "writing_s": finished - started,
            "last_ms": (last - written[-1]) * 1000, "events": len(events), "cpu_s": server.cpu() - cpu,
            "latencies": latencies}


def storms(server, stream, handle, target, budget, count):
    """`count` storms on message `target`, one after another (each once the last one's last edit
    is shown, or cut short); their medians, and the per-edit latencies of all of them."""
    runs = []
    for _ in range(count):
        runs.append(storm(server, stream, handle, target, budget))
        if not runs[-1]["complete"]:
            break  # a storm the page could not keep up with: the next would start behind
        time.sleep(0.2)
    latencies = [value for run in runs for value in run["latencies"]]
    cut = next((run for run in runs if not run["complete"]), None)
    middle = lambda key: statistics.median(run[key] for run in runs)  # noqa: E731
    return {"complete": cut is None, "newest": cut["newest"] if cut else EDITS, "budget": budget,
            "storms": len(runs), "writing_s": middle("writing_s"), "last_ms": middle("last_ms"),
            "events": middle("events"), "cpu_s": middle("cpu_s"),
            "p50": statistics.median(latencies) if latencies else float("nan"), "p99": percentile(latencies, 0.99)}


def measure(size, folder, budget, storm_budget, storm_count):
    path = log_copy(size, folder)
    server = Server(path)
    try:
        startup_cpu = server.cpu()
        startup_rss = server.memory("VmRSS")
        loading = time.monotonic()
        since, page_bytes = page_version(server.port)
        page_s = time.monotonic() - loading
        streams = Streams()
        stream = streams.add(Stream(server.port, since=since, keep=True))
        wait_until(lambda: stream.status is not None, 30)
        if stream.status != 200:
            raise SystemExit("event stream answered %s" % stream.status)
        with open(path, "a", encoding="utf-8") as handle:
            latencies, cpu_each, last = appends(server, stream, handle, size, budget)
            edits = storms(server, stream, handle, last, storm_budget, storm_count)
        streams.close()
        row = {"size": size, "startup_s": server.startup, "startup_cpu_s": startup_cpu, "page_s": page_s, "page_mb": page_bytes / 1e6,
               "rss_start": startup_rss, "appends": len(latencies), "p50": statistics.median(latencies),
               "p99": percentile(latencies, 0.99), "cpu_ms": cpu_each * 1000, "storm": edits,
               "peak_rss": server.memory("VmHWM"), "errors": len(server.errors)}
    finally:
        server.stop()
        os.remove(path)
    print("  %9s messages: start %.2f s, GET / %.2f s, append → event p50 %.1f ms, p99 %.1f ms over %d, "
          "%.1f CPU ms each; %d storms (medians): %s, %d events, %.2f CPU s; peak RSS %.0f MB"
          % ("{:,}".format(size), row["startup_s"], page_s, row["p50"], row["p99"], row["appends"],
             row["cpu_ms"], edits["storms"], shown_after(edits), edits["events"], edits["cpu_s"], row["peak_rss"]),
          file=sys.stderr, flush=True)
    return row


def shown_after(edits):
    """When the storm's last edit was shown, or how far the page got when it was not."""
    if edits["complete"]:
        return "last edit shown %.1f ms after the last write" % edits["last_ms"]
    return "last edit not shown within %.0f s (edit %d of %d was)" % (edits["budget"], edits["newest"], EDITS)


def tables(rows):
    lines = ["| messages | start-up s (CPU s) | `GET /` s (MB) | append → event p50 ms | p99 ms | appends | "
             "server CPU ms per append | peak RSS MB |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        lines.append("| %s | %.2f (%.2f) | %.2f (%.1f) | %.1f | %.1f | %d | %.1f | %.0f |" % (
            "{:,}".format(row["size"]), row["startup_s"], row["startup_cpu_s"], row["page_s"], row["page_mb"], row["p50"],
            row["p99"], row["appends"], row["cpu_ms"], row["peak_rss"]))
    lines += ["", "| messages | edit storms (medians): 1,500 edits written over s | last edit shown, ms after the "
              "last write | events | server CPU s | per edit, all storms: shown after p50 ms | p99 ms |",
              "|---:|---:|---:|---:|---:|---:|---:|"]
    for row in rows:
        edits = row["storm"]
        shown = "%.1f" % edits["last_ms"] if edits["complete"] else "not within %.0f s (edit %d shown)" % (
            edits["budget"], edits["newest"])
        lines.append("| %s (%d storms) | %.2f | %s | %d | %.2f | %s | %s |" % (
            "{:,}".format(row["size"]), edits["storms"], edits["writing_s"], shown, edits["events"], edits["cpu_s"],
            *("%.1f" % edits[key] if edits["newest"] else "—" for key in ("p50", "p99"))))
    first, last = rows[0], rows[-1]
    if len(rows) > 1:
        label = "%s ÷ %s messages" % ("{:,}".format(last["size"]), "{:,}".format(first["size"]))

        def ratio(name, a, b, at_least=False):
            value = a / b if b > 0 else float("inf")
            lines.append("| %s, %s | %s%.1f× | ≤ 2 | %s |" % (
                name, label, "> " if at_least else "", value, "met" if value <= 2 and not at_least else "NOT met"))
        lines += ["", "| target (flat: cost independent of the log's length) | measured | goal | |", "|---|---:|---|---|"]
        ratio("append → event p50", last["p50"], first["p50"])
        ratio("append → event p99", last["p99"], first["p99"])
        ratio("server CPU per append", last["cpu_ms"], first["cpu_ms"])
        # A storm cut short at its budget cost more than was measured: its ratio is a lower bound.
        cut = not last["storm"]["complete"]
        ratio("edit storm, last edit shown after the last write", last["storm"]["last_ms"], first["storm"]["last_ms"], cut)
        ratio("edit storm, server CPU", last["storm"]["cpu_s"], first["storm"]["cpu_s"], cut)
        ratio("edit storm, per edit shown after p50", last["storm"]["p50"], first["storm"]["p50"], cut)
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,10000,100000,1000000")
    parser.add_argument("--budget", type=float, default=45, help="seconds of appends at most per size")
    parser.add_argument("--storm-budget", type=float, default=120,
                        help="seconds after the storm's last write to wait for the page to show it")
    parser.add_argument("--storms", type=int, default=5, help="edit storms per size (medians are reported)")
    parser.add_argument("--no-write", action="store_true", help="print only; leave BENCHMARKS.md as it is")
    args = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"{BINARY} is missing: swift build -c release --product scrollback")
    folder = tempfile.mkdtemp(prefix="scrollback-live-sizes-")
    load = os.getloadavg()[0]
    began = time.monotonic()
    rows = [measure(int(value), folder, args.budget, args.storm_budget, args.storms) for value in args.sizes.split(",")]
    os.rmdir(folder)
    lines = tables(rows)
    print("\n".join(lines))
    if args.no_write:
        return
    write_report('live_sizes.py', lines, "### The server alone, against the log's length", load, began)


if __name__ == "__main__":
    main()
