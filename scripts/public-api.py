#!/usr/bin/env python3
"""The public symbols of `import Scrollback`, checked against the list in docs/LIBRARY.md.

The symbols come from the compiler: `swift-symbolgraph-extract` reads the built modules (the
`Scrollback` module, every module it re-exports with `@_exported import`, and `ScrollbackTesting`)
at public access, so `package` and internal declarations never appear. Then the worked examples in
Tests/LibraryExampleTests are type-checked as another package's code (a different package name),
so they can only use what the products offer. Run after `swift build --build-tests`:

    python3 scripts/public-api.py          # exit 1 and name each symbol missing from or stale in the list
    python3 scripts/public-api.py --print  # every public symbol with its doc comment's first sentence

Members that only fulfil a standard-library conformance (`==`, `hash(into:)`, `init(from:)`,
`encode(to:)`, `description`, …) are not listed: the type's line names what it conforms to.
"""

import json
import pathlib
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

ROOT = pathlib.Path(__file__).resolve().parent.parent
FACADE = ROOT / "Sources" / "Scrollback" / "Scrollback.swift"
DOC = ROOT / "docs" / "LIBRARY.md"
EXAMPLES = ROOT / "Tests" / "LibraryExampleTests"
BEGIN = "<!-- BEGIN PUBLIC SYMBOLS -->"
END = "<!-- END PUBLIC SYMBOLS -->"

# Members that exist because of a conformance, not because the type offers them.
CONFORMANCE_MEMBERS = {
    "==(_:_:)",
    "<(_:_:)",
    "hash(into:)",
    "init(from:)",
    "encode(to:)",
    "description",
    "init(rawValue:)",
    "rawValue",
    "allCases",
    "AllCases",
    "RawValue",
}


def facade_modules():
    """`Scrollback` and the modules its façade file re-exports."""
    text = FACADE.read_text(encoding="utf-8")
    return ["Scrollback", "ScrollbackTesting"] + re.findall(r"^@_exported import (\w+)$", text, re.MULTILINE)


def run(command):
    return subprocess.run(command, cwd=ROOT, check=True, capture_output=True, text=True).stdout


def extract(module, modules_dir, triple, includes, out):
    folder = pathlib.Path(out) / module
    folder.mkdir()
    command = ["swift-symbolgraph-extract", "-module-name", module, "-target", triple, "-I", modules_dir]
    for include in includes:
        command += ["-I", include]
    command += ["-minimum-access-level", "public", "-skip-synthesized-members", "-output-dir", str(folder)]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        sys.exit(f"public-api: swift-symbolgraph-extract failed for {module}:\n{result.stderr}")
    return folder


def build_settings():
    """Where the built modules are, the target triple, and the C module maps they import."""
    bin_path = run(["swift", "build", "--show-bin-path"]).strip()
    modules_dir = str(pathlib.Path(bin_path) / "Modules")
    for module in ["Scrollback", "ScrollbackTesting"]:
        if not pathlib.Path(modules_dir, module + ".swiftmodule").exists():
            sys.exit(f"public-api: {modules_dir} has no {module} module; run `swift build --build-tests` first")
    triple = json.loads(run(["swift", "-print-target-info"]))["target"]["triple"]
    includes = [str(path) for path in sorted((ROOT / "Sources").glob("C*")) if (path / "module.modulemap").exists()]
    return modules_dir, triple, includes


def examples_compile_outside(modules_dir, triple, includes):
    """Type-checks the worked examples as code of another package: only public symbols resolve."""
    command = ["swiftc", "-typecheck", "-target", triple, "-I", modules_dir]
    for include in includes:
        command += ["-I", include]
    command += ["-module-name", "OutsideClient", "-package-name", "OutsideClient"]
    command += [str(path) for path in sorted(EXAMPLES.glob("*.swift"))]
    result = subprocess.run(command, cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        print(result.stdout + result.stderr)
        print("public-api: the examples in Tests/LibraryExampleTests use more than `import Scrollback` offers")
        return False
    return True


def summary(symbol):
    """The first sentence of a symbol's doc comment (which may run over several lines)."""
    paragraph = []
    for line in (symbol.get("docComment") or {}).get("lines") or []:
        if not line["text"].strip():
            break
        paragraph.append(line["text"].strip())
    text = " ".join(paragraph)
    end = re.search(r"[.](\s|$)", text)
    return text[: end.start() + 1] if end else text


def symbols(modules_dir, triple, includes):
    """Every public symbol of the façade: name → the first sentence of its doc comment."""
    by_name = {}
    with tempfile.TemporaryDirectory() as out, ThreadPoolExecutor(max_workers=4) as pool:
        folders = pool.map(lambda module: extract(module, modules_dir, triple, includes, out), facade_modules())
        for folder in folders:
            for graph in sorted(folder.glob("*.symbols.json")):
                for symbol in json.loads(graph.read_text(encoding="utf-8"))["symbols"]:
                    path = symbol["pathComponents"]
                    if path[-1] not in CONFORMANCE_MEMBERS:
                        by_name.setdefault(".".join(path), []).append(symbol)
    found = {}
    for name, overloads in by_name.items():
        if len(overloads) == 1:
            found[name] = summary(overloads[0])
            continue
        # Overloads that differ only in types: each is named with the parameters that tell them apart.
        signatures = [parameters(symbol) for symbol in overloads]
        differing = [index for index in range(min(map(len, signatures))) if len({tuple(s)[index] for s in signatures}) > 1]
        for symbol, signature in zip(overloads, signatures):
            found[name + " (" + ", ".join(signature[index] for index in differing) + ")"] = summary(symbol)
    return found


def parameters(symbol):
    """Each parameter as `label: Type`, from the symbol's function signature."""
    result = []
    for parameter in (symbol.get("functionSignature") or {}).get("parameters") or []:
        text = "".join(fragment["spelling"] for fragment in parameter["declarationFragments"])
        result.append(text)
    return result


def listed():
    """The symbols docs/LIBRARY.md lists: the first backticked name of each list line between the markers."""
    text = DOC.read_text(encoding="utf-8")
    if BEGIN not in text or END not in text:
        sys.exit(f"public-api: {DOC.relative_to(ROOT)} has no {BEGIN} … {END} region")
    region = text.split(BEGIN, 1)[1].split(END, 1)[0]
    return [match.group(1) for match in re.finditer(r"^\s*- `([^`]+)`", region, re.MULTILINE)]


def main():
    settings = build_settings()
    found = symbols(*settings)
    if "--print" in sys.argv[1:]:
        for name in sorted(found):
            print(f"- `{name}` — {found[name]}")
        return 0
    names = listed()
    doubled = sorted({name for name in names if names.count(name) > 1})
    missing = sorted(set(found) - set(names))
    stale = sorted(set(names) - set(found))
    for name in missing:
        print(f"public-api: `{name}` is public but not listed in docs/LIBRARY.md ({found[name] or 'no doc comment'})")
    for name in stale:
        print(f"public-api: `{name}` is listed in docs/LIBRARY.md but is not a public symbol")
    for name in doubled:
        print(f"public-api: `{name}` is listed twice in docs/LIBRARY.md")
    if missing or stale or doubled:
        print("public-api: make each symbol public on purpose (else `package`), and keep the list in step")
        return 1
    if not examples_compile_outside(*settings):
        return 1
    print(
        f"public-api: the {len(found)} public symbols are the ones docs/LIBRARY.md lists, "
        "and the examples compile with only them"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
