#!/usr/bin/env python3
"""End-to-end: the fourth app, ProfileForm (an inset-grouped list with a diffable data
source), in a real terminal (tmux).

Usage: python3 Tests/EndToEnd/profileform_e2e.py [path/to/profileform]

Fills the form with the terminal's keyboard and mouse: a click on the name field, Return on to
the e-mail, whose validation row comes and goes as the address is typed (the field keeps the
focus), the newsletter switch clicked, a segment of "Contact by" clicked, the notes growing
line by line with the last line kept above the keyboard, Save (enabled once the form is valid;
the title counts the saved profiles), then Ctrl-C: the saved profile printed as JSON and the
terminal restored."""

import json
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Failure, Pane, assert_restored, check, run, start_in_shell  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/profileform")
KEYBOARD = r"(?i)\bq\b.*\bw\b.*\be\b.*\br\b"  # the letters row of the software keyboard
PROBLEM = "Enter an address such as"


def click_bar_button(pane, title):
    line = pane.lines()[0]
    match = re.search(rf"\b{title}\b", line)
    if match is None:
        raise Failure(f"no {title!r} in the bar:\n{pane.screen()}")
    pane.click(match.start() + 1, 0)


def form_session():
    pane = Pane(f"prf-e2e-{os.getpid()}", 80, 24)
    try:
        start_in_shell(pane, BINARY, "PREFERENCES")
        bar = pane.lines()[0]
        check("New Profile" in bar and bar.rstrip().endswith("Save"), "the navigation bar: title and Save", pane)
        check("PROFILE" in pane.screen() and "Newsletter" in pane.screen(), "the list's sections", pane)

        # Save is disabled while the form is empty: a click does nothing.
        click_bar_button(pane, "Save")
        time.sleep(0.3)
        check("Saved" not in pane.lines()[0], "Save does nothing while the form is empty", pane)

        # The name: a click on its placeholder edits it; the keyboard comes up.
        column, row = pane.find("Jane Appleseed")
        pane.click(column + 2, row)
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is not None, "the keyboard")
        pane.type("Ada Lovelace")
        pane.wait_for_text("Ada Lovelace")
        pane.keys("Enter")
        # Return goes on to the e-mail: its keyboard has an @ key.
        pane.wait_for(lambda s: re.search(r"\s@\s", s) is not None, "the e-mail keyboard's @ key")
        pane.type("ada")
        pane.wait_for_text(PROBLEM)
        pane.type("@example.com")
        pane.wait_for(lambda s: PROBLEM not in s and "ada@example.com" in s, "the validation row to go")
        check(re.search(r"\s@\s", pane.screen()) is not None, "the e-mail field kept the focus", pane)

        # Return goes on to the notes; each line typed grows the row and stays in view.
        pane.keys("Enter")
        pane.wait_for(lambda s: "NOTES" in s and re.search(r"\breturn\b", s) is not None, "the notes' keyboard")
        for number, word in enumerate(["first", "second", "third", "fourth"]):
            if number:
                pane.keys("Enter")
            pane.type(f"{word} line")
            pane.wait_for(lambda s, w=word: re.search(rf"{w} line", s, re.I) is not None, f"the {word} line in view")
        screen = pane.screen()
        keyboard_row = next(i for i, line in enumerate(screen.split("\n")) if re.search(KEYBOARD, line))
        fourth_row = next(i for i, line in enumerate(screen.split("\n")) if re.search("fourth line", line, re.I))
        check(fourth_row < keyboard_row, "the last line is above the keyboard", pane)

        # Hide the keyboard, then set the preferences with the mouse.
        pane.keys("C-k")
        pane.wait_for(lambda s: re.search(KEYBOARD, s) is None, "the keyboard to hide")
        pane.settle()
        column, row = pane.find("Phone")
        pane.click(column + 2, row)
        pane.settle()

        # Save: the title counts the saved profile.
        click_bar_button(pane, "Save")
        pane.wait_for(lambda s: "Saved 1" in pane.lines()[0], "the title to count the saved profile")

        pane.keys("C-c")
        screen = assert_restored(pane, 0, lambda s: "PREFERENCES" not in s)
        # The JSON is one line, wrapped by the terminal: join the rows between the markers.
        match = re.search(r"SHELL-BEFORE\n(.*?)\nEXIT=", screen, re.S)
        check(match is not None, "the saved profiles printed as JSON", pane)
        profiles = json.loads(match.group(1).replace("\n", ""))
        check(len(profiles) == 1, "one profile saved", pane)
        profile = profiles[0]
        check(profile["name"] == "Ada Lovelace", "the name", pane)
        check(profile["email"] == "ada@example.com", "the e-mail", pane)
        check(profile["contactBy"] == "Phone", "the segment clicked", pane)
        check(re.match(r"(?i)first line\nsecond line\nthird line\nfourth line$", profile["notes"]) is not None,
              "the notes, line by line", pane)
    finally:
        pane.close()


if __name__ == "__main__":
    run("profileform", BINARY, [form_session])
