#!/usr/bin/env python3
"""Compiles the built-in message and chain templates into Swift.

    Templates/html/message.mustache → Sources/ScrollbackRender/HTML/MessageHTMLWriter.swift
    Templates/html/chain.mustache   → Sources/ScrollbackRender/HTML/ChainHTMLWriter.swift

A page of 100k messages spends most of its time in these two templates. Walking them as
Mustache answers every tag through a stack of contexts; the generated writers do the same
look-ups in straight-line code, with the templates' text written as literals. The templates
stay the one source of the markup: edit them, then run

    python3 scripts/generate-message-writer.py          # rewrite the Swift files
    python3 scripts/generate-message-writer.py --check  # exit 1 if one is out of date (tests run this)

Supported: text, {{name}}, {{{name}}}, {{#name}}…{{/name}}, {{^name}}…{{/name}}, {{! comments }},
with the Mustache rule that a section or comment tag alone on its line takes the line with it.
Names are looked up from the innermost context out, as the template walk does; {{{body}}} at the
top level is written straight into the buffer by the bubble's context. The chain template may also
hold {{#bubbles}}…{{/bubbles}}, each bubble's context pushed in turn, and {{>message}} inside it
(alone on its line, unindented, or within a line), written by the message writer. A chain's names
must all be ones its context answers by type: it has no outer context to ask.
"""

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = ROOT / "Templates/html"
CONTEXTS = ROOT / "Sources/ScrollbackRender/HTML"

TAG = re.compile(r"\{\{(\{[^}]*\}|[^}]*)\}\}\}?")


def tokens(source):
    """(kind, value) pairs: ('text', s) or ('var'|'raw'|'#'|'^'|'/'|'!', name)."""
    result = []
    position = 0
    for match in TAG.finditer(source):
        if match.start() > position:
            result.append(("text", source[position:match.start()]))
        body = match.group(1)
        if body.startswith("{"):
            result.append(("raw", body[1:-1].strip() if body.endswith("}") else body[1:].strip()))
        elif body[:1] in "#^/!>&":
            result.append((body[0] if body[0] != "&" else "raw", body[1:].strip()))
        else:
            result.append(("var", body.strip()))
        position = match.end()
    if position < len(source):
        result.append(("text", source[position:]))
    return standalone(result)


def standalone(items):
    """Removes the line of a section or comment tag that stands alone on it (Mustache's rule)."""
    out = list(items)
    # Text emptied because a standalone line before it took its newline: a new line starts there.
    at_line_start = set()
    for index, (kind, _) in enumerate(out):
        if kind not in "#^/!>":
            continue
        if index == 0:
            starts = True
        elif out[index - 1][0] == "text":
            before = out[index - 1][1]
            head = before.rsplit("\n", 1)[-1]
            starts = head.strip(" \t") == "" and ("\n" in before or index - 1 == 0 or index - 1 in at_line_start)
        else:
            starts = False
        if index + 1 == len(out):
            ends = True
        elif out[index + 1][0] == "text":
            after = out[index + 1][1]
            tail = after.split("\n", 1)[0]
            ends = tail.rstrip("\r").strip(" \t") == "" and ("\n" in after or index + 2 == len(out))
        else:
            ends = False
        if not (starts and ends):
            continue
        if kind == ">" and index > 0 and out[index - 1][1].rsplit("\n", 1)[-1] != "":
            sys.exit(f"an indented partial ({out[index][1]!r}) is not supported")
        if index > 0:
            before = out[index - 1][1]
            cut = before.rfind("\n")
            out[index - 1] = ("text", before[:cut + 1] if cut >= 0 else "")
        if index + 1 < len(out):
            after = out[index + 1][1]
            cut = after.find("\n")
            out[index + 1] = ("text", after[cut + 1:] if cut >= 0 else "")
            at_line_start.add(index + 1)
    return [item for item in out if not (item[0] == "text" and item[1] == "")]


def tree(items):
    """Nests sections: a list of ('text', s) / ('var'|'raw', name) / ('#'|'^', name, children)."""
    root = []
    stack = [(None, root)]
    for kind, value in items:
        if kind == "!":
            continue
        if kind in "#^":
            node = (kind, value, [])
            stack[-1][1].append(node)
            stack.append((value, node[2]))
        elif kind == "/":
            if stack[-1][0] != value:
                sys.exit(f"unbalanced section {value!r}")
            stack.pop()
        else:
            stack[-1][1].append((kind, value))
    if len(stack) != 1:
        sys.exit(f"unclosed section {stack[-1][0]!r}")
    return root


def swift_string(text):
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return f'"{escaped}"'


def answered(context, function):
    """The names `context` answers in its `func NAME(_ name: HTMLName…)`'s switch, and in the
    switch of the presentation's declared names (`declaredFlag`, `declaredText`) when its
    `+Values.swift`, generated by generate-message-fields.py, has one."""
    names = set()
    declared = CONTEXTS / context.replace(".swift", "+Values.swift")
    for path, name in ((CONTEXTS / context, function), (declared, "declared" + function.capitalize())):
        if not path.exists() or f"func {name}(_ name: HTMLName" not in path.read_text():
            continue
        source = path.read_text()
        start = source.index(f"func {name}(_ name: HTMLName")
        end = source.index("default:", start)
        names |= set(re.findall(r"case \.(\w+):", source[start:end]))
    return names


class Emitter:
    def __init__(self, context, closed=False):
        self.lines = []
        self.counter = 0
        # Contexts pushed by sections of flags and text: never objects, so c0 stays innermost.
        self.scalar = set()
        self.flags = answered(context, "flag")
        self.texts = answered(context, "text")
        # Names written straight into the buffer, already safe: no string is made for them.
        self.written = answered(context, "write")
        # Whether every name must be one c0 answers by type (a chain has no outer context).
        self.closed = closed
        # Contexts pushed by {{#bubbles}}: a bubble each, written by the message writer.
        self.bubbles = set()

    def direct(self, contexts):
        """Whether c0 is the innermost object, so its typed answers can be read directly."""
        return all(context == "c0" or context in self.scalar for context in contexts)

    def emit(self, depth, line):
        self.lines.append("    " * depth + line)

    def lookup(self, name, contexts):
        inner = [f"{context}?.value(.{name})" for context in reversed(contexts[1:])]
        return " ?? ".join(inner + [f"c0.value(.{name})", ".null"])

    def nodes(self, nodes, contexts, depth):
        for node in nodes:
            kind = node[0]
            if kind == ">":
                if node[1] != "message" or not contexts or contexts[-1] not in self.bubbles:
                    sys.exit(f"the partial {node[1]!r} is supported only as {{{{>message}}}} in {{{{#bubbles}}}}")
                self.emit(depth, f"MessageHTMLWriter.write({contexts[-1]}, into: &out)")
                continue
            if kind == "#" and node[1] == "bubbles" and self.closed and contexts == ["c0"]:
                self.counter += 1
                context = f"c{self.counter}"
                self.bubbles.add(context)
                self.emit(depth, f"c0.forEachBubble {{ {context} in")
                self.nodes(node[2], contexts + [context], depth + 1)
                self.emit(depth, "}")
                continue
            known = node[1] in self.flags | self.texts | self.written
            if self.closed and kind != "text" and not (self.direct(contexts) and known):
                sys.exit(f"{{{{{node[1]}}}}} is not a name the chain's context answers by type")
            if kind == "text":
                self.emit(depth, f"out.write({swift_string(node[1])})")
            elif kind == "var" and self.direct(contexts) and node[1] in self.written:
                self.emit(depth, f"_ = c0.write(.{node[1]}, into: &out)")
            elif kind == "var" and self.direct(contexts) and node[1] in self.texts:
                self.emit(depth, f"out.writeEscaped(c0.text(.{node[1]}) ?? \"\")")
            elif kind == "var" and self.direct(contexts) and node[1] in self.flags:
                self.emit(depth, f"out.write(c0.flag(.{node[1]}) == true ? \"true\" : \"false\")")
            elif kind == "var":
                self.emit(depth, f"out.writeValue({self.lookup(node[1], contexts)}, escaped: true)")
            elif kind == "raw":
                if node[1] in ("body", "inlineBody") and all(c == "c0" or c in self.scalar for c in contexts):
                    method = "writeBody" if node[1] == "body" else "writeInlineBody"
                    self.emit(depth, f"c0.{method}(into: &out)")
                else:
                    self.emit(depth, f"out.writeValue({self.lookup(node[1], contexts)}, escaped: false)")
            elif kind == "^" and self.direct(contexts) and node[1] in self.flags:
                self.emit(depth, f"if c0.flag(.{node[1]}) != true {{")
                self.nodes(node[2], contexts, depth + 1)
                self.emit(depth, "}")
            elif kind == "^" and self.direct(contexts) and node[1] in self.texts:
                self.emit(depth, f"if (c0.text(.{node[1]}) ?? \"\").isEmpty {{")
                self.nodes(node[2], contexts, depth + 1)
                self.emit(depth, "}")
            elif kind == "#" and self.direct(contexts) and node[1] in self.flags:
                self.emit(depth, f"if c0.flag(.{node[1]}) == true {{")
                self.nodes(node[2], contexts, depth + 1)
                self.emit(depth, "}")
            elif kind == "#" and self.direct(contexts) and node[1] in self.texts:
                self.emit(depth, f"if !(c0.text(.{node[1]}) ?? \"\").isEmpty {{")
                self.nodes(node[2], contexts, depth + 1)
                self.emit(depth, "}")
            elif kind == "^":
                self.emit(depth, f"if !({self.lookup(node[1], contexts)}).isTruthy {{")
                self.nodes(node[2], contexts, depth + 1)
                self.emit(depth, "}")
            else:
                self.counter += 1
                context = f"c{self.counter}"
                self.emit(depth, f"sections({self.lookup(node[1], contexts)}) {{ {context} in")
                self.nodes(node[2], contexts + [context], depth + 1)
                self.emit(depth, "}")


HEADER = '''// Generated by scripts/generate-message-writer.py from Templates/html/message.mustache: do not edit.
// Change the template, then run `python3 scripts/generate-message-writer.py`; a test fails while
// this file is out of date, so the template stays the one source of the message markup.

import ScrollbackLayout
import ScrollbackModel

/// `message.mustache`, compiled to Swift: the built-in message template written straight into the
/// page's buffer, with the template's text as literals and no template walk. Used only while the
/// page's `message` template is the built-in one; a theme or `--templates` override is walked.
enum MessageHTMLWriter {
    static func write(_ c0: BubbleContext, into out: inout MustacheOutput) {
'''

FOOTER = '''    }

    /// A section's value pushed as Mustache does: each element of a list, a truthy value once.
    @inline(__always)
    private static func sections(_ value: MustacheValue, _ body: ((any HTMLContext)?) -> Void) {
        switch value {
        case .list(let values): for element in values { body(element.htmlContext) }
        case .lazyList(let count, let element): for index in 0..<count { body(element(index).htmlContext) }
        case .aheadList(let list): for index in 0..<list.count { body(list.element(index).htmlContext) }
        default: if value.isTruthy { body(value.htmlContext) }
        }
    }
}

extension MustacheValue {
    /// The context a section pushes, when the value is one the HTML templates can ask.
    fileprivate var htmlContext: (any HTMLContext)? {
        if case .object(let object) = self { return object as? any HTMLContext }
        return nil
    }
}

extension MustacheOutput {
    /// A variable's value as the template walk prints it: text (escaped or not), or `true`/`false`.
    fileprivate mutating func writeValue(_ value: MustacheValue, escaped: Bool) {
        switch value {
        case .string(let text): if escaped { writeEscaped(text) } else { write(text) }
        case .bool(let flag): write(flag ? "true" : "false")
        case .null, .list, .lazyList, .aheadList, .object: break
        }
    }
}
'''


CHAIN_HEADER = '''// Generated by scripts/generate-message-writer.py from Templates/html/chain.mustache: do not edit.
// Change the template, then run `python3 scripts/generate-message-writer.py`; a test fails while
// this file is out of date, so the template stays the one source of the chain markup.

/// `chain.mustache`, compiled to Swift: the built-in chain template written straight into the
/// page's buffer, its bubbles by `MessageHTMLWriter`. Used only while the page's `chain` and
/// `message` templates are both the built-in ones; a theme or `--templates` override is walked.
enum ChainHTMLWriter {
    static func write(_ c0: ChainContext, into out: inout MustacheOutput) {
'''

CHAIN_FOOTER = '''    }
}
'''

WRITERS = [
    ("message.mustache", "BubbleContext.swift", "MessageHTMLWriter.swift", HEADER, FOOTER, False),
    ("chain.mustache", "HTMLDayContexts.swift", "ChainHTMLWriter.swift", CHAIN_HEADER, CHAIN_FOOTER, True),
]


def generate(template, context, output, header, footer, closed):
    emitter = Emitter(context, closed)
    emitter.nodes(tree(tokens((TEMPLATES / template).read_text())), ["c0"], 2)
    source = header + "\n".join(emitter.lines) + "\n" + footer
    # Laid out by the project's own swift-format configuration, so the lint stays clean.
    formatted = subprocess.run(
        ["swift", "format", "--configuration", str(ROOT / ".swift-format"), "--assume-filename",
         str(CONTEXTS / output)],
        input=source, capture_output=True, text=True, check=True)
    return formatted.stdout


def main():
    stale = []
    for template, context, output, header, footer, closed in WRITERS:
        text = generate(template, context, output, header, footer, closed)
        path = CONTEXTS / output
        if "--check" in sys.argv[1:]:
            if not path.exists() or path.read_text() != text:
                stale.append(path)
        else:
            path.write_text(text)
    for path in stale:
        print(f"{path.relative_to(ROOT)} is out of date: run python3 scripts/generate-message-writer.py",
              file=sys.stderr)
    if stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
