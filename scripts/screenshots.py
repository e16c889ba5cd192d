#!/usr/bin/env python3
"""Renders every example in every theme and photographs it in headless Chromium.

Sizes: 390x844 (phone) and 1280x800 (desktop), light and dark. Uses the debug build
(.build/debug/scrollback); run `swift build` first. PNGs go to docs/screenshots/.
Usage: scripts/screenshots.py [--only EXAMPLE] [--themes a,b]

`--imessage` photographs instead the showcase chat of the Messages databases that
scripts/imessage-testdb.py builds (tapbacks, a thread reply, an edit, an unsend, a HEIC photo,
a link card, SMS messages), named through its people.vcf, in the imessage theme at 430x1250,
light and dark: docs/screenshots/format-imessage-{light,dark}.png.
"""
import argparse, glob, os, subprocess, sys, tempfile

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIZES = [(390, 844, "phone"), (1280, 800, "desktop")]


def browser():
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-device-scale-factor=1"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)


def registered_themes(binary):
    """Every theme the binary knows, the default first (the first word of each `themes` line)."""
    listing = subprocess.run([binary, "themes"], check=True, capture_output=True, text=True).stdout
    names = [line.split()[0] for line in listing.splitlines() if line.strip()]
    if not names:
        sys.exit(f"{binary} themes listed no themes")
    return names


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--only")
    parser.add_argument("--themes", help="comma-separated; default: every theme `scrollback themes` lists")
    parser.add_argument("--out", default=os.path.join(ROOT, "docs", "screenshots"))
    parser.add_argument("--imessage", action="store_true", help="the iMessage showcase chat only")
    args = parser.parse_args()
    binary = os.path.join(ROOT, ".build", "debug", "scrollback")
    if args.imessage:
        return imessage_showcase(binary, args.out)
    themes = args.themes.split(",") if args.themes else registered_themes(binary)
    os.makedirs(args.out, exist_ok=True)
    examples = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    if args.only:
        examples = [e for e in examples if args.only in os.path.basename(e)]
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as work:
            for example in examples:
                name = os.path.splitext(os.path.basename(example))[0]
                for theme in themes:
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


def imessage_showcase(binary, out):
    """The showcase chat of the generated Messages databases, light and dark."""
    os.makedirs(out, exist_ok=True)
    driver = browser()
    try:
        with tempfile.TemporaryDirectory() as work:
            script = os.path.join(ROOT, "scripts", "imessage-testdb.py")
            subprocess.run([sys.executable, script, work], check=True, stdout=subprocess.DEVNULL)
            page = os.path.join(work, "showcase.html")
            subprocess.run([binary, "render", os.path.join(work, "showcase", "chat.db"), "--theme", "imessage",
                            "--people", os.path.join(work, "people", "people.vcf"), "-q", "-o", page], check=True)
            for scheme in ["light", "dark"]:
                driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {
                    "features": [{"name": "prefers-color-scheme", "value": scheme}]})
                driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {
                    "width": 430, "height": 1250, "deviceScaleFactor": 1, "mobile": True})
                driver.get("file://" + page)
                target = os.path.join(out, f"format-imessage-{scheme}.png")
                driver.save_screenshot(target)
                print("wrote", os.path.relpath(target, ROOT))
    finally:
        driver.quit()


if __name__ == "__main__":
    sys.exit(main())
