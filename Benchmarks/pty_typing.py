#!/usr/bin/env python3
"""Bytes written per typed key, and the time from a key to a settled screen, for a terminal
program running in a pseudo-terminal (80 x 24 unless told otherwise).

Usage: python3 Benchmarks/pty_typing.py [--keys N] [--columns C --rows R] [--json] -- COMMAND...
       python3 Benchmarks/pty_typing.py --markdown BENCHMARKS.md [--bin .build/release]

The second form measures the standard set (a plain field with the software keyboard showing and
with a hardware keyboard only, and WorldTrotter) and writes them into BENCHMARKS.md, replacing
its "Terminal front end" section.

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


def measure(command, keys, columns, rows, quiet, prelude=b"", alphabet="abcdefghijklmnopqrstuvwxyz", clear_every=50,
            clear=b"\x01\x7f", env=None):
    """Runs `command` in a pseudo-terminal and types `keys` keys into it; every `clear_every`
    keys it sends `clear` (Ctrl-A then Backspace: select all and delete, in the terminal
    host), unmeasured. `env` adds environment variables for the program."""
    pid, fd = pty.fork()
    if pid == 0:
        child_env = dict(os.environ, TERM="xterm-256color", COLORTERM="truecolor", **(env or {}))
        os.execvpe(command[0], command, child_env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
    os.kill(pid, signal.SIGWINCH)
    try:
        startup, _ = read_until_quiet(fd, 0.5, limit=30)
        if prelude:
            os.write(fd, prelude)
            read_until_quiet(fd, 0.5)
        sizes, settles = [], []
        for i in range(keys):
            if i and i % clear_every == 0:
                os.write(fd, clear)  # e.g. Ctrl-A (select all), Backspace
                read_until_quiet(fd, 0.2)
            key = alphabet[i % len(alphabet)].encode()
            sent = time.perf_counter()
            os.write(fd, key)
            data, last = read_until_quiet(fd, quiet)
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
    settles.sort()
    return {
        "command": " ".join(command),
        "keys": keys,
        "startup_bytes": len(startup),
        "bytes_per_key_mean": statistics.mean(sizes),
        "bytes_per_key_median": statistics.median(sizes),
        "bytes_per_key_max": max(sizes),
        "settle_ms_median": statistics.median(settles) if settles else None,
        "settle_ms_p95": settles[max(0, int(len(settles) * 0.95) - 1)] if settles else None,
    }


MARKER = "## Terminal front end"


def write_markdown(path, results, columns, rows, keys):
    rows_md = [
        "| program | bytes per key (mean) | median | max | key to settled screen (median) | p95 |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    for label, r in results:
        rows_md.append(
            f"| {label} | {r['bytes_per_key_mean']:.1f} | {r['bytes_per_key_median']:.0f} | {r['bytes_per_key_max']} "
            f"| {r['settle_ms_median']:.2f} ms | {r['settle_ms_p95']:.2f} ms |")
    section = f"""{MARKER}

Typing into a program of the terminal host in a pseudo-terminal of {columns} x {rows} cells:
{keys} keys (letters; digits for WorldTrotter, emptied every three), one at a time, each read back until the program has been quiet for
50 ms. Bytes are what the program wrote for one key; the time is from writing the key to the
last byte of its answer. Regenerate with
`swift build -c release && python3 Benchmarks/pty_typing.py --markdown BENCHMARKS.md`.
Goal: at most 16 bytes per key in a plain field, under 1 ms to settle.

{chr(10).join(rows_md)}

Release build, {os.cpu_count()} cores, measured {time.strftime("%Y-%m-%d")} (the machine of the tables above).

- A key in a plain field writes one byte: the character. The screen writer remembers what the
  terminal shows, where its cursor is and which colours are set, so the cursor needs no move
  (the caret is where the character goes) and no colour is repeated.
- With the software keyboard showing, the first key after the field was emptied turns
  auto-capitalisation's shift off, and the keyboard's letters change from upper to lower case:
  those keys write a few hundred bytes, which is what lifts the mean.
- WorldTrotter's field is centred and its Celsius label changes with every key, so each key
  rewrites the field's text and the label.
"""
    try:
        text = open(path).read()
    except FileNotFoundError:
        text = "# Benchmarks\n"
    open(path, "w").write(replace_section(text, MARKER, section))


def replace_section(text, marker, section):
    """`text` with the section that starts at the heading `marker` (up to the next "## "
    heading, or the end) replaced by `section`; appended when there is none. Other sections
    (the editing engine's, the side-by-side comparison's) stay as they are."""
    if marker not in text:
        return text.rstrip() + "\n\n" + section
    head, _, rest = text.partition(marker)
    following = rest.find("\n## ")
    tail = rest[following + 1:] if following >= 0 else ""
    return head.rstrip() + "\n\n" + section.rstrip() + "\n" + ("\n" + tail if tail else "")


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--columns", type=int, default=80)
    parser.add_argument("--rows", type=int, default=24)
    parser.add_argument("--quiet", type=float, default=0.05, help="seconds of silence that mean settled")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--markdown", help="measure the standard set and write it into this file")
    parser.add_argument("--bin", default=".build/release", help="where the built programs are (with --markdown)")
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()

    if args.markdown:
        plan = [
            ("plain field, software keyboard showing", [f"{args.bin}/plainfield"]),
            ("plain field, hardware keyboard only", [f"{args.bin}/plainfield", "--hardware-keyboard"]),
            ("WorldTrotter (decimal pad showing)", [f"{args.bin}/worldtrotter"]),
        ]
        results = []
        for label, command in plan:
            if "worldtrotter" in command[0]:
                # Focus the field (Tab), then type temperatures: three digits, then empty it.
                result = measure(command, args.keys, args.columns, args.rows, args.quiet,
                                 prelude=b"\t", alphabet="2125986437", clear_every=3)
            else:
                result = measure(command, args.keys, args.columns, args.rows, args.quiet)
            results.append((label, result))
            print(f"{label}: {result['bytes_per_key_mean']:.1f} bytes/key, {result['settle_ms_median']:.2f} ms")
        write_markdown(args.markdown, results, args.columns, args.rows, args.keys)
        print(f"wrote {args.markdown}")
        return 0

    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give the command to run after --")
    result = measure(command, args.keys, args.columns, args.rows, args.quiet)
    if args.json:
        print(json.dumps(result))
    else:
        print(f"{result['command']}: {args.keys} keys in {args.columns}x{args.rows}")
        print(f"  bytes per key: mean {result['bytes_per_key_mean']:.1f}, median {result['bytes_per_key_median']}, "
              f"max {result['bytes_per_key_max']} (first screen {result['startup_bytes']} bytes)")
        if result["settle_ms_median"] is not None:
            print(f"  key to settled screen: median {result['settle_ms_median']:.2f} ms, "
                  f"p95 {result['settle_ms_p95']:.2f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
