#!/usr/bin/env python3
"""Browser checks that `scrollback serve` is safe to leave running, in headless Chromium on loopback:
  - a page that rebinds its own name to 127.0.0.1 gets no conversation (421), and a foreign
    page's event stream is refused (403);
  - a seventh and a twentieth tab of one browser load and update (one shared event stream);
  - a half-sent request is closed within a few seconds, and pages keep updating meanwhile;
  - a log truncated and written again longer than before resets the page to the new file;
  - in site mode the index page updates (a new message's count and last words), and a
    title change reaches the tab's title.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import http.client, json, os, socket, sys, tempfile, time

from support import BINARY, binary_missing, check, chromium, summary
from support.live import Serve, append, header, message, wait_for

HAS = "return !!document.getElementById(arguments[0])"


def main():
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-live-safety-") as folder:
        return checks(folder)


def checks(folder):
    def rebinding_refused():
        path = os.path.join(folder, "rebind.jsonl")
        append(path, header(), message(1, text="the secret plan"))
        server = Serve(BINARY, path)
        driver = chromium(f"--host-resolver-rules=MAP rebind.attacker.test 127.0.0.1")
        try:
            driver.get(f"http://rebind.attacker.test:{server.port}/")
            source = driver.page_source
            assert "the secret plan" not in source, "a rebound name read the conversation"
            assert "addressed to it" in source, source[:300]
            connection = http.client.HTTPConnection("127.0.0.1", server.port, timeout=5)
            connection.request("GET", "/_live/events?page=/",
                               headers={"Origin": "http://rebind.attacker.test:%d" % server.port})
            assert connection.getresponse().status == 403
            driver.get(server.url)
            assert "the secret plan" in driver.page_source, "the server's own address must still work"
        finally:
            driver.quit()
            server.stop()
    check("a rebinding attempt is refused: no page and no stream for another name", rebinding_refused)

    def many_tabs():
        path = os.path.join(folder, "tabs.jsonl")
        append(path, header(), message(1))
        server = Serve(BINARY, path)
        driver = chromium()
        try:
            driver.set_page_load_timeout(10)
            handles = []
            for number in range(20):
                if number:
                    driver.switch_to.new_window("tab")
                driver.get(server.url)
                assert driver.execute_script(HAS, "msg-m1"), f"tab {number + 1} did not load"
                handles.append(driver.current_window_handle)
            append(path, message(2, text="to every tab"))
            for number, handle in enumerate(handles, 1):
                driver.switch_to.window(handle)
                try:
                    wait_for(lambda: driver.execute_script(HAS, "msg-m2"), timeout=5)
                except AssertionError:
                    raise AssertionError(f"tab {number} did not update")
        finally:
            driver.quit()
            server.stop()
    check("a seventh and a twentieth tab load and update", many_tabs)

    def half_sent_times_out():
        path = os.path.join(folder, "slow.jsonl")
        append(path, header(), message(1))
        server = Serve(BINARY, path)
        driver = chromium()
        try:
            driver.get(server.url)
            held = []
            for _ in range(40):
                held.append(socket.create_connection(("127.0.0.1", server.port)))
                held[-1].sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            append(path, message(2))
            wait_for(lambda: driver.execute_script(HAS, "msg-m2"), timeout=5)
            start = time.monotonic()
            held[0].settimeout(20)
            assert held[0].recv(100) == b"", "a half-sent request was answered"
            took = time.monotonic() - start
            assert took < 10, f"a half-sent request stayed open {took:.1f} s"
            for connection in held:
                connection.close()
            driver.switch_to.new_window("tab")
            driver.get(server.url)
            assert driver.execute_script(HAS, "msg-m2")
        finally:
            driver.quit()
            server.stop()
    check("a half-sent request times out while pages keep updating", half_sent_times_out)

    def rewritten_log_resets():
        path = os.path.join(folder, "rewrite.jsonl")
        append(path, header(), message(1, text="old one"), message(2, text="old two"))
        server = Serve(BINARY, path)
        driver = chromium()
        try:
            driver.get(server.url)
            wait_for(lambda: driver.execute_script(HAS, "msg-m2"))
            time.sleep(0.3)
            # Truncated and written again in place, already longer than before at the next poll.
            with open(path, "r+", encoding="utf-8") as handle:
                handle.truncate(0)
                handle.seek(0)
                for item in [header(), message(1, text="new one, a longer text"),
                             message(3, text="new three, also longer than before")]:
                    handle.write(json.dumps(item) + "\n")
            wait_for(lambda: driver.execute_script(HAS, "msg-m3"), timeout=5)
            text = driver.execute_script("return document.querySelector('.sb-log').textContent")
            assert "old two" not in text and "old one" not in text, "stale messages stayed"
            assert "new one" in text
        finally:
            driver.quit()
            server.stop()
    check("a log rewritten longer than before resets the page to the new file", rewritten_log_resets)

    def site_index_updates():
        first = os.path.join(folder, "site-a.jsonl")
        second = os.path.join(folder, "site-b.jsonl")
        append(first, header("Alpha"), message(1, text="alpha first"))
        append(second, header("Beta"), message(1, text="beta first"))
        server = Serve(BINARY, first, second)
        driver = chromium()
        try:
            driver.get(server.url)
            assert "alpha first" in driver.page_source
            append(first, message(2, text="alpha newest words"))
            wait_for(lambda: "alpha newest words" in driver.execute_script("return document.body.textContent"),
                     timeout=8)
            counts = driver.execute_script("return document.querySelector('.sb-site-subtitle').textContent")
            assert "3 messages" in counts, counts
        finally:
            driver.quit()
            server.stop()
    check("the index updates in site mode (newest words, counts)", site_index_updates)

    def title_follows():
        path = os.path.join(folder, "title.jsonl")
        append(path, header("Before"), message(1))
        server = Serve(BINARY, path)
        driver = chromium()
        try:
            driver.get(server.url)
            assert "Before" in driver.title
            append(path, header("After & <b>then</b>"))
            wait_for(lambda: "After" in driver.title, timeout=5)
            assert driver.title.startswith("After & <b>then</b>"), driver.title
        finally:
            driver.quit()
            server.stop()
    check("a title change reaches the tab's title, as text", title_follows)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
