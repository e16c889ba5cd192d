#!/usr/bin/env python3
"""The live server under load: many event streams at once, and a flood of slow requests. A
release `scrollback serve` follows a JSON Lines log; plain SSE clients (no browser) are read by
one thread, every event stamped as it arrives.

  - clients × lines: C streams while L message lines are appended (`--rate` lines a second, a few
    at a time); every stream must get every line, each once and in order (the message ids in the
    order they first appear in its events, checked against the order written, and no message's
    element appended twice). Figures: the time
    from the last write until every stream has it, per line the time from its write to its event
    (p50/p99 over all streams), the server's CPU time and peak resident set (/proc);
  - a slow-request flood: 20 streams open, then 500 connections that each send half a request,
    from 10 loopback addresses (127.0.0.2–11, 50 each: under the per-address limit), held open
    two ways in turn: silent, each one the server closes (after its 5 s idle limit) opened again
    at once; and trickled, one more header line every 2 s (under the idle limit, so the server
    never closes them). Meanwhile lines are appended (20 a second for 15 s) and a `GET /` starts
    from 127.0.0.1 every half second: the streams must keep getting every line, and the page
    loads should succeed quickly (their times are reported, and how many of the 500 were held).

    python3 scripts/bench/live_load.py [--clients 50,200] [--lines 5000] [--no-write]
"""
import argparse, errno, os, socket, statistics, sys, tempfile, threading, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from live_server import (BINARY, Server, Stream, Streams, page_version, log_copy,  # noqa: E402
                         message_line, percentile, wait_until, write_report)

BASE = 100  # messages already in the log


def source_address(index, per_address=50):
    """A loopback address for the `index`th connection: 127.0.0.1 for the first `per_address`,
    then 127.0.0.2, …, so no address goes over the server's per-address limit (64)."""
    return "127.0.0.%d" % (1 + index // per_address)


def open_streams(server, streams, count, since, first=0):
    opened = [streams.add(Stream(server.port, since=since, source=source_address(first + i))) for i in range(count)]
    if not wait_until(lambda: all(s.status is not None or s.closed for s in opened), 60):
        raise SystemExit("not every stream answered within 60 s")
    refused = [s for s in opened if s.status != 200]
    if refused:
        raise SystemExit("%d of %d streams refused (%s)" % (len(refused), count, refused[0].status))
    return opened


def write_lines(path, first, count, rate, batch=5):
    """Appends messages first … first+count-1, `batch` lines at a time at `rate` lines a second;
    returns each message's write time by id."""
    written = {}
    started = time.monotonic()
    with open(path, "a", encoding="utf-8") as handle:
        for start in range(first, first + count, batch):
            numbers = range(start, min(first + count, start + batch))
            handle.write("".join(message_line(n) for n in numbers))
            handle.flush()
            now = time.monotonic()
            for n in numbers:
                written["m%d" % n] = now
            pause = started + (start - first + batch) / rate - time.monotonic()
            if pause > 0:
                time.sleep(pause)
    return written


def check(stream, expected, base=BASE):
    """What is wrong with one stream's messages, or None: the new ids in the order written (by
    their first appearance), none missing, and none appended twice."""
    new = [key for key in stream.order if int(key[1:]) >= base]
    twice = sum(1 for key in expected if stream.appended.get(key, 0) > 1)
    if new == expected and not twice:
        return None
    missing = len(set(expected) - set(new))
    if missing:
        return "%d of %d lines missing" % (missing, len(expected))
    return "%d appended twice" % twice if twice else "out of order"


def clients_lines(folder, clients, lines, rate):
    path = log_copy(BASE, folder)
    server = Server(path)
    streams = Streams()
    try:
        since, _ = page_version(server.port)
        opened = open_streams(server, streams, clients, since)
        cpu, own = server.cpu(), own_cpu()
        written = write_lines(path, BASE, lines, rate)
        last_write = max(written.values())
        expected = ["m%d" % n for n in range(BASE, BASE + lines)]
        final = expected[-1]
        delivered = wait_until(lambda: all(final in s.first_seen for s in opened), 300, step=0.01)
        done = time.monotonic()
        wrong = [problem for problem in (check(s, expected) for s in opened) if problem]
        latencies = [(s.first_seen[key] - written[key]) * 1000 for s in opened for key in expected
                     if key in s.first_seen]
        row = {"clients": clients, "lines": lines, "rate": rate, "all_delivered": delivered and not wrong,
               "wrong": len(wrong), "problem": wrong[0] if wrong else "", "drain_ms": (done - last_write) * 1000,
               "p50": statistics.median(latencies), "p99": percentile(latencies, 0.99),
               "events": statistics.median(s.count for s in opened), "resets": sum(s.resets for s in opened),
               "cpu_s": server.cpu() - cpu, "own_cpu_s": own_cpu() - own, "peak_rss": server.memory("VmHWM"),
               "threads": server.threads()}
    finally:
        streams.close()
        server.stop()
        os.remove(path)
    print("  %d clients × %d lines at %d/s: %s; last line on every stream %.0f ms after its write; p50 %.0f ms, "
          "p99 %.0f ms; %.2f CPU s (this script's readers and writer: %.2f); peak RSS %.0f MB" % (
              clients, lines, rate, "all delivered in order" if row["all_delivered"] else
              "%d streams wrong (%s)" % (row["wrong"], row["problem"]), row["drain_ms"], row["p50"], row["p99"],
              row["cpu_s"], row["own_cpu_s"], row["peak_rss"]), file=sys.stderr, flush=True)
    return row


def own_cpu():
    """This script's CPU seconds: the streams' reader and the writer, which share the machine."""
    times = os.times()
    return times.user + times.system


class SlowRequests:
    """`count` connections that each send half a request. `trickle`: then a header line every 2 s,
    under the server's 5 s idle limit, so it never closes them; else nothing more, and each one the
    server closes is opened again at once (a slowloris), so the flood stays `count` strong."""

    def __init__(self, port, count, trickle):
        self.port, self.trickle = port, trickle
        self.sockets = [self.connect(index) for index in range(count)]
        self.reopened = 0
        self.running = True
        self.thread = threading.Thread(target=self.hold, daemon=True)
        self.thread.start()

    def connect(self, index):
        """A connection from 127.0.0.2, … (50 an address, under the server's 64), half a request sent."""
        connection = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        connection.bind(("127.0.0.%d" % (2 + index // 50), 0))
        connection.setblocking(False)
        connection.connect_ex(("127.0.0.1", self.port))
        self.half = b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\n" % self.port
        return [connection, False]  # the socket, and whether the half request went out

    @staticmethod
    def closed(connection):
        try:
            connection.recv(1, socket.MSG_PEEK)  # end-of-file, or an answer: not held any more
            return True
        except BlockingIOError:
            return False
        except OSError as error:
            return error.errno not in (errno.ENOTCONN, errno.EINPROGRESS)

    def hold(self):
        last_trickle = time.monotonic()
        while self.running:
            time.sleep(0.05)
            now = time.monotonic()
            trickle = self.trickle and now - last_trickle >= 2
            if trickle:
                last_trickle = now
            for index, entry in enumerate(self.sockets):
                connection, sent = entry
                try:
                    if not sent:
                        connection.send(self.half)
                        entry[1] = True
                    elif trickle:
                        connection.send(b"X-Slow: 1\r\n")
                except (BlockingIOError, InterruptedError):
                    continue  # still connecting (waiting in the listen backlog)
                except OSError:
                    pass
                if not self.trickle and entry[1] and self.closed(connection):
                    connection.close()
                    self.sockets[index] = self.connect(index)
                    self.reopened += 1

    def open_count(self):
        """How many the server holds open now: sent their half request and not closed."""
        return sum(1 for connection, sent in self.sockets if sent and not self.closed(connection))

    def close(self):
        self.running = False
        self.thread.join(5)
        for connection, _ in self.sockets:
            connection.close()


def page_load(port, timeout=15):
    """Seconds to load `GET /` whole, or None when it failed (or took over `timeout`)."""
    started = time.monotonic()
    try:
        connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
        received = b""
        while time.monotonic() - started < timeout:
            data = connection.recv(1 << 20)
            if not data:
                break
            received += data
        connection.close()
    except OSError:
        return None
    if not received.startswith(b"HTTP/1.1 200") or b"</html>" not in received:
        return None
    return time.monotonic() - started


def flood(folder, trickle, slow=500, clients=20, seconds=15, rate=20, messages=1000):
    """The slow-request flood on a log of `messages`: `clients` streams, then `slow` slow requests,
    then `seconds` of lines at `rate` a second while a page load starts every half second."""
    path = log_copy(messages, folder)
    server = Server(path)
    streams = Streams()
    try:
        quiet = [page_load(server.port) for _ in range(5)]
        since, _ = page_version(server.port)
        opened = open_streams(server, streams, clients, since)
        cpu = server.cpu()
        flooding = SlowRequests(server.port, slow, trickle)
        time.sleep(1)
        loads = []

        def load():
            took = page_load(server.port)
            loads.append(None if took is None else took * 1000)
        result = {}
        writer = threading.Thread(
            target=lambda: result.update(written=write_lines(path, messages, seconds * rate, rate, 1)))
        writer.start()
        loaders = []
        while writer.is_alive():
            loaders.append(threading.Thread(target=load))
            loaders[-1].start()
            time.sleep(0.5)
        writer.join()
        held = flooding.open_count()
        for loader in loaders:
            loader.join()
        written = result["written"]
        times = [item for item in loads if item is not None]
        failed = sum(1 for item in loads if item is None)
        expected = ["m%d" % n for n in range(messages, messages + seconds * rate)]
        wait_until(lambda: all(expected[-1] in s.first_seen for s in opened), 30, step=0.01)
        wrong = 0
        latencies = []
        for s in opened:
            wrong += check(s, expected, messages) is not None
            latencies += [(s.first_seen[k] - written[k]) * 1000 for k in expected if k in s.first_seen]
        row = {"trickle": trickle, "slow": slow, "held": held, "reopened": flooding.reopened, "clients": clients,
               "lines": len(expected), "wrong": wrong, "p50": statistics.median(latencies),
               "p99": percentile(latencies, 0.99), "loads": len(times), "failed": failed,
               "quiet_ms": statistics.median(quiet) * 1000 if all(quiet) else float("nan"),
               "load_p50": statistics.median(times) if times else float("nan"),
               "load_max": max(times) if times else float("nan"), "cpu_s": server.cpu() - cpu,
               "peak_rss": server.memory("VmHWM"), "threads": server.threads(), "messages": messages}
        flooding.close()
    finally:
        streams.close()
        server.stop()
        os.remove(path)
    print("  flood (%s): %d of %d slow requests held open at the end, %d reopened; %d streams, %d wrong; line p50 "
          "%.0f ms, p99 %.0f ms; GET / %d ok, %d failed, p50 %.0f ms, max %.0f ms (quiet: %.0f ms); %d threads" % (
              "trickled" if trickle else "silent", held, slow, row["reopened"], clients, wrong, row["p50"], row["p99"],
              len(times), failed, row["load_p50"], row["load_max"], row["quiet_ms"], row["threads"]),
          file=sys.stderr, flush=True)
    return row


def tables(load_rows, flood_rows):
    lines = ["| streams × lines (rate) | every line on every stream, once, in order | last line on every stream, "
             "ms after its write | line → event p50 ms | p99 ms | events per stream | server CPU s | "
             "peak RSS MB | this script's CPU s |", "|---|---|---:|---:|---:|---:|---:|---:|---:|"]
    for row in load_rows:
        lines.append("| %d × %s (%d/s) | %s | %.0f | %.0f | %.0f | %d | %.2f | %.0f | %.2f |" % (
            row["clients"], "{:,}".format(row["lines"]), row["rate"],
            "yes" if row["all_delivered"] else "NO: %d streams (%s)" % (row["wrong"], row["problem"]),
            row["drain_ms"], row["p50"], row["p99"], row["events"], row["cpu_s"], row["peak_rss"], row["own_cpu_s"]))
    lines += ["", "| slow-request flood: %d slow requests from 10 addresses, %d streams, a %s-message log, "
              "15 s of lines at 20/s | silent, reopened when closed | a header line every 2 s |" % (
                  flood_rows[0]["slow"], flood_rows[0]["clients"], "{:,}".format(flood_rows[0]["messages"])),
              "|---|---:|---:|"]

    def line(label, form):
        lines.append("| %s | %s |" % (label, " | ".join(form(row) for row in flood_rows)))
    line("slow requests held open at the end (reopened after the server closed them)",
         lambda r: "%d (%d)" % (r["held"], r["reopened"]))
    line("streams that got every line (%d), in order" % flood_rows[0]["lines"],
         lambda r: "%d of %d" % (r["clients"] - r["wrong"], r["clients"]))
    line("line → event on the streams, p50 / p99", lambda r: "%.0f / %.0f ms" % (r["p50"], r["p99"]))
    line("`GET /` started every 0.5 s: loaded / failed (no page in 15 s)", lambda r: "%d / %d" % (r["loads"], r["failed"]))
    line("`GET /` load time, p50 / max",
         lambda r: "%.0f / %.0f ms" % (r["load_p50"], r["load_max"]) if r["loads"] else "—")
    line("`GET /` before the flood, median of 5", lambda r: "%.0f ms" % r["quiet_ms"])
    line("server CPU during the flood; threads at the end; peak RSS",
         lambda r: "%.2f s; %d; %.0f MB" % (r["cpu_s"], r["threads"], r["peak_rss"]))
    return lines


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clients", default="50,200", help="stream counts, each with --lines lines")
    parser.add_argument("--lines", type=int, default=5000)
    parser.add_argument("--rate", type=int, default=1000, help="lines a second")
    parser.add_argument("--no-write", action="store_true", help="print only; leave BENCHMARKS.md as it is")
    args = parser.parse_args()
    if not os.access(BINARY, os.X_OK):
        raise SystemExit(f"{BINARY} is missing: swift build -c release --product scrollback")
    folder = tempfile.mkdtemp(prefix="scrollback-live-load-")
    load = os.getloadavg()[0]
    began = time.monotonic()
    load_rows = [clients_lines(folder, int(count), args.lines, args.rate) for count in args.clients.split(",")]
    flood_rows = [flood(folder, trickle=False), flood(folder, trickle=True)]
    os.rmdir(folder)
    lines = tables(load_rows, flood_rows)
    print("\n".join(lines))
    if args.no_write:
        return
    write_report('live_load.py', lines, '### The server under load', load, began)


if __name__ == "__main__":
    main()
