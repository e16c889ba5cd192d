#!/usr/bin/env python3
"""Hostile text through every input path, opened in headless Chromium: no injected code runs.

Builds, with the already-built .build/debug/scrollback, pages and a site whose every field holds
XSS vectors and naughty strings (../shared/fixtures/xss and naughty-strings): message text, titles
(also via --title), participant ids and names, message ids, reply targets, reactions, attachment
paths, names and alt text, link targets and image sources, in the native JSON, JSON Lines and
Markdown log formats. A script injected before any page script (CSP does not apply to it) replaces
alert/prompt/confirm/print/open and console.log/error with recorders, and payloads written for this
check set a sentinel global. Each page, and the site's search run over hostile queries, must leave
the recorders empty, the sentinel unset, and make no network request.
Prints "N passed, M failed"; exits non-zero when anything failed.
"""
import glob, json, os, subprocess, sys, tempfile

from selenium.common.exceptions import UnexpectedAlertPresentException
from selenium.webdriver.common.by import By

from support import BINARY, FIXTURES, ROOT, binary_missing, check, chromium, summary


TRAP = """
window.__sbCalls = [];
for (const name of ['alert', 'prompt', 'confirm', 'print', 'open']) {
  window[name] = function () { window.__sbCalls.push(name); };
}
for (const name of ['log', 'info', 'warn', 'debug']) {
  console[name] = function () { window.__sbCalls.push('console.' + name); };
}
"""

# Payloads that do something observable without a dialog: each sets the sentinel if it runs.
SENTINELS = [
    '<img src=x onerror="window.__sbPwned=1">',
    '"><svg onload="window.__sbPwned=1">',
    "'><script>window.__sbPwned=1</script>",
    '<a href="javascript:window.__sbPwned=1">x</a>',
    '[x](javascript:window.__sbPwned=1)',
    '![x](javascript:window.__sbPwned=1)',
    '<iframe srcdoc="<script>parent.__sbPwned=1</script>">',
    '<style>*{background:url(javascript:window.__sbPwned=1)}</style>',
    '</title><script>window.__sbPwned=1</script>',
    '<details open ontoggle="window.__sbPwned=1">',
    '\u001b]0;t\u0007<b onmouseover="window.__sbPwned=1">x</b>',
]


def payloads():
    found = list(SENTINELS)
    for path in sorted(glob.glob(os.path.join(FIXTURES, "xss", "**", "*.txt"), recursive=True)):
        with open(path, encoding="utf-8", errors="replace") as handle:
            found += [line.rstrip("\n") for line in handle if line.strip()]
    with open(os.path.join(FIXTURES, "naughty-strings", "blns.json"), encoding="utf-8") as handle:
        found += [text for text in json.load(handle) if text]
    return found


def messages(chunk, offset):
    """One message per payload, with the payload in every field a message has."""
    people = [f"{chunk[(i * 7) % len(chunk)]}#{i}" for i in range(6)]
    participants = [{"id": p, "name": chunk[(i * 5 + 1) % len(chunk)], "avatar": chunk[(i * 3 + 2) % len(chunk)]}
                    for i, p in enumerate(people)]
    result = []
    for index, payload in enumerate(chunk):
        n = offset + index
        message = {"id": payload if index % 3 == 0 else f"x{n}", "sender": people[index % len(people)],
                   "time": f"2026-11-{1 + n // 1440 % 28:02d}T{n // 60 % 24:02d}:{n % 60:02d}:00Z",
                   "text": payload if index % 2 else f"[{payload}]({payload}) ![{payload}]({payload}) <{payload}>",
                   "reactions": [{"emoji": payload, "by": [people[0], payload]}],
                   "attachments": [{"path": payload, "name": payload, "alt": payload, "type": "image/png"},
                                   {"url": payload, "name": payload, "type": "application/pdf"}],
                   "forwardedFrom": payload}
        if result:
            message["replyTo"] = result[-1]["id"] if index % 2 else payload
        if index % 5 == 0:
            message["kind"] = "system"
            del message["sender"]
        result.append(message)
    return participants, people, result


def write_inputs(folder, size=200):
    """The corpus as native JSON, JSON Lines and Markdown logs of `size` messages each."""
    corpus = payloads()
    assert len(corpus) > 5000, "the XSS fixtures are missing"
    paths = []
    for number, start in enumerate(range(0, len(corpus), size)):
        chunk = corpus[start:start + size]
        participants, people, items = messages(chunk, start)
        kind = number % 3
        if kind == 0:
            path = os.path.join(folder, f"hostile-{number:03d}.json")
            with open(path, "w", encoding="utf-8") as handle:
                json.dump({"version": 1, "title": chunk[0], "me": people[0], "participants": participants,
                           "messages": items}, handle)
        elif kind == 1:
            path = os.path.join(folder, f"hostile-{number:03d}.jsonl")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(json.dumps({"type": "conversation", "title": chunk[0], "me": people[0],
                                         "participants": participants}) + "\n")
                for item in items:
                    handle.write(json.dumps(item) + "\n")
        else:
            path = os.path.join(folder, f"hostile-{number:03d}.md")
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(f"---\ntitle: {json.dumps(chunk[0])}\nme: {json.dumps(people[0])}\n---\n\n")
                for index, payload in enumerate(chunk):
                    sender = "".join(c for c in payload if c not in "\r\n·{}")[:40].strip() or "someone"
                    handle.write(f"### {sender} · 2026-11-{1 + index // 1440:02d} {index // 60 % 24:02d}:{index % 60:02d}\n")
                    handle.write(f"{payload}\n\n[{payload}]({payload})\n\n")
        paths.append(path)
    return paths


def browser():
    return chromium(trap=TRAP, network=True)


def requests_made(driver, page_url):
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if url.split("#")[0] != page_url.split("#")[0] and not url.startswith("data:") and not url.startswith("file://"):
                urls.append(url)
    return urls


def inert(driver, url, interact=None):
    driver.get_log("performance")
    try:
        driver.get(url)
        if interact:
            interact()
        state = driver.execute_script("""
          for (const e of document.querySelectorAll('a, img, .sb-bubble, bdi, span')) {
            e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
            e.dispatchEvent(new FocusEvent('focus'));
          }
          return {calls: window.__sbCalls, pwned: window.__sbPwned === 1,
                  frames: document.querySelectorAll('iframe, object, embed, frame').length,
                  handlers: [...document.querySelectorAll('*')].filter(e =>
                      [...e.attributes].some(a => a.name.startsWith('on'))).length};
        """)
    except UnexpectedAlertPresentException as error:
        raise AssertionError(f"{url}: an alert opened: {error}")
    name = os.path.basename(url)
    assert state["calls"] == [], f"{name}: {state['calls'][:5]}"
    assert not state["pwned"], f"{name}: a sentinel payload ran"
    assert state["frames"] == 0 and state["handlers"] == 0, f"{name}: {state}"
    urls = requests_made(driver, url)
    assert not urls, f"{name} made requests: {urls[:5]}"


def main():
    if binary_missing():
        return 1
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as work:
            inputs = write_inputs(work)

            def traps_work():
                probe = os.path.join(work, "probe.html")
                with open(probe, "w") as handle:
                    handle.write("<!DOCTYPE html><title>p</title><script>console.log(1); window.__sbPwned = 1</script>")
                try:
                    inert(driver, "file://" + probe)
                except AssertionError:
                    return
                raise AssertionError("a page that runs a script passed the check")
            check("the check sees a script that runs", traps_work)

            def pages_inert():
                for index, path in enumerate(inputs):
                    page = path.rsplit(".", 1)[0] + ".html"
                    title = ["--title", payloads()[index * 17 % len(SENTINELS)]] if index % 2 else []
                    run = subprocess.run([BINARY, "render", path, "-o", page, *title], capture_output=True, text=True)
                    assert run.returncode == 0, f"{os.path.basename(path)}: {run.stderr[-300:]}"
                    inert(driver, "file://" + page)
            check("pages of hostile JSON, JSON Lines and Markdown logs run no injected code", pages_inert)

            site = os.path.join(work, "site")
            run = subprocess.run([BINARY, "site", *inputs, "-o", site, "--page-size", "100"], capture_output=True, text=True)

            def site_built():
                assert run.returncode == 0, run.stderr[-500:]
            check("a site of hostile conversations builds", site_built)

            def site_inert():
                pages = sorted(glob.glob(os.path.join(site, "**", "*.html"), recursive=True))
                assert len(pages) > len(inputs), f"only {len(pages)} pages"
                for page in pages[:: max(1, len(pages) // 60)]:
                    inert(driver, "file://" + page)
            check("site pages of hostile conversations run no injected code", site_inert)

            def search_inert():
                search = "file://" + os.path.join(site, "search.html")
                for query in SENTINELS + ["script", "onerror", "javascript", "alert", "img", "<", "\"", "'"]:
                    def type_query(query=query):
                        box = driver.find_element(By.ID, "sb-search-input")
                        box.send_keys(query)
                        driver.execute_script("return new Promise(r => setTimeout(r, 300))")
                    inert(driver, search, type_query)
                    inert(driver, search + "#q=" + query.replace("#", "%23"))
            check("searching a hostile site runs no injected code", search_inert)
    finally:
        driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
