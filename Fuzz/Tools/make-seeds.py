#!/usr/bin/env python3
"""Writes the hand-made seed inputs of each fuzz target into Fuzz/Corpus/<target>/.

Run once when adding seeds (make fuzz then grows and minimises the corpora); files are
named by the SHA-1 of their content, as libFuzzer names its own, so reruns add nothing
twice. The formats are those of Fuzz/Checks (KeyScript for editors, WidthCheck for width).
"""
import hashlib
import os
import sys

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")

ESC = "\x1b"
SANITIZE = [
    "plain text", "Zoë 漢字 👩‍💻 🇫🇷 مرحبا",
    ESC + "]52;c;ZXZpbA==\x07 clipboard", ESC + "[2J" + ESC + "[H cleared",
    ESC + "P+q544e\x1b\\ dcs", ESC + "_apc" + ESC + "\\ after", ESC + "^pm\x9c after", ESC + "Xsos\x07",
    "\u009b31mred\u009b0m", "\u009d0;title\u009c", "\u0090dcs\u009c", "\u0085next line",
    "abc\u202edcba", "\u2066isolate\u2069 \u202a\u202b\u202c\u202d", "lone\rcr", "crlf\r\nline", "back\b\b\bspace",
    "tab\there", "del\x7f", "e" + "\u0301" * 200, ESC + "(B" + ESC + "c" + ESC + "#8", ESC + "[?2004h" + ESC + "[200~",
    ESC, ESC + "[", ESC + "]unterminated", "\u200f\u200e\u061c marks", "nul\x00byte", "x" * 3000,
]
SANITIZE_BYTES = [b"\xff\xfe invalid", b"\xc3\x28", b"\xe2\x82", b"\xed\xa0\x80 surrogate", b"\xf4\x90\x80\x80", b"\xc2\x9b2J"]

HTML = [
    "<p>Hello <strong>world</strong></p>\n<p>Second&nbsp;para</p>",
    "<p>It&#8217;s &#x2019;quoted&#x2019; &amp; &lt;b&gt; &hellip;</p>",
    "<p>&#0; &#x110000; &#xD800; &#150; &#128; &#x9b;2J &#27;[2J</p>",
    "<a href=\"https://example.com/x\">a link</a> <a href=\"https://e.com\">https://e.com</a>",
    "<ul><li>one</li><li>two<ul><li>nested</li></ul></li></ul><ol><li>x</li></ol>",
    "<blockquote><p>quoted</p></blockquote><h2>Head</h2><div>div</div><br/><br /><br>",
    "<p>unterminated &amp entity &#12 &#x &unknown; &</p>", "<p attr=\"a > b\">attr</p><img src=x alt='<p>'>",
    "<script>alert(1)</script><style>p{}</style><!-- comment --> text", "<<<>>> </ p> <p <p>",
    "<p>\u009b31m\u202e" + ESC + "]52;c;x\x07</p>", "text\r\n\r\nmore\ttabs   spaces",
    "<pre>  code\n  block</pre>", "&#x202E;&#8238;&#x1b;&#155;", "<a href=\"javascript:&#x1b;[2J\">x</a>", "",
]

COMMENT = '{"id":%s,"post":1,"parent":0,"author":0,"author_name":%s,"author_url":%s,"date_gmt":%s,"content":{"rendered":%s},"link":"https://e.com/?p=1#comment-1","status":%s,"type":"comment"}'
def comment(id="7", name='"Alice"', url='""', date='"2024-05-01T10:00:00"', content='"<p>Hi</p>"', status='"approved"'):
    return COMMENT % (id, name, url, date, content, status)
JSON = [
    comment(), "[" + comment() + "," + comment(id="8", status='"hold"') + "]",
    comment(name='"evil\\u009b2J\\u202e\\u001b]52;c;x\\u0007"', content='"<p>\\u001b[2J&#8238;</p>"'),
    comment(id="-1"), comment(id="1e3"), comment(id="99999999999999999999999"), comment(id='"7"'),
    comment(date='"not a date"'), comment(date='"2024-02-30T25:61:61"'), comment(status='"weird"'),
    comment(content='null'), comment(name='"\\ud800"'), comment(name='"\\u0000"'), "[]", "{}", "null", "[1,2]",
    '{"id":1}', "[" + comment() + ",{\"id\":2}]", '{"code":"rest_forbidden","message":"No","data":{"status":403}}',
    '{"id":1,"post":1,"parent":0,"author":0,"author_name":"a","author_url":"","date_gmt":"2024-05-01T10:00:00","content":{"rendered":"x","raw":"y"},"link":"","status":"trash","type":"pingback","extra":[{}]}',
    "[" * 50 + "]" * 50, '"\\u', "",
]

def keys(header, text, *steps):
    """header byte, initial text, then raw steps: str (UTF-8 chars), int (a byte), ('code', n)."""
    out = bytes([header]) + text.encode() + b"\x00"
    for step in steps:
        if isinstance(step, str):
            out += step.encode()
        elif isinstance(step, tuple):
            out += bytes([0xF8, step[1]])
        else:
            out += bytes([step])
    return out
UP, DOWN, LEFT, RIGHT, HOME, END, PGUP, PGDN, ENTER, DEL, INS, BTAB, RESIZE, F1, F12, PASTE, PASTE_END = [("code", i) for i in range(17)]
EDITORS = [
    keys(20, "", "Hello", 13, "world", UP, LEFT, LEFT, "X", 19),
    keys(5, "line one\nline two", HOME, 11, 21, END, 23, 127, DEL, 4),
    keys(3, "漢字 and emoji 👩‍💻", LEFT, LEFT, UP, DOWN, "中", RIGHT, 1, 5),
    keys(40, "", PASTE, "pasted\ttext\r\nmore\x1b[2J\u009b", PASTE_END, 13),
    keys(12, "word word", 27, "b", 27, "f", 27, "d", 27, 127, 0, 27, 0),
    keys(1, "a\u0301\u0302 e\u0301", LEFT, 127, "\u0301", RIGHT, "\u200d", "🇫", "🇷"),
    keys(8, "", PASTE, "\x1b[201~", "after", 0),
    keys(30, "x" * 100, HOME, RIGHT, RIGHT, 11, 11, 11, 5, 13, 13, UP, UP, UP, DOWN),
    keys(9, "", RESIZE, F1, F12, BTAB, INS, PGUP, PGDN, 9, 24, 3),
    keys(10, "\u0600\u0604 prepend", END, " ", "\u0605", LEFT, "1"),
    keys(64, "", "\u202e", "\u0085", "\u0090", 0x9b, 0x1b, "[", "A", 0x7f, 0x08),
    keys(2, "tab\tin\tcomment", PASTE, "\t\u0301", PASTE_END),
]

WIDTH = [
    b"\x0dhello world", b"\x05" + "漢字漢字漢字".encode(), b"\x03" + "👩‍💻🇫🇷❤️1️⃣".encode(),
    b"\x08" + "e\u0301\u0302a\u0308".encode(), b"\x00negative", b"\x02zero", b"\x01" + "中".encode(),
    b"\x0c" + "Prepend\u0600".encode(), b"\x10" + "\u0600123 \u06dd1".encode(), b"\x07" + "\u1100\u1161\u11a8한".encode(),
    b"\x0a" + b"word " * 20, b"\x06" + "a\tb\nc d\n\nend".encode(), b"\x09" + "\u200b\u200d\ufeff\u00ad".encode(),
    b"\x0b" + "ｆｕｌｌｗｉｄｔｈ".encode(), b"\x3f" + b"x" * 200, b"\x04\xff\xfe\xc3", b"\x0e" + "\u0d4e\u0d15 \u110bd".encode(),
]

CONFIG = [
    '[site]\nurl = "https://example.com"\nuser = "alice"\napplication_password = "abcd efgh"\ntimeout = 15\n',
    '', '# only a comment\n', '[site]\n', '[site]\ntimeout = 2.5\n', '[site]\ntimeout = "soon"\n',
    '[site]\nurl = 5\n', 'site = 3\n', '[sites]\nurl = "x"\n', '[site]\napplication_pasword = "x"\n',
    '[site\nurl = 1', 'site.url = "dotted"\n', 'site = { url = "inline", user = "bob" }\n',
    '[site]\nurl = """multi\nline"""\n', "[site]\nurl = 'literal'\n", '[[site]]\nurl = "array of tables"\n',
    '[site]\nurl = "x"\n[site]\nurl = "duplicate"\n', '[site]\n"url" = "quoted key"\n', '[site]\nurl = "\\u001b[2J\\u009b"\n',
    '[site]\ntimeout = 1e400\n', '[site]\ntimeout = -0x10\n', '[site]\nurl = "x" # trailing\n\n\n[other]\n',
    'a = [1, [2, [3, [4]]]]\n', '[site]\nurl = "unterminated\n', '\ufeff[site]\n', '[site]\ntimeout = 1979-05-27T07:32:00Z\n',
]

# search: header byte (needle length - 1 in its low bits; 0x80 repeats the text around the
# needle), the needle, the text. The phrases of issue 29, needles of 15 to 40 bytes in texts
# a little longer, accents and combining marks, emoji.
def search(needle, text, repeat=False):
    n = needle.encode()
    return bytes([(len(n) - 1) % 80 | (0x80 if repeat else 0)]) + n + text.encode()
SEARCH = [
    search("Thanks for writing this. The", "Great post! Thanks for writing this. The part about"),
    search("Thanks for writing this. The", "x" * 20 + "Th" + "x" * 12),
    # Not ASCII, so the folded pair search: the pair in the last block, past where the needle fits.
    search("Thanks for writing this. The", "\u00e9" + "x" * 18 + "Th" + "x" * 12),
    search("less, but better and more", "less, but better"),
    search("less, but better and more", "Zo\u00eb \u2014 less, but bett", True),
    search("a" * 18, "b" * 30 + "aa" + "b" * 3),
    search("a" * 40, "a" * 39 + "b" + "a" * 17),
    search("na\u00efve approach", "The NAIVE APPROACH is often the one"),
    search("Stra\u00dfe", "STRASSE, fa\u00e7ade, sm\u00f6rg\u00e5sbord"),
    search("e\u0301", "cafe\u0301 and caf\u00e9"),
    search("\U0001F469\u200d\U0001F4BB", "Our team \U0001F469\u200d\U0001F4BB spent"),
    search("\u6771\u4eac", "\u6771\u4eac\u3067\u306f"),
    search(" ", "   "), search("Zz", ""), search("\u0130stanbul", "istanbul \u0131stanbul"),
]

# json-writer: a program of bytes (Fuzz/Checks/JSONWriterCheck.swift): 0/1 string (length,
# bytes), 2 integer (count, bytes), 3 bool, 4 null, 5 small integer, 6 array (count, items),
# 7 object (count, key/value pairs).
def js(text):
    b = text.encode()
    return bytes([0, len(b)]) + b
JSON_WRITER = [
    js("plain"), js("a/b \\ \" \n\t\x1b\x00\x7f"), js("Zo\u00eb \u4f50\u85e4 \U0001F469\u200d\U0001F469\u200d\U0001F467"),
    bytes([6, 4]) + js("x") + bytes([2, 8, 0x7f, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 3, 1, 4]),
    bytes([7, 3]) + js("id")[1:] + bytes([5, 0xff]) + js("/")[1:] + bytes([4]) + js("k\\y")[1:] + bytes([6, 2, 3, 0, 4]),
    bytes([6, 4, 6, 4, 6, 4, 6, 4, 7, 1]) + js("a/b")[1:] + bytes([0, 2, 0xc3, 0x28]),
    bytes([2, 8, 0x80, 0, 0, 0, 0, 0, 0, 0]), b"", bytes([0, 12]) + "\u2028\u2029\ufeff".encode() + b"\xed\xa0\x80",
]

# wrap: a width byte (value % 64 - 2), then the text.
WRAP = [
    b"\x0cthe quick brown fox jumps over the lazy dog",
    b"\x0a" + b"See https://example.com/notes/field-guide?a=1&b=2#comment-10199 now",
    b"\x05" + "\u6f22\u5b57 \u6f22\u5b57\u6f22\u5b57 emoji \U0001F469\u200d\U0001F4BB \U0001F1EB\U0001F1F7".encode(),
    b"\x03" + "\u4e2d a \u4e2d".encode(),
    b"\x08" + "e\u0301 \u0600123 \u0604 x".encode(), b"\x07word\tword\n\nnext  line ",
    b"\x02aaaa bbbb", b"\x01x", b"\x00neg", b"\x3f" + b"w " * 100,
]

# merge: pages, each a count byte (% 26) then 4 bytes a comment (Fuzz/Checks/MergeCheck.swift):
# id (% 60 + 1), parent choice (% 10: 0-3 none, 4 one that never comes, 5-9 id minus it),
# minute (% 41), status (% 4) and author (>> 2). Ids out of order, replies before their
# parents, empty and full pages, comments seen again with a new status.
def page(*comments):
    return bytes([len(comments)]) + b"".join(bytes([id - 1, parent, minute, status]) for id, parent, minute, status in comments)
MERGE = [
    page((5, 0, 3, 0), (3, 0, 1, 1), (12, 7, 4, 2), (8, 5, 2, 4)),
    page() + page((1, 0, 0, 0)) + page(),
    page((20, 5, 9, 0), (15, 0, 9, 0), (10, 5, 9, 0)) + page((25, 5, 1, 0), (20, 5, 9, 3)),
    page(*[(60 - i, i % 10, i % 3, i) for i in range(25)]) + page(*[(i + 1, 0, 40, 5) for i in range(25)]),
    page((9, 4, 7, 0), (9, 0, 8, 1), (4, 5, 0, 2)) + page((2, 0, 7, 0), (7, 5, 7, 0), (12, 5, 7, 0)),
    page((30, 0, 0, 0)) + page((35, 5, 1, 0)) + page((40, 5, 2, 0)) + page((45, 5, 3, 0)) + page((30, 0, 0, 3)),
]

# subscriptions: steps of 3 bytes (Fuzz/Checks/SubscriptionsCheck.swift): kind (low 3 bits:
# 0-3 a change naming its keys, 4 one naming none, 5-6 subscribe, 7 cancel) and key count
# (next bits, % 3 + 1), the keys (base 6), the change (% 6 - 2) or the cancelled pick.
def step(kind, keys=(0,), last=3):
    key_byte = sum(k * 6 ** i for i, k in enumerate(keys))
    return bytes([kind | (len(keys) - 1) << 3, key_byte, last])
SUBSCRIPTIONS = [
    step(5, (1,)) + step(0, (1,)) + step(0, (2,)) + step(4, (1,)) + step(0, (1,), 2),
    step(5, (0,)) + step(6, (0,)) + step(5, (3,)) + step(1, (0, 3, 5), 4) + step(7, last=1) + step(2, (0, 3)),
    step(0, (4,)) + step(7) + step(5, (4,)) + step(4, (2, 4)) + step(7, last=0) + step(0, (4,)),
    step(5, (5,)) + step(0, (5, 5, 5), 5) + step(0, (5,), 0) + step(4, (5,), 2),
    b"".join(step(i % 8, (i % 6, (i + 1) % 6), i) for i in range(80)),
]

# folded-index: a byte (% 41: slots a partial update folds), a byte (first page's size, the
# length of a needle from the first text), then fields split at NUL: the needle, the authors
# (split at |), the texts (Fuzz/Checks/FoldedIndexCheck.swift).
def site(limit, split, needle, authors, *texts):
    return bytes([limit, split]) + b"\0".join(t.encode() for t in (needle, "|".join(authors)) + texts)
FOLDED_INDEX = [
    site(0, 2, "better", ["Ann", "Zo\u00eb"], "Less, but better and more.", "Thanks for writing this. The part", "edit me", "new page"),
    site(3, 1, "Thanks for writing this. The", ["Bob"], "Thanks for writing this. The end", "x" * 20 + "Th", "a", "b", "c", "d", "e", "f"),
    site(1, 4, "caf\u00e9", ["Ren\u00e9e", "anon"], "cafe\u0301 au lait", "CAF\u00c9", "Stra\u00dfe", "\u6771\u4eac", "e\u0301", "example.com"),
    site(40, 0, "zo\u00eb", ["Zo\u00eb Smith"], "nothing here"),
    site(2, 7, " ", [], "", "", "  "),
    site(5, 9, "example", ["a|b|c"], *["text %d \U0001F469\u200d\U0001F4BB" % i for i in range(30)]),
]

def write(target, inputs):
    folder = os.path.join(ROOT, "Corpus", target)
    os.makedirs(folder, exist_ok=True)
    for item in inputs:
        data = item.encode() if isinstance(item, str) else item
        with open(os.path.join(folder, hashlib.sha1(data).hexdigest()), "wb") as f:
            f.write(data)

def main():
    write("sanitize", SANITIZE + SANITIZE_BYTES)
    write("html", HTML)
    write("comment-json", JSON)
    write("editors", EDITORS)
    write("width", WIDTH)
    write("config", CONFIG)
    write("search", SEARCH)
    write("json-writer", JSON_WRITER)
    write("wrap", WRAP)
    write("merge", MERGE)
    write("subscriptions", SUBSCRIPTIONS)
    write("folded-index", FOLDED_INDEX)
    # The crashes of issue 17, as the fuzzers found them.
    for target, hexes in {"editors": ["c40a09dba4000617000000000017"], "width": ["d8d884"]}.items():
        folder = os.path.join(ROOT, "Crashes", target)
        os.makedirs(folder, exist_ok=True)
        for h in hexes:
            data = bytes.fromhex(h)
            with open(os.path.join(folder, "crash-" + hashlib.sha1(data).hexdigest()), "wb") as f:
                f.write(data)

if __name__ == "__main__":
    sys.exit(main())
