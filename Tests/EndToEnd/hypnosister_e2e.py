#!/usr/bin/env python3
"""End-to-end: Hypnosister in a real terminal (tmux).

Usage: python3 Tests/EndToEnd/hypnosister_e2e.py [path/to/hypnosister]

Starts the app in an 80 x 24 pane (256 colours, so that the red messages can be told apart),
checks the rings are drawn, clicks the field, types a message, presses Return and checks that the
message appears about 20 times in red (labels may overlap, so at least 16), the field is empty
again and the keyboard is gone; then Tab, another message, Return; then Ctrl-C, and checks the
terminal is restored (the shell's screen is back, the alternate screen and mouse reporting are
off, the tty is in canonical mode with echo)."""

import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Failure, Pane, assert_restored as restored, check, run, start_in_shell  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/hypnosister")
PLACEHOLDER = "Hypnotize me"
APP_ROWS = 23  # 24 rows, less the hint row
# Reading colours: `capture-pane -e` keeps the SGR sequences; a small parser turns each row into
# cells (character, foreground).

SGR = re.compile(r"\x1b\[([0-9;]*)m")
RED = {"rgb(255,0,0)", "256:196", "256:9", "256:1", "ansi:1", "ansi:9"}


def styled_rows(pane):
    text = pane.tmux("capture-pane", "-e", "-p", "-t", pane.name)
    rows = []
    foreground = "default"
    for line in text.split("\n"):
        cells = []
        position = 0
        for match in SGR.finditer(line):
            for character in line[position:match.start()]:
                cells.append((character, foreground))
            position = match.end()
            parameters = [int(p) if p else 0 for p in match.group(1).split(";")] if match.group(1) else [0]
            index = 0
            while index < len(parameters):
                p = parameters[index]
                if p == 0 or p == 39:
                    foreground = "default"
                elif 30 <= p <= 37:
                    foreground = f"ansi:{p - 30}"
                elif 90 <= p <= 97:
                    foreground = f"ansi:{p - 90 + 8}"
                elif p in (38, 48) and index + 1 < len(parameters):
                    if parameters[index + 1] == 5 and index + 2 < len(parameters):
                        if p == 38:
                            foreground = f"256:{parameters[index + 2]}"
                        index += 2
                    elif parameters[index + 1] == 2 and index + 4 < len(parameters):
                        if p == 38:
                            foreground = "rgb({},{},{})".format(*parameters[index + 2:index + 5])
                        index += 4
                index += 1
        for character in line[position:]:
            cells.append((character, foreground))
        rows.append(cells)
    return rows


def red_cells(pane):
    return [(row, column, cell[0]) for row, cells in enumerate(styled_rows(pane)[:APP_ROWS])
            for column, cell in enumerate(cells) if cell[1] in RED and cell[0] != " "]


def count_message(pane, message):
    """How many times `message` shows in red in the app's rows (overlapping labels hide some)."""
    rows = styled_rows(pane)[:APP_ROWS]
    count = 0
    for cells in rows:
        text = "".join(c if fg in RED else "\0" for c, fg in cells)
        count += text.count(message)
    return count


def braille_count(screen):
    return sum(1 for c in screen if 0x2801 <= ord(c) <= 0x28FF)


def keyboard_visible(screen):
    return re.search(r"\b[qQ]\b.*\b[wW]\b.*\b[eE]\b.*\b[rR]\b", screen) is not None and "Done" in screen


def field_row(pane):
    """(row, column of '[') of the text field: the bracketed row holding the placeholder."""
    for row, line in enumerate(pane.lines()[:APP_ROWS]):
        match = re.search(r"\[" + re.escape(PLACEHOLDER) + r" *\]", line)
        if match:
            return row, match.start()
    raise Failure("the text field is not on the screen:\n" + pane.screen())


def field_shows(pane, row, left, text):
    """Whether the field (its '[' at `left` on `row`) shows `text`: every cell inside the
    brackets that no red label covers holds `text`'s character there, or a space after it."""
    cells = styled_rows(pane)[row]
    interior = cells[left + 1:left + 29]
    if len(interior) < 28:
        return False
    for offset, (character, foreground) in enumerate(interior):
        if foreground in RED:
            continue
        if character != (text[offset] if offset < len(text) else " "):
            return False
    return True


def start(pane):
    start_in_shell(pane, f"{BINARY} --color 256", PLACEHOLDER)


def assert_restored(pane, status):
    restored(pane, status, lambda screen: PLACEHOLDER not in screen and braille_count(screen) == 0)


def hypnosister_session():
    pane = Pane("hyp-e2e", 80, 24)
    try:
        start(pane)
        screen = pane.settle()

        # The rings: Braille dots over most of the screen, none inside the field.
        check(braille_count(screen) > 80 * 23 // 3, f"the rings are drawn ({braille_count(screen)} dot cells)", pane)
        row, left = field_row(pane)
        line = pane.lines()[row]
        check(line[left + 1:].startswith(PLACEHOLDER), "the placeholder is in the field", pane)
        check(braille_count(line[left:left + 30]) == 0, "the field covers the rings behind it", pane)
        check(not keyboard_visible(screen), "no keyboard before a tap", pane)
        check(not red_cells(pane), "no red message yet", pane)

        # A click on the field: it edits, the keyboard shows with a Done key.
        pane.click(left + 4, row)
        pane.wait_for(keyboard_visible, "the keyboard after a click on the field")
        check(pane.value("#{cursor_flag}") == "1", "the caret (the terminal's cursor) shows", pane)
        check(pane.value("#{cursor_y}") == str(row), "the caret is on the field's row", pane)

        pane.type("Hi")
        pane.wait_for(lambda s: field_shows(pane, row, left, "Hi"), "Hi in the field")

        # Return: the message 20 times in red, the field emptied, the keyboard gone.
        pane.keys("Enter")
        pane.wait_for(lambda s: not keyboard_visible(s), "the keyboard to hide")
        pane.wait_for(lambda s: count_message(pane, "Hi") >= 16, "the red messages")
        pane.settle()
        shown = count_message(pane, "Hi")
        check(16 <= shown <= 20, f"the message shows about 20 times ({shown})", pane)
        reds = red_cells(pane)
        check(all(c in "Hi" for _, _, c in reds), "only the message is red", pane)
        check(2 * 16 <= len(reds) <= 2 * 20, f"20 two-cell labels, a few overlapping ({len(reds)} red cells)", pane)
        check(field_shows(pane, row, left, PLACEHOLDER), "the field is empty: its placeholder is back", pane)
        check(pane.value("#{cursor_flag}") == "0", "no caret once editing ended", pane)
        check(braille_count(pane.screen()) > 80 * 23 // 3, "the rings are still there", pane)

        # Tab focuses the field again; a second message joins the first.
        pane.keys("Tab")
        pane.wait_for(keyboard_visible, "the keyboard after Tab")
        pane.type("Zz")
        pane.wait_for(lambda s: field_shows(pane, row, left, "Zz"), "Zz in the field")
        pane.keys("Enter")
        pane.wait_for(lambda s: not keyboard_visible(s), "the keyboard to hide again")
        pane.wait_for(lambda s: count_message(pane, "Zz") >= 16, "the second message")
        shown = count_message(pane, "Zz")
        check(16 <= shown <= 20, f"the second message shows about 20 times ({shown})", pane)
        check(count_message(pane, "Hi") >= 10, "the first messages stay (some now covered)", pane)
        check(field_shows(pane, row, left, PLACEHOLDER), "the field is empty again", pane)

        # Ctrl-C quits; the terminal is restored.
        pane.keys("C-c")
        assert_restored(pane, 0)
    finally:
        pane.close()


if __name__ == "__main__":
    run("Hypnosister", BINARY, [hypnosister_session])
