#!/usr/bin/env python3
"""Bytes written per typed key, and the time from a key to a settled screen, for a terminal
program running in a pseudo-terminal (80 x 24 unless told otherwise).

Usage: python3 Benchmarks/pty_typing.py [--keys N] [--columns C --rows R] [--json] -- COMMAND...

The program starts in the pseudo-terminal; once its first screen is drawn, the script types
N keys (lower-case letters, one at a time). After each key it reads until the program has been
quiet for a while, and records the bytes that arrived and when the last of them did: the
"settle" time is from writing the key to that last byte. Every 50 keys the field is emptied
(Ctrl-A then Backspace, not measured) so that the text never scrolls."""

import argparse
import fcntl
import json
import os
import pty
import select
import signal
import statistics
import struct
import sys
import termios
import time


def read_until_quiet(fd, quiet, limit=5.0):
    """Reads until nothing arrives for `quiet` seconds. Returns (bytes, time of last byte)."""
    data = bytearray()
    last = None
    deadline = time.perf_counter() + limit
    while time.perf_counter() < deadline:
        ready, _, _ = select.select([fd], [], [], quiet)
        if not ready:
            break
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            break
        if not chunk:
            break
        data += chunk
        last = time.perf_counter()
    return bytes(data), last


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--quiet", type=float, default=0.05, help="seconds of silence that mean settled")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")

    pid, fd = pty.fork()
    if pid == 0:
        env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor")
        os.execvpe(command[0], command, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", args.rows, args.columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    try:
        startup, _ = read_until_quiet(fd, 0.5, limit=30)
        sizes, settles = [], []
        letters = "abcdefghijklmnopqrstuvwxyz"
        for i in range(args.keys):
            if i and i % 50 == 0:
                os.write(fd, b"\x01\x7f")  # Ctrl-A (select all), Backspace
                read_until_quiet(fd, 0.2)
            key = letters[i % len(letters)].encode()
            sent = time.perf_counter()
            os.write(fd, key)
            data, last = read_until_quiet(fd, args.quiet)
            sizes.append(len(data))
            if last is not None:
                settles.append((last - sent) * 1e3)
        os.write(fd, b"\x03")  # Ctrl-C
        read_until_quiet(fd, 0.3)
    finally:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
        os.waitpid(pid, 0)

    result = {
        "command": " ".join(command),
        "keys": args.keys,
        "startup_bytes": len(startup),
        "bytes_per_key_mean": statistics.mean(sizes),
        "bytes_per_key_median": statistics.median(sizes),
        "bytes_per_key_max": max(sizes),
        "settle_ms_median": statistics.median(settles) if settles else None,
        "settle_ms_p95": sorted(settles)[int(len(settles) * 0.95) - 1] if settles else None,
    }
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['command']}: {args.keys} keys in {args.columns}x{args.rows}")
        print(f"  bytes per key: mean {result['bytes_per_key_mean']:.1f}, median {result['bytes_per_key_median']}, "
              f"max {result['bytes_per_key_max']} (first screen {result['startup_bytes']} bytes)")
        if settles:
            print(f"  key to settled screen: median {result['settle_ms_median']:.2f} ms, p95 {result['settle_ms_p95']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
