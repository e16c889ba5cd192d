#!/usr/bin/env bash
# Renders a log in a real terminal (tmux) and saves the screen as a PNG.
# Usage: scripts/terminal-screenshot.sh INPUT WIDTH OUT.png [--light] [extra scrollback options...]
set -euo pipefail
cd "$(dirname "$0")/.."
input=$1 width=$2 out=$3
shift 3
light=""
if [ "${1:-}" = "--light" ]; then light="--light"; shift; fi
socket=$(mktemp -u /tmp/scrollback-shot-XXXXXX.sock)
capture=$(mktemp /tmp/scrollback-shot-XXXXXX.ans)
trap 'tmux -S "$socket" kill-server 2>/dev/null || true; rm -f "$socket" "$capture" "$capture.done"' EXIT
tmux -S "$socket" -f /dev/null new-session -d -x "$width" -y 400 \
  "env TERM=xterm-256color COLORTERM=truecolor .build/debug/scrollback render '$input' --format ansi --color always --width $width $*; touch '$capture.done'; sleep 600"
for _ in $(seq 1 100); do [ -f "$capture.done" ] && break; sleep 0.1; done
tmux -S "$socket" capture-pane -p -e -S 0 -E 399 > "$capture"
python3 scripts/ansi-to-png.py "$capture" "$out" --columns "$width" $light
echo "wrote $out"
