#!/usr/bin/env python3
"""End-to-end: emoji sequences in a real terminal that draws some of them as their parts (tmux).

Usage: python3 Tests/EndToEnd/emoji_tmux_e2e.py [path/to/personform]

tmux 3.3 draws 👍🏿 as 👍 and then 🏿 (four columns) and a keycap in one column, while it joins
flags and ZWJ sequences. The app asks the terminal at start (EmojiJoiningProbe) and counts
columns as it draws them. For each kind of sequence this types "a<emoji>b" into the person
form's Name field and checks that the caret is where tmux put the text (its width measured
here on its own, by printing the emoji in a shell pane), then deletes the emoji with Backspace
and checks that the row is exactly what a field holding "Ab" shows: nothing of the emoji stays
on screen, and the caret is between the two letters."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Failure, Pane, check, run  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/personform")
SAMPLES = {
    "a skin-tone modifier": "\U0001F44D\U0001F3FF",
    "a ZWJ family": "\U0001F468\u200D\U0001F469\u200D\U0001F467",
    "a ZWJ sequence with a modifier": "\U0001F469\U0001F3FD\u200D\U0001F4BB",
    "a flag": "\U0001F1FA\U0001F1F8",
    "a keycap": "1\uFE0F\u20E3",
}


def terminal_width(text):
    """How many columns tmux gives `text`: printed in a shell pane of its own."""
    pane = Pane("emoji-width", 40, 5)
    try:
        pane.type("clear; printf '\\n%s' " + "'" + text + "'; sleep 30\n")
        time.sleep(0.6)
        return int(pane.value("#{cursor_x}"))
    finally:
        pane.close()


def name_row(pane):
    for index, line in enumerate(pane.lines()):
        if line.startswith("  Name"):
            return index
    raise Failure(f"no Name row:\n{pane.screen()}")


def session():
    widths = {name: terminal_width(text) for name, text in SAMPLES.items()}
    pane = Pane("emoji-e2e", 100, 30, command=BINARY)
    try:
        pane.wait_for_text("Name")
        pane.settle()
        row = name_row(pane)
        pane.click(20, row)
        pane.settle()

        def cursor():
            return int(pane.value("#{cursor_x}")), int(pane.value("#{cursor_y}"))

        def clear_field():
            pane.keys("C-a")
            pane.keys("BSpace")
            pane.settle()

        clear_field()
        start, caret_row = cursor()
        check(caret_row == row, "the caret is in the Name field", pane)
        pane.type("ab")
        pane.settle()
        reference = pane.lines()[row]
        check("Ab" in reference, "typed letters show (auto-capitalised)", pane)
        check(cursor() == (start + 2, row), "the caret after two letters", pane)

        for name, text in SAMPLES.items():
            clear_field()
            pane.type("a" + text + "b")
            pane.settle()
            check(cursor() == (start + 2 + widths[name], row),
                  f"{name}: the caret is after it where tmux drew it ({widths[name]} columns)", pane)
            pane.keys("Left")
            pane.keys("BSpace")
            pane.settle()
            check(pane.lines()[row] == reference,
                  f"{name}: after Backspace the row is what 'Ab' shows, nothing of the emoji left:\n"
                  f"{pane.lines()[row]!r}\n{reference!r}", pane)
            check(cursor() == (start + 1, row), f"{name}: the caret is between the letters", pane)
        pane.keys("C-q")
        time.sleep(0.5)
    finally:
        pane.close()


if __name__ == "__main__":
    run("emoji sequences in tmux", BINARY, [session])
