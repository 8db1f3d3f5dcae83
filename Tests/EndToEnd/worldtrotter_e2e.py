#!/usr/bin/env python3
"""End-to-end: WorldTrotter in a real terminal (tmux).

Usage: python3 Tests/EndToEnd/worldtrotter_e2e.py [path/to/worldtrotter]

Focuses the field with Tab and with a click, types, pastes, resizes, quits with Ctrl-C and by
SIGTERM, and checks each time that the terminal is restored (the shell's screen is back, the
alternate screen is off, the tty is in canonical mode with echo)."""

import os
import re
import signal
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from tmux_driver import Pane, assert_restored as restored, check, run, start_in_shell  # noqa: E402

BINARY = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build/debug/worldtrotter")
def celsius_line(pane):
    """The text of the row two below "is really" ... the Celsius value's row."""
    lines = pane.lines()
    for index, line in enumerate(lines):
        if line.strip() == "is really":
            for below in lines[index + 1:]:
                if below.strip():
                    return below.strip()
    return None


def wait_celsius(pane, expected):
    pane.wait_for(lambda s: celsius_line(pane) == expected, f"Celsius {expected!r}")


def start(pane, arguments=""):
    start_in_shell(pane, f"{BINARY} {arguments}", "degrees Fahrenheit")


def assert_restored(pane, status):
    restored(pane, status, lambda screen: "degrees Fahrenheit" not in screen)


def converter_session():
    pane = Pane("wt-e2e", 80, 24)
    try:
        start(pane)
        pane.wait_for_text("value")
        check(celsius_line(pane) == "???", "no value: ???", pane)

        # Tab focuses the field; the decimal pad appears (digits, the separator, no Return).
        pane.keys("Tab")
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is not None, "the decimal pad")
        check("return" not in pane.screen().lower(), "a decimal pad has no Return key", pane)

        pane.type("212")
        wait_celsius(pane, "100")
        check(pane.find(r"\b212\b") is not None, "the field shows 212", pane)

        # A letter is refused.
        pane.type("a")
        time.sleep(0.3)
        check("212a" not in pane.screen() and celsius_line(pane) == "100", "a letter is refused", pane)

        # Emptied: ???
        pane.keys("BSpace", "BSpace", "BSpace")
        wait_celsius(pane, "???")

        # A second decimal separator is refused.
        pane.type("98.6.")
        wait_celsius(pane, "37")
        time.sleep(0.2)
        check("98.6." not in pane.screen(), "the second '.' is refused", pane)

        # The background dismisses the keyboard; a click on the field brings it back.
        pane.click(1, 1)
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is None, "the keyboard to hide")
        column, row = pane.find(r"98\.6")
        pane.click(column + 2, row)
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is not None, "the keyboard after a click")

        # A bracketed paste: one change. Select all first (Ctrl-A), then paste over it.
        pane.keys("C-a")
        pane.paste("-40")
        wait_celsius(pane, "-40")
        pane.paste("abc")
        time.sleep(0.3)
        check(celsius_line(pane) == "-40" and "abc" not in pane.screen(), "a pasted letter is refused", pane)

        # The on-screen keyboard's keys are clickable.
        column, row = pane.find(r"\b5\b")
        pane.click(column, row)
        pane.wait_for(lambda s: "-405" in s, "the clicked key 5")
        wait_celsius(pane, "-242.8")

        # Ctrl-K hides and shows the software keyboard.
        pane.keys("C-k")
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is None, "Ctrl-K hides the keyboard")
        pane.keys("C-k")
        pane.wait_for(lambda s: re.search(r"\b7\b.*\b8\b.*\b9\b", s) is not None, "Ctrl-K shows it")

        # A resize: the layout follows (the labels stay centred).
        before, _ = pane.find("degrees Fahrenheit")
        pane.resize(120, 30)
        pane.wait_for(lambda s: any(l.find("degrees Fahrenheit") > before + 10 for l in s.split("\n")),
                      "the layout to follow the new width")
        column, _ = pane.find("degrees Fahrenheit")
        check(abs((column + 9) - 60) <= 1, f"centred in 120 columns (label at {column})", pane)

        # Ctrl-C quits; the terminal is restored.
        pane.keys("C-c")
        assert_restored(pane, 0)
    finally:
        pane.close()


def sigterm_session():
    pane = Pane("wt-e2e-term", 140, 30)
    try:
        start(pane, "--trace")
        pane.keys("Tab")
        pane.wait_for_text("textFieldShouldBeginEditing")
        pane.wait_for_text("UIKeyboardWillShowNotification")
        pane.type("5")
        pane.wait_for_text(".editingChanged")
        pids = subprocess.run(["pgrep", "-f", BINARY], capture_output=True, text=True).stdout.split()
        check(len(pids) >= 1, "the app is running")
        for pid in pids:
            os.kill(int(pid), signal.SIGTERM)
        assert_restored(pane, 128 + signal.SIGTERM)
    finally:
        pane.close()


if __name__ == "__main__":
    run("WorldTrotter", BINARY, [converter_session, sigterm_session])
