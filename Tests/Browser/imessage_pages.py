#!/usr/bin/env python3
"""Browser checks of pages made from Messages databases (scripts/imessage-testdb.py builds them).

Uses the already-built .build/debug/scrollback. In every theme, light and dark:
  - a text message chain shows its service: "SMS" (or "RCS") visible above the bubble, heard by
    screen readers as "Sent as SMS";
  - in the imessage theme an outgoing SMS or RCS bubble is green and an iMessage one blue, as
    Messages draws them;
  - every visible text of the page, the service marks and the green bubbles included, meets WCAG
    AA contrast;
  - the page asks for nothing over the network (a HEIC photo is inlined as JPEG).
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import os, subprocess, sys, tempfile

from html_pages import CONTRAST_SCRIPT, contrast, load, requests_made
from support import BINARY, ROOT, binary_missing, check, chromium, summary, themes

SERVICES = """
const mark = (id) => { const m = document.getElementById(id); const label = m && m.querySelector('.sb-service-label');
  if (!label) return null; const r = label.getBoundingClientRect();
  const shown = [...label.childNodes].filter(n => !(n.classList && n.classList.contains('sb-sr'))).map(n => n.textContent);
  return {text: label.textContent, shown: shown.join('').trim(), height: r.height, width: r.width}; };
const bubble = (id) => { const m = document.getElementById(id);
  return m ? getComputedStyle(m.querySelector('.sb-bubble')).backgroundColor : null; };
return {sms: mark('msg-SMS-OUT'), rcs: mark('msg-RCS-OUT'), incoming: mark('msg-SMS-IN'),
        smsBubble: bubble('msg-SMS-OUT'), rcsBubble: bubble('msg-RCS-OUT'), imessageBubble: bubble('msg-MSG-LAST'),
        unmarked: document.getElementById('msg-MSG-LAST') ? !document.querySelector('#msg-MSG-LAST .sb-service-label') : null};
"""


def rgb(color):
    return [int(float(part)) for part in color[color.index("(") + 1:color.index(")")].replace(",", " ").split()[:3]]


def main():
    if binary_missing():
        return 1
    driver = chromium("--force-device-scale-factor=1", network=True)
    try:
        with tempfile.TemporaryDirectory() as work:
            script = os.path.join(ROOT, "scripts", "imessage-testdb.py")
            subprocess.run([sys.executable, script, work], check=True, stdout=subprocess.DEVNULL)
            database = os.path.join(work, "mac", "chat.db")
            pages = {}
            for theme in themes():
                for chat in ["+15550100003", "+15550100001"]:
                    page = os.path.join(work, f"{chat}-{theme}.html")
                    subprocess.run([BINARY, "render", database, "--conversation", chat, "--theme", theme, "-q",
                                    "-o", page], check=True)
                    pages[(chat, theme)] = page
            for theme in themes():
                for scheme in ["light", "dark"]:
                    def services_shown(theme=theme, scheme=scheme):
                        load(driver, pages[("+15550100003", theme)], 390, 844, scheme)
                        found = driver.execute_script(SERVICES)
                        for key, words in [("sms", "SMS"), ("rcs", "RCS"), ("incoming", "SMS")]:
                            shown = found[key]
                            assert shown and shown["height"] > 0 and shown["width"] > 0, f"{key}: not visible: {shown}"
                            assert shown["shown"] == words, f"{key}: shows {shown['shown']!r}"
                            assert shown["text"] == "Sent as " + words, f"{key}: screen readers hear {shown['text']!r}"
                        if theme == "imessage":
                            for key in ["smsBubble", "rcsBubble"]:
                                r, g, b = rgb(found[key])
                                assert g > r + 40 and g > b + 40, f"{key} is not green: {found[key]}"
                            load(driver, pages[("+15550100001", theme)], 390, 844, scheme)
                            mixed = driver.execute_script(SERVICES)
                            r, g, b = rgb(mixed["imessageBubble"])
                            assert b > r + 80 and b > g + 40, f"the iMessage bubble is not blue: {mixed['imessageBubble']}"
                            assert mixed["unmarked"], "an iMessage bubble that starts a chain is marked"
                    check(f"{theme} {scheme}: an SMS or RCS chain says so, to the eye and to screen readers",
                          services_shown)

                    def contrast_ok(theme=theme, scheme=scheme):
                        failures = []
                        for chat in ["+15550100003", "+15550100001"]:
                            load(driver, pages[(chat, theme)], 1280, 800, scheme)
                            driver.execute_script("document.querySelector('.sb-scroller').style.scrollBehavior='auto'")
                            for top in [0, -100000]:
                                driver.execute_script(f"document.querySelector('.sb-scroller').scrollTop = {top}")
                                for item in driver.execute_script(CONTRAST_SCRIPT):
                                    ratio = contrast(item["fg"], item["bg"])
                                    if ratio < (3 if item["large"] else 4.5):
                                        failures.append(f"{item['text']!r} .{item['cls']} {ratio:.2f}")
                        assert not failures, f"{len(failures)} low-contrast texts: {sorted(set(failures))[:6]}"
                    check(f"{theme} {scheme}: every text of a Messages chat meets WCAG AA contrast", contrast_ok)

            def no_requests():
                page = pages[("+15550100001", "imessage")]
                load(driver, page)
                asked = requests_made(driver, "file://" + page)
                assert not asked, f"the page asked for {asked[:3]}"
                heic = driver.execute_script(
                    "return [...document.images].filter(i => i.src.startsWith('data:image/jpeg') && i.naturalWidth > 0).length")
                assert heic >= 1, "no JPEG photo drawn (the HEIC one)"
            check("a Messages page asks for nothing over the network, its HEIC photo drawn as JPEG", no_requests)
    finally:
        driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
