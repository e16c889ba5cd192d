#!/usr/bin/env python3
"""Browser checks of `scrollback serve` (the live page) in headless Chromium, on loopback ports.

Uses the already-built .build/debug/scrollback. Each check starts a server on a free port
(--port 0) that follows a JSON Lines file the check appends to, then checks:
  - appended lines appear in the page within a second;
  - after every prefix of a scripted stream (new messages, sending -> sent -> read, an edit,
    reactions, a deletion, typing, presence, a day change) the page's log equals a fresh
    `scrollback render` of that prefix, read by the same browser;
  - a status update replaces exactly one message element (MutationObserver);
  - a reader at the newest message stays there; one who scrolled up is not moved and gets an
    "N new messages" button that takes them down;
  - the page reconnects by itself after the server restarts, saying so while disconnected, and
    the messages the restarted server's reset brings count in the "N new messages" button;
  - the typing bubble shows and ends; presence changes the avatar's dot;
  - with scripts off the page still reads; hostile text through the stream stays text and no
    script but the page's own runs.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import glob, json, os, subprocess, sys, tempfile, time

from support import BINARY, FIXTURES, check, chromium, binary_missing, summary
from support.live import Serve, append, header, message, wait_for

TRAP = """
window.__sbCalls = [];
for (const name of ['alert', 'prompt', 'confirm', 'print', 'open']) {
  window[name] = function () { window.__sbCalls.push(name); };
}
"""

LOG_HTML = "return document.querySelector('.sb-log').innerHTML"

SCRIPT = [
    header("Weekend"),
    message(1, "ben", "Still on for **Saturday**?"),
    {"type": "typing", "sender": "ana", "time": "2026-11-28T08:01:30Z"},
    message(2, "ana", "Yes!", status="sending"),
    {"id": "m2", "status": "sent"},
    message(3, "ana", "Bring snacks", status="sending"),
    {"id": "m2", "status": "read"},
    {"id": "m3", "status": "read"},
    {"type": "presence", "participant": "ben", "online": True, "time": "2026-11-28T08:03:30Z"},
    {"type": "typing", "sender": "ben", "time": "2026-11-28T08:03:40Z"},
    message(4, "ben", "Great"),
    {"id": "m4", "text": "Great, see you", "edited": "2026-11-28T08:04:30Z"},
    {"id": "m1", "reactions": [{"emoji": "👍", "by": ["ana"]}]},
    {"id": "m5", "kind": "system", "time": "2026-11-28T08:05:00Z", "text": "Ben renamed the group"},
    message(6, "ben", "oops"),
    {"id": "m6", "deleted": True},
    {"type": "presence", "participant": "ben", "online": False, "time": "2026-11-28T08:07:00Z"},
    message(7, "ben", "Morning!", day=29),
    message(8, "ben", "Leaving now", day=29),
    message(9, "ana", "👍", day=29, status="delivered"),
]


def fresh_log(driver, folder, lines, index):
    """The log of a one-shot render of `lines`, as the browser parses it."""
    source = os.path.join(folder, f"prefix-{index}.jsonl")
    with open(source, "w", encoding="utf-8") as handle:
        for item in lines:
            handle.write(json.dumps(item, ensure_ascii=False) + "\n")
    target = os.path.join(folder, f"prefix-{index}.html")
    subprocess.run([BINARY, "render", source, "-o", target, "--input-format", "jsonl"], check=True)
    driver.get("file://" + target)
    return driver.execute_script(LOG_HTML)


def main():
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-live-") as folder:
        return checks(folder)


def checks(folder):
    """The checks, with their files in `folder` (removed by `main` afterwards)."""
    driver = chromium("--force-device-scale-factor=1", trap=TRAP)
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 420, "height": 700, "deviceScaleFactor": 1, "mobile": False})

        def appear_within_a_second():
            path = os.path.join(folder, "appear.jsonl")
            append(path, header(), message(1))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m1')"))
                for number in range(2, 7):
                    append(path, message(number))
                    took = wait_for(lambda: driver.execute_script(
                        f"return !!document.getElementById('msg-m{number}')"), timeout=1.0)
                    assert took < 1.0, f"line {number} took {took:.2f} s"
            finally:
                assert server.stop() == 0, "serve did not exit 0 on SIGTERM"
        check("appended lines appear within a second", appear_within_a_second)

        def every_prefix():
            path = os.path.join(folder, "script.jsonl")
            open(path, "w").close()
            server = Serve(BINARY, path)
            expected = []
            try:
                for index in range(1, len(SCRIPT) + 1):
                    expected.append(fresh_log(driver, folder, SCRIPT[:index], index))
                driver.get(server.url)
                for index, item in enumerate(SCRIPT, 1):
                    append(path, item)
                    try:
                        wait_for(lambda: driver.execute_script(LOG_HTML) == expected[index - 1], timeout=3)
                    except AssertionError:
                        raise AssertionError(f"after line {index} the log differs from a fresh render")
                    assert driver.execute_script("return window.__sbCalls.length") == 0
            finally:
                server.stop()
        check("after every prefix of a scripted stream the log equals a fresh render", every_prefix)

        def one_element_per_status():
            path = os.path.join(folder, "status.jsonl")
            append(path, header(), message(1), message(2, "ana", "Yes!", status="sending"))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m2')"))
                time.sleep(0.3)  # the stream is open and has nothing more to send
                driver.execute_script("""
                    window.__mutations = [];
                    new MutationObserver(function (records) {
                      for (const r of records) window.__mutations.push(r);
                    }).observe(document.querySelector('.sb-log'), {childList: true, subtree: true, attributes: true, characterData: true});
                """)
                append(path, {"id": "m2", "status": "sent"})
                wait_for(lambda: "Sent" in driver.execute_script("return document.getElementById('msg-m2').textContent"))
                time.sleep(0.2)
                records = driver.execute_script("""
                    return window.__mutations.map(function (r) {
                      return {type: r.type, removed: Array.from(r.removedNodes).filter(n => n.nodeType === 1).map(n => n.id),
                              added: Array.from(r.addedNodes).filter(n => n.nodeType === 1).map(n => n.id)};
                    });""")
                assert records == [{"type": "childList", "removed": ["msg-m2"], "added": ["msg-m2"]}], records
            finally:
                server.stop()
        check("a status update replaces exactly one message element", one_element_per_status)

        def pinned_and_new_messages():
            path = os.path.join(folder, "scroll.jsonl")
            append(path, header(), *[message(n, "ben" if n % 3 else "ana", f"line {n} " + "words " * 12) for n in range(1, 60)])
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m59')"))
                distance = "const s = document.querySelector('.sb-scroller'); return Math.abs(s.scrollTop);"
                append(path, message(60, "ben", "newest"))
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m60')"))
                time.sleep(0.1)
                assert driver.execute_script(distance) < 4, "the view left the newest message"
                bottom = driver.execute_script(
                    "return document.getElementById('msg-m60').getBoundingClientRect().bottom <= innerHeight")
                assert bottom, "the newest message is not in view"
                driver.execute_script("const s = document.querySelector('.sb-scroller'); s.style.scrollBehavior = 'auto'; s.scrollTop = -800;")
                time.sleep(0.1)
                top_before = driver.execute_script("return document.getElementById('msg-m40').getBoundingClientRect().top")
                append(path, message(61, "ben", "one"), message(62, "ben", "two"))
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m62')"))
                time.sleep(0.1)
                top_after = driver.execute_script("return document.getElementById('msg-m40').getBoundingClientRect().top")
                assert abs(top_after - top_before) < 2, f"the reader was moved by {top_after - top_before}px"
                label = driver.execute_script(
                    "const b = document.querySelector('.sb-live-new'); return b.hidden ? '' : b.textContent")
                assert label == "2 new messages", label
                driver.execute_script("document.querySelector('.sb-live-new').click()")
                time.sleep(0.2)
                assert driver.execute_script(distance) < 4, "the button did not take the reader down"
                assert driver.execute_script("return document.querySelector('.sb-live-new').hidden")
            finally:
                server.stop()
        check("the view stays at the newest; a reader who scrolled up gets the new-messages button", pinned_and_new_messages)

        def reconnects():
            path = os.path.join(folder, "restart.jsonl")
            append(path, header(), message(1))
            server = Serve(BINARY, path)
            port = server.port
            driver.get(server.url)
            wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m1')"))
            server.stop()
            wait_for(lambda: driver.execute_script("return !document.querySelector('.sb-live-notice').hidden"), timeout=5)
            notice = driver.execute_script("return document.querySelector('.sb-live-notice').textContent")
            assert "reconnecting" in notice.lower(), notice
            append(path, message(2))
            server = Serve(BINARY, path, port=port)
            try:
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m2')"), timeout=10)
                wait_for(lambda: driver.execute_script("return document.querySelector('.sb-live-notice').hidden"))
                append(path, message(3))
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m3')"), timeout=2)
            finally:
                server.stop()
        check("the page reconnects after the server restarts and says so meanwhile", reconnects)

        def reset_counts_new_messages():
            path = os.path.join(folder, "restart-scrolled.jsonl")
            append(path, header(), *[message(n, "ben" if n % 3 else "ana", f"line {n} " + "words " * 12) for n in range(1, 60)])
            server = Serve(BINARY, path)
            port = server.port
            driver.get(server.url)
            wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m59')"))
            driver.execute_script("const s = document.querySelector('.sb-scroller'); s.style.scrollBehavior = 'auto'; s.scrollTop = -800;")
            time.sleep(0.1)
            server.stop()
            wait_for(lambda: driver.execute_script("return !document.querySelector('.sb-live-notice').hidden"), timeout=5)
            top_before = driver.execute_script("return document.getElementById('msg-m40').getBoundingClientRect().top")
            append(path, message(60, "ben", "one"), message(61, "ben", "two"), message(62, "ana", "three"))
            server = Serve(BINARY, path, port=port)
            try:
                # The restarted server sends the whole log as one reset: its three new messages count.
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m62')"), timeout=10)
                time.sleep(0.2)
                label = driver.execute_script(
                    "const b = document.querySelector('.sb-live-new'); return b.hidden ? '' : b.textContent")
                assert label == "3 new messages", repr(label)
                top_after = driver.execute_script("return document.getElementById('msg-m40').getBoundingClientRect().top")
                assert abs(top_after - top_before) < 2, f"the reader was moved by {top_after - top_before}px"
            finally:
                server.stop()
        check("messages a reset brings after a server restart count in the new-messages button", reset_counts_new_messages)

        def typing_and_presence():
            path = os.path.join(folder, "typing.jsonl")
            append(path, header(), message(1))
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                wait_for(lambda: driver.execute_script("return !!document.getElementById('msg-m1')"))
                append(path, {"type": "typing", "sender": "ben", "time": "2026-11-28T08:01:10Z"})
                wait_for(lambda: driver.execute_script("return !!document.querySelector('.sb-live-typing .sb-typing-dots')"))
                said = driver.execute_script("return document.querySelector('.sb-live-typing').textContent")
                assert "Ben Okafor is typing" in said, said
                append(path, {"type": "presence", "participant": "ben", "online": True})
                wait_for(lambda: driver.execute_script("return !!document.querySelector('#msg-m1 .sb-avatar .sb-presence.sb-online')"))
                online = driver.execute_script(
                    "return getComputedStyle(document.querySelector('#msg-m1 .sb-presence')).backgroundColor")
                append(path, {"type": "presence", "participant": "ben", "online": False})
                wait_for(lambda: driver.execute_script("return !!document.querySelector('#msg-m1 .sb-avatar .sb-presence.sb-offline')"))
                offline = driver.execute_script(
                    "return getComputedStyle(document.querySelector('#msg-m1 .sb-presence')).backgroundColor")
                assert online != offline, f"the dot did not change colour ({online})"
                append(path, message(2, "ben", "here"))
                wait_for(lambda: driver.execute_script("return document.querySelector('.sb-live-typing').children.length === 0"))
            finally:
                server.stop()
        check("typing shows a typing bubble until the message; presence sets the dot", typing_and_presence)

        def reduced_motion_still():
            path = os.path.join(folder, "motion.jsonl")
            append(path, header(), message(1), {"type": "typing", "sender": "ben", "time": "2026-11-28T08:01:10Z"})
            server = Serve(BINARY, path)
            try:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                                       {"features": [{"name": "prefers-reduced-motion", "value": "reduce"}]})
                driver.get(server.url)
                wait_for(lambda: driver.execute_script("return !!document.querySelector('.sb-typing-dots span')"))
                name = driver.execute_script(
                    "return getComputedStyle(document.querySelector('.sb-typing-dots span')).animationName")
                assert name == "none", name
            finally:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
                server.stop()
        check("the typing dots keep still under prefers-reduced-motion", reduced_motion_still)

        def hostile_stream():
            payloads = []
            for source in sorted(glob.glob(os.path.join(FIXTURES, "xss", "*.txt")) + glob.glob(os.path.join(FIXTURES, "xss", "*", "*.txt"))):
                with open(source, encoding="utf-8", errors="replace") as handle:
                    payloads += [line.rstrip("\n") for line in handle if line.strip()]
            assert len(payloads) > 100, "XSS fixtures not found"
            payloads = payloads[::max(1, len(payloads) // 400)][:400]
            path = os.path.join(folder, "hostile.jsonl")
            append(path, {**header(payloads[0]), "participants": [{"id": "ana", "name": payloads[1]},
                                                                  {"id": "ben", "name": payloads[2]}]})
            server = Serve(BINARY, path)
            try:
                driver.get(server.url)
                for start in range(0, len(payloads), 40):
                    lines = []
                    for number, payload in enumerate(payloads[start:start + 40], start + 1):
                        lines.append(message(number, "ben" if number % 2 else "ana", payload,
                                             reactions=[{"emoji": payload, "by": ["ana"]}]))
                        lines.append({"type": "typing", "sender": payload, "time": lines[-1]["time"]})
                    lines.append({"id": "m1", "text": payloads[start], "edited": "2026-11-28T08:00:30Z"})
                    append(path, *lines)
                    time.sleep(0.1)
                last = len(payloads)
                wait_for(lambda: driver.execute_script(f"return !!document.getElementById('msg-m{last}')"), timeout=20)
                time.sleep(0.3)
                assert driver.execute_script("return window.__sbCalls.length") == 0, "a payload called a trapped function"
                scripts = driver.execute_script("return document.querySelectorAll('script').length")
                assert scripts == 1, f"{scripts} script elements"
                handlers = driver.execute_script(
                    "return Array.from(document.querySelectorAll('*')).filter(e => Array.from(e.attributes).some(a => a.name.startsWith('on'))).length")
                assert handlers == 0, f"{handlers} elements with on* attributes"
                frames = driver.execute_script("return document.querySelectorAll('iframe, object, embed').length")
                assert frames == 0
                text = driver.execute_script("return document.querySelector('.sb-log').textContent")
                plain = next(p for p in payloads if "<" in p and "`" not in p and "\\" not in p)
                assert plain.strip() in text, plain
            finally:
                server.stop()
        check("the hostile-text corpus through the live stream stays text", hostile_stream)
    finally:
        driver.quit()

    def scripts_off():
        path = os.path.join(folder, "off.jsonl")
        append(path, header(), message(1, "ben", "Readable without scripts"), message(2, "ana", "Yes", status="read"))
        server = Serve(BINARY, path)
        plain = chromium("--force-device-scale-factor=1")
        try:
            plain.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
            plain.get(server.url)
            text = plain.find_element("css selector", ".sb-log").text
            assert "Readable without scripts" in text and "Yes" in text, text
            assert not plain.find_elements("css selector", ".sb-live-typing"), "the script ran"
        finally:
            plain.quit()
            server.stop()
    check("with scripts off the page still reads", scripts_off)
    return summary()


if __name__ == "__main__":
    sys.exit(main())
