"""What every browser check script shares: paths, the pass/fail tally, and a headless Chromium.

run.py runs each *.py beside this folder as its own process; this package is imported by them,
not run.
"""
import os, subprocess, tempfile, traceback

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
BINARY = os.path.join(ROOT, ".build", "debug", "scrollback")
FIXTURES = os.path.join(os.path.dirname(ROOT), "shared", "fixtures")
RESULTS = {"passed": 0, "failed": 0}


def check(name, function):
    """Runs one check and counts it; an error that is not a failed assertion prints its trace."""
    try:
        function()
        RESULTS["passed"] += 1
        print(f"ok    {name}")
    except Exception as error:  # a failed check, an assertion or a browser error
        RESULTS["failed"] += 1
        print(f"FAIL  {name}: {error}")
        if not isinstance(error, AssertionError):
            traceback.print_exc()


def binary_missing():
    """True (after printing a failed count) when the debug build is not there to test."""
    if os.access(BINARY, os.X_OK):
        return False
    print(f"FAIL  {BINARY} is missing: run 'swift build' first")
    print("0 passed, 1 failed")
    return True


def themes():
    """The names of the HTML themes, as `scrollback themes` lists them (the default first).

    Checks iterate over this, never over a list of their own, so a new theme is checked as soon
    as it is registered. An empty answer raises: a check must not pass by checking nothing.
    """
    listing = subprocess.run([BINARY, "themes"], check=True, capture_output=True, text=True).stdout
    names = [line.split()[0] for line in listing.splitlines() if line.strip()]
    if not names:
        raise RuntimeError(f"{BINARY} themes listed no themes")
    return names


def summary():
    """Prints the "N passed, M failed" line run.py adds up, and returns the exit status."""
    print(f"{RESULTS['passed']} passed, {RESULTS['failed']} failed")
    return 1 if RESULTS["failed"] else 0


def chromium(*flags, trap=None, network=False):
    """Debian's headless Chromium through its chromedriver, logging console and network events.

    `trap` is a script run before any page script; `network` turns on the DevTools network
    domain so requests can be read from the performance log.
    """
    options = Options()
    for flag in ["--headless=new", "--no-sandbox", "--disable-gpu", *flags]:
        options.add_argument(flag)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"performance": "ALL", "browser": "ALL"})
    # Chromium makes its scratch folders in TMPDIR and leaves one there when chromedriver stops it: it
    # gets a folder of its own, removed when the driver quits (or else when Python exits).
    scratch = tempfile.TemporaryDirectory(prefix="scrollback-chromium-", ignore_cleanup_errors=True)
    service = Service("/usr/bin/chromedriver", env={**os.environ, "TMPDIR": scratch.name})
    driver = webdriver.Chrome(service=service, options=options)
    stop = driver.quit

    def quit_and_clean():
        try:
            stop()
        finally:
            scratch.cleanup()
    driver.quit = quit_and_clean
    if network:
        driver.execute_cdp_cmd("Network.enable", {})
    if trap:
        driver.execute_cdp_cmd("Page.addScriptToEvaluateOnNewDocument", {"source": trap})
    return driver
