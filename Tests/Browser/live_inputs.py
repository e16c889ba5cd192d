#!/usr/bin/env python3
"""Browser checks of what `scrollback serve` follows besides a growing JSON Lines file, on
loopback ports with the already-built .build/debug/scrollback:
  - `-` follows standard input;
  - a native JSON log is served as rendered and rendered again when the file changes;
  - several inputs are served as the site, every page live, and nothing outside it is served;
  - in the site, typing shows on the typing conversation's newest page only, and ends with the
    sender's message or ten seconds of stream time;
  - a bad line while serving is reported with its place and left out.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import http.client, json, os, subprocess, sys, tempfile, time

from support import BINARY, ROOT, binary_missing, check, chromium, summary
from support.live import Serve, append, header, message, wait_for


def status(port, path, method="GET"):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
    connection.request(method, path)
    response = connection.getresponse()
    response.read()
    return response.status


def has(driver, element_id):
    return driver.execute_script(f"return !!document.getElementById({json.dumps(element_id)})")


def main():
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-live-inputs-") as folder:
        return checks(folder)


def checks(folder):
    """The checks, with their files in `folder` (removed by `main` afterwards)."""
    driver = chromium("--force-device-scale-factor=1")
    try:
        def standard_input():
            server = Serve(BINARY, "-", stdin=subprocess.PIPE)
            try:
                driver.get(server.url)
                for item in [header(), message(1), message(2, "ana", "from a pipe")]:
                    server.process.stdin.write(json.dumps(item) + "\n")
                    server.process.stdin.flush()
                wait_for(lambda: has(driver, "msg-m2"), timeout=2)
            finally:
                server.process.stdin.close()
                server.stop()
        check("- follows standard input", standard_input)

        def native_reloads():
            path = os.path.join(folder, "weekend.json")
            source = json.load(open(os.path.join(ROOT, "Examples", "weekend-plans.json"), encoding="utf-8"))
            json.dump(source, open(path, "w", encoding="utf-8"))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                first = source["messages"][0]["id"]
                assert has(driver, f"msg-{first}")
                source["messages"].append({"id": "later", "sender": source["messages"][0]["sender"],
                                           "time": "2026-11-28T23:00:00+01:00", "text": "Added to the file"})
                json.dump(source, open(path + ".tmp", "w", encoding="utf-8"))
                os.replace(path + ".tmp", path)
                wait_for(lambda: has(driver, "msg-later"), timeout=3)
                assert "Added to the file" in driver.find_element("css selector", ".sb-log").text
            finally:
                server.stop()
        check("a native JSON log is rendered again when the file changes", native_reloads)

        def site_live():
            first = os.path.join(folder, "first.jsonl")
            second = os.path.join(folder, "second.jsonl")
            append(first, header("First chat"), message(1))
            append(second, header("Second chat"), message(1, "ana", "other"))
            server = Serve(BINARY, first, second)
            try:
                driver.get(server.url)
                links = driver.execute_script(
                    "return Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))")
                page = next(link for link in links if link.startswith("first-chat/") and link.endswith("2026-11.html"))
                driver.get(server.url + page.lstrip("./"))
                assert has(driver, "msg-m1")
                assert driver.execute_script("return document.querySelectorAll('script[data-sb-events]').length") == 1
                append(first, message(2, "ben", "arrived while the site was open"))
                wait_for(lambda: has(driver, "msg-m2"), timeout=5)
                assert status(server.port, "/../first.jsonl") == 400
                assert status(server.port, "/first.jsonl") == 404
                assert status(server.port, "/etc/passwd") == 404
                assert status(server.port, "/", "POST") == 405
            finally:
                server.stop()
        check("several inputs serve the site, every page live, nothing else", site_live)

        def site_typing():
            first = os.path.join(folder, "typing-first.jsonl")
            second = os.path.join(folder, "typing-second.jsonl")
            append(first, header("Typing chat"), message(1))
            append(second, header("Quiet chat"), message(1, "ana", "other"))
            server = Serve(BINARY, first, second)
            typing = "return document.querySelectorAll('.sb-live-typing .sb-typing-dots').length"
            try:
                driver.get(server.url)
                links = driver.execute_script(
                    "return Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'))")
                quiet = next(link for link in links if link.startswith("quiet-chat/") and link.endswith(".html"))
                page = next(link for link in links if link.startswith("typing-chat/") and link.endswith("2026-11.html"))
                driver.get(server.url + page.lstrip("./"))
                assert has(driver, "msg-m1")
                append(first, {"type": "typing", "sender": "ben", "time": "2026-11-28T08:01:10Z"})
                wait_for(lambda: driver.execute_script(typing) == 1, timeout=5)
                said = driver.execute_script("return document.querySelector('.sb-live-typing').textContent")
                assert "Ben Okafor is typing" in said, said
                driver.get(server.url + quiet.lstrip("./").split("#")[0])
                assert driver.execute_script(typing) == 0, "the other conversation shows the typing bubble"
                driver.get(server.url + page.lstrip("./"))
                assert driver.execute_script(typing) == 1, "a page loaded while typing lacks the bubble"
                append(first, message(2, "ben", "done typing"))
                wait_for(lambda: has(driver, "msg-m2") and driver.execute_script(typing) == 0, timeout=5)
                append(first, {"type": "typing", "sender": "ben", "time": "2026-11-28T08:02:10Z"})
                wait_for(lambda: driver.execute_script(typing) == 1, timeout=5)
                # Ten seconds of stream time later (a presence line carries the time), typing ends.
                append(first, {"type": "presence", "participant": "ana", "online": True, "time": "2026-11-28T08:02:21Z"})
                wait_for(lambda: driver.execute_script(typing) == 0, timeout=5)
            finally:
                server.stop()
        check("in the site, typing shows on that conversation's newest page until it ends", site_typing)

        def bad_line_reported():
            path = os.path.join(folder, "bad.jsonl")
            append(path, header(), message(1))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                with open(path, "a", encoding="utf-8") as handle:
                    handle.write('{"id": "m2", "sender": "ben"}\n')
                append(path, message(3))
                wait_for(lambda: has(driver, "msg-m3"), timeout=2)
                assert not has(driver, "msg-m2")
            finally:
                server.stop()
            error = server.process.stderr.read()
            assert "scrollback: error: " + path + ":3:1:" in error, error
        check("a bad line while serving is reported with its place and left out", bad_line_reported)

        def replaced_file():
            path = os.path.join(folder, "replaced.jsonl")
            append(path, header(), message(1, "ben", "before"))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                assert has(driver, "msg-m1")
                fresh = path + ".new"
                append(fresh, header(), message(7, "ana", "a new file in its place"))
                os.replace(fresh, path)
                wait_for(lambda: has(driver, "msg-m7") and not has(driver, "msg-m1"), timeout=3)
                append(path, message(8))
                wait_for(lambda: has(driver, "msg-m8"), timeout=2)
            finally:
                server.stop()
        check("a file replaced by another of its name is read again from the start", replaced_file)

        def port_in_use():
            path = os.path.join(folder, "port.jsonl")
            append(path, header())
            server = Serve(BINARY, path)
            try:
                second = subprocess.run([BINARY, "serve", path, "--port", str(server.port)],
                                        capture_output=True, text=True, timeout=10)
                assert second.returncode == 1, second.returncode
                assert second.stderr.startswith("scrollback: error: cannot listen on 127.0.0.1:"), second.stderr
                usage = subprocess.run([BINARY, "serve", path, "--port", "70000"], capture_output=True, text=True)
                assert usage.returncode == 2, usage.stderr
                host = subprocess.run([BINARY, "serve", path, "--host", "example.org"], capture_output=True, text=True)
                assert host.returncode == 2 and "is not an address" in host.stderr, host.stderr
            finally:
                server.stop()
        check("a port in use is a one-line error; a port out of range is a usage error", port_in_use)
    finally:
        driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
