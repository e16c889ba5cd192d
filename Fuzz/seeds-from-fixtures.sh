#!/bin/sh
# Copies small real exports from ../shared/fixtures into build-local seed folders
# (.build/fuzz/seeds/NAME), so fuzzing starts from real shapes without committing them.
# Usage: Fuzz/seeds-from-fixtures.sh [SEED_ROOT]
set -eu
cd "$(dirname "$0")/.."
out="${1:-.build/fuzz/seeds}"
fixtures="../shared/fixtures"
limit=65536
add() { # NAME FOLDER PATTERN...
    name="$1"; folder="$2"; shift 2
    mkdir -p "$out/$name"
    [ -d "$folder" ] || return 0
    for pattern in "$@"; do
        find "$folder" -type f -name "$pattern" -size -"$limit"c | while read -r file; do
            # A flat name that keeps the origin readable; seeds are never committed.
            cp "$file" "$out/$name/$(echo "$file" | sed 's|^\.*/*||; s|/|_|g')"
        done
    done
}
add scrollback Examples '*.json'
add jsonl Examples '*.jsonl'
add markdown-log Examples '*.md'
add markdown-log "$fixtures/llm-chat" '*'
add telegram "$fixtures/telegram" '*.json'
add whatsapp "$fixtures/whatsapp" '*.txt' '*.zip'
add whatsapp "$fixtures/signal" '*.txt'
add slack "$fixtures/slack" '*.json'
add zip "$fixtures/whatsapp" '*.zip'
add zip "$fixtures/slack" '*.zip'
add discord "$fixtures/discord" '*.json'
add chatgpt "$fixtures/chatgpt" '*.json'
add chatgpt "$fixtures/claude-ai-export" '*.json'
add messenger "$fixtures/messenger" '*.json'
add messenger "$fixtures/instagram" '*.json'
add claude-code "$fixtures/claude-code" '*.jsonl' '*.json'
# Long texts become many small seeds (12 lines each): every input is rendered five times, so
# small inputs are what lets the markdown harness get past loading its corpus.
mkdir -p "$out/markdown"
for list in "$fixtures"/commonmark-gfm/*.txt "$fixtures/naughty-strings/blns.txt" "$fixtures"/xss/*.txt \
    "$fixtures"/xss/*/*.txt; do
    [ -f "$list" ] || continue
    split -l 12 "$list" "$out/markdown/$(basename "$list" .txt)-"
done
# One chunk in eight is plenty to start from; the fuzzer's own corpus grows from there.
(cd "$out/markdown" && ls | awk 'NR % 8 != 1' | xargs rm -f)
for name in scrollback jsonl markdown-log telegram whatsapp; do
    mkdir -p "$out/auto"
    cp "$out/$name"/* "$out/auto/" 2>/dev/null || true
done
