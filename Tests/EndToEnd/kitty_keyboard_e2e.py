#!/usr/bin/env python3
"""The kitty keyboard protocol end to end: WorldTrotter in a pseudo-terminal whose other end
answers as kitty does.

Usage: python3 Tests/EndToEnd/kitty_keyboard_e2e.py [.build/debug/worldtrotter]

tmux, which the other end-to-end tests use, does not speak the protocol, so this script plays
the terminal itself (the pty's master side):

1. kitty: the app asks `CSI ? u` and `CSI c`; the script answers both (flags 0, then device
   attributes), the app pushes its enhancements (`CSI > 31 u`, focus reports) and asks again;
   the script confirms 31. Then it types with kitty's reports only, presses and releases apart:
   Tab to the field, 2, 1 held with one repeat (it types "11"), Backspace, 2, Shift alone, so
   the field holds 212 and the label says 100; Ctrl-K (`CSI 107;5u`) shows the keyboard once
   however many repeats follow; Ctrl-C (`CSI 99;5u`) quits with status 0, and the pop
   (`CSI ? 1004 l`, `CSI < u`) comes before the alternate screen is left; the pty is back in
   canonical mode with echo.
2. A stop from outside (SIGTSTP) pops the flags for the shell, SIGCONT pushes them again, and
   Ctrl-C still quits with them popped.
3. A crash (SIGSEGV) pops them from the C signal handler.
4. 3,000 random kitty reports (releases without presses, presses without releases, repeats,
   undefined events) and a focus change leave the app responsive, and Ctrl-C still pops.
5. A terminal that only answers device attributes (as tmux does) gets nothing pushed or
   popped, and plain bytes work as before.

The whole run takes a few seconds."""

import os
import random
import signal
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from pty_storm import App, Failure, check  # noqa: E402

QUERY = b"\x1b[?u\x1b[c"
PUSH = b"\x1b[>31u\x1b[?1004h"
POP = b"\x1b[?1004l\x1b[<u"
LEAVE_ALTERNATE_SCREEN = b"\x1b[?1049l"


def key(code, modifiers=1, event=1, text=None):
    """A kitty key report: CSI code ; modifiers[:event] [; text] u."""
    report = f"\x1b[{code}"
    if modifiers != 1 or event != 1 or text is not None:
        report += f";{modifiers}"
        if event != 1:
            report += f":{event}"
    if text is not None:
        report += f";{text}"
    return (report + "u").encode()


def tap(code, modifiers=1, text=None):
    """A press and its release, as kitty reports a key struck with all enhancements on."""
    return key(code, modifiers, 1, text) + key(code, modifiers, 3)


class KittyApp(App):
    def everything(self):
        return bytes(self.output)

    def negotiate(self):
        """Answers the app's query as kitty does and waits for the push and the second query."""
        self.wait_for(lambda: QUERY in self.everything(), "the keyboard protocol query", 10)
        mark = self.received
        self.send(b"\x1b[?0u\x1b[?62;52c")
        self.wait_for(lambda: PUSH + b"\x1b[?u" in self.since(mark), "the push of the enhancements", 10)
        self.send(b"\x1b[?31u")
        self.absorb(0.2)

    def type_and_wait(self, data, text, what):
        """Sends `data`, then waits for `text` on a screen drawn whole. The host writes only
        the cells that changed, so `text` need not pass through the stream in one piece (the "1"
        of "100" is not written again where "-16.7" or "99.4" left a "1"; how the keys fall into
        frames decides it): once the app has drawn what the keys did, a resize makes it draw
        every cell again."""
        self.send(data)
        self.absorb(0.3)
        mark = self.received
        self.resize(81, 24)
        try:
            self.wait_for(lambda: text in self.since(mark), what, 10)
        finally:
            self.resize(80, 24)
            self.absorb(0.3)

    def quit_expecting_pop(self, stage, quit_bytes=tap(99, 5)):
        mark = self.received
        self.send(quit_bytes)
        deadline = time.time() + 10
        while self.process.poll() is None and time.time() < deadline:
            self.read_some(0.05)
        check(self.process.poll() is not None, f"{stage}: the app is still running 10 s after Ctrl-C")
        while self.read_some(0.05):
            pass
        check(self.process.returncode == 0, f"{stage}: exit status {self.process.returncode}, not 0")
        tail = bytes(self.since(mark))
        check(POP in tail, f"{stage}: the flags were not popped at quit")
        check(tail.find(POP) < tail.rfind(LEAVE_ALTERNATE_SCREEN),
              f"{stage}: the pop came after the alternate screen was left (kitty keeps a stack per screen)")
        self.assert_terminal_restored(stage)


def kitty_typing(binary):
    app = KittyApp(binary)
    try:
        app.negotiate()
        # Tab focuses the field; then 2, 1 held (a repeat types it again), Backspace, 2.
        app.send(tap(9))
        app.absorb(0.2)
        app.send(tap(50))
        app.send(key(49) + key(49, event=2) + key(49, event=3))
        app.send(key(57441, 2))  # Shift alone, held across the Backspace
        app.send(tap(127, 2))
        app.send(key(57441, 1, 3))
        app.type_and_wait(tap(50), b"100", "212 typed with kitty's reports to read 100")
        # Ctrl-K with repeats: one toggle, as a held shortcut must not flicker the keyboard.
        mark = app.received
        app.send(key(107, 5) + key(107, 5, 2) + key(107, 5, 2) + key(107, 5, 3))
        app.wait_for(lambda: b"show" in app.since(mark) or b"hide" in app.since(mark),
                     "Ctrl-K to toggle the software keyboard", 10)
        app.absorb(0.3)
        toggles = bytes(app.since(mark)).count(b"show") + bytes(app.since(mark)).count(b"hide")
        check(toggles == 1, f"a held Ctrl-K redrew the hint {toggles} times, not once")
        app.quit_expecting_pop("kitty: Ctrl-C")
    finally:
        app.close()


def random_reports(rng, count):
    """Kitty reports in any order: presses without releases, releases without presses, repeats,
    modifier keys, undefined events (4), legacy forms with events, text, and never the keys that
    quit."""
    codes = list(range(97, 123)) + [13, 9, 127, 27, 32, 49, 0] + list(range(57441, 57453)) + [57399, 57414, 57417, 57426]
    out = bytearray()
    for _ in range(count):
        modifiers, event = rng.randrange(1, 17), rng.randrange(1, 5)
        form = rng.random()
        if form < 0.7:
            code = rng.choice(codes)
            # Ctrl-C, and Ctrl-Q or ⌘Q (Super), quit.
            if (code == 99 and (modifiers - 1) & 4) or (code == 113 and (modifiers - 1) & 12):
                continue
            text = rng.choice([None, None, 65, 229, 26085])
            out += key(code, modifiers, event, text)
        elif form < 0.85:
            out += f"\x1b[1;{modifiers}:{event}{rng.choice('ABCDHF')}".encode()
        else:
            out += f"\x1b[{rng.choice([2, 3, 5, 6, 15, 17])};{modifiers}:{event}~".encode()
    return bytes(out)


def kitty_storm(binary):
    app = KittyApp(binary)
    try:
        app.negotiate()
        app.send(random_reports(random.Random(15), 3000) + b"\x1b[O\x1b[I")
        app.absorb(0.3)
        # Still responsive to kitty's Ctrl-K, then Ctrl-C pops and quits.
        mark = app.received
        app.send(tap(107, 5))
        app.wait_for(lambda: b"show" in app.since(mark) or b"hide" in app.since(mark),
                     "Ctrl-K to take effect after the storm of reports", 15)
        app.quit_expecting_pop("kitty: Ctrl-C after a storm of reports")
    finally:
        app.close()


def kitty_stop_and_resume(binary):
    app = KittyApp(binary)
    try:
        app.negotiate()
        mark = app.received
        os.kill(app.process.pid, signal.SIGTSTP)
        app.wait_for(lambda: POP in app.since(mark) and LEAVE_ALTERNATE_SCREEN in app.since(mark),
                     "the pop when the app is stopped", 10)
        mark = app.received
        os.kill(app.process.pid, signal.SIGCONT)
        app.wait_for(lambda: PUSH in app.since(mark), "the push again after SIGCONT", 10)
        app.absorb(0.2)
        app.quit_expecting_pop("kitty: Ctrl-C after a stop and a resume")
    finally:
        app.close()


def kitty_crash(binary):
    app = KittyApp(binary)
    try:
        app.negotiate()
        mark = app.received
        os.kill(app.process.pid, signal.SIGSEGV)
        app.process.wait(10)
        while app.read_some(0.05):
            pass
        check(app.process.returncode == -signal.SIGSEGV, f"a crash: status {app.process.returncode}")
        tail = bytes(app.since(mark))
        check(POP in tail and tail.find(POP) < tail.rfind(LEAVE_ALTERNATE_SCREEN),
              "a crash: the C handler did not pop the flags before leaving the alternate screen")
        app.assert_terminal_restored("a crash")
    finally:
        app.close()


def terminal_without_the_protocol(binary):
    app = KittyApp(binary)
    try:
        app.wait_for(lambda: QUERY in app.everything(), "the keyboard protocol query", 10)
        app.send(b"\x1b[?62;22c")  # device attributes only, as tmux answers
        app.absorb(0.3)
        check(PUSH not in app.everything(), "enhancements pushed to a terminal that did not answer the query")
        app.send(b"\t")
        app.absorb(0.2)
        app.type_and_wait(b"212", b"100", "212 typed as plain bytes to read 100")
        mark = app.received
        app.send(b"\x03")
        app.process.wait(10)
        while app.read_some(0.05):
            pass
        check(app.process.returncode == 0, f"without the protocol: exit status {app.process.returncode}")
        check(b"\x1b[<u" not in bytes(app.since(mark)), "without the protocol: a pop was sent")
        app.assert_terminal_restored("without the protocol")
    finally:
        app.close()


def main():
    binary = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/worldtrotter")
    if not os.path.exists(binary):
        print(f"no binary at {binary}; build it first (swift build)", file=sys.stderr)
        return 2
    started = time.time()
    steps = [
        ("kitty: typing with presses, repeats and releases; Ctrl-K; Ctrl-C pops the flags", kitty_typing),
        ("kitty: 3,000 random reports (unmatched releases, repeats, bad events), focus out and in", kitty_storm),
        ("kitty: SIGTSTP pops, SIGCONT pushes again", kitty_stop_and_resume),
        ("kitty: a crash pops the flags in the signal handler", kitty_crash),
        ("a terminal without the protocol: nothing pushed", terminal_without_the_protocol),
    ]
    try:
        for title, step in steps:
            step(binary)
            print(f"kitty keyboard: {title}: passed")
    except Failure as failure:
        print(f"kitty keyboard FAILED: {failure}", file=sys.stderr)
        return 1
    print(f"kitty keyboard: all passed in {time.time() - started:.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
