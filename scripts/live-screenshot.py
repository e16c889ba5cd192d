#!/usr/bin/env python3
"""Photographs a live page mid-typing for the docs: streams an example into `scrollback serve`
as JSON Lines, then a typing line, and takes a screenshot in headless Chromium.

Uses the debug build (.build/debug/scrollback). Usage: scripts/live-screenshot.py [EXAMPLE] [OUT.png]
"""
import json, os, sys, tempfile, time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "Tests", "Browser"))
from support import BINARY, chromium  # noqa: E402
from support.live import Serve, append, wait_for  # noqa: E402


def main():
    example = sys.argv[1] if len(sys.argv) > 1 else "weekend-plans"
    out = sys.argv[2] if len(sys.argv) > 2 else os.path.join(ROOT, "docs", "screenshots", "live-typing.png")
    log = json.load(open(os.path.join(ROOT, "Examples", example + ".json"), encoding="utf-8"))
    header = {"type": "conversation", **{k: log[k] for k in ("title", "me", "timeZone", "participants") if k in log}}
    messages = log["messages"]
    other = next(m["sender"] for m in reversed(messages) if m.get("sender") and m.get("sender") != log.get("me"))
    path = os.path.join(tempfile.mkdtemp(prefix="scrollback-shot-"), "live.jsonl")
    append(path, header)
    server = Serve(BINARY, path)
    driver = chromium("--hide-scrollbars", "--force-device-scale-factor=2")
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 390, "height": 700, "deviceScaleFactor": 2, "mobile": False})
        driver.get(server.url)
        for item in messages:
            append(path, item)
            time.sleep(0.05)
        append(path, {"type": "presence", "participant": other, "online": True},
               {"type": "typing", "sender": other, "time": messages[-1]["time"]})
        wait_for(lambda: driver.execute_script("return !!document.querySelector('.sb-typing-dots')"))
        time.sleep(0.5)
        driver.save_screenshot(out)
        print("wrote", out)
    finally:
        driver.quit()
        server.stop()


if __name__ == "__main__":
    main()
