#!/usr/bin/env python3
"""One seeded conversation written in every import format Scrollback reads.

The same messages (senders, times, words, replies, reactions, edits, attachments,
threads) come out as each app writes them, with each app's own markup:

    telegram   result.json of one chat: text_entities (bold, italic, strikethrough,
               code, pre, text_link, link, mention, spoiler), replies, reactions,
               edits, photos and files, service messages
    whatsapp   Android _chat.txt: *bold* _italic_ ~strike~ ```mono```, multi-line
               messages, "<This message was edited>", attached files, deleted messages
    slack      export folder (users.json, channels.json, general/YYYY-MM-DD.json):
               mrkdwn, <@U…> mentions, <url|label> links, threads, reactions, files,
               edits, channel_join
    discord    DiscordChatExporter JSON: Markdown, ||spoilers||, replies, reactions,
               attachments, edits
    chatgpt    conversations.json: a mapping tree, user text and assistant Markdown
    messenger  message_1.json: newest first, Latin-1-escaped UTF-8, reactions, photos
    claude     Claude Code session .jsonl: text, tool_use and tool_result records
    imessage   a Mac's chat.db: attributedBody runs, tapback rows, thread replies, edit
               history, attachments (the schema of scripts/imessage-testdb.py)
    jsonl      Scrollback's native JSON Lines, the reference every ratio is taken to

Every format holds the same number of messages people see (`manifest.json` gives
them), so a render of each must show that many. The same arguments always give
the same bytes.

    imports.py --messages 100000 --seed 7 -o DIR [--formats telegram,slack,...]
"""
import argparse
import datetime
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))

WORDS = ("the a we it on at to for with brunch trail ticket train rain coffee station summit lake "
         "tomorrow tonight later maybe sure great thanks sorry running late see you there plan "
         "map route car boots jacket snack photo call meeting draft review merge deploy bug fix").split()
CJK = ["今日は", "天気", "いいですね", "明天见", "好的", "谢谢"]
EMOJI = ["👍", "😂", "🎉", "❤️", "🙌", "☕"]
SLACK_EMOJI = {"👍": "+1", "😂": "joy", "🎉": "tada", "❤️": "heart", "🙌": "raised_hands", "☕": "coffee"}
NAMES = ["Ana Lima", "Ben Okafor", "Chiara Rossi", "Dev Patel"]
FORMATS = ["telegram", "whatsapp", "slack", "discord", "chatgpt", "messenger", "claude", "imessage", "jsonl"]
START = 1_577_836_800  # 2020-01-01T00:00:00Z
OFFSET = 3600  # the exporter's clock: UTC+1


def words(rng, low, high):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def spans(rng):
    """A message body as spans (kind, text[, target]); each format writes them in its markup."""
    roll = rng.random()
    result = [("plain", words(rng, 3, 12).capitalize())]
    if roll < 0.40:
        return result + [("plain", rng.choice([".", "!", "?", ""]))]
    if roll < 0.50:
        return result + [("plain", " "), ("bold", rng.choice(WORDS)), ("plain", " and "), ("italic", rng.choice(WORDS))]
    if roll < 0.56:
        return result + [("plain", " "), ("strike", rng.choice(WORDS)), ("plain", " " + rng.choice(CJK))]
    if roll < 0.64:
        return result + [("plain", " see "), ("link", "the notes", "https://example.com/n/%d" % rng.randint(1, 999))]
    if roll < 0.70:
        return result + [("plain", " "), ("url", "https://example.org/%s" % rng.choice(WORDS))]
    if roll < 0.76:
        return result + [("plain", " run "), ("code", rng.choice(WORDS) + "()")]
    if roll < 0.81:
        code = "\n".join("let x%d = %d" % (i, rng.randint(0, 99)) for i in range(rng.randint(1, 3)))
        return result + [("plain", ":"), ("pre", code)]
    if roll < 0.86:
        return result + [("plain", "\n" + words(rng, 2, 8))]
    if roll < 0.90:
        return result + [("plain", " "), ("spoiler", words(rng, 1, 3))]
    if roll < 0.94:
        return result + [("plain", " "), ("mention", rng.randrange(len(NAMES)))]
    return [("plain", "".join(rng.choice(EMOJI) for _ in range(rng.randint(1, 3))))]


def conversation(count, seed):
    """The messages every format writes: a list of dicts with abstract fields."""
    rng = random.Random(seed)
    people = len(NAMES)
    messages = []
    t = START
    sender = 0
    left = 0
    for n in range(count):
        if left == 0:
            sender = rng.randrange(people)
            left = rng.randint(1, 6)
            t += rng.randint(120, 7200)
        else:
            t += rng.randint(2, 240)
        left -= 1
        m = {"n": n, "sender": sender, "time": t, "spans": spans(rng)}
        if n > 3 and rng.random() < 0.05:
            m["reply"] = rng.randint(max(0, n - 40), n - 1)
        if rng.random() < 0.05:
            m["reactions"] = [(rng.choice(EMOJI), sorted(rng.sample(range(people), rng.randint(1, 3))))]
        if rng.random() < 0.03:
            m["edited"] = t + rng.randint(5, 100)
        if rng.random() < 0.03:
            m["attachment"] = ("image", "photo_%d.jpg" % n) if rng.random() < 0.6 else ("file", "notes-%d.pdf" % n)
        messages.append(m)
    return messages


def plain_text(spans, people=NAMES):
    out = []
    for kind, *rest in spans:
        if kind == "mention":
            out.append("@" + people[rest[0]].split()[0])
        elif kind == "pre":
            out.append("\n" + rest[0])
        else:
            out.append(rest[0])
    return "".join(out)


def iso(t, offset=0, fraction=False):
    moment = datetime.datetime.fromtimestamp(t + offset, datetime.timezone.utc).replace(tzinfo=None)
    return moment.strftime("%Y-%m-%dT%H:%M:%S") + (".000" if fraction else "")


def dump(path, value, indent=None):
    """Writes JSON as the app does: indented (Telegram 1, Discord and Meta 2, Slack 4) or on one line."""
    with open(path, "w", encoding="utf-8") as f:
        json.dump(value, f, ensure_ascii=False, indent=indent, separators=(",", ": ") if indent else (",", ":"))
        f.write("\n")


# --- Telegram ---------------------------------------------------------------------------------

def telegram(messages, out):
    entities_for = {"bold": "bold", "italic": "italic", "strike": "strikethrough", "code": "code", "pre": "pre",
                    "spoiler": "spoiler", "url": "link"}
    items = [{"id": 1, "type": "service", "date": iso(START, OFFSET), "date_unixtime": str(START),
              "actor": NAMES[0], "actor_id": "user100", "action": "create_group", "title": "Bench trip",
              "members": NAMES, "text": "", "text_entities": []}]
    visible = 1
    for m in messages:
        entities = []
        for kind, *rest in m["spans"]:
            if kind == "plain":
                entities.append({"type": "plain", "text": rest[0]})
            elif kind == "link":
                entities.append({"type": "text_link", "text": rest[0], "href": rest[1]})
            elif kind == "mention":
                entities.append({"type": "mention", "text": "@" + NAMES[rest[0]].split()[0].lower()})
            elif kind == "pre":
                entities.append({"type": "plain", "text": "\n"})
                entities.append({"type": "pre", "text": rest[0], "language": "swift"})
            else:
                entities.append({"type": entities_for[kind], "text": rest[0]})
        text = entities[0]["text"] if len(entities) == 1 and entities[0]["type"] == "plain" else \
            [e["text"] if e["type"] == "plain" else e for e in entities]
        item = {"id": m["n"] + 2, "type": "message", "date": iso(m["time"], OFFSET), "date_unixtime": str(m["time"]),
                "from": NAMES[m["sender"]], "from_id": "user%d" % (100 + m["sender"])}
        if "edited" in m:
            item["edited"] = iso(m["edited"], OFFSET)
            item["edited_unixtime"] = str(m["edited"])
        if "reply" in m:
            item["reply_to_message_id"] = m["reply"] + 2
        attachment = m.get("attachment")
        if attachment and attachment[0] == "image":
            item.update({"photo": "photos/" + attachment[1], "width": 1280, "height": 960})
        elif attachment:
            item.update({"file": "files/" + attachment[1], "file_name": attachment[1], "mime_type": "application/pdf"})
        item["text"] = text
        item["text_entities"] = entities
        if "reactions" in m:
            emoji, by = m["reactions"][0]
            item["reactions"] = [{"type": "emoji", "count": len(by), "emoji": emoji,
                                  "recent": [{"from": NAMES[p], "from_id": "user%d" % (100 + p), "date": item["date"]}
                                             for p in by]}]
        items.append(item)
        visible += 1
    dump(os.path.join(out, "result.json"),
         {"name": "Bench trip", "type": "private_group", "id": 4242, "messages": items}, indent=1)
    return "result.json", visible


# --- WhatsApp ---------------------------------------------------------------------------------

def whatsapp(messages, out):
    marks = {"bold": "*%s*", "italic": "_%s_", "strike": "~%s~", "code": "`%s`", "pre": "```%s```", "spoiler": "%s"}
    visible = 0
    with open(os.path.join(out, "_chat.txt"), "w", encoding="utf-8") as f:
        for m in messages:
            stamp = datetime.datetime.fromtimestamp(m["time"] + OFFSET, datetime.timezone.utc)
            parts = []
            for kind, *rest in m["spans"]:
                if kind in ("plain", "url"):
                    parts.append(rest[0])
                elif kind == "link":
                    parts.append(rest[0] + " " + rest[1])
                elif kind == "mention":
                    parts.append("@" + NAMES[rest[0]].split()[0])
                elif kind == "pre":
                    parts.append("\n" + marks["pre"] % rest[0].replace("\n", " "))
                else:
                    parts.append(marks[kind] % rest[0])
            body = "".join(parts)
            attachment = m.get("attachment")
            if attachment:
                name = ("IMG-%s-WA%04d.jpg" if attachment[0] == "image" else "DOC-%s-WA%04d.pdf") % (
                    stamp.strftime("%Y%m%d"), m["n"] % 10000)
                body = name + " (file attached)\n" + body
            if "edited" in m:
                body += " <This message was edited>"
            f.write("%s - %s: %s\n" % (stamp.strftime("%d/%m/%Y, %H:%M"), NAMES[m["sender"]], body))
            visible += 1
    return "_chat.txt", visible


# --- Slack ------------------------------------------------------------------------------------

def slack(messages, out):
    users = [{"id": "U%03d" % i, "name": name.split()[0].lower(), "real_name": name, "deleted": False,
              "profile": {"display_name": name.split()[0], "real_name": name}} for i, name in enumerate(NAMES)]
    dump(os.path.join(out, "users.json"), users, indent=4)
    dump(os.path.join(out, "channels.json"), [{"id": "C0BENCH", "name": "general", "created": START,
                                               "members": [u["id"] for u in users], "topic": {"value": ""},
                                               "purpose": {"value": "Trip planning"}}], indent=4)
    os.makedirs(os.path.join(out, "general"), exist_ok=True)
    marks = {"bold": "*%s*", "italic": "_%s_", "strike": "~%s~", "code": "`%s`", "spoiler": "%s"}
    ts_of = {}
    root_of = {}
    days = {}
    first_day = datetime.datetime.fromtimestamp(START, datetime.timezone.utc).strftime("%Y-%m-%d")
    days[first_day] = [{"type": "message", "subtype": "channel_join", "user": "U000", "ts": "%d.000000" % START,
                        "text": "<@U000> has joined the channel"}]
    visible = 1
    replies = {}
    for m in messages:
        ts = "%d.%06d" % (m["time"], m["n"] % 1_000_000)
        ts_of[m["n"]] = ts
        parts = []
        for kind, *rest in m["spans"]:
            if kind == "plain":
                parts.append(rest[0].replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))
            elif kind == "link":
                parts.append("<%s|%s>" % (rest[1], rest[0]))
            elif kind == "url":
                parts.append("<%s>" % rest[0])
            elif kind == "mention":
                parts.append("<@U%03d>" % rest[0])
            elif kind == "pre":
                parts.append("\n```%s```" % rest[0])
            else:
                parts.append(marks[kind] % rest[0])
        item = {"client_msg_id": "c%08d" % m["n"], "type": "message", "text": "".join(parts),
                "user": "U%03d" % m["sender"], "ts": ts, "team": "T0BENCH",
                "user_profile": {"display_name": NAMES[m["sender"]].split()[0], "real_name": NAMES[m["sender"]]}}
        if "reply" in m:
            # A reply to a thread reply joins that thread: Slack threads are one level deep.
            root = root_of.get(m["reply"], m["reply"])
            root_of[m["n"]] = root
            parent = ts_of[root]
            item["thread_ts"] = parent
            item["parent_user_id"] = "U%03d" % messages[root]["sender"]
            replies.setdefault(parent, []).append({"user": item["user"], "ts": ts})
        if "edited" in m:
            item["edited"] = {"user": item["user"], "ts": "%d.000000" % m["edited"]}
        if "reactions" in m:
            emoji, by = m["reactions"][0]
            item["reactions"] = [{"name": SLACK_EMOJI[emoji], "users": ["U%03d" % p for p in by], "count": len(by)}]
        attachment = m.get("attachment")
        if attachment:
            name = attachment[1]
            item["files"] = [{"id": "F%07d" % m["n"], "name": name, "title": name, "size": 48213,
                              "mimetype": "image/jpeg" if attachment[0] == "image" else "application/pdf",
                              "url_private": "https://files.slack.com/files-pri/T0BENCH-F%07d/%s" % (m["n"], name)}]
        day = datetime.datetime.fromtimestamp(m["time"], datetime.timezone.utc).strftime("%Y-%m-%d")
        days.setdefault(day, []).append(item)
        visible += 1
    for day, items in days.items():
        for item in items:
            if item["ts"] in replies:
                item["thread_ts"] = item["ts"]
                item["reply_count"] = len(replies[item["ts"]])
                item["replies"] = replies[item["ts"]]
        dump(os.path.join(out, "general", day + ".json"), items, indent=4)
    return ".", visible


# --- Discord ----------------------------------------------------------------------------------

def discord(messages, out):
    marks = {"bold": "**%s**", "italic": "*%s*", "strike": "~~%s~~", "code": "`%s`", "spoiler": "||%s||"}
    authors = [{"id": str(900000000000000000 + i), "name": name.split()[0].lower(), "discriminator": "0000",
                "nickname": name, "color": None, "isBot": False, "roles": [],
                "avatarUrl": "https://cdn.discordapp.com/embed/avatars/%d.png" % i} for i, name in enumerate(NAMES)]
    items = []
    for m in messages:
        parts = []
        for kind, *rest in m["spans"]:
            if kind in ("plain", "url"):
                parts.append(rest[0])
            elif kind == "link":
                parts.append("[%s](%s)" % (rest[0], rest[1]))
            elif kind == "mention":
                parts.append("@" + NAMES[rest[0]])
            elif kind == "pre":
                parts.append("\n```swift\n%s\n```" % rest[0])
            else:
                parts.append(marks[kind] % rest[0])
        item = {"id": str(1100000000000000000 + m["n"]), "type": "Reply" if "reply" in m else "Default",
                "timestamp": iso(m["time"], 0, True) + "+00:00",
                "timestampEdited": iso(m["edited"], 0, True) + "+00:00" if "edited" in m else None,
                "callEndedTimestamp": None, "isPinned": False, "content": "".join(parts),
                "author": authors[m["sender"]], "attachments": [], "embeds": [], "stickers": [], "reactions": [],
                "mentions": []}
        attachment = m.get("attachment")
        if attachment:
            item["attachments"] = [{"id": str(1200000000000000000 + m["n"]), "fileName": attachment[1],
                                    "fileSizeBytes": 48213,
                                    "url": "https://cdn.discordapp.com/attachments/1/%d/%s" % (m["n"], attachment[1])}]
        if "reactions" in m:
            emoji, by = m["reactions"][0]
            item["reactions"] = [{"emoji": {"id": "", "name": emoji, "code": SLACK_EMOJI[emoji], "isAnimated": False,
                                            "imageUrl": ""}, "count": len(by),
                                  "users": [authors[p] for p in by]}]
        if "reply" in m:
            item["reference"] = {"messageId": str(1100000000000000000 + m["reply"]), "channelId": "1000",
                                 "guildId": "2000"}
        items.append(item)
    dump(os.path.join(out, "discord.json"),
         {"guild": {"id": "2000", "name": "Hikers", "iconUrl": ""},
          "channel": {"id": "1000", "type": "GuildTextChat", "categoryId": "3000", "category": "Text Channels",
                      "name": "trip", "topic": None},
          "dateRange": {"after": None, "before": None}, "exportedAt": iso(START, 0, True) + "+00:00",
          "messages": items, "messageCount": len(items)}, indent=2)
    return "discord.json", len(items)


# --- ChatGPT ----------------------------------------------------------------------------------

def chatgpt(messages, out):
    marks = {"bold": "**%s**", "italic": "*%s*", "strike": "~~%s~~", "code": "`%s`", "spoiler": "%s"}
    mapping = {"root": {"id": "root", "message": None, "parent": None, "children": []}}
    parent = "root"
    for m in messages:
        user = m["n"] % 2 == 0
        parts = []
        for kind, *rest in m["spans"]:
            if kind in ("plain", "url"):
                parts.append(rest[0])
            elif kind == "link":
                parts.append(rest[0] + " " + rest[1] if user else "[%s](%s)" % (rest[0], rest[1]))
            elif kind == "mention":
                parts.append(NAMES[rest[0]])
            elif kind == "pre":
                parts.append("\n" + rest[0] if user else "\n\n```swift\n%s\n```" % rest[0])
            else:
                parts.append(rest[0] if user else marks[kind] % rest[0])
        node = "n%07d" % m["n"]
        mapping[node] = {"id": node, "parent": parent, "children": [],
                         "message": {"id": node, "author": {"role": "user" if user else "assistant", "name": None,
                                                            "metadata": {}},
                                     "create_time": m["time"] + (m["n"] % 1000) / 1000.0, "update_time": None,
                                     "content": {"content_type": "text", "parts": ["".join(parts)]},
                                     "status": "finished_successfully", "end_turn": None if user else True,
                                     "weight": 1.0, "metadata": {}, "recipient": "all"}}
        mapping[parent]["children"].append(node)
        parent = node
    dump(os.path.join(out, "conversations.json"),
         [{"title": "Bench trip", "create_time": float(START), "update_time": float(messages[-1]["time"]),
           "mapping": mapping, "moderation_results": [], "current_node": parent, "plugin_ids": None,
           "conversation_id": "c0ffee00-0000-4000-8000-000000000001", "id": "c0ffee00-0000-4000-8000-000000000001"}])
    return "conversations.json", len(messages)


# --- Messenger --------------------------------------------------------------------------------

def mojibake(text):
    """Meta's export writes each UTF-8 byte as its own code point."""
    return text.encode("utf-8").decode("latin-1")


def messenger(messages, out):
    items = []
    for m in messages:
        item = {"sender_name": mojibake(NAMES[m["sender"]]), "timestamp_ms": m["time"] * 1000 + m["n"] % 1000,
                "content": mojibake(plain_text(m["spans"])), "is_geoblocked_for_viewer": False}
        attachment = m.get("attachment")
        if attachment and attachment[0] == "image":
            item["photos"] = [{"uri": "messages/inbox/benchtrip_4242/photos/" + attachment[1],
                               "creation_timestamp": m["time"]}]
        elif attachment:
            item["files"] = [{"uri": "messages/inbox/benchtrip_4242/files/" + attachment[1],
                              "creation_timestamp": m["time"]}]
        if "reactions" in m:
            emoji, by = m["reactions"][0]
            item["reactions"] = [{"reaction": mojibake(emoji), "actor": mojibake(NAMES[p])} for p in by]
        items.append(item)
    items.reverse()
    folder = os.path.join(out, "messages", "inbox", "benchtrip_4242")
    os.makedirs(folder, exist_ok=True)
    dump(os.path.join(folder, "message_1.json"),
         {"participants": [{"name": mojibake(n)} for n in NAMES], "messages": items, "title": "Bench trip",
          "is_still_participant": True, "thread_path": "inbox/benchtrip_4242", "magic_words": []}, indent=2)
    return "messages/inbox/benchtrip_4242/message_1.json", len(items)


# --- Claude Code ------------------------------------------------------------------------------

def claude(messages, out):
    marks = {"bold": "**%s**", "italic": "*%s*", "strike": "~~%s~~", "code": "`%s`", "spoiler": "%s"}
    session = "5e55104e-0000-4000-8000-00000000beef"
    previous = None
    visible = 0
    with open(os.path.join(out, "session.jsonl"), "w", encoding="utf-8") as f:
        f.write(json.dumps({"type": "summary", "summary": "Bench trip", "leafUuid": "u%07d" % (len(messages) - 1)}) + "\n")
        for m in messages:
            user = m["n"] % 2 == 0
            parts = []
            for kind, *rest in m["spans"]:
                if kind in ("plain", "url"):
                    parts.append(rest[0])
                elif kind == "link":
                    parts.append(rest[0] + " " + rest[1] if user else "[%s](%s)" % (rest[0], rest[1]))
                elif kind == "mention":
                    parts.append(NAMES[rest[0]])
                elif kind == "pre":
                    parts.append("\n" + rest[0] if user else "\n\n```swift\n%s\n```" % rest[0])
                else:
                    parts.append(rest[0] if user else marks[kind] % rest[0])
            uuid = "u%07d" % m["n"]
            record = {"parentUuid": previous, "isSidechain": False, "userType": "external", "cwd": "/home/ana/trip",
                      "sessionId": session, "version": "1.0.51", "gitBranch": "main",
                      "type": "user" if user else "assistant", "uuid": uuid,
                      "timestamp": iso(m["time"], 0) + ".%03dZ" % (m["n"] % 1000)}
            if user:
                record["message"] = {"role": "user", "content": "".join(parts)}
            else:
                content = [{"type": "text", "text": "".join(parts)}]
                tool = m["n"] % 10 == 1
                if tool:
                    content.append({"type": "tool_use", "id": "toolu_%07d" % m["n"], "name": "Bash",
                                    "input": {"command": "ls -la trip/%d" % m["n"], "description": "List files"}})
                record["message"] = {"id": "msg_%07d" % m["n"], "type": "message", "role": "assistant",
                                     "model": "claude-sonnet-4-20250514", "content": content,
                                     "stop_reason": "tool_use" if tool else "end_turn", "stop_sequence": None,
                                     "usage": {"input_tokens": 12, "output_tokens": 40}}
                record["requestId"] = "req_%07d" % m["n"]
            f.write(json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n")
            visible += 1
            previous = uuid
            if not user and m["n"] % 10 == 1:
                result = {"parentUuid": uuid, "isSidechain": False, "userType": "external", "cwd": "/home/ana/trip",
                          "sessionId": session, "version": "1.0.51", "gitBranch": "main", "type": "user",
                          "uuid": uuid + "r", "timestamp": iso(m["time"] + 1, 0) + ".000Z",
                          "message": {"role": "user", "content": [
                              {"tool_use_id": "toolu_%07d" % m["n"], "type": "tool_result",
                               "content": "total 0\n-rw-r--r-- 1 ana ana 0 plan.md", "is_error": False}]}}
                f.write(json.dumps(result, separators=(",", ":")) + "\n")
                previous = uuid + "r"
    return "session.jsonl", visible


# --- native JSON Lines ------------------------------------------------------------------------

def jsonl(messages, out):
    marks = {"bold": "**%s**", "italic": "*%s*", "strike": "~~%s~~", "code": "`%s`", "spoiler": "||%s||"}
    with open(os.path.join(out, "log.jsonl"), "w", encoding="utf-8") as f:
        f.write(json.dumps({"type": "conversation", "title": "Bench trip", "timeZone": "Etc/GMT-1",
                            "participants": [{"id": "p%d" % i, "name": n} for i, n in enumerate(NAMES)]},
                           ensure_ascii=False) + "\n")
        f.write(json.dumps({"id": "m0", "kind": "system", "time": iso(START) + "Z",
                            "text": "Ana Lima created the group “Bench trip”"}, ensure_ascii=False) + "\n")
        for m in messages:
            parts = []
            for kind, *rest in m["spans"]:
                if kind in ("plain", "url"):
                    parts.append(rest[0])
                elif kind == "link":
                    parts.append("[%s](%s)" % (rest[0], rest[1]))
                elif kind == "mention":
                    parts.append("@" + NAMES[rest[0]].split()[0])
                elif kind == "pre":
                    parts.append("\n\n```swift\n%s\n```" % rest[0])
                else:
                    parts.append(marks[kind] % rest[0])
            item = {"id": "m%d" % (m["n"] + 1), "sender": "p%d" % m["sender"], "time": iso(m["time"]) + "Z",
                    "text": "".join(parts)}
            if "reply" in m:
                item["replyTo"] = "m%d" % (m["reply"] + 1)
            if "edited" in m:
                item["edited"] = iso(m["edited"]) + "Z"
            if "reactions" in m:
                emoji, by = m["reactions"][0]
                item["reactions"] = [{"emoji": emoji, "by": ["p%d" % p for p in by]}]
            attachment = m.get("attachment")
            if attachment:
                item["attachments"] = [{"path": ("photos/" if attachment[0] == "image" else "files/") + attachment[1],
                                        "type": "image/jpeg" if attachment[0] == "image" else "application/pdf"}]
            f.write(json.dumps(item, ensure_ascii=False, separators=(",", ":")) + "\n")
    return "log.jsonl", len(messages) + 1


def imessage(messages, out):
    """A Mac's chat.db (scripts/imessage-testdb.py's schema): one group chat, bodies only in
    attributedBody as newer macOS writes them, tapbacks as rows of their own, thread replies,
    edits with their history, attachments whose files are not on disk. Ana is the owner (`me`)."""
    import importlib.util
    spec = importlib.util.spec_from_file_location("imessage_testdb", os.path.join(HERE, "..", "imessage-testdb.py"))
    testdb = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(testdb)
    db = testdb.Database(os.path.join(out, "chat.db"))
    handles = [0] + [db.handle("+1555030%04d" % i) for i in range(1, len(NAMES))]
    chat = db.chat("chat-bench", handles[1:], name="Bench trip", group=True)
    base = 1795857240  # the script's BASE, in Unix seconds

    def minutes(t):
        return (t - base) / 60

    db.message(chat, minutes(START), me=True, item_type=2, group_title="Bench trip", text=None, guid="m0")
    tapbacks = {"❤️": 2000, "👍": 2001, "😂": 2003}
    visible = 1
    for m in messages:
        runs = []
        for kind, *rest in m["spans"]:
            attributes = {}
            text = rest[0]
            if kind == "bold":
                attributes["__kIMTextBoldAttributeName"] = 1
            elif kind == "italic":
                attributes["__kIMTextItalicAttributeName"] = 1
            elif kind == "strike":
                attributes["__kIMTextStrikethroughAttributeName"] = 1
            elif kind in ("link", "url"):
                attributes["__kIMLinkAttributeName"] = ("url", rest[-1])
            elif kind == "mention":
                text = "@" + NAMES[rest[0]].split()[0]
                attributes["__kIMMentionConfirmedMention"] = "+1555030%04d" % rest[0]
            elif kind == "pre":
                text = "\n" + rest[0]
            if text:
                runs.append((text, attributes))
        me = m["sender"] == 0
        columns = {"text": None, "attributedBody": testdb.body(*runs)}
        attachment = m.get("attachment")
        files = []
        if attachment:
            name = attachment[1]
            runs.insert(0, ("\ufffc", {"__kIMFileTransferGUIDAttributeName": "at-%d" % m["n"]}))
            columns["attributedBody"] = testdb.body(*[(t, dict(a, __kIMMessagePartAttributeName=0 if i == 0 else 1))
                                                      for i, (t, a) in enumerate(runs)])
            files = [{"guid": "at-%d" % m["n"], "filename": "~/Library/Messages/Attachments/%s" % name,
                      "mime_type": "image/jpeg" if attachment[0] == "image" else "application/pdf",
                      "transfer_name": name, "total_bytes": 1000}]
            visible += 1
        if "reply" in m:
            columns["thread_originator_guid"] = "m%d" % (m["reply"] + 1)
            columns["thread_originator_part"] = "0:0:1"
        if "edited" in m:
            columns["date_edited"] = (m["edited"] - 978307200) * testdb.NS
            text = "".join(t for t, _ in runs if t != "\ufffc")
            columns["message_summary_info"] = testdb.edit_history(1 if attachment else 0, [
                ("(earlier) " + text, m["time"] - 978307200), (text, m["edited"] - 978307200)])
        db.message(chat, minutes(m["time"]), handles[m["sender"]], me=me, files=files, guid="m%d" % (m["n"] + 1),
                   is_read=int(me), **columns)
        visible += 1
        for emoji, by in m.get("reactions", []):
            for person in by:
                kind = tapbacks.get(emoji, 2006)
                db.message(chat, minutes(m["time"]) + 0.1, handles[person], me=person == 0,
                           associated_message_guid="p:%d/m%d" % (1 if attachment else 0, m["n"] + 1),
                           associated_message_type=kind, associated_message_emoji=None if kind != 2006 else emoji)
    db.close()
    return "chat.db", visible


WRITERS = {"telegram": telegram, "whatsapp": whatsapp, "slack": slack, "discord": discord, "chatgpt": chatgpt,
           "messenger": messenger, "claude": claude, "imessage": imessage, "jsonl": jsonl}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--messages", type=int, required=True)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--formats", default=",".join(FORMATS))
    parser.add_argument("-o", "--output", required=True, help="a folder; each format gets a subfolder")
    args = parser.parse_args()
    messages = conversation(args.messages, args.seed)
    manifest_path = os.path.join(args.output, "manifest.json")
    manifest = json.load(open(manifest_path)) if os.path.exists(manifest_path) else {}
    for name in args.formats.split(","):
        folder = os.path.join(args.output, name)
        os.makedirs(folder, exist_ok=True)
        path, visible = WRITERS[name](messages, folder)
        manifest[name] = {"input": os.path.normpath(os.path.join(name, path)), "messages": visible}
    dump(manifest_path, manifest)


if __name__ == "__main__":
    main()
