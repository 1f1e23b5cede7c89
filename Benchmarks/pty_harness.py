#!/usr/bin/env python3
"""Keystroke-to-screen, start-up and idle benchmarks of the real `parley` binary.

Runs parley in a pseudo-terminal (120x40, TERM=xterm-256color) on its embedded mock
with zero latency, and measures what a user feels:

- start-up: from spawning the process to the end of the first frame that shows the
  comment list (the header says "<n> shown" with n > 0);
- keystroke to screen: from writing a key to the master side of the pty until the last
  byte of the answer, the answer being everything the app writes before the output goes
  quiet (QUIET seconds without a byte); bytes written per key are counted too. Moves
  follow one another as fast as the answers come (like a held key), so the detail pane,
  which follows the cursor only once it rests, is not part of them;
- a move followed by a rest: one move, then reading until REST_QUIET seconds pass without
  a byte, so the deferred detail paint is in: its bytes, and the time from the key to the
  last byte of that paint;
- idle: utime + stime ticks (/proc/PID/stat) over 10 s without input.

Prints one JSON object on stdout: {"name": [samples...], ...}; parley-bench folds the
samples into min / median / p99. Stdlib only.
"""
import argparse
import fcntl
import json
import os
import pty
import re
import select
import signal
import struct
import sys
import tempfile
import termios
import time

COLUMNS, ROWS = 120, 40
QUIET = 0.03           # output silent this long: the frame is complete
REST_QUIET = 0.2       # after a move and a rest: long enough for the deferred detail paint
FIRST_BYTE_TIMEOUT = 2.0
SHOWN = re.compile(rb"[1-9][0-9]* shown")


class Parley:
    """One parley process on the slave side of a pty; we hold the master."""

    def __init__(self, binary, size, extra, preloaded=False):
        self.state_dir = tempfile.mkdtemp(prefix="parley-bench-")
        env = dict(os.environ, TERM="xterm-256color", XDG_STATE_HOME=self.state_dir,
                   LANG="C.UTF-8", LC_ALL="C.UTF-8")
        env.pop("NO_COLOR", None)
        if preloaded:  # parley-bench --tty-app: parley's app with every comment loaded
            args = [binary, "--tty-app", str(size)]
        else:
            args = [binary, "--mock-size", str(size), "--latency", "0"] + extra
        self.started = time.perf_counter()
        pid, fd = pty.fork()
        if pid == 0:  # child: the pty is already our controlling terminal
            os.execve(binary, args, env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))

    def read_until_quiet(self, first_byte_timeout=FIRST_BYTE_TIMEOUT, quiet=QUIET, until=None):
        """Reads until `quiet` s pass without output (after at least one byte, or after
        `first_byte_timeout` with none). With `until` (a regex), keeps reading until the
        accumulated output matches it before looking for quiet. Returns (bytes,
        time of the last byte or None)."""
        data = bytearray()
        last = None
        deadline = time.perf_counter() + first_byte_timeout
        while True:
            if last is None or (until is not None and not until.search(data)):
                timeout = max(0.0, deadline - time.perf_counter())
                if timeout == 0.0:
                    return bytes(data), last
            else:
                timeout = quiet
            ready, _, _ = select.select([self.fd], [], [], timeout)
            if not ready:
                if last is not None and (until is None or until.search(data)):
                    return bytes(data), last
                continue
            try:
                chunk = os.read(self.fd, 65536)
            except OSError:
                return bytes(data), last
            if not chunk:
                return bytes(data), last
            data += chunk
            last = time.perf_counter()

    def key(self, byte, quiet=QUIET):
        """Sends one key; returns (seconds to the last byte of the answer, bytes)."""
        t0 = time.perf_counter()
        os.write(self.fd, byte)
        data, last = self.read_until_quiet(quiet=quiet)
        return (last - t0 if last is not None else None), len(data)

    def ticks(self):
        with open(f"/proc/{self.pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])  # utime, stime (fields 14 and 15)

    def close(self):
        try:
            os.write(self.fd, b"q")
            deadline = time.time() + 3
            while time.time() < deadline:
                pid, _ = os.waitpid(self.pid, os.WNOHANG)
                if pid:
                    break
                try:
                    select.select([self.fd], [], [], 0.05)
                    os.read(self.fd, 65536)
                except OSError:
                    pass
            else:
                os.kill(self.pid, signal.SIGKILL)
                os.waitpid(self.pid, 0)
        finally:
            os.close(self.fd)


def startup(binary, size, extra, runs):
    samples = []
    for _ in range(runs):
        app = Parley(binary, size, extra)
        _, last = app.read_until_quiet(first_byte_timeout=60, until=SHOWN)
        if last is not None:
            samples.append((last - app.started) * 1000)
        app.close()
    return samples


def keystrokes(binary, size, extra, moves, toggles, rests, preloaded=False):
    """Moves, moves with a rest, then filter toggles; returns a dict of sample lists."""
    app = Parley(binary, size, extra, preloaded)
    app.read_until_quiet(first_byte_timeout=120, until=SHOWN)
    # Let any loading that follows the first frame settle (load-all mode).
    app.read_until_quiet(first_byte_timeout=1.0, quiet=1.0)
    samples = {name: [] for name in ("move_ms", "move_bytes", "rest_bytes", "rest_ms", "toggle_ms", "toggle_bytes")}
    for _ in range(moves):
        seconds, count = app.key(b"j")
        if seconds is not None:
            samples["move_ms"].append(seconds * 1000)
        samples["move_bytes"].append(count)
    app.read_until_quiet(first_byte_timeout=REST_QUIET, quiet=REST_QUIET)  # the last move's detail paint
    for _ in range(rests):
        seconds, count = app.key(b"j", quiet=REST_QUIET)
        if seconds is not None:
            samples["rest_ms"].append(seconds * 1000)
        samples["rest_bytes"].append(count)
    app.key(b"f")       # open the filter panel (focus on it, cursor on "Status")
    app.key(b"\r")      # expand Status
    app.key(b"j")       # to "Approved"
    for _ in range(toggles):
        seconds, count = app.key(b" ")
        if seconds is not None:
            samples["toggle_ms"].append(seconds * 1000)
        samples["toggle_bytes"].append(count)
    app.close()
    return samples


def keystroke_results(samples, tag, suffix):
    """The figures of one keystrokes() run, named as bench-results.json names them."""
    return {
        f"keystroke.move_{tag}{suffix}": samples["move_ms"],
        f"keystroke.bytes_move_{tag}{suffix}": samples["move_bytes"],
        f"keystroke.bytes_move_rest_{tag}{suffix}": samples["rest_bytes"],
        f"keystroke.detail_after_rest_{tag}{suffix}": samples["rest_ms"],
        f"keystroke.toggle_{tag}{suffix}": samples["toggle_ms"],
        f"keystroke.bytes_toggle_{tag}{suffix}": samples["toggle_bytes"],
    }


def idle(binary, size, extra, seconds):
    app = Parley(binary, size, extra)
    app.read_until_quiet(first_byte_timeout=60, until=SHOWN)
    app.read_until_quiet(first_byte_timeout=1.0, quiet=1.0)
    before = app.ticks()
    end = time.time() + seconds
    while time.time() < end:  # drain whatever it writes, without sending anything
        ready, _, _ = select.select([app.fd], [], [], max(0, end - time.time()))
        if ready:
            try:
                os.read(app.fd, 65536)
            except OSError:
                break
    used = app.ticks() - before
    app.close()
    return used


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bin", required=True)
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--startup-runs", type=int, default=10)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--toggles", type=int, default=20)
    parser.add_argument("--rests", type=int, default=20, help="moves each followed by a rest")
    parser.add_argument("--idle-seconds", type=float, default=10)
    parser.add_argument("--extra", default="", help="extra parley arguments, space separated")
    parser.add_argument("--preloaded-bin", help="parley-bench, whose --tty-app N runs parley's app with all N comments loaded")
    args = parser.parse_args()
    extra = args.extra.split()
    results = {}
    for size in [int(s) for s in args.sizes.split(",")]:
        tag = f"{size // 1000}k"
        results[f"startup.first_frame_{tag}"] = startup(args.bin, size, extra, args.startup_runs)
        # The parley binary: one page (100 comments) loaded, more as the cursor nears the end.
        paged = "_paged" if args.preloaded_bin else ""
        samples = keystrokes(args.bin, size, extra, args.moves, args.toggles, args.rests)
        results.update(keystroke_results(samples, tag, paged))
        if args.preloaded_bin:  # every one of the N comments in the stores
            samples = keystrokes(args.preloaded_bin, size, extra, args.moves, args.toggles, args.rests, preloaded=True)
            results.update(keystroke_results(samples, tag, ""))
        print(f"pty: {tag} done", file=sys.stderr)
    if args.idle_seconds > 0:
        results["idle.cpu_ticks_10s"] = [idle(args.bin, 10_000, extra, args.idle_seconds)]
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
