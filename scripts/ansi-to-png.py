#!/usr/bin/env python3
"""Turns a terminal capture with colours (`tmux capture-pane -e -p`) into a PNG.

Usage: scripts/ansi-to-png.py CAPTURE.ans OUT.png [--light] [--columns N]

Writes an HTML page of the capture, one cell per column (wide characters take two), and
screenshots it with headless Chromium. Used for the screenshots in the README.
"""
import html
import os
import re
import subprocess
import sys
import tempfile
import unicodedata

BASIC = ["#2e3436", "#cc3333", "#3f9f3f", "#c4a000", "#3465a4", "#a54ca5", "#06989a", "#d3d7cf",
         "#777777", "#ef4444", "#6ad26a", "#e6c200", "#6d9eeb", "#d07ad0", "#34c6c6", "#f2f2f2"]


def xterm256(index):
    if index < 16:
        return BASIC[index]
    if index < 232:
        index -= 16
        steps = [0, 95, 135, 175, 215, 255]
        return "#%02x%02x%02x" % (steps[index // 36], steps[(index // 6) % 6], steps[index % 6])
    level = 8 + (index - 232) * 10
    return "#%02x%02x%02x" % (level, level, level)


def apply_sgr(state, params):
    values = [int(p) if p.isdigit() else 0 for p in params.split(";")] if params else [0]
    i = 0
    while i < len(values):
        v = values[i]
        if v == 0:
            state.clear()
        elif v in (1, 2, 3, 4, 9):
            state[{1: "bold", 2: "dim", 3: "italic", 4: "underline", 9: "strike"}[v]] = True
        elif v in (22, 23, 24, 29):
            for key in {22: ("bold", "dim"), 23: ("italic",), 24: ("underline",), 29: ("strike",)}[v]:
                state.pop(key, None)
        elif 30 <= v <= 37 or 90 <= v <= 97:
            state["fg"] = BASIC[v - 30 if v < 90 else v - 90 + 8]
        elif 40 <= v <= 47 or 100 <= v <= 107:
            state["bg"] = BASIC[v - 40 if v < 100 else v - 100 + 8]
        elif v in (39, 49):
            state.pop("fg" if v == 39 else "bg", None)
        elif v in (38, 48) and i + 1 < len(values):
            key = "fg" if v == 38 else "bg"
            if values[i + 1] == 5 and i + 2 < len(values):
                state[key] = xterm256(values[i + 2])
                i += 2
            elif values[i + 1] == 2 and i + 4 < len(values):
                state[key] = "#%02x%02x%02x" % tuple(values[i + 2:i + 5])
                i += 4
        i += 1


def clusters(text):
    """Grapheme-ish clusters: a base plus marks, variation selectors, ZWJ sequences and skin tones."""
    out = []
    for ch in text:
        cp = ord(ch)
        joins = (unicodedata.category(ch) in ("Mn", "Me", "Mc") or cp in (0xFE0F, 0xFE0E, 0x200D)
                 or 0x1F3FB <= cp <= 0x1F3FF or 0xE0020 <= cp <= 0xE007F)
        if out and (joins or out[-1].endswith("\u200d")
                    or (0x1F1E6 <= cp <= 0x1F1FF and len(out[-1]) == 1 and 0x1F1E6 <= ord(out[-1]) <= 0x1F1FF)):
            out[-1] += ch
        else:
            out.append(ch)
    return out


def width(cluster):
    first = cluster[0]
    if unicodedata.east_asian_width(first) in ("W", "F") or "\ufe0f" in cluster:
        return 2
    if 0x1F1E6 <= ord(first) <= 0x1F1FF:
        return 2
    return 1


def to_html(capture, light):
    rows = []
    state = {}  # tmux carries attributes from one line to the next
    for line in capture.split("\n"):
        cells = []
        for part in re.split(r"(\x1b\[[0-9;]*m|\x1b\][^\x1b\x07]*(?:\x1b\\|\x07))", line):
            if part.startswith("\x1b["):
                apply_sgr(state, part[2:-1])
                continue
            if part.startswith("\x1b]"):
                continue
            for cluster in clusters(part):
                style = []
                if "fg" in state: style.append("color:" + state["fg"])
                if "bg" in state: style.append("background:" + state["bg"])
                if state.get("bold"): style.append("font-weight:bold")
                if state.get("dim"): style.append("opacity:.6")
                if state.get("italic"): style.append("font-style:italic")
                deco = [d for d in ("underline", "line-through") if state.get("underline" if d == "underline" else "strike")]
                if deco: style.append("text-decoration:" + " ".join(deco))
                style.append("width:%dch" % width(cluster))
                cells.append('<span style="%s">%s</span>' % (";".join(style), html.escape(cluster)))
        rows.append("<div>" + "".join(cells) + "&nbsp;</div>")
    background, foreground = ("#fbfbfb", "#1d1d1f") if light else ("#1c1c1e", "#e5e5e7")
    return f"""<!doctype html><meta charset="utf-8"><style>
body {{ margin: 0; padding: 18px; background: {background}; color: {foreground};
  font: 15px/17.5px "DejaVu Sans Mono", "Noto Color Emoji", monospace; }}
div {{ white-space: pre; height: 17.5px; overflow: visible; }}
span {{ display: inline-block; text-align: left; overflow: visible; }}
</style><body>{''.join(rows)}</body>"""


def main():
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    light = "--light" in sys.argv
    columns = int(sys.argv[sys.argv.index("--columns") + 1]) if "--columns" in sys.argv else 80
    if "--columns" in sys.argv:
        args.remove(str(columns))
    source, target = args
    capture = open(source, encoding="utf-8").read().rstrip("\n")
    while capture.endswith("\n") or capture.split("\n")[-1].strip() == "" and "\n" in capture:
        capture = capture.rsplit("\n", 1)[0]
    lines = capture.count("\n") + 1
    with tempfile.NamedTemporaryFile("w", suffix=".html", delete=False, encoding="utf-8") as page:
        page.write(to_html(capture, light))
    width_px = int(columns * 9.05 + 40)
    height_px = int(lines * 17.5 + 40)
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars",
                    "--screenshot=" + os.path.abspath(target), f"--window-size={width_px},{height_px}",
                    "file://" + page.name], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    os.unlink(page.name)


if __name__ == "__main__":
    main()
