#!/usr/bin/env python3
"""Deterministic benchmark corpora for Scrollback.

Writes native Scrollback JSON logs with a seeded generator: 2-6 senders, chains of
random length, Markdown bodies (code, lists, links, tables, emoji, CJK, RTL),
replies and reactions, or a plain-text variant. The same arguments always give
the same bytes.

    corpus.py --messages 100000 --style markdown --seed 1 -o out.json
    corpus.py --messages 1000000 --conversations 50 --style markdown -o DIR
"""
import argparse
import json
import os
import random

WORDS = ("the a we it on at to for with brunch trail ticket train rain coffee station summit lake "
         "tomorrow tonight later maybe sure great thanks sorry running late see you there plan "
         "map route car boots jacket snack photo call meeting draft review merge deploy bug fix").split()
CJK = ["今日は", "天気", "いいですね", "明天见", "好的", "谢谢", "회의", "시작합니다"]
RTL = ["שלום", "מה נשמע", "مرحبا", "كيف حالك", "شكرا"]
EMOJI = ["👍", "😂", "🎉", "❤️", "🙌", "☕", "🥾", "👨‍👩‍👧", "🇩🇪", "👍🏽"]
NAMES = ["Ana Lima", "Ben Okafor", "Chiara Rossi", "Dev Patel", "Eun-ji Park", "Farah Haddad"]


def sentence(rng, low=3, high=14):
    words = [rng.choice(WORDS) for _ in range(rng.randint(low, high))]
    return " ".join(words).capitalize()


def markdown_body(rng):
    roll = rng.random()
    if roll < 0.45:
        text = sentence(rng)
        if rng.random() < 0.3:
            text += " **" + rng.choice(WORDS) + "**"
        if rng.random() < 0.2:
            text += " _" + rng.choice(WORDS) + "_ " + rng.choice(EMOJI)
        return text + rng.choice([".", "!", "?", ""])
    if roll < 0.55:
        return sentence(rng) + " " + rng.choice(CJK) + rng.choice(CJK)
    if roll < 0.62:
        return rng.choice(RTL) + " " + rng.choice(RTL)
    if roll < 0.70:
        return "See https://example.org/" + rng.choice(WORDS) + "/" + str(rng.randint(1, 999)) + " and [the notes](https://example.com/n)"
    if roll < 0.78:
        lines = ["- [x] " + rng.choice(WORDS), "- [ ] " + rng.choice(WORDS), "- " + sentence(rng, 2, 5)]
        return sentence(rng, 2, 6) + ":\n\n" + "\n".join(lines)
    if roll < 0.86:
        code = "\n".join("    let x%d = %d" % (i, rng.randint(0, 99)) for i in range(rng.randint(1, 4)))
        return "Try this:\n\n```swift\nfunc f() {\n" + code + "\n}\n```"
    if roll < 0.92:
        rows = "\n".join("| %s | %d |" % (rng.choice(WORDS), rng.randint(1, 99)) for _ in range(rng.randint(1, 4)))
        return "| item | n |\n|---|--:|\n" + rows
    if roll < 0.96:
        return "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 3)))
    return "> " + sentence(rng) + "\n\n" + sentence(rng) + " `" + rng.choice(WORDS) + "()`"


def plain_body(rng):
    text = sentence(rng, 2, 16)
    return text + rng.choice([".", "!", "?", ""])


def conversation(rng, count, style, start, label):
    senders = rng.randint(2, 6)
    ids = ["p%d" % i for i in range(senders)]
    participants = [{"id": pid, "name": NAMES[i]} for i, pid in enumerate(ids)]
    body = markdown_body if style == "markdown" else plain_body
    messages = []
    t = start
    sender = ids[0]
    remaining_in_chain = 0
    for n in range(count):
        if remaining_in_chain == 0:
            sender = rng.choice(ids)
            remaining_in_chain = rng.randint(1, 6)
            t += rng.randint(120, 7200)
        else:
            t += rng.randint(2, 240)
        remaining_in_chain -= 1
        m = {"id": "%s%d" % (label, n + 1), "sender": sender, "time": iso(t), "text": body(rng)}
        if style != "markdown":
            m["format"] = "plain"
        if n > 3 and rng.random() < 0.05:
            m["replyTo"] = "%s%d" % (label, rng.randint(max(1, n - 50), n))
        if rng.random() < 0.04:
            m["reactions"] = [{"emoji": rng.choice(EMOJI), "by": rng.sample(ids, rng.randint(1, len(ids)))}]
        if sender == ids[0] and rng.random() < 0.5:
            m["status"] = rng.choice(["sent", "delivered", "read"])
        messages.append(m)
    return {"version": 1, "title": "Conversation %s" % label, "me": ids[0], "timeZone": "Europe/Berlin",
            "participants": participants, "messages": messages}, t


def iso(t):
    import datetime
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")


def write(path, doc):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, ensure_ascii=False, separators=(",", ":"))
        f.write("\n")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, required=True)
    parser.add_argument("--conversations", type=int, default=1)
    parser.add_argument("--style", choices=["markdown", "plain"], default="markdown")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--bodies", help="also write the bodies, separated by blank lines, to this file")
    parser.add_argument("-o", "--output", required=True)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    start = 1_577_836_800  # 2020-01-01T00:00:00Z
    per = args.messages // args.conversations
    bodies = open(args.bodies, "w", encoding="utf-8") if args.bodies else None
    if args.conversations == 1:
        doc, _ = conversation(rng, args.messages, args.style, start, "m")
        write(args.output, doc)
        docs = [doc]
    else:
        os.makedirs(args.output, exist_ok=True)
        docs = []
        for c in range(args.conversations):
            doc, _ = conversation(rng, per, args.style, start + c * 3600, "c%02dm" % c)
            write(os.path.join(args.output, "conversation-%02d.json" % c), doc)
            if bodies:
                docs.append(doc)
    if bodies:
        for doc in docs:
            for m in doc["messages"]:
                bodies.write(m["text"] + "\n\n")
        bodies.close()


if __name__ == "__main__":
    main()
