#!/usr/bin/env python3
"""Browser checks of the pinned day heading in headless Chromium: in every theme, a group chat's
page is scrolled so that a day's heading is pinned at the top of the view while the day's first
chain is still in view under it, step by step; at every step the chain's name must not be under
the heading (the heading never covers who is speaking). Uses .build/debug/scrollback.
Ends with a line "N passed, M failed" and exits non-zero when anything failed.
"""
import json, os, subprocess, sys, tempfile

from support import BINARY, binary_missing, check, chromium, summary, themes

# Boxes of the pinned heading (with its pill) and of the first chain's name, and whether the
# heading is pinned (its section starts above the view) and the chain still shows under it.
MEASURE = """
const scroller = document.querySelector('.sb-scroller');
const day = document.getElementById('day-2026-11-29');
const label = day.querySelector('.sb-day-label');
const chain = day.querySelector('.sb-chain.sb-named');
const name = chain.querySelector('.sb-sender');
const box = e => { const r = e.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
const pill = box(label.querySelector('time')), heading = box(label);
return {view: box(scroller), section: box(day), label: [Math.min(pill[0], heading[0]), Math.min(pill[1], heading[1]),
        Math.max(pill[2], heading[2]), Math.max(pill[3], heading[3])], name: box(name), chain: box(chain)};
"""


def stream(path):
    lines = [{"type": "conversation", "title": "Trip", "participants": [
        {"id": "ana", "name": "Ana Lima"}, {"id": "ben", "name": "Ben Okafor"}, {"id": "cy", "name": "Cyrille Marchetti-Obi"}]}]
    for day in (28, 29, 30):
        for number in range(24):
            sender = ["ben", "cy", "ana"][(number // 4) % 3]
            lines.append({"id": f"d{day}-{number}", "sender": sender, "time": f"2026-11-{day}T09:{number:02d}:00Z",
                          "text": f"message {number} of the day, " + "with a few more words " * (1 + number % 3)})
    with open(path, "w", encoding="utf-8") as handle:
        for line in lines:
            handle.write(json.dumps(line) + "\n")


def intersects(a, b):
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def main():
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-labels-") as folder:
        source = os.path.join(folder, "trip.jsonl")
        stream(source)
        driver = chromium("--force-device-scale-factor=1")
        try:
            for width in (390, 900):
                driver.set_window_size(width, 700)
                for theme in themes():
                    target = os.path.join(folder, f"trip-{theme}.html")
                    subprocess.run([BINARY, "render", source, "-o", target, "--theme", theme], check=True)

                    def name_stays_clear(target=target):
                        driver.get("file://" + target)
                        driver.execute_script("document.querySelector('.sb-scroller').style.scrollBehavior = 'auto';")
                        if not driver.execute_script("return !!document.querySelector('#day-2026-11-29 .sb-chain.sb-named .sb-sender')"):
                            return  # a theme that writes the name inside the bubble's own row
                        # Put the day's top at the view's top, then scroll on a few pixels at a time.
                        driver.execute_script("document.getElementById('day-2026-11-29').scrollIntoView({block: 'start'});")
                        checked = 0
                        for _ in range(60):
                            driver.execute_script("document.querySelector('.sb-scroller').scrollTop += 3;")
                            seen = driver.execute_script(MEASURE)
                            pinned = seen["section"][1] < seen["view"][1]
                            under = seen["chain"][3] > seen["label"][3] + (seen["name"][3] - seen["name"][1]) + 4
                            if not (pinned and under):
                                continue
                            checked += 1
                            assert not intersects(seen["name"], seen["label"]), (
                                f"the pinned heading {seen['label']} covers the name {seen['name']}")
                        assert checked >= 3, f"only {checked} scroll positions had the heading pinned over the chain"
                    check(f"the pinned day heading leaves the first chain's name clear ({theme}, {width} px)", name_stays_clear)
        finally:
            driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
