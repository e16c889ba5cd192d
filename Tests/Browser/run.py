#!/usr/bin/env python3
"""Runs every browser check in this folder (each *.py but this one, as its own process) and
adds up their "N passed, M failed" lines. Exits non-zero when any check failed."""
import glob, os, re, subprocess, sys

HERE = os.path.dirname(os.path.abspath(__file__))


def main():
    passed = failed = 0
    for script in sorted(glob.glob(os.path.join(HERE, "*.py"))):
        if os.path.basename(script) == "run.py":
            continue
        print(f"== {os.path.basename(script)}")
        process = subprocess.run([sys.executable, script], capture_output=True, text=True)
        sys.stdout.write(process.stdout)
        sys.stderr.write(process.stderr)
        counts = re.findall(r"^(\d+) passed, (\d+) failed$", process.stdout, re.MULTILINE)
        if counts:
            passed += int(counts[-1][0])
            failed += int(counts[-1][1])
        if process.returncode != 0 and (not counts or counts[-1][1] == "0"):
            failed += 1
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
