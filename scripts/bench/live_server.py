"""What the live server's benchmarks share (live_sizes.py, live_load.py): seeded JSON Lines logs
of N messages cached under the temporary folder, a release `scrollback serve` as a child process
with its CPU time and resident set read from /proc, and plain Server-Sent Events clients read by
one thread (no browser), so the figures are the server's.

Only Python's standard library."""
import datetime, json, os, re, selectors, shutil, signal, socket, subprocess, sys, tempfile, threading, time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.environ.get("SCROLLBACK_BENCH_BINARY") or os.path.join(ROOT, ".build", "release", "scrollback")
CACHE = os.path.join(tempfile.gettempdir(), "scrollback-live-bench")
# Bumped whenever `generate` writes other lines, so an old cached log is never used.
LOG_VERSION = 1
HEADER = ('{"type":"conversation","title":"Bench","me":"ana","participants":'
          '[{"id":"ana","name":"Ana Lima"},{"id":"ben","name":"Ben Okafor"}]}\n')
# Each message's text is "message N" and one of these endings, in turn.
ENDINGS = ["", ": on my way, ten minutes", ", did you see the photos from Sunday?",
           ". **Bold** plans for the weekend, and a link: https://example.org/weekend", " 👍",
           ": the train is late again, start without me and keep a seat"]
SENDERS = ["ana", "ben", "ben"]
EPOCH = 1_704_067_200  # 2024-01-01T00:00:00Z
MINUTES = ["%02d:%02d" % (minute // 60, minute % 60) for minute in range(1440)]


def message_line(number, text=None):
    """Message `m<number>`, `number` minutes after 2024-01-01 00:00 UTC; one of Ana's, two of Ben's."""
    day, minute = divmod(number, 1440)
    date = time.strftime("%Y-%m-%d", time.gmtime(EPOCH + day * 86400))
    if text is None:
        text = "message %d%s" % (number, ENDINGS[number % len(ENDINGS)])
    return '{"id":"m%d","sender":"%s","time":"%sT%s:00Z","text":"%s"}\n' % (
        number, SENDERS[number % 3], date, MINUTES[minute], text)


def generate(path, count):
    """Writes the header and messages m0 … m<count-1> (what `message_line` writes), a day at a time."""
    temporary = path + ".partial"
    with open(temporary, "w", encoding="utf-8") as handle:
        handle.write(HEADER)
        for start in range(0, count, 1440):
            date = time.strftime("%Y-%m-%d", time.gmtime(EPOCH + (start // 1440) * 86400))
            handle.write("".join(
                f'{{"id":"m{n}","sender":"{SENDERS[n % 3]}","time":"{date}T{MINUTES[n - start]}:00Z",'
                f'"text":"message {n}{ENDINGS[n % 6]}"}}\n' for n in range(start, min(count, start + 1440))))
    os.replace(temporary, path)


def log_copy(count, folder):
    """A fresh copy, in `folder`, of the cached log of `count` messages (generated the first time)."""
    os.makedirs(CACHE, exist_ok=True)
    cached = os.path.join(CACHE, "messages-%d-v%d.jsonl" % (count, LOG_VERSION))
    if not os.path.exists(cached):
        started = time.monotonic()
        generate(cached, count)
        print("  generated %s (%.1f s)" % (cached, time.monotonic() - started), file=sys.stderr, flush=True)
    copy = os.path.join(folder, "live-%d.jsonl" % count)
    shutil.copyfile(cached, copy)
    return copy


class Server:
    """`scrollback serve PATH --port 0`; `startup` is the seconds until it printed its address, which
    it does once the log is read, laid out and rendered and the socket listens."""
    TICKS = os.sysconf("SC_CLK_TCK")

    def __init__(self, path, timeout=600):
        started = time.monotonic()
        self.process = subprocess.Popen([BINARY, "serve", path, "--port", "0"], stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)
        self.errors = []
        ready = threading.Event()
        found = []

        def read_errors():
            for line in self.process.stderr:
                if not found:
                    found.append(line)
                    ready.set()
                else:
                    self.errors.append(line.rstrip("\n"))
            ready.set()
        threading.Thread(target=read_errors, daemon=True).start()
        if not ready.wait(timeout) or not found:
            self.process.kill()
            raise SystemExit("serve did not start within %d s: %s" % (timeout, self.errors[-3:]))
        address = re.search(r"http://127\.0\.0\.1:(\d+)/", found[0])
        if not address:
            self.process.kill()
            raise SystemExit("serve printed no address: %r" % found[0])
        self.port = int(address.group(1))
        self.startup = time.monotonic() - started

    def cpu(self):
        """User + system CPU seconds the server has used so far."""
        with open("/proc/%d/stat" % self.process.pid) as handle:
            fields = handle.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / self.TICKS

    def memory(self, key="VmHWM"):
        """Resident set in MB: the peak so far (`VmHWM`) or now (`VmRSS`)."""
        with open("/proc/%d/status" % self.process.pid) as handle:
            for line in handle:
                if line.startswith(key + ":"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def threads(self):
        with open("/proc/%d/status" % self.process.pid) as handle:
            for line in handle:
                if line.startswith("Threads:"):
                    return int(line.split()[1])
        return 0

    def stop(self):
        """SIGTERM; the server must stop within 10 s (else it is killed and that is an error)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise SystemExit("serve did not stop within 10 s of SIGTERM")


MESSAGE_ID = re.compile(rb'id=\\"msg-(m\d+)\\"')


def has_operation(data, kind):
    """Whether an event's data holds an operation of a kind (`append`, `reset`)."""
    return re.search(rb'"op"\s*:\s*"' + kind + rb'"', data) is not None


class Stream:
    """One event-stream connection: its events as (arrival time, event id, data bytes) when `keep`,
    and always the message ids in the order they first appeared in an event."""

    def __init__(self, port, since=None, source="127.0.0.1", keep=False):
        self.keep, self.events, self.order, self.seen = keep, [], [], set()
        self.first_seen = {}  # message id → arrival time of the event it first appeared in
        self.resets = self.count = 0
        self.appended = {}  # message id → how many `append` operations carried its element
        self.status = self.last_id = None
        self.closed = False
        self.buffer = b""  # bytes received and not yet decoded (headers, chunk framing)
        self.body = b""  # decoded event-stream text not yet split into events
        self.socket = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.socket.bind((source, 0))
        self.socket.connect(("127.0.0.1", port))
        query = "/_live/events?page=/" + ("&since=" + since if since else "")
        self.socket.sendall(("GET %s HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nAccept: text/event-stream\r\n\r\n"
                             % (query, port)).encode())
        self.socket.setblocking(False)

    def feed(self, data, now):
        self.buffer += data
        if self.status is None:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            head = self.buffer[:end].decode("latin-1")
            self.status = int(head.split()[1])
            if "chunked" not in head.lower():
                raise SystemExit("event stream not chunked: %s" % head)
            self.buffer = self.buffer[end + 4:]
        while True:  # chunked transfer coding
            end = self.buffer.find(b"\r\n")
            if end < 0:
                break
            size = int(self.buffer[:end].split(b";")[0], 16)
            if len(self.buffer) < end + 2 + size + 2:
                break
            self.body += self.buffer[end + 2:end + 2 + size]
            self.buffer = self.buffer[end + 2 + size + 2:]
            if size == 0:
                self.closed = True
        while True:
            end = self.body.find(b"\n\n")
            if end < 0:
                break
            self.event(self.body[:end], now)
            self.body = self.body[end + 2:]

    def event(self, text, now):
        identifier, data = None, []
        for line in text.split(b"\n"):
            if line.startswith(b"id: "):
                identifier = line[4:].decode()
            elif line.startswith(b"data: "):
                data.append(line[6:])
        if not data:
            return  # retry: or a keep-alive comment
        data = b"\n".join(data)
        self.count += 1
        if has_operation(data, b"reset"):
            self.resets += 1
        if has_operation(data, b"append"):
            for operation in json.loads(data)["ops"]:
                if operation["op"] == "append":
                    for key in MESSAGE_ID.findall(json.dumps(operation["html"]).encode()):
                        key = key.decode()
                        self.appended[key] = self.appended.get(key, 0) + 1
        for found in MESSAGE_ID.finditer(data):
            key = found.group(1).decode()
            if key not in self.seen:
                self.seen.add(key)
                self.order.append(key)
                self.first_seen[key] = now
        if self.keep:
            self.events.append((now, identifier, data))
        self.last_id = identifier


class Streams:
    """Reads every stream it is given on one thread (a selector), stamping each event's arrival."""

    def __init__(self):
        self.selector = selectors.DefaultSelector()
        self.lock = threading.Lock()
        self.streams = []
        self.running = True
        self.thread = threading.Thread(target=self.loop, daemon=True)
        self.thread.start()

    def add(self, stream):
        with self.lock:
            self.streams.append(stream)
            self.selector.register(stream.socket, selectors.EVENT_READ, stream)
        return stream

    def loop(self):
        while self.running:
            with self.lock:
                ready = self.selector.select(timeout=0.05) if self.streams else []
            if not ready:
                time.sleep(0.001) if not self.streams else None
                continue
            now = time.monotonic()
            for key, _ in ready:
                stream = key.data
                try:
                    data = stream.socket.recv(1 << 20)
                except (BlockingIOError, InterruptedError):
                    continue
                except OSError:
                    data = b""
                if not data:
                    stream.closed = True
                    with self.lock:
                        self.selector.unregister(stream.socket)
                    continue
                stream.feed(data, now)

    def close(self):
        self.running = False
        self.thread.join(2)
        for stream in self.streams:
            stream.socket.close()


def page_version(port, timeout=1800):
    """Loads `GET /` whole; returns the version it was served at (`data-sb-since`, near its end), so
    a stream can ask only for what comes after it, and the page's size in bytes.

    (A stream that asks with no version gets the whole log as its first event instead; at 100k
    messages on the busy shared machine that event never came: the server sent the headers, then
    closed the connection once the event was made, 12–18 s later.)"""
    connection = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    connection.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1:%d\r\nConnection: close\r\n\r\n" % port)
    tail, size = b"", 0
    try:
        while True:
            data = connection.recv(1 << 20)
            if not data:
                break
            size += len(data)
            tail = (tail + data)[-(1 << 16):]
    finally:
        connection.close()
    found = re.search(rb'data-sb-since="([^"]+)"', tail)
    if not found:
        raise SystemExit("the page (%d bytes) names no version: %r" % (size, tail[-200:]))
    return found.group(1).decode(), size


def wait_until(condition, timeout, step=0.001):
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(step)
    return True


def percentile(values, fraction):
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(fraction * (len(ordered) - 1))))]


def machine():
    """The machine, the build and the load, for a section's first line."""
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import run  # noqa: E402  (the same description as the other sections)
    commit = subprocess.run(["git", "-C", ROOT, "log", "-1", "--format=%h %cs"], capture_output=True,
                            text=True).stdout.strip()
    return "%s; release build of %s" % (run.machine(), commit or "this tree")


def write_section(name, lines, heading):
    """Replaces BENCHMARKS.md's section generated by `name` (or adds it, under `heading`, at the end)."""
    begin = "<!-- generated by scripts/bench/%s: do not edit by hand -->" % name
    end = "<!-- end of %s section -->" % name
    generated = "\n".join([begin] + lines + [end])
    path = os.path.join(ROOT, "BENCHMARKS.md")
    text = open(path, encoding="utf-8").read()
    pattern = re.escape(begin) + ".*?" + re.escape(end)
    if re.search(pattern, text, flags=re.S):
        text = re.sub(pattern, lambda _: generated, text, flags=re.S)
    else:
        text = text.rstrip("\n") + "\n\n" + heading + "\n\n" + generated + "\n"
    open(path, "w", encoding="utf-8").write(text)
    print("wrote BENCHMARKS.md (%s section)" % name, file=sys.stderr)


def write_report(name, lines, heading, load, began):
    """Writes `lines` as `name`'s section under `heading`, headed by the date, the machine, the load
    average at the start (`load`) and now, and the time since `began` (a `time.monotonic()`)."""
    header = [
        "%s, %s." % (datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"), machine()),
        "Load average (1 min) at the start and end: %.1f and %.1f (the machine is shared: figures are noisy); "
        "%.0f s in all." % (load, os.getloadavg()[0], time.monotonic() - began), ""]
    write_section(name, header + lines, heading)
