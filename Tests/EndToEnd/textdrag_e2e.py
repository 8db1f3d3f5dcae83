#!/usr/bin/env python3
"""End-to-end: dragging text in a real terminal (tmux), with the person form (seed 003).

Usage: python3 Tests/EndToEnd/textdrag_e2e.py [path/to/personform]

Types into the name field, selects a word with a double click, then presses the mouse on the
selection, holds it still past the lift delay, drags it to the start of the field (the lifted
word and the drop caret show meanwhile) and releases: the word moves. A press that moves at
once still selects, as before. Quits with Ctrl-C and checks the terminal restored."""

import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Pane, assert_restored, check, run, start_in_shell  # noqa: E402
from personform_e2e import row_of  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/personform")


def column(line, index):
    """The screen column of `line[index]`: an emoji (the bookmark 🔖) takes two cells."""
    return sum(2 if ord(c) >= 0x1F000 else 1 for c in line[:index])


def name(pane):
    """The name field's row."""
    return row_of(pane, "Name")[1]


def drag_session():
    pane = Pane(f"td-e2e-{os.getpid()}", 80, 24)
    try:
        start_in_shell(pane, BINARY, "Salary")
        row, line = row_of(pane, "Name")
        pane.click(line.index("[") + 3, row)
        pane.wait_for(lambda s: "🔖" in row_of(pane, "Name")[1], "the name field editing")
        pane.type("Ada Lovelace")
        pane.wait_for(lambda s: "Ada Lovelace" in name(pane), "the typed name")
        # A double click on "Lovelace" selects it.
        line = name(pane)
        word = column(line, line.index("Lovelace"))
        start = column(line, line.index("Ada"))
        pane.raw(f"\x1b[<0;{word + 3};{row + 1}M\x1b[<0;{word + 3};{row + 1}m".encode())
        pane.raw(f"\x1b[<0;{word + 3};{row + 1}M\x1b[<0;{word + 3};{row + 1}m".encode())
        time.sleep(0.6)  # past the double click's 0.4 s, so the next press is a new touch
        # Press on the selection, hold still past the lift delay, drag to the field's start.
        pane.raw(f"\x1b[<0;{word + 3};{row + 1}M".encode())
        time.sleep(0.8)
        pane.raw(f"\x1b[<32;{word + 1};{row + 1}M".encode())
        pane.raw(f"\x1b[<32;{start + 1};{row + 1}M".encode())
        screen = pane.wait_for(lambda s: "▏" in s, "the drop caret while dragging")
        check("Lovelace" in pane.lines()[row + 1], "the lifted word hangs under the pointer", pane)
        pane.raw(f"\x1b[<0;{start + 1};{row + 1}m".encode())
        pane.wait_for(lambda s: "LovelaceAda " in name(pane), "the word to move")
        check("▏" not in pane.screen(), "the drop caret goes with the drop", pane)
        # A press that moves at once selects, as it always did: no drag.
        pane.raw(f"\x1b[<0;{start + 1};{row + 1}M\x1b[<32;{start + 4};{row + 1}M\x1b[<0;{start + 4};{row + 1}m".encode())
        time.sleep(0.3)
        check("LovelaceAda " in name(pane), "a quick drag changes no text", pane)
        del screen
        # With text selected, Ctrl-C copies (the hint says so) and the app goes on; pasted into
        # the Email field, the selection comes back. Without a selection Ctrl-C quits.
        pane.wait_for(lambda s: "^C copy · ^Q quit" in s, "the hint naming the copy key")
        pane.keys("C-c")
        time.sleep(0.3)
        check("Person" in pane.lines()[0], "Ctrl-C with a selection copies and does not quit", pane)
        email_column, email_row = pane.find(r"Email")
        pane.click(email_column + 12, email_row)
        pane.keys("C-v")
        pane.wait_for(lambda s: "Lov" in pane.lines()[email_row], "the copied text pasted in Email")
        check(pane.screen().rstrip().endswith("^C quit"), "no selection: the hint says Ctrl-C quits", pane)
        pane.keys("C-c")
        assert_restored(pane, 0, lambda s: "Salary" not in s)
    finally:
        pane.close()


if __name__ == "__main__":
    run("text drag", BINARY, [drag_session])
