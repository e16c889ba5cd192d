#!/usr/bin/env python3
"""Builds Messages databases for Scrollback's tests, screenshots and benchmark.

No real chat.db is public, so these are made from the schema (the `message`, `handle`, `chat`,
`chat_message_join`, `chat_handle_join`, `attachment` and `message_attachment_join` tables as
macOS and iOS write them) with real column values where they exist: the typedstream
`attributedBody` blobs and the edit-history and link-preview plists in
../shared/fixtures/imessage/imessage-exporter/. Bodies the fixtures lack (bold, mentions, links,
effects) are written by a small typedstream writer below.

    python3 scripts/imessage-testdb.py OUT [--fixtures DIR] [--bench MESSAGES]

writes, under OUT:
    mac/chat.db, mac/Attachments/…      a Mac's Messages folder: a 1:1 chat (and an SMS chat with the
                                        same person), a group, an SMS chat
    old/chat.db                         an older schema: dates in seconds, no edit or emoji columns
    backup/Manifest.db, backup/3d/3d0d7e5fb2ce288813306e4d4636395e047a3d28, backup/xx/<sha1>
                                        an unencrypted iPhone backup
    hostile/paths/chat.db (+ Attachments/ with a symbolic link out), hostile/corrupt.db,
    hostile/truncated.db, hostile/other.db (SQLite, not Messages)
    showcase/chat.db                    one short chat of everything, for screenshots
    people/people.vcf, people/AddressBook-v22.abcddb
                                        the handles' names, as a vCard file and a Contacts database
    bench/chat.db                       with --bench N: N messages in 20 chats
The output is the same for the same arguments (no clock, no randomness but a seeded one).
"""
import argparse
import ctypes
import hashlib
import os
import plistlib
import random
import shutil
import sqlite3
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FIXTURES = os.path.join(HERE, "..", "..", "shared", "fixtures", "imessage", "imessage-exporter")
NS = 1_000_000_000
# 2026-11-28 09:14:00 UTC as Messages stores it: nanoseconds since 2001-01-01 UTC.
BASE = (1795857240 - 978307200) * NS

SCHEMA = """
CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT UNIQUE, id TEXT NOT NULL, country TEXT,
    service TEXT NOT NULL, uncanonicalized_id TEXT, person_centric_id TEXT, UNIQUE (id, service));
CREATE TABLE chat (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, style INTEGER,
    state INTEGER, account_id TEXT, properties BLOB, chat_identifier TEXT, service_name TEXT, room_name TEXT,
    account_login TEXT, is_archived INTEGER DEFAULT 0, last_addressed_handle TEXT, display_name TEXT,
    group_id TEXT, is_filtered INTEGER DEFAULT 0, successful_query INTEGER DEFAULT 1);
CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, text TEXT,
    replace INTEGER DEFAULT 0, service_center TEXT, handle_id INTEGER DEFAULT 0, subject TEXT, country TEXT,
    attributedBody BLOB, version INTEGER DEFAULT 0, type INTEGER DEFAULT 0, service TEXT, account TEXT,
    account_guid TEXT, error INTEGER DEFAULT 0, date INTEGER, date_read INTEGER, date_delivered INTEGER,
    is_delivered INTEGER DEFAULT 0, is_finished INTEGER DEFAULT 0, is_emote INTEGER DEFAULT 0,
    is_from_me INTEGER DEFAULT 0, is_empty INTEGER DEFAULT 0, is_delayed INTEGER DEFAULT 0,
    is_auto_reply INTEGER DEFAULT 0, is_prepared INTEGER DEFAULT 0, is_read INTEGER DEFAULT 0,
    is_system_message INTEGER DEFAULT 0, is_sent INTEGER DEFAULT 0, has_dd_results INTEGER DEFAULT 0,
    is_service_message INTEGER DEFAULT 0, is_forward INTEGER DEFAULT 0, was_downgraded INTEGER DEFAULT 0,
    is_archive INTEGER DEFAULT 0, cache_has_attachments INTEGER DEFAULT 0, cache_roomnames TEXT,
    was_data_detected INTEGER DEFAULT 0, was_deduplicated INTEGER DEFAULT 0, is_audio_message INTEGER DEFAULT 0,
    is_played INTEGER DEFAULT 0, date_played INTEGER, item_type INTEGER DEFAULT 0, other_handle INTEGER DEFAULT 0,
    group_title TEXT, group_action_type INTEGER DEFAULT 0, share_status INTEGER DEFAULT 0,
    share_direction INTEGER DEFAULT 0, is_expirable INTEGER DEFAULT 0, expire_state INTEGER DEFAULT 0,
    message_action_type INTEGER DEFAULT 0, message_source INTEGER DEFAULT 0,
    associated_message_guid TEXT DEFAULT NULL, associated_message_type INTEGER DEFAULT 0,
    balloon_bundle_id TEXT DEFAULT NULL, payload_data BLOB, expressive_send_style_id TEXT DEFAULT NULL,
    associated_message_range_location INTEGER DEFAULT 0, associated_message_range_length INTEGER DEFAULT 0,
    time_expressive_send_played INTEGER DEFAULT 0, message_summary_info BLOB DEFAULT NULL,
    ck_sync_state INTEGER DEFAULT 0, ck_record_id TEXT DEFAULT NULL, ck_record_change_tag TEXT DEFAULT NULL,
    destination_caller_id TEXT DEFAULT NULL, is_corrupt INTEGER DEFAULT 0, reply_to_guid TEXT DEFAULT NULL,
    sort_id INTEGER DEFAULT 0, is_spam INTEGER DEFAULT 0, has_unseen_mention INTEGER DEFAULT 0,
    thread_originator_guid TEXT DEFAULT NULL, thread_originator_part TEXT DEFAULT NULL,
    syndication_ranges TEXT DEFAULT NULL, was_delivered_quietly INTEGER DEFAULT 0,
    did_notify_recipient INTEGER DEFAULT 0, synced_syndication_ranges TEXT DEFAULT NULL,
    date_retracted INTEGER DEFAULT 0, date_edited INTEGER DEFAULT 0, was_detonated INTEGER DEFAULT 0,
    part_count INTEGER, is_stewie INTEGER DEFAULT 0, is_kt_verified INTEGER DEFAULT 0,
    is_sos INTEGER DEFAULT 0, is_critical INTEGER DEFAULT 0, bia_reference_id TEXT DEFAULT NULL,
    fallback_hash TEXT DEFAULT NULL, associated_message_emoji TEXT DEFAULT NULL, is_pending_satellite_send INTEGER DEFAULT 0);
CREATE TABLE attachment (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT UNIQUE NOT NULL, created_date INTEGER DEFAULT 0,
    start_date INTEGER DEFAULT 0, filename TEXT, uti TEXT, mime_type TEXT, transfer_state INTEGER DEFAULT 0,
    is_outgoing INTEGER DEFAULT 0, user_info BLOB, transfer_name TEXT, total_bytes INTEGER DEFAULT 0,
    is_sticker INTEGER DEFAULT 0, sticker_user_info BLOB, attribution_info BLOB, hide_attachment INTEGER DEFAULT 0,
    ck_sync_state INTEGER DEFAULT 0, ck_server_change_token_blob BLOB, ck_record_id TEXT,
    original_guid TEXT UNIQUE NOT NULL, is_commsafety_sensitive INTEGER DEFAULT 0);
CREATE TABLE chat_handle_join (chat_id INTEGER REFERENCES chat (ROWID) ON DELETE CASCADE,
    handle_id INTEGER REFERENCES handle (ROWID) ON DELETE CASCADE, UNIQUE(chat_id, handle_id));
CREATE TABLE chat_message_join (chat_id INTEGER REFERENCES chat (ROWID) ON DELETE CASCADE,
    message_id INTEGER REFERENCES message (ROWID) ON DELETE CASCADE, message_date INTEGER DEFAULT 0,
    PRIMARY KEY (chat_id, message_id));
CREATE TABLE message_attachment_join (message_id INTEGER REFERENCES message (ROWID) ON DELETE CASCADE,
    attachment_id INTEGER REFERENCES attachment (ROWID) ON DELETE CASCADE, UNIQUE(message_id, attachment_id));
CREATE INDEX message_idx_date ON message(date);
CREATE INDEX chat_message_join_idx_message_date_id_chat_id ON chat_message_join(chat_id, message_date, message_id);
"""

# An older database (macOS 10.12 and before): dates in seconds, none of the newer columns.
OLD_DROPPED = {"date_retracted", "date_edited", "was_detonated", "part_count", "is_stewie", "is_kt_verified",
               "is_sos", "is_critical", "bia_reference_id", "fallback_hash", "associated_message_emoji",
               "is_pending_satellite_send", "thread_originator_guid", "thread_originator_part",
               "syndication_ranges", "was_delivered_quietly", "did_notify_recipient", "synced_syndication_ranges",
               "message_summary_info"}


# ---------------------------------------------------------------------------------------------
# typedstream (NSArchiver) writer, for attributedBody values the fixtures do not have.

class TypedStream:
    """Writes an NSMutableAttributedString the way Messages archives one: as NSArchiver does, an
    object written before (an attribute's name, a number: the same object on a Mac) is named again
    by its number, and so is a C string (an NSNumber's type)."""

    def __init__(self):
        self.out = bytearray(b"\x04\x0bstreamtyped\x81\xe8\x03")
        self.strings = {}
        self.objects = 0
        self.classes = {}
        self.seen = {}

    def raw_integer(self, value):
        # One signed byte, except the values that are tags (0x81 to 0x86 and below); else 2 or 4 bytes.
        if -110 <= value <= 127:
            self.out += struct.pack("<b", value)
        elif -32768 <= value < 32768:
            self.out += b"\x81" + struct.pack("<h", value)
        else:
            self.out += b"\x82" + struct.pack("<i", value)

    def reference(self, number):
        value = number - 110
        self.out += struct.pack("<b", value) if value <= 127 else b"\x81" + struct.pack("<h", value)

    def shared(self, text):
        data = text.encode()
        if data in self.strings:
            self.reference(self.strings[data])
            return
        self.strings[data] = len(self.strings)
        self.out += b"\x84"
        self.raw_integer(len(data))
        self.out += data

    def class_chain(self, chain):
        for name, version in chain:
            if name in self.classes:
                self.reference(self.classes[name])
                return
            self.out += b"\x84"
            self.shared(name)
            self.raw_integer(version)
            self.classes[name] = self.objects
            self.objects += 1
        self.out += b"\x85"

    def begin(self, chain):
        self.shared("@")
        self.out += b"\x84"
        self.objects += 1
        self.class_chain(chain)

    def again(self, identity, type_code="@"):
        """Names an object or C string written before, after its type (None: written already); if it
        was not written before, False, and the next number is kept for it."""
        if identity not in self.seen:
            self.seen[identity] = self.objects
            return False
        if type_code:
            self.shared(type_code)
        self.reference(self.seen[identity])
        return True

    def end(self):
        self.out += b"\x86"

    def nsstring(self, text):
        self.begin([("NSString", 1), ("NSObject", 0)])
        self.shared("+")
        data = text.encode()
        self.raw_integer(len(data))
        self.out += data
        self.end()

    def name(self, text):
        """An attribute's name: one object, whichever dictionary names it."""
        if not self.again(("name", text)):
            self.nsstring(text)

    def nsnumber(self, value):
        if self.again(("number", value)):
            return
        self.begin([("NSNumber", 0), ("NSValue", 0), ("NSObject", 0)])
        self.shared("*")
        if not self.again(("cstring", "q"), type_code=None):
            self.out += b"\x84"
            self.objects += 1
            self.shared("q")
        self.shared("q")
        self.raw_integer(value)
        self.end()

    def nsurl(self, url):
        self.begin([("NSURL", 0), ("NSObject", 0)])
        self.shared("c")
        self.raw_integer(0)
        self.nsstring(url)
        self.end()

    def attributed(self, runs):
        """`runs`: [(text, {attribute: value})]; values are str, int or ("url", str)."""
        self.begin([("NSMutableAttributedString", 0), ("NSAttributedString", 0), ("NSObject", 0)])
        text = "".join(run[0] for run in runs)
        self.begin([("NSMutableString", 1), ("NSString", 1), ("NSObject", 0)])
        self.shared("+")
        data = text.encode()
        self.raw_integer(len(data))
        self.out += data
        self.end()
        seen = []
        for run_text, attributes in runs:
            key = sorted(attributes.items(), key=lambda item: item[0])
            self.shared("iI")
            if key in seen:
                self.raw_integer(seen.index(key) + 1)
                self.raw_integer(len(run_text.encode("utf-16-le")) // 2)
                continue
            seen.append(key)
            self.raw_integer(len(seen))
            self.raw_integer(len(run_text.encode("utf-16-le")) // 2)
            self.begin([("NSDictionary", 0), ("NSObject", 0)])
            self.shared("i")
            self.raw_integer(len(key))
            for name, value in key:
                self.name(name)
                if isinstance(value, tuple):
                    self.nsurl(value[1])
                elif isinstance(value, int):
                    self.nsnumber(value)
                else:
                    self.nsstring(value)
            self.end()
        self.end()
        return bytes(self.out)


def body(*runs):
    """An attributedBody: runs of (text, attributes); every run is in part 0 unless it says."""
    filled = []
    for text, attributes in runs:
        attributes = dict(attributes)
        attributes.setdefault("__kIMMessagePartAttributeName", 0)
        filled.append((text, attributes))
    return TypedStream().attributed(filled)


def edit_history(part, versions):
    """A message_summary_info plist with the versions (text, seconds since 2001) of one part."""
    entries = [{"d": float(when), "t": body((text, {"__kIMMessagePartAttributeName": part}))}
               for text, when in versions]
    return plistlib.dumps({"amc": 0, "ec": {str(part): entries}, "ep": [part], "otr": {}, "ust": True},
                          fmt=plistlib.FMT_BINARY)


# ---------------------------------------------------------------------------------------------
# Files for attachments.

def png(width, height, top, bottom):
    """A PNG with a vertical gradient from colour `top` to `bottom` (RGB tuples)."""
    rows = bytearray()
    for y in range(height):
        t = y / max(1, height - 1)
        colour = bytes(int(top[i] + (bottom[i] - top[i]) * t) for i in range(3))
        rows += b"\x00" + colour * width

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + \
        chunk(b"IEND", b"")


class HeifError(ctypes.Structure):
    _fields_ = [("code", ctypes.c_int), ("subcode", ctypes.c_int), ("message", ctypes.c_char_p)]


def heic(width, height, top, bottom):
    """A HEIC photo made with libheif's HEVC encoder (Debian's libheif1), or None without it."""
    try:
        lib = ctypes.CDLL("libheif.so.1")
    except OSError:
        return None
    lib.heif_context_alloc.restype = ctypes.c_void_p
    for name in ["heif_image_create", "heif_image_add_plane", "heif_context_get_encoder_for_format",
                 "heif_context_encode_image", "heif_context_write_to_file", "heif_encoder_set_lossy_quality"]:
        getattr(lib, name).restype = HeifError
    lib.heif_image_get_plane.restype = ctypes.POINTER(ctypes.c_uint8)
    if hasattr(lib, "heif_init"):
        lib.heif_init(None)
    context = ctypes.c_void_p(lib.heif_context_alloc())
    image = ctypes.c_void_p()
    # heif_colorspace_RGB = 1, heif_chroma_interleaved_RGB = 10, heif_channel_interleaved = 10
    if lib.heif_image_create(width, height, 1, 10, ctypes.byref(image)).code:
        return None
    lib.heif_image_add_plane(image, 10, width, height, 8)
    stride = ctypes.c_int()
    plane = lib.heif_image_get_plane(image, 10, ctypes.byref(stride))
    for y in range(height):
        t = y / max(1, height - 1)
        colour = [int(top[i] + (bottom[i] - top[i]) * t) for i in range(3)]
        for x in range(width):
            offset = y * stride.value + x * 3
            plane[offset], plane[offset + 1], plane[offset + 2] = colour
    encoder = ctypes.c_void_p()
    if lib.heif_context_get_encoder_for_format(context, 1, ctypes.byref(encoder)).code:
        return None
    lib.heif_encoder_set_lossy_quality(encoder, 60)
    if lib.heif_context_encode_image(context, image, encoder, None, None).code:
        return None
    path = "/tmp/scrollback-imessage-%d.heic" % os.getpid()
    if lib.heif_context_write_to_file(context, path.encode()).code:
        return None
    with open(path, "rb") as f:
        data = f.read()
    os.remove(path)
    return data


# ---------------------------------------------------------------------------------------------
# Databases.

class Database:
    def __init__(self, path, old=False):
        if os.path.exists(path):
            os.remove(path)
        self.db = sqlite3.connect(path)
        self.old = old
        self.db.executescript(SCHEMA)
        if old:
            for column in sorted(OLD_DROPPED):
                self.db.execute("ALTER TABLE message DROP COLUMN %s" % column)
        self.columns = {row[1] for row in self.db.execute("PRAGMA table_info(message)")}
        self.count = 0

    def handle(self, handle, service="iMessage"):
        cursor = self.db.execute("INSERT INTO handle (id, country, service) VALUES (?, 'us', ?)", (handle, service))
        return cursor.lastrowid

    def chat(self, identifier, members, name=None, group=False, service="iMessage"):
        guid = "%s;%s;%s" % (service, "+" if group else "-", identifier)
        cursor = self.db.execute(
            "INSERT INTO chat (guid, style, state, chat_identifier, service_name, display_name) VALUES (?,?,3,?,?,?)",
            (guid, 43 if group else 45, identifier, service, name))
        for member in members:
            self.db.execute("INSERT INTO chat_handle_join VALUES (?, ?)", (cursor.lastrowid, member))
        return cursor.lastrowid

    def message(self, chat, minutes, handle=0, me=False, files=(), **columns):
        self.count += 1
        guid = columns.pop("guid", "%08X-0000-4000-8000-%012X" % (chat, self.count))
        date = BASE + int(minutes * 60 * NS)
        if self.old:
            date //= NS
        values = {"guid": guid, "handle_id": handle, "is_from_me": int(me), "date": date,
                  "service": columns.pop("service", "iMessage"), "is_finished": 1,
                  "is_sent": int(me), "is_delivered": 1 if me else 0, "cache_has_attachments": int(bool(files))}
        values.update(columns)
        values = {k: v for k, v in values.items() if k in self.columns}
        cursor = self.db.execute(
            "INSERT INTO message (%s) VALUES (%s)" % (", ".join(values), ", ".join("?" * len(values))),
            list(values.values()))
        self.db.execute("INSERT INTO chat_message_join VALUES (?, ?, ?)", (chat, cursor.lastrowid, date))
        for file in files:
            file = dict(file)
            file.setdefault("guid", "at_%d_%s" % (self.count, guid))
            file.setdefault("original_guid", file["guid"])
            attachment = self.db.execute(
                "INSERT INTO attachment (%s) VALUES (%s)" % (", ".join(file), ", ".join("?" * len(file))),
                list(file.values()))
            self.db.execute("INSERT INTO message_attachment_join VALUES (?, ?)", (cursor.lastrowid, attachment.lastrowid))
        return guid

    def close(self):
        self.db.commit()
        self.db.execute("VACUUM")
        self.db.close()


def fixture(fixtures, name):
    with open(os.path.join(fixtures, name), "rb") as f:
        return f.read()


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


BEN, LEE, SAM, KAI = "+15550100001", "lee@example.org", "+15550100003", "+15550100004"


def attachment_files(photo_heic):
    """name → (bytes, mime, uti) of the files the sample chats send."""
    return {
        "IMG_0042.HEIC": (photo_heic, "image/heic", "public.heic"),
        "trail.png": (png(96, 64, (40, 120, 200), (240, 200, 120)), "image/png", "public.png"),
        "sticker.png": (png(48, 48, (250, 180, 40), (250, 90, 60)), "image/png", "public.png"),
        "Audio Message.caf": (b"caff\x00\x01\x00\x00" + bytes(64), "audio/x-caf", "com.apple.coreaudio-format"),
        "clip.mov": (b"\x00\x00\x00\x14ftypqt  \x00\x00\x00\x00qt  " + bytes(32), "video/quicktime", "com.apple.quicktime-movie"),
        "route.pdf": (b"%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n", "application/pdf", "com.adobe.pdf"),
        "voice.m4a": (b"\x00\x00\x00\x18ftypM4A \x00\x00\x00\x00M4A isom" + bytes(16), "audio/x-m4a", "com.apple.m4a-audio"),
        "voice-note.amr": (b"#!AMR\n" + bytes(32), "audio/amr", "org.3gpp.adaptive-multi-rate-audio"),
    }


def sample(db, fixtures, files, place):
    """The sample chats: every kind of row the reader turns into something; `place(name)` stores a file
    and gives the `filename` the database names it by."""
    ben = db.handle(BEN)
    lee = db.handle(LEE)
    sam = db.handle(SAM, "SMS")
    kai = db.handle(KAI)

    def attach(name, **extra):
        data, mime, uti = files[name]
        entry = {"filename": place(name, data), "mime_type": mime, "uti": uti, "transfer_name": name,
                 "total_bytes": len(data), "transfer_state": 5}
        entry.update(extra)
        return entry

    one = db.chat(BEN, [ben])
    first = db.message(one, 0, ben, text="Still on for Saturday? 2*3*4 stays as typed", guid="MSG-FIRST")
    mine = db.message(one, 1, me=True, text="Yes! Leaving at 8", date_read=BASE + 2 * 60 * NS, is_read=1,
                      guid="MSG-YES")
    db.message(one, 2, ben, text=None, attributedBody=fixture(fixtures, "streamtyped/AttributedBodyTextOnly"))
    db.message(one, 3, me=True, text="Bold, italic, a link and Ben", attributedBody=body(
        ("Bold", {"__kIMTextBoldAttributeName": 1}), (", ", {}),
        ("italic", {"__kIMTextItalicAttributeName": 1}), (", ", {}),
        ("struck", {"__kIMTextStrikethroughAttributeName": 1}), (", a ", {}),
        ("link", {"__kIMLinkAttributeName": ("url", "https://example.org/trail")}), (" and ", {}),
        ("Ben", {"__kIMMentionConfirmedMention": BEN}), (" ", {}),
        ("shaking", {"__kIMTextEffectAttributeName": 9})), guid="MSG-STYLED")
    # Underline and the iOS 18 text effects, by Messages' numbers for them (an unknown one last).
    effects = [("Underlined", {"__kIMTextUnderlineAttributeName": 1})]
    for name, number in [("big", 5), ("small", 11), ("shake", 9), ("nod", 8), ("explode", 12), ("ripple", 4),
                         ("bloom", 6), ("jitter", 10), ("new", 99)]:
        effects += [(" ", {}), (name, {"__kIMTextEffectAttributeName": number})]
    db.message(one, 3.5, ben, text=None, attributedBody=body(*effects), guid="MSG-EFFECTS")
    photo = db.message(one, 4, ben, text="\ufffcLook at this view", guid="MSG-PHOTO", attributedBody=body(
        ("\ufffc", {"__kIMFileTransferGUIDAttributeName": "at_photo", "__kIMMessagePartAttributeName": 0}),
        ("Look at this view", {"__kIMMessagePartAttributeName": 1})),
        files=[attach("IMG_0042.HEIC", guid="at_photo")])
    db.message(one, 5, me=True, associated_message_guid="p:1/" + photo, associated_message_type=2000, text="Loved “Look at this view”")
    db.message(one, 5.1, me=True, associated_message_guid="p:0/" + photo, associated_message_type=2004, text="Emphasized an image")
    db.message(one, 5.2, ben, associated_message_guid="p:0/" + mine, associated_message_type=2001)
    db.message(one, 5.3, ben, associated_message_guid="p:0/" + mine, associated_message_type=3001)
    db.message(one, 5.4, ben, associated_message_guid="p:0/" + mine, associated_message_type=2003)
    db.message(one, 5.5, me=True, associated_message_guid="p:0/" + first, associated_message_type=2006,
               associated_message_emoji="🔥")
    db.message(one, 6, ben, text="Thread reply: yes, Saturday", thread_originator_guid=first,
               thread_originator_part="0:0:43", guid="MSG-REPLY")
    db.message(one, 7, me=True, text="Meet at the north trailhead", date_edited=BASE + int(7.5 * 60 * NS),
               message_summary_info=edit_history(0, [("Meet at the south trailhead", 817550000),
                                                     ("Meet at the north trailhead", 817550030)]),
               guid="MSG-EDITED", is_read=1, date_read=BASE + 8 * 60 * NS)
    db.message(one, 7.2, me=True, text=None, attributedBody=None, date_retracted=BASE + int(7.3 * 60 * NS),
               message_summary_info=fixture(fixtures, "edited_message/Deleted.plist"), guid="MSG-UNSENT")
    db.message(one, 8, ben, text="https://chrissardegna.com", balloon_bundle_id="com.apple.messages.URLBalloonProvider",
               payload_data=fixture(fixtures, "url_message/URL.plist"), guid="MSG-LINK")
    db.message(one, 9, ben, text="https://maps.apple.com/?address=Cherry%20Cove,%20Avalon,%20CA%20%2090704,%20United%20States&ll=33.450858,-118.508212&q=Cherry%20Cove&t=m",
               balloon_bundle_id="com.apple.messages.URLBalloonProvider",
               payload_data=fixture(fixtures, "shared_placemark/SharedPlacemark.plist"), guid="MSG-PLACE")
    db.message(one, 10, me=True, text="Secret: the summit has cake",
               expressive_send_style_id="com.apple.MobileSMS.expressivesend.invisibleink", guid="MSG-INK")
    db.message(one, 10.5, me=True, text="SATURDAY!", expressive_send_style_id="com.apple.MobileSMS.expressivesend.impact",
               guid="MSG-SLAM")
    db.message(one, 11, ben, text="\ufffc", is_audio_message=1, files=[attach("Audio Message.caf")], guid="MSG-CAF")
    db.message(one, 11.5, ben, text="\ufffc", is_audio_message=1, files=[attach("voice.m4a")], guid="MSG-VOICE")
    db.message(one, 12, ben, text="\ufffc", files=[attach("sticker.png", is_sticker=1)], guid="MSG-STICKER")
    db.message(one, 13, me=True, text="\ufffc", files=[attach("clip.mov")], guid="MSG-VIDEO")
    db.message(one, 14, me=True, text="\ufffcThe route", files=[attach("route.pdf")], guid="MSG-FILE")
    db.message(one, 15, ben, text="\ufffc", files=[{"filename": "~/Library/Messages/Attachments/zz/99/gone/IMG_9999.JPG",
                                                     "mime_type": "image/jpeg", "transfer_name": "IMG_9999.JPG",
                                                     "total_bytes": 204800}], guid="MSG-MISSING")
    db.message(one, 16, ben, text=None, attributedBody=fixture(fixtures, "streamtyped/MultiPart"), guid="MSG-MULTI",
               files=[attach("trail.png", guid="at_%d_F0668F79-20C2-49C9-A87F-1B007ABB0CED" % n) for n in (0, 2, 4)])
    db.message(one, 17, ben, text=None, attributedBody=fixture(fixtures, "streamtyped/URL"), guid="MSG-URLBODY")
    db.message(one, 18, me=True, text="This one did not go through", error=22, is_sent=0, is_delivered=0,
               guid="MSG-FAILED")
    db.message(one, 19, ben, text="\ufffc", balloon_bundle_id=
               "com.apple.messages.MSMessageExtensionBalloonPlugin:0000000000:com.example.polls.MessagesExtension",
               guid="MSG-APP")
    db.message(one, 20, me=True, text="See you there", guid="MSG-LAST", is_delivered=1, date_delivered=BASE + 20 * 60 * NS)

    group = db.chat("chat493810235721", [ben, lee, kai], name="Hike crew", group=True)
    db.message(group, 30, me=True, item_type=2, group_title="Hike crew", text=None, guid="GRP-NAMED")
    db.message(group, 31, me=True, item_type=1, group_action_type=0, other_handle=kai, text=None, guid="GRP-ADDED")
    db.message(group, 32, lee, item_type=3, group_action_type=1, text=None, guid="GRP-PHOTO")
    db.message(group, 33, ben, text="Who brings the map?", guid="GRP-Q")
    db.message(group, 34, lee, text="Me", guid="GRP-A")
    db.message(group, 35, kai, text="I will bring snacks", guid="GRP-B")
    db.message(group, 35.5, kai, associated_message_guid="p:0/GRP-A", associated_message_type=2001)
    db.message(group, 35.6, ben, associated_message_guid="p:0/GRP-A", associated_message_type=2001)
    db.message(group, 36, kai, item_type=3, group_action_type=0, text=None, guid="GRP-LEFT")
    db.message(group, 37, me=True, item_type=1, group_action_type=1, other_handle=lee, text=None, guid="GRP-REMOVED")

    # Ben also texted by SMS: Messages keeps a second chat with his number, shown as one conversation.
    ben_by_sms = db.handle(BEN, "SMS")
    ben_sms = db.chat(BEN, [ben_by_sms], service="SMS")
    db.message(ben_sms, 2.5, ben_by_sms, text="No signal here, texting", service="SMS", guid="BEN-SMS-IN")
    db.message(ben_sms, 20.5, me=True, text="Texted you the map", service="SMS", guid="BEN-SMS-OUT")

    sms = db.chat(SAM, [sam], service="SMS")
    db.message(sms, 40, sam, text="Your table is ready", service="SMS", guid="SMS-IN")
    db.message(sms, 41, me=True, text="On my way", service="SMS", is_delivered=0, guid="SMS-OUT")
    db.message(sms, 42, me=True, text="Thanks!", service="RCS", is_delivered=1, guid="RCS-OUT")
    db.message(sms, 43, sam, text="\ufffc", files=[attach("voice-note.amr")], service="SMS", guid="SMS-AMR")


def mac_folder(out, fixtures, files):
    folder = os.path.join(out, "mac")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    counter = [0]

    def place(name, data):
        counter[0] += 1
        relative = "Attachments/%02x/%02d/%08X-GUID/%s" % (counter[0] * 37 % 256, counter[0], counter[0], name)
        write(os.path.join(folder, relative), data)
        return "~/Library/Messages/" + relative

    db = Database(os.path.join(folder, "chat.db"))
    sample(db, fixtures, files, place)
    db.close()
    return folder


def old_folder(out, fixtures, files):
    folder = os.path.join(out, "old")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    db = Database(os.path.join(folder, "chat.db"), old=True)
    ben = db.handle(BEN)
    chat = db.chat(BEN, [ben])
    db.message(chat, 0, ben, text="Sent in 2026, stored in seconds", guid="OLD-1")
    db.message(chat, 1, me=True, text="Old schema, still read", guid="OLD-2", is_read=1)
    db.message(chat, 2, ben, associated_message_guid="p:0/OLD-2", associated_message_type=2000)
    db.close()
    return folder


def backup_folder(out, fixtures, files):
    folder = os.path.join(out, "backup")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(os.path.join(folder, "3d"))
    manifest = sqlite3.connect(os.path.join(folder, "Manifest.db"))
    manifest.executescript("CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, "
                           "flags INTEGER, file BLOB); CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB);")
    counter = [0]

    def place(name, data):
        counter[0] += 1
        relative = "Library/SMS/Attachments/%02x/%02d/%08X-GUID/%s" % (counter[0] * 37 % 256, counter[0], counter[0], name)
        file_id = hashlib.sha1(("MediaDomain-" + relative).encode()).hexdigest()
        write(os.path.join(folder, file_id[:2], file_id), data)
        manifest.execute("INSERT INTO Files VALUES (?, 'MediaDomain', ?, 1, NULL)", (file_id, relative))
        return "~/" + relative

    sms_id = hashlib.sha1(b"HomeDomain-Library/SMS/sms.db").hexdigest()
    manifest.execute("INSERT INTO Files VALUES (?, 'HomeDomain', 'Library/SMS/sms.db', 1, NULL)", (sms_id,))
    db = Database(os.path.join(folder, "3d", sms_id))
    sample(db, fixtures, files, place)
    db.close()
    manifest.commit()
    manifest.close()
    write(os.path.join(folder, "Info.plist"), plistlib.dumps({"Device Name": "Test iPhone"}))
    write(os.path.join(folder, "Manifest.plist"), plistlib.dumps({"IsEncrypted": False}))
    return folder


def hostile_folder(out, fixtures, files, mac):
    folder = os.path.join(out, "hostile")
    shutil.rmtree(folder, ignore_errors=True)
    paths = os.path.join(folder, "paths")
    os.makedirs(os.path.join(paths, "Attachments", "ln"))
    secret = os.path.join(folder, "outside-secret.txt")
    write(secret, b"SECRET-OUTSIDE-THE-MESSAGES-FOLDER\n")
    os.symlink(secret, os.path.join(paths, "Attachments", "ln", "link.png"))
    os.symlink(folder, os.path.join(paths, "Attachments", "up"))
    write(os.path.join(paths, "Attachments", "ok", "fine.png"), files["trail.png"][0])
    db = Database(os.path.join(paths, "chat.db"))
    ben = db.handle(BEN)
    chat = db.chat(BEN, [ben])
    for number, name in enumerate(["../../etc/passwd", "/etc/passwd", "~/Library/Messages/Attachments/../../../etc/passwd",
                                   "~/Library/Messages/Attachments/ln/link.png",
                                   "~/Library/Messages/Attachments/up/outside-secret.txt",
                                   "/Users/someone/Library/Messages/../../../etc/passwd",
                                   "~/Library/Messages/Attachments/ok/fine.png"]):
        db.message(chat, number, ben, text="\ufffc", guid="HOSTILE-%d" % number,
                   files=[{"filename": name, "mime_type": "image/png", "transfer_name": "file%d.png" % number}])
    # Two messages in no chat, and a chat's row naming a message that is not there.
    for number in range(2):
        db.message(chat, 10 + number, ben, text="in no chat", guid="NO-CHAT-%d" % number)
        db.db.execute("DELETE FROM chat_message_join WHERE message_id = (SELECT max(ROWID) FROM message)")
    db.db.execute("INSERT INTO chat_message_join VALUES (?, 999999, 0)", (chat,))
    db.close()
    # A damaged page in the middle of a real database, and one cut in half.
    with open(os.path.join(mac, "chat.db"), "rb") as f:
        data = bytearray(f.read())
    page = 4096
    pages = len(data) // page
    corrupt = bytearray(data)
    for number in range(pages // 2, pages):
        corrupt[number * page:number * page + page] = bytes((number * 7 + i) % 251 for i in range(page))
    write(os.path.join(folder, "corrupt.db"), bytes(corrupt))
    write(os.path.join(folder, "truncated.db"), bytes(data[:len(data) // 3]))
    other = sqlite3.connect(os.path.join(folder, "other.db"))
    other.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT)")
    other.execute("INSERT INTO notes (body) VALUES ('not a Messages database')")
    other.commit()
    other.close()
    return folder


def showcase_folder(out, fixtures, files):
    """One chat with a little of everything, short enough for a screenshot (docs/screenshots/)."""
    folder = os.path.join(out, "showcase")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    counter = [0]

    def place(name, data):
        counter[0] += 1
        relative = "Attachments/%02d/%s" % (counter[0], name)
        write(os.path.join(folder, relative), data)
        return "~/Library/Messages/" + relative

    db = Database(os.path.join(folder, "chat.db"))
    ben = db.handle(BEN)
    chat = db.chat(BEN, [ben], name="Ben")
    first = db.message(chat, 0, ben, text="Still on for Saturday?", guid="S-1")
    yes = db.message(chat, 1, me=True, text="Yes! Leaving at 8", guid="S-2", is_read=1, date_read=BASE + 2 * 60 * NS)
    db.message(chat, 1.5, ben, associated_message_guid="p:0/" + yes, associated_message_type=2003)
    data, mime, uti = files["IMG_0042.HEIC"]
    photo = db.message(chat, 3, ben, text="\ufffcThe view from the ridge", guid="S-3", attributedBody=body(
        ("\ufffc", {"__kIMFileTransferGUIDAttributeName": "at_s3", "__kIMMessagePartAttributeName": 0}),
        ("The view from the ridge", {"__kIMMessagePartAttributeName": 1})),
        files=[{"guid": "at_s3", "filename": place("IMG_0042.HEIC", data), "mime_type": mime, "uti": uti,
                "transfer_name": "IMG_0042.HEIC", "total_bytes": len(data)}])
    db.message(chat, 3.5, me=True, associated_message_guid="p:1/" + photo, associated_message_type=2000)
    db.message(chat, 3.6, me=True, associated_message_guid="p:0/" + photo, associated_message_type=2004)
    db.message(chat, 4, ben, text=None, thread_originator_guid=first, thread_originator_part="0:0:22", guid="S-4",
               attributedBody=body(("Bring the ", {}), ("big", {"__kIMTextEffectAttributeName": 5}),
                                   (" thermos, it gets ", {}), ("cold", {"__kIMTextEffectAttributeName": 9}),
                                   (" up there", {})))
    db.message(chat, 4.5, me=True, text=None, guid="S-4b", attributedBody=body(
        ("Packed it. ", {}), ("Do not", {"__kIMTextUnderlineAttributeName": 1}), (" forget the map", {})))
    db.message(chat, 5, me=True, text="Meet at the north trailhead", date_edited=BASE + int(5.5 * 60 * NS),
               message_summary_info=edit_history(0, [("Meet at the south trailhead", 817550000),
                                                     ("Meet at the north trailhead", 817550030)]), guid="S-5")
    db.message(chat, 6, me=True, text=None, date_retracted=BASE + int(6.2 * 60 * NS),
               message_summary_info=fixture(fixtures, "edited_message/Deleted.plist"), guid="S-6")
    db.message(chat, 7, ben, text="https://chrissardegna.com", balloon_bundle_id="com.apple.messages.URLBalloonProvider",
               payload_data=fixture(fixtures, "url_message/URL.plist"), guid="S-7")
    db.message(chat, 8, ben, text="No signal up here, texting instead", service="SMS", guid="S-8")
    db.message(chat, 9, me=True, text="Got it, see you at 8", service="SMS", guid="S-9", is_delivered=1,
               date_delivered=BASE + 9 * 60 * NS)
    db.close()
    return folder


def people_folder(out):
    """A vCard file and a Contacts database naming the sample chats' handles, written as people do."""
    folder = os.path.join(out, "people")
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    write(os.path.join(folder, "people.vcf"), (
        "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Okafor;Ben;;;\r\nFN:Ben Okafor\r\n"
        "TEL;TYPE=CELL:(555) 010-0001\r\nEND:VCARD\r\n"
        "BEGIN:VCARD\r\nVERSION:4.0\r\nFN:Lee\r\n  Chen\r\nitem1.EMAIL;TYPE=INTERNET:LEE@Example.ORG\r\n"
        "TEL;VALUE=uri:tel:+1-555-010-0004\r\nEND:VCARD\r\n").encode())
    db = sqlite3.connect(os.path.join(folder, "AddressBook-v22.abcddb"))
    db.executescript("""
        CREATE TABLE ZABCDRECORD (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, ZFIRSTNAME VARCHAR, ZLASTNAME VARCHAR,
            ZNICKNAME VARCHAR, ZORGANIZATION VARCHAR);
        CREATE TABLE ZABCDPHONENUMBER (Z_PK INTEGER PRIMARY KEY, ZOWNER INTEGER, ZFULLNUMBER VARCHAR, ZLABEL VARCHAR);
        CREATE TABLE ZABCDEMAILADDRESS (Z_PK INTEGER PRIMARY KEY, ZOWNER INTEGER, ZADDRESS VARCHAR,
            ZADDRESSNORMALIZED VARCHAR);
        INSERT INTO ZABCDRECORD VALUES (1, 22, 'Ben', 'Okafor', NULL, NULL), (2, 22, NULL, NULL, NULL, 'Trail Cafe'),
            (3, 22, 'Lee', 'Chen', NULL, NULL);
        INSERT INTO ZABCDPHONENUMBER VALUES (1, 1, '+1 (555) 010-0001', '_$!<Mobile>!$_'), (2, 2, '555.010.0003', NULL),
            (3, 3, '1-555-010-0004', NULL);
        INSERT INTO ZABCDEMAILADDRESS VALUES (1, 3, 'Lee@Example.org', 'lee@example.org');
    """)
    db.commit()
    db.close()
    return folder


def bench_database(out, count):
    """`count` messages in 20 chats, mostly text, some attributed bodies, tapbacks and replies."""
    folder = os.path.join(out, "bench")
    os.makedirs(folder, exist_ok=True)
    db = Database(os.path.join(folder, "chat.db"))
    rng = random.Random(29)
    words = ("trail summit map snacks tent water early late north south bridge river camp view "
             "photo boots rain sun coffee plan").split()
    handles = [db.handle("+1555020%04d" % n) for n in range(40)]
    chats = [db.chat("+1555020%04d" % (n * 2), [handles[n * 2], handles[n * 2 + 1]], name="Chat %d" % n,
                     group=True) for n in range(20)]
    guids = {chat: [] for chat in chats}
    for number in range(count):
        chat = chats[number % 20]
        me = rng.random() < 0.4
        handle = 0 if me else handles[(number % 20) * 2 + rng.randrange(2)]
        text = " ".join(rng.choice(words) for _ in range(rng.randrange(3, 18)))
        minutes = number // 20 * 0.7
        kind = rng.random()
        if kind < 0.05 and guids[chat]:
            db.message(chat, minutes, handle, me=me, associated_message_guid="p:0/" + rng.choice(guids[chat][-50:]),
                       associated_message_type=2000 + rng.randrange(6))
            continue
        extra = {}
        if kind < 0.35:
            extra["attributedBody"] = body((text, {}))
            text_value = None if kind < 0.2 else text
        else:
            text_value = text
        if 0.35 <= kind < 0.4 and guids[chat]:
            extra["thread_originator_guid"] = guids[chat][-1]
            extra["thread_originator_part"] = "0:0:10"
        guid = db.message(chat, minutes, handle, me=me, text=text_value, **extra)
        guids[chat].append(guid)
    db.close()
    return folder


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out")
    parser.add_argument("--fixtures", default=DEFAULT_FIXTURES)
    parser.add_argument("--bench", type=int, default=0, help="also write bench/chat.db with this many messages")
    parser.add_argument("--only-bench", action="store_true", help="write only bench/chat.db")
    arguments = parser.parse_args()
    os.makedirs(arguments.out, exist_ok=True)
    if arguments.bench:
        bench_database(arguments.out, arguments.bench)
    if arguments.only_bench:
        return
    files = attachment_files(heic(320, 240, (250, 140, 60), (60, 90, 200)) or b"")
    if not files["IMG_0042.HEIC"][0]:
        print("imessage-testdb: libheif cannot encode HEIC here; the sample photo is left empty", file=sys.stderr)
    mac = mac_folder(arguments.out, arguments.fixtures, files)
    old_folder(arguments.out, arguments.fixtures, files)
    backup_folder(arguments.out, arguments.fixtures, files)
    hostile_folder(arguments.out, arguments.fixtures, files, mac)
    people_folder(arguments.out)
    showcase_folder(arguments.out, arguments.fixtures, files)


if __name__ == "__main__":
    main()
