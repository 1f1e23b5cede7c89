#!/usr/bin/env python3
"""Soak: drive the parley binary in tmux with random keys from the whole key map, text typed
in the editors, words and phrases read on screen typed or pasted into the search, the Author
finder and the reply editor, and random resizes down to 10x3, against the embedded mock or
parley-mock-server, both with faults. Asserts: the process stays alive and answers (at every
checkpoint a resize to 10x3 must show the "too small" screen and a resize back must redraw),
exits 0 on q, restores the terminal (stty -a shows icanon and echo), logs no fatal line, and
(against parley-mock-server) after R every comment the client shows has the server's status.

The keys come from Sources/TerminalUI/State/KeyMap.swift (KeyMap.standard) at run time, so the
list cannot drift: a key form this script does not know stops the soak with an error.
Prints one "soak: …" figures line; exits 1 on any failure.
"""
import argparse, base64, json, os, random, re, shutil, subprocess, sys, tempfile, time, urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
KEYMAP = os.path.join(ROOT, "Sources/TerminalUI/State/KeyMap.swift")
# KeyMap key names (Key's cases) → tmux send-keys names.
NAMED = {"enter": "Enter", "tab": "Tab", "escape": "Escape", "up": "Up", "down": "Down",
         "home": "Home", "end": "End", "pageUp": "PPage", "pageDown": "NPage", "delete": "DC",
         "backspace": "BSpace", "left": "Left", "right": "Right", "backTab": "BTab",
         "controlLeft": "C-Left", "controlRight": "C-Right"}
# Keys that end the run; the soak sends q itself at the end.
QUIT = {"q", "C-c"}
TEXTS = ["hello", "ça va", "日本語", "👍🏽", "e\u0301", "word word", "a\tb", "  ", "Ünïcödé", "x" * 40, "?"]


def keymap_keys():
    source = open(KEYMAP, encoding="utf-8").read()
    keys = set()
    for binding in re.findall(r"KeyBinding\(\[(.*?)\],", source):
        for key in re.findall(r'\.alt\(\.character\("(.)"\)\)|\.character\("(.)"\)|\.control\("(.)"\)|\.function\((\d+)\)|\.([a-zA-Z]+)(?=[,\]]|$)', binding + "]"):
            alt, char, ctrl, fn, named = key
            if alt: keys.add("M-" + alt)
            elif char: keys.add("Space" if char == " " else char)
            elif ctrl: keys.add("C-" + ctrl)
            elif fn: keys.add("F" + fn)
            elif named in NAMED: keys.add(NAMED[named])
            else: sys.exit(f"soak: KeyMap.swift has a key this script does not know: .{named} (add it to NAMED)")
    if len(keys) < 40:
        sys.exit(f"soak: only {len(keys)} keys read from KeyMap.swift: the pattern no longer matches it")
    return sorted(keys - QUIT)


class Pane:
    def __init__(self, state, width, height, command, env):
        self.sock = os.path.join(state, "tmux.sock")
        self.session = "soak"
        envs = " ".join(f"{k}='{v}'" for k, v in env.items())
        shell = (f"env {envs} {command}; echo \"EXIT:$?;\"; "
                 "stty -a | tr ' ' '\\n' | grep -E '^-?(icanon|echo)$' | tr '\\n' ' '; echo; sleep 120")
        self.tmux("new-session", "-d", "-s", self.session, "-x", str(width), "-y", str(height), shell)

    def tmux(self, *args):
        return subprocess.run(["tmux", "-S", self.sock, *args], capture_output=True, text=True).stdout

    def keys(self, *keys): self.tmux("send-keys", "-t", self.session, *keys)
    def text(self, text): self.tmux("send-keys", "-t", self.session, "-l", text)
    def paste(self, text):
        """As a terminal pastes: bracketed (parley asks for it), in one piece."""
        self.tmux("set-buffer", "-b", "soak", "--", text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "soak", "-t", self.session)
    def resize(self, w, h): self.tmux("resize-window", "-t", self.session, "-x", str(w), "-y", str(h))
    def screen(self): return self.tmux("capture-pane", "-p", "-t", self.session)

    def wait(self, predicate, seconds):
        deadline = time.time() + seconds
        while time.time() < deadline:
            screen = self.screen()
            if predicate(screen): return screen
            time.sleep(0.05)
        return None

    def pid(self):
        shell = self.tmux("display-message", "-p", "-t", self.session, "#{pane_pid}").strip()
        for entry in os.listdir("/proc"):
            if not entry.isdigit(): continue
            try: status = open(f"/proc/{entry}/status").read()
            except OSError: continue
            if re.search(r"^Name:\s*parley$", status, re.M) and re.search(rf"^PPid:\s*{shell}$", status, re.M):
                return int(entry)
        return None

    def kill(self): self.tmux("kill-server")


# What frames the text on screen, not the comments' words.
FRAME = re.compile(r"[│├└─┌┐┘┬┴┼╭╮╯╰▸▾↳…·]")


def harvest(screen, rng, pool):
    """Adds words and phrases (1 to 60 characters) from the text on screen to `pool`, which
    keeps the last 200: what people type into a search is what they just read."""
    lines = [re.sub(r"\s+", " ", FRAME.sub(" ", line)).strip() for line in screen.splitlines()]
    lines = [line for line in lines if line]
    for _ in range(4 if lines else 0):
        line = rng.choice(lines)
        if rng.random() < 0.4:
            phrase = rng.choice(line.split(" "))
        else:
            length = rng.randint(1, min(60, len(line)))
            start = rng.randint(0, len(line) - length)
            phrase = line[start:start + length]
        if phrase.strip(): pool.append(phrase)
    del pool[:-200]


# Where people type: the search prompt, the filter panel's Author finder, the reply editor.
TYPING_PLACES = {"search": ["/"], "author": ["f", "/"], "reply": ["r"]}


def server_statuses(base, site, auth):
    """id → status of every comment and ping of a site (what parley lists: not its notes),
    read from parley-mock-server's REST API."""
    statuses = {}
    for kind in ("comment", "pings"):
        page = 1
        while True:
            request = urllib.request.Request(
                f"{base}/{site}/wp-json/wp/v2/comments?status=all&type={kind}&context=edit&per_page=100&page={page}")
            request.add_header("Authorization", "Basic " + base64.b64encode(auth.encode()).decode())
            for attempt in range(20):  # faults are on writes only, but be patient with latency
                try:
                    with urllib.request.urlopen(request, timeout=10) as answer:
                        body, pages = json.load(answer), int(answer.headers.get("X-WP-TotalPages", "1"))
                    break
                except Exception:
                    time.sleep(0.2)
            else:
                raise RuntimeError("the mock server's API does not answer")
            for comment in body: statuses[comment["id"]] = comment["status"]
            if page >= pages: break
            page += 1
    return statuses


WORDS = {"Approved": "approved", "Pending": "hold", "Spam": "spam", "Trash": "trash"}


def shown_statuses(pane, count):
    """Walks the list from the top, reading each comment's id and status from the detail pane."""
    seen, previous = {}, None
    pane.keys("g")
    # The detail pane follows the cursor once it rests (50 ms): read the first row only after
    # that, or it can still show the comment the cursor was on before g, and the next j (which
    # lands there) would then look like a move that never showed.
    time.sleep(0.5)
    for index in range(count):
        if index: pane.keys("j")
        screen = pane.wait(lambda s: (m := re.search(r"comment #(\d+)", s)) and m.group(1) != previous
                           and re.search(r"· (Approved|Pending|Spam|Trash)", s), 10)
        if not screen: return seen, f"the detail of row {index + 1} did not show:\n" + pane.screen()
        previous = re.search(r"comment #(\d+)", screen).group(1)
        seen[int(previous)] = WORDS[re.search(r"· (Approved|Pending|Spam|Trash)", screen).group(1)]
    return seen, None


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--parley", required=True)
    parser.add_argument("--mock-server")
    parser.add_argument("--keys", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=int(time.time()))
    parser.add_argument("--checkpoint", type=int, default=500)
    parser.add_argument("--mock-size", type=int, default=20)
    parser.add_argument("--faults", default="--fail-rate 0.3 --latency 30")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    keys = keymap_keys()
    state = tempfile.mkdtemp(prefix="parley-soak-")
    server = None
    failures = []
    figures = {"keys": 0, "texts": 0, "phrases": 0, "resizes": 0, "checkpoints": 0, "crashes": 0, "hangs": 0, "mismatches": 0, "checked": 0}
    env = {"XDG_STATE_HOME": state, "XDG_CACHE_HOME": os.path.join(state, "cache"), "TERM": "xterm-256color", "LANG": "C.UTF-8", "VISUAL": "true", "EDITOR": "true",
           "PARLEY_LOG_LEVEL": "debug"}
    if args.mock_server:
        out = open(os.path.join(state, "server.out"), "w")
        server = subprocess.Popen([args.mock_server, "--mock-size", str(args.mock_size), "--seed", str(args.seed % 1000 + 1),
                                   "--user", "soak", "--password", "soak pass word", *args.faults.split()], stdout=out, stderr=subprocess.STDOUT)
        deadline = time.time() + 10
        port = None
        while time.time() < deadline and not port:
            m = re.search(r"listening on 127\.0\.0\.1:(\d+)", open(os.path.join(state, "server.out")).read())
            port = m and m.group(1)
            time.sleep(0.05)
        if not port: sys.exit("soak: parley-mock-server did not start")
        base = f"http://127.0.0.1:{port}"
        env["PARLEY_APP_PASSWORD"] = "soak pass word"
        command = f"'{args.parley}' --site {base}/site-1 --user soak"
    else:
        command = f"'{args.parley}' --mock-size {args.mock_size} --seed {args.seed % 1000 + 1} {args.faults}"
    pane = Pane(state, 132, 40, command, env)
    started = time.time()
    try:
        if not pane.wait(lambda s: "parley ·" in s, 20): raise RuntimeError("parley did not start")

        def checkpoint():
            figures["checkpoints"] += 1
            if pane.pid() is None:
                figures["crashes"] += 1
                raise RuntimeError("parley is gone: " + pane.screen()[-400:])
            pane.resize(10, 3)
            small = pane.wait(lambda s: "need 40" in s or "Terminal" in s, 15)
            pane.resize(132, 40)
            if not small or not pane.wait(lambda s: "need 40" not in s and "parley ·" in s, 15):
                figures["hangs"] += 1
                raise RuntimeError("parley does not answer a resize: " + pane.screen())

        phrases = []
        for n in range(1, args.keys + 1):
            if n % 50 == 1: harvest(pane.screen(), rng, phrases)
            roll = rng.random()
            if roll < 0.02:
                w, h = rng.randint(10, 200), rng.randint(3, 60)
                pane.resize(w, h)
                figures["resizes"] += 1
            elif roll < 0.10:
                pane.text(rng.choice(TEXTS))
                figures["texts"] += 1
            elif roll < 0.14 and phrases:
                # A phrase read on screen, typed or pasted where people type, then kept or
                # left (Enter, Esc), whatever the keys before left open.
                for key in TYPING_PLACES[rng.choice(sorted(TYPING_PLACES))]: pane.keys(key)
                phrase = rng.choice(phrases)
                if rng.random() < 0.5: pane.text(phrase)
                else: pane.paste(phrase)
                pane.keys(rng.choice(["Enter", "Escape"]))
                figures["phrases"] += 1
            else:
                pane.keys(rng.choice(keys))
            figures["keys"] += 1
            if n % args.checkpoint == 0: checkpoint()
        checkpoint()
        # Back to the list whatever was open: Escape closes, C-x discards an editor's text.
        # The pauses keep Escape from combining with the next key into an Alt chord.
        for key in ["Escape", "C-x"] * 4 + ["Escape"]:
            pane.keys(key)
            time.sleep(0.3)
        # An open filter panel takes the detail's place: f closes it (from either pane).
        for _ in range(2):
            if re.search(r"^ Filters ", pane.screen(), re.M):
                pane.keys("f")
                pane.wait(lambda s: not re.search(r"^ Filters ", s, re.M), 5)
        if args.mock_server:
            site = "site-1"  # parley was started on it, and --site gives it no other
            pane.keys("c")  # no filters and no search: every comment the list would show
            # Writes still in flight settle first: then R reloads what the server has now.
            time.sleep(3)
            pane.keys("R")
            if not pane.wait(lambda s: re.search(r"(\d+) shown of \d+", s), 20):
                raise RuntimeError("no list after R: " + pane.screen())
            time.sleep(2)
            screen = pane.screen()
            count = int(re.search(r"(\d+) shown of \d+", screen).group(1))
            shown, problem = shown_statuses(pane, count)
            if problem: failures.append(problem)
            truth = server_statuses(base, site, "soak:soak pass word")
            for cid, status in shown.items():
                figures["checked"] += 1
                if truth.get(cid) != status:
                    figures["mismatches"] += 1
                    failures.append(f"comment #{cid}: the client shows {status}, the server has {truth.get(cid)}")
        time.sleep(0.3)
        pane.keys("q")
        # After EXIT:N the pane prints stty's icanon and echo ("-icanon" when left raw); keys
        # still on their way when parley quit may be echoed in between.
        ending = r"EXIT:(\d+);.*?(-?icanon) (-?echo)\b"
        end = pane.wait(lambda s: re.search(ending, s, re.S), 15)
        if not end: failures.append("q did not quit: " + pane.screen())
        else:
            code, icanon, echo = re.search(ending, end, re.S).groups()
            if code != "0": failures.append(f"exit status {code}: " + end)
            if (icanon, echo) != ("icanon", "echo"): failures.append(f"the terminal is not restored ({icanon} {echo})")
    except RuntimeError as error:
        failures.append(str(error))
    finally:
        pane.kill()
        if server: server.kill()
    logs = ""
    for dirpath, _, files in os.walk(state):
        for name in files:
            if name.endswith(".log"): logs += open(os.path.join(dirpath, name), errors="replace").read()
    fatal = [line for line in logs.splitlines() if re.match(r"\S+ (critical|fatal)\b", line) or "Fatal error" in line]
    if fatal: failures.append("fatal lines in the log: " + "; ".join(fatal[:3]))
    shutil.rmtree(state, ignore_errors=True)
    mode = "parley-mock-server" if args.mock_server else "embedded mock"
    print(f"soak ({mode}, seed {args.seed}, {args.faults}): {figures['keys']} keys, {figures['texts']} texts, "
          f"{figures['phrases']} phrases from the screen, "
          f"{figures['resizes']} resizes, {figures['checkpoints']} checkpoints, {figures['crashes']} crashes, "
          f"{figures['hangs']} hangs, {figures['mismatches']} mismatches of {figures['checked']} comments checked, "
          f"{time.time() - started:.0f} s")
    for failure in failures: print("  FAIL:", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
