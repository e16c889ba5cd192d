#!/bin/sh
# `make fuzz`: builds the harnesses with libFuzzer and AddressSanitizer (optimised, with
# Swift's run-time checks kept: overflow, bounds and unwrap failures still trap), then runs each
# for FUZZ_SECONDS (default 60), one at a time, and writes a summary.
#
#   FUZZ_SECONDS=300 FUZZ_TARGETS="scrollback whatsapp" make fuzz
#
# New inputs libFuzzer finds go to .build/fuzz/corpus/NAME (not committed); crashes,
# timeouts and leaks to .build/fuzz/artifacts/. Exit status is 1 when any harness failed.
set -u
cd "$(dirname "$0")/.."
root="$(pwd)"
seconds="${FUZZ_SECONDS:-60}"
targets="${FUZZ_TARGETS:-auto scrollback jsonl markdown-log telegram whatsapp slack discord chatgpt messenger claude-code markdown numbers zip}"
scratch="$root/.build/fuzz"
mkdir -p "$scratch"
# SwiftPM keeps a path dependency's file list between builds; a newer manifest makes it look again,
# so files added to the library since the last fuzz build are compiled.
touch Fuzz/Package.swift
echo "building the harnesses (log in $scratch/build.log)"
# The linker warns about every ASan helper symbol it cannot export; the log keeps them out of sight.
swift build --package-path Fuzz --scratch-path "$scratch/build" -c release \
    -Xswiftc -sanitize=fuzzer,address --product scrollback-fuzz > "$scratch/build.log" 2>&1 || {
    grep -v "Cannot export" "$scratch/build.log" | tail -20
    exit 2
}
binary="$scratch/build/release/scrollback-fuzz"
Fuzz/seeds-from-fixtures.sh "$scratch/seeds"
mkdir -p "$scratch/artifacts" "$scratch/logs"
summary="$scratch/summary.txt"
: > "$summary"
status=0
for name in $targets; do
    mkdir -p "$scratch/corpus/$name" "$scratch/seeds/$name"
    log="$scratch/logs/$name.log"
    case "$name" in
    markdown-log | whatsapp | markdown) dictionary="Fuzz/dictionaries/text.dict" ;;
    zip) dictionary="Fuzz/dictionaries/zip.dict" ;;
    *) dictionary="Fuzz/dictionaries/json.dict" ;;
    esac
    echo "fuzzing $name for ${seconds}s"
    FUZZ_TARGET="$name" ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1:allocator_may_return_null=1}" \
        "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len="${FUZZ_MAX_LEN:-16384}" -reduce_inputs=1 \
        -print_final_stats=1 -dict="$dictionary" -artifact_prefix="$scratch/artifacts/$name-" \
        "$scratch/corpus/$name" "Fuzz/corpus/$name" "$scratch/seeds/$name" > "$log" 2>&1
    code=$?
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$' | tail -1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | grep -o '[0-9]*')
    result="ok"
    if [ "$code" -ne 0 ]; then result="FAILED (exit $code, see $log)"; status=1; fi
    line="$name: ${seconds}s, ${runs:-?} executions, coverage ${cov:-?} edges, $result"
    echo "$line" | tee -a "$summary"
done
echo "summary in $summary"
exit $status
