#!/usr/bin/env python3
"""End-to-end: the person form (seed 003) in a real terminal (tmux).

Usage: python3 Tests/EndToEnd/personform_e2e.py [path/to/personform]

Fills the form with the terminal's keyboard and mouse: the navigation bar's title and Save
button, Next through the fields, the bookmark overlay, the date of birth's wheels (a date
picker with a Done bar: a click on a row writes its date, a typed date turns them), an invalid
SSN's alert (modal; its button clicked), the digits-only salary (typed and pasted, ended by
Escape on its Done bar), Save twice (the title counts the saved records), the Saved list and its
search bar filtering by name as the user types (Cancel, then back to the form), the notes text
view (line breaks, the 50-character alert and its Clear button, a selection uppercased; the
table scrolls the notes above the keyboard), then quits with Ctrl-C and checks the JSON record
printed and the terminal restored. A second session reaches the switch and the stepper with
Full Keyboard Access (Shift-Tab, Space).

The form is a table of field cells: its rows start with their labels ("  Name", "  SSN", …)."""

import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Failure, Pane, assert_restored, check, run, start_in_shell  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/personform")
KEYBOARD = r"(?i)\bq\b.*\bw\b.*\be\b.*\br\b"  # the letters row of the software keyboard


def row_of(pane, label):
    """The screen row of the form line starting with `label` ("Name", "SSN", …)."""
    for index, line in enumerate(pane.lines()):
        if line.startswith("  " + label):
            return index, line
    raise Failure(f"no {label!r} row:\n{pane.screen()}")


def field_text(pane, label):
    """What a field shows between its brackets."""
    _, line = row_of(pane, label)
    match = re.search(r"\[(.*)\]", line)
    return match.group(1).replace("✕", "").strip() if match else None


def reveal(pane, label, up=True):
    """Turns the wheel over the form until the row starting with `label` shows (the form's
    44-point rows are taller than an 80 × 24 terminal): a user scrolls to it."""
    for _ in range(40):
        if any(line.startswith("  " + label) for line in pane.lines()):
            return row_of(pane, label)
        pane.wheel(40, 4, up)
        time.sleep(0.05)
    pane.settle()
    return row_of(pane, label)


def click_bar_button(pane, title):
    """Clicks the word `title` in the first row (the navigation bar, or the search bar that
    takes its place). Columns count an emoji (the search bar's 🔍) as two cells."""
    line = pane.lines()[0]
    match = re.search(rf"\b{title}\b", line)
    if match is None:
        raise Failure(f"no {title!r} in the bar:\n{pane.screen()}")
    column = sum(2 if ord(c) >= 0x1F000 else 1 for c in line[:match.start()])
    pane.click(column + 1, 0)


def form_session():
    # A session of its own: another run (another checkout) on the same tmux server must not
    # share the pane.
    pane = Pane(f"pf-e2e-{os.getpid()}", 80, 24)
    try:
        start_in_shell(pane, BINARY, "Salary")
        check("Example: " in field_text(pane, "Born"), "the date field's placeholder shows today", pane)
        bar = pane.lines()[0]
        check("Person" in bar and bar.rstrip().endswith("Save"), "the navigation bar: title and Save", pane)

        # A click on the name field: editing begins, the bookmark overlay shows.
        row, line = row_of(pane, "Name")
        pane.click(line.index("[") + 5, row)
        pane.wait_for(lambda s: "🔖" in row_of(pane, "Name")[1], "the bookmark in the name field")
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None, "the keyboard")
        check("Next" in pane.screen(), "the Return key says Next", pane)
        pane.type("Ada Lovelace")
        pane.keys("Enter")
        # Next: the email field edits, the name field lost its overlay.
        pane.wait_for(lambda s: "🔖" not in row_of(pane, "Name")[1], "the bookmark to go")
        pane.wait_for(lambda s: re.search(r"\s@\s", s) is not None, "the email keyboard's @ key")
        pane.type("ada@example.com")
        pane.keys("Enter")
        # The date of birth: wheels with a Done bar instead of keys; a typed date turns them.
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is None and re.search(r"Done\s*$", s, re.M), "the wheels")
        # A click on last year's row turns the year wheel, which writes the date into the field.
        year = time.localtime().tm_year
        column, row = pane.find(rf"\b{year - 1}\b")
        pane.click(column + 1, row)
        pane.wait_for(lambda s: not (field_text(pane, "Born") or "Example").startswith("Example")
                      and field_text(pane, "Born").endswith(str(year - 1)[2:]),
                      "the wheels to write last year into the field")
        pane.keys("C-a")
        pane.type("11/11/1990")
        pane.wait_for(lambda s: s.count("1990") >= 2, "the year wheel to turn to 1990")
        pane.keys("Enter")

        # An SSN in the wrong shape: the alert comes up, modal, and the keyboard steps aside.
        pane.type("12-3456789")
        pane.keys("Enter")
        pane.wait_for_text("Entry Error")
        check("NNN-NN-NNNN" in pane.screen(), "the alert explains the format", pane)
        pane.wait_for(lambda s: re.search(r"\b1\b.*\b2\b.*\b3\b", s) is None, "the keyboard to step aside")
        row, line = row_of(pane, "SSN")
        pane.click(line.index("[") + 3, row)  # modal: nothing happens
        time.sleep(0.2)
        check("Entry Error" in pane.screen(), "a click outside the alert does nothing", pane)
        column, row = pane.find(r"\bOK\b")
        pane.click(column, row)
        pane.wait_for(lambda s: "Entry Error" not in s, "the alert to go")
        pane.wait_for(lambda s: re.search(r"\b1\b.*\b2\b.*\b3\b", s) is not None, "the keyboard to come back")
        pane.keys("C-a")
        pane.type("123-45-6789")
        pane.keys("Enter")

        # The salary: digits only, typed or pasted; Done ends editing.
        pane.type("12x34")
        pane.wait_for(lambda s: field_text(pane, "Salary") == "1234", "the digits of 12x34")
        pane.paste("9a")
        time.sleep(0.2)
        check(field_text(pane, "Salary") == "1234", "a pasted letter is refused", pane)
        # The number pad has a Done bar above it; Escape is its Done button.
        check(re.search(r"Done\s*$", pane.screen(), re.M) is not None, "the Done bar above the number pad", pane)
        pane.keys("Escape")
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is None, "Done to hide the keyboard")

        # Save, in the navigation bar: the record is kept, the title counts it.
        click_bar_button(pane, "Save")
        pane.wait_for(lambda s: "Person (1 saved)" in pane.lines()[0], "the title to count the saved record")
        # A second person: the name changed, saved again (scrolled back up to it).
        row, line = reveal(pane, "Name")
        pane.click(line.index("[") + 3, row)
        pane.wait_for(lambda s: "🔖" in row_of(pane, "Name")[1], "the name field to edit")
        pane.keys("C-a")
        pane.type("Grace Hopper")
        click_bar_button(pane, "Save")
        pane.wait_for(lambda s: "Person (2 saved)" in pane.lines()[0], "the title to count two records")

        # Saved, on the left of the bar: the list of saved people, with a search bar.
        click_bar_button(pane, "Saved")
        pane.wait_for(lambda s: re.search(r"^  Grace Hopper", s, re.M) is not None, "the list to slide in")
        bar = pane.lines()[0]
        check(bar.startswith(" ‹ Person ") and "Saved" in bar, "the list's bar: back to Person, titled Saved", pane)
        ada = pane.find(r"^  Ada Lovelace")
        grace = pane.find(r"^  Grace Hopper")
        check(grace[1] == ada[1] + 1, "one row per saved person, oldest first", pane)
        # (In the date formatter's short style: the terminal's locale may write the full year.)
        check(re.search(r"born 11/11/(19)?90$", pane.lines()[ada[1]].rstrip()) is not None,
              "Ada's row shows her birthday", pane)
        # The search bar filters the list by name as the user types.
        _, row = pane.find("Search by name")
        pane.click(20, row)
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None and "Cancel" in s, "the search keyboard and Cancel")
        pane.type("hop")
        pane.wait_for(lambda s: "Ada Lovelace" not in s and "Grace Hopper" in s, "the list filtered to Grace")
        pane.type("x")
        pane.wait_for_text("No name contains “hopx”")
        check("Grace Hopper" not in pane.screen(), "no row matches hopx", pane)
        pane.keys("BSpace", "BSpace", "BSpace", "BSpace")
        pane.type("LOVE")
        pane.wait_for(lambda s: "Ada Lovelace" in s and "Grace Hopper" not in s, "case ignored: Ada only")
        click_bar_button(pane, "Cancel")
        pane.wait_for(lambda s: "Ada Lovelace" in s and "Grace Hopper" in s and "Cancel" not in s,
                      "Cancel to show everyone again")
        # Back to the form, as it was left.
        pane.click(2, 0)
        # The form slides back in: wait for it to come to rest (its fields' brackets drawn), not a
        # frame of the slide.
        pane.wait_for(lambda s: "Person (2 saved)" in pane.lines()[0] and re.search(r"^  Name", s, re.M)
                      and field_text(pane, "Name") is not None, "the form again")
        check(field_text(pane, "Name") == "Grace Hopper", "the form keeps its values", pane)

        # The notes: a click edits them; over 50 characters an alert offers to clear them.
        notes_row, _ = reveal(pane, "Notes", up=False)
        pane.click(10, notes_row + 2)
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None, "the keyboard for the notes")
        # The table scrolls the notes' row above the keyboard: the name's row goes under the bar.
        pane.wait_for(lambda s: re.search(r"^  Name", s, re.M) is None and "Notes (at most" in s,
                      "the table to scroll the notes above the keyboard")
        pane.type("x" * 51)
        pane.click(70, 1)  # the background: ending editing is asked
        pane.wait_for_text("You must enter less than 50")
        column, row = pane.find(r"\bClear\b")
        pane.click(column + 1, row)
        pane.wait_for(lambda s: "xxxxx" not in s and "Entry Error" not in s, "the notes to clear")
        # The terminal's keyboard is a hardware keyboard with Auto-Capitalization on (as iOS's
        # Settings have it): each line of the notes starts a sentence.
        pane.type("first line")
        pane.keys("Enter")
        pane.type("make me loud")
        # (Both rows read from one screen: the table may still be scrolling the notes into view.)
        def second_line_under_first(screen):
            lines = screen.split("\n")
            first = next((i for i, line in enumerate(lines) if "First line" in line), None)
            return first is not None and first + 1 < len(lines) and "Make me loud" in lines[first + 1]
        pane.wait_for(second_line_under_first, "Return to break the line")
        pane.keys("M-S-Left")  # ⌥⇧← selects "loud", which the delegate uppercases
        pane.wait_for_text("Make me LOUD")

        # Ctrl-C: the record is printed as JSON, the terminal restored.
        pane.keys("C-c")
        screen = assert_restored(pane, 0, lambda screen: "Salary" not in screen)
        text = screen[screen.index("{"):screen.rindex("}") + 1]
        record = json.loads(text)
        check(record.get("name") == "Grace Hopper", f"name in {record}")
        check(record.get("email") == "ada@example.com", f"email in {record}")
        check(record.get("dateOfBirth") == "1990-11-11", f"date of birth in {record}")
        check(record.get("ssn") == "123-45-6789", f"SSN in {record}")
        check(record.get("salary") == 1234, f"salary in {record}")
        check(record.get("notes") == "First line\nMake me LOUD", f"notes in {record}")
    finally:
        pane.close()


def keyboard_access_session():
    """Full Keyboard Access (on in the terminal): scrolled to the end of the form, Shift-Tab from
    nothing reaches the last control (the newsletter switch), framed; Space flips it; Shift-Tab goes back to the stepper's +,
    Space steps it; the record printed at quit has both."""
    pane = Pane(f"pf-fka-{os.getpid()}", 80, 24)
    try:
        start_in_shell(pane, BINARY, "Salary")
        reveal(pane, "Newsletter", up=False)
        pane.keys("BTab")
        pane.wait_for(lambda s: "[" in row_of(pane, "Newsletter")[1], "the frame round the focused switch")
        check("Space activate" in pane.screen(), "the status line says Space activates", pane)
        pane.keys("Space")
        pane.keys("BTab")
        pane.wait_for(lambda s: "[" in row_of(pane, "Dependants")[1] and "[" not in row_of(pane, "Newsletter")[1],
                      "the frame on the stepper")
        pane.keys("Space")
        pane.wait_for(lambda s: re.search(r"\b1\s*$", row_of(pane, "Dependants")[1].replace("]", "")) is not None,
                      "one dependant")
        pane.keys("C-c")
        screen = assert_restored(pane, 0, lambda screen: "Salary" not in screen)
        record = json.loads(screen[screen.index("{"):screen.rindex("}") + 1])
        check(record.get("newsletter") is True, f"newsletter in {record}")
        check(record.get("dependants") == 1, f"dependants in {record}")
    finally:
        pane.close()


def find_session():
    """Find and replace in the notes (iOS 16's find panel, part of the keyboard): Ctrl-F shows
    the panel with its search field typing; the query is searched after a pause and counted;
    Ctrl-G goes to the next match; Escape closes; Ctrl-Alt-F shows the replace row, Tab goes to
    it, Return replaces the current match; the record printed at quit has the replacement."""
    pane = Pane(f"pf-find-{os.getpid()}", 80, 24)
    try:
        start_in_shell(pane, BINARY, "Salary")
        notes_row, _ = row_of(pane, "Notes")
        pane.click(10, notes_row + 2)
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None, "the keyboard for the notes")
        pane.wait_for(lambda s: "Notes (at most" in s, "the notes above the keyboard")
        pane.type("red fish blue fish")
        pane.wait_for_text("Red fish blue fish")
        pane.keys("C-f")
        pane.wait_for(lambda s: "Done" in s and "Search" in s, "the find panel")
        pane.type("fish")
        pane.wait_for_text("1 of 2")
        pane.keys("C-g")
        pane.wait_for_text("2 of 2")
        pane.keys("Escape")
        pane.wait_for(lambda s: "of 2" not in s and "Done" not in s, "the panel to close")
        pane.keys("C-M-f")
        pane.wait_for(lambda s: "Replace" in s and "All" in s, "the find panel with its replace row")
        # The field starts with the last query, searched at once: the current match is the one
        # at the selection Escape left (the second).
        pane.wait_for_text("2/2")
        pane.keys("Tab")
        pane.type("cat")
        pane.keys("Enter")
        pane.wait_for_text("Red fish blue cat")
        pane.wait_for_text("1/1")
        pane.keys("Escape")
        pane.wait_for(lambda s: "1/1" not in s, "the panel to close")
        # The last match stays selected (so Ctrl-C would copy it): Ctrl-Q quits.
        check("^C copy" in pane.screen(), "the match selected after the panel closes", pane)
        pane.keys("C-q")
        screen = assert_restored(pane, 0, lambda screen: "Salary" not in screen)
        record = json.loads(screen[screen.index("{"):screen.rindex("}") + 1])
        check(record.get("notes") == "Red fish blue cat", f"notes in {record}")
    finally:
        pane.close()


if __name__ == "__main__":
    run("person form", BINARY, [form_session, keyboard_access_session, find_session])
