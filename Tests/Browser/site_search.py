#!/usr/bin/env python3
"""Offline search of a built site in headless Chromium, over file://.

Builds a site from Examples/*.json with the already-built .build/debug/scrollback, opens
search.html from disk, searches for words from the examples, checks the results' context and
filters, follows a result to its message, and checks that no script error or network request
happened. Prints "N passed, M failed"; exits non-zero when anything failed.
"""
import glob, json, os, socket, subprocess, sys, tempfile, time

from selenium.webdriver.common.by import By

from support import BINARY, ROOT, binary_missing, check, chromium, summary


def browser():
    return chromium("--window-size=1000,800")


def search(driver, site, query, base=None):
    driver.get((base or "file://" + site) + "/search.html")
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
    if binary_missing():
        return 1
    with tempfile.TemporaryDirectory(prefix="scrollback-site-search-") as work:
        return checks(work)


def checks(work):
    """The checks, with the site and its inputs in `work` (removed by `main` afterwards)."""
    site = os.path.join(work, "site")
    examples = sorted(glob.glob(os.path.join(ROOT, "Examples", "*.json")))
    # A message longer than the 32 words whose order the index keeps, over two days.
    long_words = [f"word{n}" for n in range(60)]
    long_words[3], long_words[50] = "quasar", "zephyr"
    long_log = os.path.join(work, "long.json")
    with open(long_log, "w", encoding="utf-8") as file:
        json.dump({"version": 1, "title": "Long notes", "timeZone": "UTC",
                   "participants": [{"id": "eve", "name": "Eve Moreau"}],
                   "messages": [{"id": "n1", "sender": "eve", "time": "2026-03-01T10:00:00Z", "text": "short one"},
                                {"id": "n7", "sender": "eve", "time": "2026-03-09T10:00:00Z",
                                 "text": " ".join(long_words) + ", then word7 again."}]}, file)
    subprocess.run([BINARY, "site", *examples, long_log, "-o", site], check=True, capture_output=True)
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

        def long_message_context():
            early = search(driver, site, "quasar")
            assert len(early) == 1 and "Eve Moreau · 2026-03-09" in early[0].text, [r.text for r in early]
            assert early[0].get_attribute("href").endswith("long-notes/2026-03.html#msg-n7")
            text = early[0].find_element(By.CLASS_NAME, "sb-result-text").text
            assert text.startswith("word0 word1 word2 quasar word4"), text
            late = search(driver, site, "zephyr")
            assert len(late) == 1, [r.text for r in late]
            text = late[0].find_element(By.CLASS_NAME, "sb-result-text").text
            marks = [m.text for m in late[0].find_elements(By.TAG_NAME, "mark")]
            assert marks == ["zephyr"], marks
            assert text.startswith("word0 word1") and "… zephyr" in text, text
            assert len(search(driver, site, "word59 quasar")) == 1, "words past the first 32 are all found"

        def over_http():
            with socket.socket() as probe:
                probe.bind(("127.0.0.1", 0))
                port = probe.getsockname()[1]
            server = subprocess.Popen([sys.executable, "-m", "http.server", str(port), "--bind", "127.0.0.1",
                                       "--directory", site], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            try:
                base = f"http://127.0.0.1:{port}"
                for _ in range(50):
                    try:
                        socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                        break
                    except OSError:
                        time.sleep(0.1)
                found = search(driver, site, "Königssee", base)
                assert found and "Hiking club" in found[0].text, [r.text for r in found]
                by_sender = search(driver, site, "from:chiara 2026-10-24", base)
                assert by_sender and all("Chiara Rossi" in r.text and "2026-10-24" in r.text for r in by_sender)
                results = search(driver, site, "summit", base)
                results[0].click()
                time.sleep(0.3)
                assert driver.current_url == base + "/hiking-club/2026-10.html#msg-g18", driver.current_url
                assert "Made it to the top" in driver.find_element(By.ID, "msg-g18").text
                errors = [e for e in driver.get_log("browser")  # the browser asks any server for a favicon
                          if e["level"] == "SEVERE" and "favicon.ico" not in e["message"]]
                assert not errors, errors
            finally:
                server.terminate()
                server.wait()

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
            ("a long message: its start as context, a later match after it", long_message_context),
            ("search and a result's permalink work from a web server too", over_http),
        ]:
            check(name, test)
    finally:
        driver.quit()
    return summary()


if __name__ == "__main__":
    sys.exit(main())
