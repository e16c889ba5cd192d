#!/usr/bin/env python3
"""Load test of `scrollback serve` (bounded, loopback only): 20 pages follow the event stream
(Server-Sent Events read with http.client, one thread each) while 5,000 lines stream into the
file. Every page must see every message exactly once, in order, through consecutive event ids
(nothing lost, nothing reordered), within a time cap.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import http.client, json, os, re, sys, tempfile, threading, time

from support import BINARY, binary_missing, check, summary
from support.live import Serve, append, header, message

PAGES = 20
LINES = 5000
BATCH = 50
CAP = 240  # seconds for the whole stream to reach every page

MESSAGE_ID = re.compile(r'id=\\?"msg-(m\d+)\\?"')


class Page(threading.Thread):
    """One page's event stream: the message ids in the order they arrived, and the event versions."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port = port
        self.ids = []
        self.seen = set()
        self.versions = []
        self.error = None
        self.ready = threading.Event()

    def run(self):
        try:
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=CAP)
            connection.request("GET", "/_live/events?page=/")
            response = connection.getresponse()
            assert response.status == 200, response.status
            self.ready.set()
            data = []
            for raw in response:
                line = raw.decode("utf-8").rstrip("\n")
                if line.startswith("id: "):
                    self.versions.append(int(line.rsplit("-", 1)[1]))
                elif line.startswith("data: "):
                    data.append(line[6:])
                elif line == "" and data:
                    self.event(json.loads("".join(data)))
                    data = []
                    if f"m{LINES}" in self.seen:
                        break
        except Exception as error:  # reported by the check
            self.error = error
            self.ready.set()

    def event(self, update):
        for op in update["ops"]:
            if op["op"] == "reset":
                self.ids, self.seen = [], set()
            if op["op"] in ("reset", "append", "replace"):
                for found in MESSAGE_ID.findall(op["html"]):
                    if found not in self.seen:
                        self.seen.add(found)
                        self.ids.append(found)


def main():
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-load-") as folder:
        return checks(folder)


def checks(folder):
    """The checks, with their files in `folder` (removed by `main` afterwards)."""
    path = os.path.join(folder, "load.jsonl")
    append(path, header("Load"))

    def twenty_pages():
        server = Serve(BINARY, path)
        try:
            pages = [Page(server.port) for _ in range(PAGES)]
            for page in pages:
                page.start()
            for page in pages:
                assert page.ready.wait(10), "a page could not connect"
            started = time.monotonic()
            for start in range(1, LINES + 1, BATCH):
                append(path, *[message(n, "ben" if n % 4 else "ana", f"line {n}") for n in range(start, start + BATCH)])
                time.sleep(0.01)
            for page in pages:
                page.join(max(1, CAP - (time.monotonic() - started)))
            expected = [f"m{n}" for n in range(1, LINES + 1)]
            for number, page in enumerate(pages, 1):
                assert page.error is None, f"page {number}: {page.error}"
                assert page.ids == expected, (
                    f"page {number} saw {len(page.ids)} of {LINES} messages; first difference at "
                    f"{next((i for i, (a, b) in enumerate(zip(page.ids, expected)) if a != b), len(page.ids))}")
                gaps = [b for a, b in zip(page.versions, page.versions[1:]) if b != a + 1]
                assert not gaps, f"page {number}: event versions skip at {gaps[:3]}"
            print(f"      {PAGES} pages, {LINES} lines in {time.monotonic() - started:.1f} s")
        finally:
            assert server.stop() == 0
    check(f"{PAGES} pages see all {LINES} streamed lines, none lost or reordered", twenty_pages)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
