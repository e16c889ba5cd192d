#!/usr/bin/env python3
"""Renders every example in every theme and photographs it in headless Chromium.

Sizes: 390x844 (phone) and 1280x800 (desktop), light and dark. Uses the debug build
(.build/debug/scrollback); run `swift build` first. PNGs go to docs/screenshots/.
Usage: scripts/screenshots.py [--only EXAMPLE] [--themes a,b]
"""
import argparse, glob, os, subprocess, sys, tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
THEMES = ["imessage", "whatsapp", "discord", "plain"]
SIZES = [(390, 844, "phone"), (1280, 800, "desktop")]


def browser():
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only")
    parser.add_argument("--themes", default=",".join(THEMES))
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    args = parser.parse_args()
    binary = os.path.join(ROOT, ".build", "debug", "scrollback")
    os.makedirs(args.out, exist_ok=True)
    examples = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    if args.only:
        examples = [e for e in examples if args.only in os.path.basename(e)]
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as work:
            for example in examples:
                name = os.path.splitext(os.path.basename(example))[0]
                for theme in args.themes.split(","):
                    page = os.path.join(work, f"{name}-{theme}.html")
                    subprocess.run([binary, "render", example, "--theme", theme, "-o", page], check=True)
                    for scheme in ["light", "dark"]:
                        driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                            "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                        for width, height, label in SIZES:
                            driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": label == "phone"})
                            driver.get("file://" + page)
                            target = os.path.join(args.out, f"{name}-{theme}-{scheme}-{label}.png")
                            driver.save_screenshot(target)
                            print("wrote", os.path.relpath(target, ROOT))
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
