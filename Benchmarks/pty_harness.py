#!/usr/bin/env python3
"""Keystroke-to-screen, start-up and idle benchmarks of the real `parley` binary.

Runs parley in a pseudo-terminal (120x40, TERM=xterm-256color) on its embedded mock
with zero latency, and measures what a user feels:

- start-up: from spawning the process to the end of the first frame that shows the
  comment list (the header says "<n> shown" with n > 0);
- keystroke to screen: from writing a key to the master side of the pty until the last
  byte of the answer, the answer being everything the app writes before the output goes
  quiet (QUIET seconds without a byte); bytes written per key are counted too;
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

    def key(self, byte):
        """Sends one key; returns (seconds to the last byte of the answer, bytes)."""
        t0 = time.perf_counter()
        os.write(self.fd, byte)
        data, last = self.read_until_quiet()
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


def keystrokes(binary, size, extra, moves, toggles, preloaded=False):
    app = Parley(binary, size, extra, preloaded)
    app.read_until_quiet(first_byte_timeout=120, until=SHOWN)
    # Let any loading that follows the first frame settle (load-all mode).
    app.read_until_quiet(first_byte_timeout=1.0, quiet=1.0)
    move_ms, move_bytes = [], []
    for _ in range(moves):
        seconds, count = app.key(b"j")
        if seconds is not None:
            move_ms.append(seconds * 1000)
        move_bytes.append(count)
    app.key(b"f")       # open the filter panel (focus on it, cursor on "Status")
    app.key(b"\r")      # expand Status
    app.key(b"j")       # to "Approved"
    toggle_ms, toggle_bytes = [], []
    for _ in range(toggles):
        seconds, count = app.key(b" ")
        if seconds is not None:
            toggle_ms.append(seconds * 1000)
        toggle_bytes.append(count)
    app.close()
    return move_ms, move_bytes, toggle_ms, toggle_bytes


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
        move_ms, move_bytes, toggle_ms, toggle_bytes = keystrokes(args.bin, size, extra, args.moves, args.toggles)
        results[f"keystroke.move_{tag}{paged}"] = move_ms
        results[f"keystroke.bytes_move_{tag}{paged}"] = move_bytes
        results[f"keystroke.toggle_{tag}{paged}"] = toggle_ms
        results[f"keystroke.bytes_toggle_{tag}{paged}"] = toggle_bytes
        if args.preloaded_bin:  # every one of the N comments in the stores
            move_ms, move_bytes, toggle_ms, toggle_bytes = keystrokes(
                args.preloaded_bin, size, extra, args.moves, args.toggles, preloaded=True)
            results[f"keystroke.move_{tag}"] = move_ms
            results[f"keystroke.bytes_move_{tag}"] = move_bytes
            results[f"keystroke.toggle_{tag}"] = toggle_ms
            results[f"keystroke.bytes_toggle_{tag}"] = toggle_bytes
        print(f"pty: {tag} done", file=sys.stderr)
    if args.idle_seconds > 0:
        results["idle.cpu_ticks_10s"] = [idle(args.bin, 10_000, extra, args.idle_seconds)]
    json.dump(results, sys.stdout)


if __name__ == "__main__":
    main()
