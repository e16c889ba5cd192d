"""Starting `scrollback serve` on a loopback port and writing JSON Lines for it, shared by the live
page checks, the load test and the live benchmark."""
import datetime, json, os, re, signal, subprocess, time


class Serve:
    """`scrollback serve ARGS --port 0` as a child process; `url` is the address it printed."""

    def __init__(self, binary, *args, port=0, stdin=None):
        self.process = subprocess.Popen([binary, "serve", *args, "--port", str(port)], stdin=stdin,
                                        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True)
        line = self.process.stderr.readline()
        found = re.search(r"http://\S+/", line)
        if not found:
            self.process.kill()
            raise AssertionError(f"serve printed no address: {line!r}{self.process.stderr.read()}")
        self.url = found.group(0)
        self.port = int(re.search(r":(\d+)/", self.url).group(1))

    def stop(self):
        """SIGTERM, then the exit status (the server must stop cleanly and quickly)."""
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
        try:
            return self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            raise AssertionError("serve did not stop within 10 s of SIGTERM")


def append(path, *objects):
    """Appends JSON Lines and flushes them to the file at once."""
    with open(path, "a", encoding="utf-8") as handle:
        for item in objects:
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
        handle.flush()
        os.fsync(handle.fileno())


def header(title="Live", me="ana"):
    return {"type": "conversation", "title": title, "me": me,
            "participants": [{"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben Okafor"}]}


def message(number, sender="ben", text=None, day=28, **extra):
    """Message `number`, `number` minutes after 08:00 UTC on November `day`, 2026."""
    moment = datetime.datetime(2026, 11, day, 8, tzinfo=datetime.timezone.utc) + datetime.timedelta(minutes=number)
    item = {"id": f"m{number}", "sender": sender, "time": moment.strftime("%Y-%m-%dT%H:%M:%SZ"),
            "text": text if text is not None else f"message {number}"}
    item.update(extra)
    return item


def wait_for(condition, timeout=5.0, step=0.02):
    """Polls `condition` until it is true; returns the seconds it took, or raises after `timeout`."""
    start = time.monotonic()
    while True:
        if condition():
            return time.monotonic() - start
        if time.monotonic() - start > timeout:
            raise AssertionError(f"not within {timeout} s")
        time.sleep(step)
