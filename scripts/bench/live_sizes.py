#!/usr/bin/env python3
"""The live server's cost per update against the conversation's length: a release `scrollback
serve` follows a JSON Lines file of N messages (generated under /tmp) while this script appends
to it and reads the event stream with a plain SSE client, so the figure is the server's alone.

  - append → event latency, p50 and p99 over 200 appends, at each N;
  - an edit storm: one message edited 1,500 times, its total and per-edit time, at each N.

    python3 scripts/bench/live_sizes.py [--sizes 100,10000,100000,1000000]
"""
import argparse, datetime, http.client, json, os, statistics, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
from support.live import Serve, header  # noqa: E402

BINARY = os.environ.get("SCROLLBACK_BENCH_BINARY") or os.path.join(ROOT, ".build", "release", "scrollback")
START = datetime.datetime(2024, 1, 1, tzinfo=datetime.timezone.utc)


def line(number, text=None):
    moment = START + datetime.timedelta(minutes=number)
    return json.dumps({"id": f"m{number}", "sender": "ben" if number % 3 else "ana",
                       "time": moment.strftime("%Y-%m-%dT%H:%M:%SZ"), "text": text or f"message {number}"}) + "\n"


def generate(path, count):
    with open(path, "w", encoding="utf-8") as handle:
        handle.write(json.dumps(header("Bench")) + "\n")
        for number in range(count):
            handle.write(line(number))


class Events(threading.Thread):
    """Reads the page's event stream; `arrived` holds (monotonic time, data) per event."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.arrived, self.ready = port, [], threading.Event()

    def run(self):
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=600)
        connection.request("GET", "/_live/events?page=/")
        response = connection.getresponse()
        self.ready.set()
        for raw in response:
            text = raw.decode()
            if text.startswith("data: "):
                self.arrived.append((time.monotonic(), text))


def wait_events(events, count, timeout=60):
    deadline = time.monotonic() + timeout
    while len(events.arrived) < count and time.monotonic() < deadline:
        time.sleep(0.001)
    return len(events.arrived) >= count


def measure(size, folder):
    path = os.path.join(folder, f"size-{size}.jsonl")
    generate(path, size)
    server = Serve(BINARY, path)
    try:
        events = Events(server.port)
        events.start()
        events.ready.wait(600)
        wait_events(events, 1, 600)  # the first event: the whole log
        latencies = []
        with open(path, "a", encoding="utf-8") as handle:
            for number in range(size, size + 200):
                seen = len(events.arrived)
                written = time.monotonic()
                handle.write(line(number))
                handle.flush()
                if not wait_events(events, seen + 1):
                    break
                latencies.append((events.arrived[seen][0] - written) * 1000)
                time.sleep(0.02)
            target = size + 199
            seen = len(events.arrived)
            storm = time.monotonic()
            for edit in range(1500):
                handle.write(json.dumps({"id": f"m{target}", "text": "streamed answer " + "word " * (edit // 10)}) + "\n")
                handle.flush()
            # Edits arrive in batches; wait until the last edit's text is on its way.
            last = "word " * (1499 // 10)
            deadline = time.monotonic() + 120
            while time.monotonic() < deadline and not any(last.strip() in data for _, data in events.arrived[seen:]):
                time.sleep(0.002)
            storm_ms = (time.monotonic() - storm) * 1000
        ordered = sorted(latencies)
        return (statistics.median(ordered), ordered[int(0.99 * (len(ordered) - 1))], storm_ms)
    finally:
        server.stop()
        os.remove(path)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", default="100,10000,100000,1000000")
    args = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="scrollback-live-sizes-", dir="/tmp")
    rows = []
    for size in [int(value) for value in args.sizes.split(",")]:
        p50, p99, storm = measure(size, folder)
        rows.append((size, p50, p99, storm))
        print(f"{size:>9,} messages: append → event p50 {p50:.1f} ms, p99 {p99:.1f} ms; "
              f"1,500 edits of one message {storm:.0f} ms", file=sys.stderr)
    print("| messages | append → event p50 | p99 | edit storm (1,500 edits) |")
    print("|---:|---:|---:|---:|")
    for size, p50, p99, storm in rows:
        print(f"| {size:,} | {p50:.1f} ms | {p99:.1f} ms | {storm:.0f} ms |")


if __name__ == "__main__":
    main()
