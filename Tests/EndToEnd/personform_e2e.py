#!/usr/bin/env python3
"""End-to-end: the person form (seed 003) in a real terminal (tmux).

Usage: python3 Tests/EndToEnd/personform_e2e.py [path/to/personform]

Fills the form with the terminal's keyboard and mouse: the navigation bar's title and Save
button, Next through the fields, the bookmark overlay, the date of birth's wheels (a date
picker with a Done bar: a click on a row writes its date, a typed date turns them), an invalid
SSN's alert (modal; its button clicked), the digits-only salary (typed and pasted, ended by
Escape on its Done bar), Save (the title counts the saved records), the notes text view (line
breaks, the 50-character alert and its Clear button, a selection uppercased), then quits with
Ctrl-C and checks the JSON record printed and the terminal restored."""

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


def form_session():
    pane = Pane("pf-e2e", 80, 24)
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
        row, line = row_of(pane, "Name")
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
        bar = pane.lines()[0]
        pane.click(bar.index("Save") + 1, 0)
        pane.wait_for(lambda s: "Person (1 saved)" in pane.lines()[0], "the title to count the saved record")

        # The notes: a click edits them; over 50 characters an alert offers to clear them.
        notes_row, _ = row_of(pane, "Notes")
        pane.click(10, notes_row + 1)
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None, "the keyboard for the notes")
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
        pane.wait_for(lambda s: "Make me loud" in s, "the second line")
        first = pane.find("First line")
        second = pane.find("Make me loud")
        check(second[1] == first[1] + 1, "Return broke the line", pane)
        pane.keys("M-S-Left")  # ⌥⇧← selects "loud", which the delegate uppercases
        pane.wait_for_text("Make me LOUD")

        # Ctrl-C: the record is printed as JSON, the terminal restored.
        pane.keys("C-c")
        screen = assert_restored(pane, 0, lambda screen: "Salary" not in screen)
        text = screen[screen.index("{"):screen.rindex("}") + 1]
        record = json.loads(text)
        check(record.get("name") == "Ada Lovelace", f"name in {record}")
        check(record.get("email") == "ada@example.com", f"email in {record}")
        check(record.get("dateOfBirth") == "1990-11-11", f"date of birth in {record}")
        check(record.get("ssn") == "123-45-6789", f"SSN in {record}")
        check(record.get("salary") == 1234, f"salary in {record}")
        check(record.get("notes") == "First line\nMake me LOUD", f"notes in {record}")
    finally:
        pane.close()


if __name__ == "__main__":
    run("person form", BINARY, [form_session])
