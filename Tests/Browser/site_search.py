#!/usr/bin/env python3
"""Offline search of a built site in headless Chromium, over file://.

Builds a site from Examples/*.json with the already-built .build/debug/scrollback, opens
search.html from disk, searches for words from the examples, checks the results' context and
filters, follows a result to its message, and checks that no script error or network request
happened. Prints "N passed, M failed"; exits non-zero when anything failed.
"""
import glob, os, subprocess, sys, tempfile, time, traceback

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BINARY = os.path.join(ROOT, ".build", "debug", "scrollback")
RESULTS = {"passed": 0, "failed": 0}


def check(name, function):
    try:
        function()
        RESULTS["passed"] += 1
        print(f"ok    {name}")
    except Exception as error:
        RESULTS["failed"] += 1
        print(f"FAIL  {name}: {error}")
        if not isinstance(error, AssertionError):
            traceback.print_exc()


def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1000,800"]:
        options.add_argument(argument)
    options.binary_location = "/usr/bin/chromium"
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"})
    return webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))


def search(driver, site, query):
    driver.get("file://" + os.path.join(site, "search.html"))
    box = driver.find_element(By.ID, "sb-search-input")
    box.clear()
    box.send_keys(query)
    deadline = time.time() + 5
    while time.time() < deadline:
        status = driver.find_element(By.ID, "sb-search-status").text
        if "result" in status:
            break
        time.sleep(0.05)
    return driver.find_elements(By.CSS_SELECTOR, "#sb-search-results a.sb-result")


def main():
    if not os.access(BINARY, os.X_OK):
        print(f"FAIL  build {BINARY} first (swift build)")
        print("0 passed, 1 failed")
        return 1
    work = tempfile.mkdtemp(prefix="scrollback-site-search-")
    site = os.path.join(work, "site")
    examples = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    subprocess.run([BINARY, "site", *examples, "-o", site], check=True, capture_output=True)
    driver = browser()
    try:
        def finds_a_word():
            results = search(driver, site, "Königssee")
            assert len(results) >= 1, "no result for Königssee"
            first = results[0]
            assert "Hiking club" in first.text, first.text
            marks = first.find_elements(By.TAG_NAME, "mark")
            assert marks and marks[0].text.lower() == "königssee", [m.text for m in marks]
            assert "loop" in first.text, "context around the match: " + first.text

        def folds_case_and_accents():
            assert len(search(driver, site, "KONIGSSEE")) >= 1

        def prefix_and_all_words():
            assert len(search(driver, site, "summ")) >= 1, "the start of a word matches"
            assert len(search(driver, site, "summit zzzznothing")) == 0, "every word must match"

        def filters_by_sender_and_date():
            from_ben = search(driver, site, "from:ben")
            assert from_ben and all("Ben Okafor" in r.text.split("\n")[0] for r in from_ben)
            october = search(driver, site, "2026-10-26")
            assert october and all("2026-10-26" in r.text for r in october), [r.text for r in october]
            by_name = search(driver, site, "chiara")
            assert any("Chiara Rossi" in r.text for r in by_name), "a sender's name is searchable"

        def follows_a_result():
            results = search(driver, site, "summit")
            href = results[0].get_attribute("href")
            assert href.endswith("hiking-club/2026-10.html#msg-g18"), href
            results[0].click()
            time.sleep(0.3)
            assert driver.current_url.endswith("#msg-g18"), driver.current_url
            target = driver.find_element(By.ID, "msg-g18")
            assert "Made it to the top" in target.text, target.text
            visible = driver.execute_script(
                "const r = arguments[0].getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight;", target)
            assert visible, "the message is scrolled into view"

        def no_errors_or_requests():
            search(driver, site, "tickets")
            errors = [e for e in driver.get_log("browser") if e["level"] == "SEVERE"]
            assert not errors, errors
            remote = [e for e in driver.get_log("performance")
                      if '"Network.requestWillBeSent"' in e["message"] and '"url":"http' in e["message"]]
            assert not remote, remote[:2]

        def results_are_text_not_markup():
            results = search(driver, site, "Saturday")
            assert results
            html = driver.find_element(By.ID, "sb-search-results").get_attribute("innerHTML")
            assert "<script" not in html and "onerror" not in html

        for name, test in [
            ("search finds a word from the examples, with context and the match marked", finds_a_word),
            ("search ignores case and accents", folds_case_and_accents),
            ("a word's start matches; every word must match", prefix_and_all_words),
            ("from:NAME, a date and a sender's name narrow the results", filters_by_sender_and_date),
            ("a result opens its message's permalink, scrolled into view", follows_a_result),
            ("no script errors and no network requests", no_errors_or_requests),
            ("results are built as text", results_are_text_not_markup),
        ]:
            check(name, test)
    finally:
        driver.quit()
    print(f"{RESULTS['passed']} passed, {RESULTS['failed']} failed")
    return 1 if RESULTS["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
