#!/usr/bin/env python3
"""Browser checks of Scrollback's HTML pages in headless Chromium (Debian chromium + chromedriver + selenium).

Uses the already-built .build/debug/scrollback (builds nothing) to render the examples and a log
full of XSS payloads into a temporary folder, then checks:
  - the long example opens scrolled to its newest message, a three-message chat sits at the top;
  - no page makes a network request of any kind;
  - the road-trip example's video and voice note load and play under the page's CSP, and its
    spoiler is hidden until clicked (no script);
  - no script from content runs (no alert/prompt/confirm, no injected global, no on* attribute,
    no javascript: URL, no <script> element);
  - basics axe-core would check: lang, one h1, day headings, landmarks, alt on every image;
  - WCAG AA contrast (4.5:1) of every visible text in every theme, light and dark, computed from
    the colours the browser actually uses.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import glob, json, os, subprocess, sys, tempfile, time

from selenium.common.exceptions import UnexpectedAlertPresentException

from support import BINARY, FIXTURES, ROOT, binary_missing, check, chromium, summary, themes

# Runs before any page script (CSP does not apply to it): records what hostile content would call.
TRAP = """
window.__sbCalls = [];
for (const name of ['alert', 'prompt', 'confirm', 'print', 'open']) {
  window[name] = function () { window.__sbCalls.push(name); };
}
"""


def browser():
    return chromium("--force-device-scale-factor=1", trap=TRAP, network=True)


def render(source, target, *extra):
    subprocess.run([BINARY, "render", source, "-o", target, *extra], check=True)
    return target


def load(driver, path, width=390, height=844, scheme="light"):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": False})
    driver.get_log("performance")  # drop what earlier pages logged
    driver.get("file://" + path)


def requests_made(driver, page_url):
    """URLs the page asked for, other than itself and inline data."""
    urls = []
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        if message.get("method") == "Network.requestWillBeSent":
            url = message["params"]["request"]["url"]
            if url != page_url and not url.startswith("data:"):
                urls.append(url)
    return urls


def scroll_position(driver):
    return driver.execute_script("""
      const scroller = document.querySelector('.sb-scroller');
      const box = scroller.getBoundingClientRect();
      const messages = [...document.querySelectorAll('[id^="msg-"]')];
      const rect = (e) => e.getBoundingClientRect();
      const visible = (e) => rect(e).bottom > box.top + 1 && rect(e).top < box.bottom - 1;
      return {first: visible(messages[0]), last: visible(messages[messages.length - 1]),
              lastBottom: rect(messages[messages.length - 1]).bottom, boxBottom: box.bottom, boxTop: box.top,
              firstTop: rect(document.querySelector('.sb-day, .sb-chain')).top,
              overflow: scroller.scrollHeight > scroller.clientHeight};
    """)


CONTRAST_SCRIPT = """
const parse = (c) => { const m = c.match(/rgba?\\(([^)]+)\\)/); if (!m) return [0,0,0,0];
  const p = m[1].split(/[ ,\\/]+/).filter(Boolean).map(Number); return [p[0], p[1], p[2], p.length > 3 ? p[3] : 1]; };
const over = (top, bottom) => { const a = top[3]; return [0,1,2].map(i => top[i]*a + bottom[i]*(1-a)).concat([1]); };
function background(element) {
  const layers = [];
  for (let e = element; e; e = e.parentElement) {
    const c = parse(getComputedStyle(e).backgroundColor);
    if (c[3] > 0) layers.push(c);
    if (c[3] >= 1) break;
  }
  let color = [255, 255, 255, 1];
  for (const layer of layers.reverse()) color = over(layer, color);
  return color;
}
const found = [];
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
while (walker.nextNode()) {
  const node = walker.currentNode;
  if (!node.textContent.trim()) continue;
  const e = node.parentElement;
  // Visually hidden, an image, or a spoiler still covered (unreadable until revealed, on purpose).
  if (e.closest('.sb-sr, .sb-meta-hover, .sb-avatar-image')) continue;
  const spoiler = e.closest('.sb-spoiler-text');
  if (spoiler && !(spoiler.previousElementSibling && spoiler.previousElementSibling.checked)) continue;
  const r = e.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) continue;
  const style = getComputedStyle(e);
  let opacity = 1;
  for (let a = e; a; a = a.parentElement) opacity *= Number(getComputedStyle(a).opacity);
  const bg = background(e);
  const fg = over(parse(style.color).slice(0, 3).concat([parse(style.color)[3] * opacity]), bg);
  found.push({text: node.textContent.trim().slice(0, 30), cls: e.className, fg, bg,
              large: parseFloat(style.fontSize) >= 24 || (parseFloat(style.fontSize) >= 18.66 && Number(style.fontWeight) >= 700)});
}
return found;
"""


def luminance(color):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.03928 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in color[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    la, lb = sorted([luminance(a), luminance(b)], reverse=True)
    return (la + 0.05) / (lb + 0.05)


def hostile_logs(folder, size=150):
    """The payloads as several logs of `size` messages (pages stay small and quick to load)."""
    payloads = []
    for path in sorted(glob.glob(os.path.join(FIXTURES, "xss", "*.txt")) + glob.glob(os.path.join(FIXTURES, "xss", "*", "*.txt"))):
        with open(path, encoding="utf-8", errors="replace") as handle:
            payloads += [line.rstrip("\n") for line in handle if line.strip()]
    assert len(payloads) > 100, "XSS fixtures not found"
    names = payloads[::max(1, len(payloads) // 12)][:12]
    participants = [{"id": "me", "name": payloads[0]}] + [{"id": f"p{i}", "name": n, "avatar": n} for i, n in enumerate(names)]
    messages = []
    for index, payload in enumerate(payloads):
        sender = "me" if index % 5 == 0 else f"p{index % len(names)}"
        text = payload if index % 3 else f"[{payload}]({payload}) ![{payload}]({payload}) <{payload}>"
        message = {"id": payload if index % 7 == 0 else f"x{index}", "sender": sender,
                   "time": f"2026-11-{1 + index // 1440:02d}T{index // 60 % 24:02d}:{index % 60:02d}:00Z", "text": text}
        if index % 4 == 0:
            message["reactions"] = [{"emoji": payload, "by": [sender]}]
        if index % 6 == 0:
            message["attachments"] = [{"path": payload, "name": payload, "alt": payload, "type": "image/png"},
                                      {"url": payload, "name": payload, "type": "application/pdf"}]
        if index % 8 == 0 and index:
            message["replyTo"] = messages[-1]["id"]
        messages.append(message)
    paths = []
    for start in range(0, len(messages), size):
        chunk = messages[start:start + size]
        known = {m["id"] for m in chunk}
        chunk = [m if m.get("replyTo") in known or "replyTo" not in m else dict(m, replyTo=chunk[0]["id"]) for m in chunk]
        log = {"version": 1, "title": payloads[(start // size) % len(payloads)], "me": "me",
               "participants": participants, "messages": chunk}
        path = os.path.join(folder, f"hostile-{start // size:03d}.json")
        with open(path, "w", encoding="utf-8") as handle:
            json.dump(log, handle)
        paths.append(path)
    return paths


def main():
    if binary_missing():
        return 1
    all_themes = themes()
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as work:
            pages = {}
            for example in sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json"))):
                name = os.path.splitext(os.path.basename(example))[0]
                for theme in all_themes:
                    pages[(name, theme)] = render(example, os.path.join(work, f"{name}-{theme}.html"), "--theme", theme)

            def opens_at_newest():
                load(driver, pages[("tickets", "imessage")])
                position = scroll_position(driver)
                assert position["overflow"], "the long example should overflow the phone screen"
                assert position["last"] and not position["first"], f"not scrolled to the newest message: {position}"
                assert position["lastBottom"] <= position["boxBottom"] + 1, position
            check("the long example opens at its newest message", opens_at_newest)

            def short_at_top():
                load(driver, pages[("weekend-plans", "imessage")], 1280, 800)
                position = scroll_position(driver)
                assert not position["overflow"], position
                assert position["firstTop"] - position["boxTop"] < 80, f"short chat not at the top: {position}"
            check("a three-message chat sits at the top", short_at_top)

            for theme in all_themes:
                def players_load(theme=theme):
                    load(driver, pages[("road-trip", theme)])
                    driver.execute_script("document.querySelectorAll('video,audio').forEach(e => e.load())")
                    deadline = time.time() + 5
                    states = []
                    while time.time() < deadline:
                        states = driver.execute_script(
                            "return [...document.querySelectorAll('video,audio')].map(e => [e.tagName, e.readyState, e.duration])")
                        if states and all(state[1] >= 1 and state[2] > 0 for state in states):
                            break
                        time.sleep(0.1)
                    assert [state[0] for state in states] == ["VIDEO", "AUDIO"], states
                    assert all(state[1] >= 1 and state[2] > 0 for state in states), f"media did not load under the CSP: {states}"
                check(f"the road-trip example's video and voice note load and play ({theme})", players_load)

                def spoiler_reveals(theme=theme):
                    load(driver, pages[("road-trip", theme)])
                    hidden = driver.execute_script(
                        "const t = document.querySelector('.sb-spoiler-text'); return getComputedStyle(t).color")
                    driver.find_element("css selector", ".sb-spoiler").click()
                    time.sleep(0.5)  # past the colour's transition
                    shown = driver.execute_script(
                        "const t = document.querySelector('.sb-spoiler-text'); return getComputedStyle(t).color")
                    assert hidden in ("rgba(0, 0, 0, 0)", "transparent"), f"spoiler visible before a click: {hidden}"
                    assert shown not in ("rgba(0, 0, 0, 0)", "transparent"), f"spoiler still hidden after a click: {shown}"
                check(f"a spoiler is hidden until clicked, with no script ({theme})", spoiler_reveals)

            for (name, theme), path in sorted(pages.items()):
                def no_requests(path=path):
                    load(driver, path)
                    urls = requests_made(driver, "file://" + path)
                    assert not urls, f"requests: {urls[:5]}"
                check(f"{name} ({theme}) makes no network request", no_requests)

            hostile = [render(log, log[:-5] + ".html") for log in hostile_logs(work)]

            def no_script_runs():
                total = 0
                for page in hostile:
                    try:
                        load(driver, page, 1280, 800)
                        result = driver.execute_script("""
                          const bad = [...document.querySelectorAll('*')].filter(e =>
                            [...e.attributes].some(a => a.name.startsWith('on') ||
                              /^\\s*(javascript|vbscript|data:text)/i.test(a.value) && ['href','src','action','formaction'].includes(a.name)));
                          for (const e of document.querySelectorAll('.sb-bubble, a, img')) {
                            e.dispatchEvent(new MouseEvent('mouseover', {bubbles: true}));
                          }
                          return {calls: window.__sbCalls, scripts: document.scripts.length,
                                  bad: bad.slice(0, 3).map(e => e.outerHTML.slice(0, 120)),
                                  messages: document.querySelectorAll('[id^="msg-"]').length,
                                  embeds: document.querySelectorAll('iframe, object, embed, form, base, meta[http-equiv="refresh"]').length};
                        """)
                    except UnexpectedAlertPresentException as error:
                        raise AssertionError(f"{os.path.basename(page)}: an alert opened: {error}")
                    name = os.path.basename(page)
                    assert result["calls"] == [], f"{name}: {result['calls']}"
                    assert result["scripts"] == 0 and result["embeds"] == 0, f"{name}: {result}"
                    assert result["bad"] == [], f"{name}: {result['bad']}"
                    urls = requests_made(driver, "file://" + page)
                    assert not urls, f"{name} made requests: {urls[:5]}"
                    total += result["messages"]
                assert total > 5000, f"only {total} messages rendered"
            check("no script from content runs in a page of XSS payloads", no_script_runs)

            def basics():
                load(driver, pages[("hiking-club", "imessage")])
                facts = driver.execute_script("""
                  return {lang: document.documentElement.lang, h1: document.querySelectorAll('h1').length,
                          h2: document.querySelectorAll('section.sb-day > h2').length,
                          days: document.querySelectorAll('section.sb-day').length,
                          main: document.querySelectorAll('main').length, header: document.querySelectorAll('body header').length,
                          noAlt: [...document.images].filter(i => !i.hasAttribute('alt')).length,
                          title: document.title, csp: !!document.querySelector('meta[http-equiv="Content-Security-Policy"]')};
                """)
                assert facts["lang"] and facts["h1"] == 1 and facts["main"] == 1 and facts["header"] == 1, facts
                assert facts["h2"] == facts["days"] > 0 and facts["noAlt"] == 0 and facts["title"] and facts["csp"], facts
            check("pages have lang, one h1, day headings, landmarks and alt text", basics)

            for theme in all_themes:
                for scheme in ["light", "dark"]:
                    def contrast_ok(theme=theme, scheme=scheme):
                        failures = []
                        for name in ["hiking-club", "tickets"]:
                            load(driver, pages[(name, theme)], 1280, 800, scheme)
                            driver.execute_script("document.querySelector('.sb-scroller').style.scrollBehavior='auto'")
                            for top in [0, -100000]:
                                driver.execute_script(f"document.querySelector('.sb-scroller').scrollTop = {top}")
                                for item in driver.execute_script(CONTRAST_SCRIPT):
                                    ratio = contrast(item["fg"], item["bg"])
                                    if ratio < (3 if item["large"] else 4.5):
                                        failures.append(f"{item['text']!r} .{item['cls']} {ratio:.2f}")
                        assert not failures, f"{len(failures)} low-contrast texts: {sorted(set(failures))[:6]}"
                    check(f"{theme} {scheme}: every text meets WCAG AA contrast", contrast_ok)
    finally:
        driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
