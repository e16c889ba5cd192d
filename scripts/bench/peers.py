"""The peers `make bench` compares against, installed from PyPI into a throw-away venv.

slack-export-viewer (`slack-export-viewer-cli export`, one HTML file of a Slack export),
claude-code-transcripts (`json`, HTML pages of a Claude Code session) and tg-archive
(`--build`, a static site from its SQLite database, which this module fills from the
same Telegram conversation the importer benchmark reads). Each peer runs on the same
generated inputs as Scrollback; a peer that would take longer than `LIMIT` seconds is
left at the smaller size. Nothing here is installed outside the venv, which is removed
at the end; when the registry cannot be reached the comparison is skipped with a note.
"""
import datetime
import json
import os
import shutil
import sqlite3
import subprocess
import sys

PACKAGES = ["slack-export-viewer", "claude-code-transcripts", "tg-archive"]
# tg-archive imports pkg_resources, which newer setuptools no longer ship.
HELPERS = ["setuptools<81"]
LIMIT = 300  # seconds: a peer run is stopped after five minutes
# A peer whose small run, scaled linearly, is over this many seconds is not run at the large size.
# Peers can grow faster than linearly: claude-code-transcripts took 5 s at 10k and more than 300 s at 100k.
BUDGET = 30


def install(folder):
    """Creates the venv and installs the peers; returns its bin folder, or a note why not."""
    shutil.rmtree(folder, ignore_errors=True)
    try:
        subprocess.run([sys.executable, "-m", "venv", folder], check=True, capture_output=True)
        result = subprocess.run([os.path.join(folder, "bin", "pip"), "install", "-q", "--disable-pip-version-check",
                                 "--timeout", "20"] + PACKAGES + HELPERS, capture_output=True, text=True, timeout=600)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired, OSError) as error:
        return None, "peers skipped: could not make a venv or reach PyPI (%s)" % error.__class__.__name__
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["pip failed"])[-1]
        return None, "peers skipped: PyPI could not be reached or an install failed (%s)" % last[:160]
    return os.path.join(folder, "bin"), None


def version(bin_folder, package):
    result = subprocess.run([os.path.join(bin_folder, "pip"), "show", package], capture_output=True, text=True)
    for line in result.stdout.splitlines():
        if line.startswith("Version:"):
            return line.split(":", 1)[1].strip()
    return "?"


def slack_command(bin_folder, export, work):
    """slack-export-viewer writes `<folder name>.html` into its working directory."""
    return [os.path.join(bin_folder, "slack-export-viewer-cli"), "export", os.path.abspath(export)], work, \
        os.path.join(work, os.path.basename(os.path.normpath(export)) + ".html")


def claude_command(bin_folder, session, work):
    out = os.path.join(work, "out")
    return [os.path.join(bin_folder, "claude-code-transcripts"), "json", os.path.abspath(session), "-o", out], \
        work, out


def tg_archive_site(bin_folder, result_json, work):
    """A tg-archive site folder whose data.sqlite holds the conversation of `result_json`."""
    shutil.rmtree(work, ignore_errors=True)
    subprocess.run([os.path.join(bin_folder, "tg-archive"), "--new", "--path", work], check=True,
                   capture_output=True)
    chat = json.load(open(result_json, encoding="utf-8"))
    db = sqlite3.connect(os.path.join(work, "data.sqlite"))
    for statement in TG_ARCHIVE_SCHEMA.split(";"):
        if statement.strip():
            db.execute(statement)
    users = {}
    media = 0
    for m in chat["messages"]:
        if m.get("type") != "message":
            continue
        user = int(m["from_id"].removeprefix("user"))
        if user not in users:
            first, _, last = m["from"].partition(" ")
            users[user] = (user, first.lower(), first, last, "", None)
        text = m["text"] if isinstance(m["text"], str) else "".join(
            part if isinstance(part, str) else part["text"] for part in m["text"])
        media_id = None
        if "photo" in m:
            media += 1
            media_id = media
            db.execute("INSERT INTO media VALUES (?, 'photo', ?, NULL, NULL, ?)",
                       (media_id, os.path.basename(m["photo"]), os.path.basename(m["photo"])))
        stamp = datetime.datetime.fromtimestamp(int(m["date_unixtime"]), datetime.timezone.utc)
        edited = m.get("edited_unixtime")
        edited = datetime.datetime.fromtimestamp(int(edited), datetime.timezone.utc) if edited else None
        db.execute("INSERT INTO messages VALUES (?, 'message', ?, ?, ?, ?, ?, ?)",
                   (m["id"], stamp.strftime("%Y-%m-%d %H:%M:%S"),
                    edited.strftime("%Y-%m-%d %H:%M:%S") if edited else None, text,
                    m.get("reply_to_message_id"), user, media_id))
    db.executemany("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?)", users.values())
    db.commit()
    db.close()
    config = open(os.path.join(work, "config.yaml"), encoding="utf-8").read()
    config = config.replace('group: "your_group_name', 'group: "benchtrip" #').replace(
        "download_media: True", "download_media: False").replace("download_avatars: True", "download_avatars: False")
    open(os.path.join(work, "config.yaml"), "w", encoding="utf-8").write(config)
    return [os.path.join(bin_folder, "tg-archive"), "--build"], work, os.path.join(work, "site")


# tg-archive's own tables (tgarchive/db.py), so its --build reads what its --sync would have written.
TG_ARCHIVE_SCHEMA = """
CREATE TABLE IF NOT EXISTS messages (id INTEGER NOT NULL PRIMARY KEY, type TEXT NOT NULL, date TIMESTAMP NOT NULL,
    edit_date TIMESTAMP, content TEXT, reply_to INTEGER, user_id INTEGER, media_id INTEGER);
CREATE TABLE IF NOT EXISTS users (id INTEGER NOT NULL PRIMARY KEY, username TEXT, first_name TEXT, last_name TEXT,
    tags TEXT, avatar TEXT);
CREATE TABLE IF NOT EXISTS media (id INTEGER NOT NULL PRIMARY KEY, type TEXT, url TEXT, title TEXT,
    description TEXT, thumb TEXT)
"""
