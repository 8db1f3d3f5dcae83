"""A real terminal for end-to-end tests: a tmux session whose pane we type into, click into,
paste into, resize and read back."""

import os
import re
import subprocess
import time


class Failure(Exception):
    pass


class Pane:
    def __init__(self, name, columns=80, rows=24, command="bash --norc --noprofile"):
        self.name = name
        self.tmux("kill-session", "-t", name, check=False)
        env = dict(os.environ)
        self.tmux("new-session", "-d", "-s", name, "-x", str(columns), "-y", str(rows), command, env=env)
        self.tmux("set-option", "-t", name, "status", "off")
        time.sleep(0.2)

    def tmux(self, *args, check=True, env=None):
        result = subprocess.run(["tmux", *args], capture_output=True, text=True, env=env)
        if check and result.returncode != 0:
            raise Failure(f"tmux {' '.join(args)} failed: {result.stderr.strip()}")
        return result.stdout

    def close(self):
        self.tmux("kill-session", "-t", self.name, check=False)

    # Reading

    def screen(self):
        return self.tmux("capture-pane", "-p", "-t", self.name)

    def lines(self):
        return self.screen().split("\n")

    def value(self, fmt):
        return self.tmux("display-message", "-p", "-t", self.name, fmt).strip()

    def wait_for(self, predicate, description, timeout=15.0):
        deadline = time.time() + timeout
        while True:
            screen = self.screen()
            if predicate(screen):
                return screen
            if time.time() > deadline:
                raise Failure(f"timed out waiting for {description}; the screen was:\n{screen}")
            time.sleep(0.05)

    def wait_for_text(self, text, timeout=15.0):
        return self.wait_for(lambda s: text in s, repr(text), timeout)

    def settle(self, quiet=0.3, timeout=10.0):
        """Waits until the screen has not changed for `quiet` seconds."""
        deadline = time.time() + timeout
        last = self.screen()
        since = time.time()
        while time.time() < deadline:
            time.sleep(0.05)
            now = self.screen()
            if now != last:
                last, since = now, time.time()
            elif time.time() - since >= quiet:
                return now
        return last

    def find(self, pattern):
        """(column, row) of the first match of a regular expression on the screen."""
        for row, line in enumerate(self.lines()):
            match = re.search(pattern, line)
            if match:
                return match.start(), row
        raise Failure(f"{pattern!r} is not on the screen:\n{self.screen()}")

    # Writing

    def keys(self, *keys):
        self.tmux("send-keys", "-t", self.name, *keys)

    def type(self, text):
        self.tmux("send-keys", "-t", self.name, "-l", text)

    def raw(self, data: bytes):
        """Bytes exactly as a terminal would send them (escape sequences included)."""
        self.tmux("send-keys", "-t", self.name, "-H", *[f"{b:02x}" for b in data])

    def click(self, column, row):
        """A left click (SGR 1006 mouse report: press, then release), 0-based cell."""
        self.raw(f"\x1b[<0;{column + 1};{row + 1}M".encode())
        self.raw(f"\x1b[<0;{column + 1};{row + 1}m".encode())

    def wheel(self, column, row, up=True):
        """One notch of the mouse wheel over a cell (SGR 1006: button 64 up, 65 down)."""
        self.raw(f"\x1b[<{64 if up else 65};{column + 1};{row + 1}M".encode())

    def paste(self, text):
        """Pastes as the terminal does: bracketed, since the app asked for it."""
        self.tmux("set-buffer", "-b", "e2e", "--", text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "e2e", "-t", self.name)

    def resize(self, columns, rows):
        self.tmux("resize-window", "-t", self.name, "-x", str(columns), "-y", str(rows))


# Shared by the apps' end-to-end scripts.

checks = 0


def check(condition, message, pane=None):
    """Counts a check; a false condition fails the run with the screen attached."""
    global checks
    checks += 1
    if not condition:
        raise Failure(message + ("\nscreen:\n" + pane.screen() if pane else ""))


def start_in_shell(pane, command, ready_text):
    """Runs `command` from the pane's shell, which afterwards prints the exit status and the
    tty's canonical-mode and echo flags (for `assert_restored`); waits for `ready_text`."""
    pane.type(f"clear; echo SHELL-BEFORE; {command}; echo EXIT=$?; "
              "stty -a | tr ' ' '\\n' | grep -x -- '-\\?icanon\\|-\\?echo'\n")
    pane.wait_for_text(ready_text)
    check(pane.value("#{alternate_on}") == "1", "the app runs on the alternate screen", pane)


def assert_restored(pane, status, app_is_gone):
    """The app exited with `status` and left the terminal as it found it: the shell's screen
    back (`app_is_gone(screen)` true), the alternate screen and mouse reporting off, the tty in
    canonical mode with echo."""
    screen = pane.wait_for_text("EXIT=")
    check(f"EXIT={status}" in screen, f"exit status {status}", pane)
    pane.wait_for(lambda s: re.search(r"^echo$", s, re.M) is not None, "stty output")
    screen = pane.screen()
    check("SHELL-BEFORE" in screen, "the shell's screen is back", pane)
    check(app_is_gone(screen), "the app's screen is gone", pane)
    check(pane.value("#{alternate_on}") == "0", "the alternate screen is off", pane)
    check(re.search(r"^icanon$", screen, re.M) is not None, "canonical mode is back", pane)
    check(re.search(r"^-icanon$", screen, re.M) is None, "no raw mode left behind", pane)
    check(pane.value("#{mouse_any_flag}#{mouse_button_flag}#{mouse_standard_flag}") in ("000", ""),
          "mouse reporting is off", pane)
    return screen


def run(name, binary, sessions):
    """Runs each session in turn; prints the count of checks, or the failure (exit status 1)."""
    import sys
    if not os.path.exists(binary):
        print(f"no binary at {binary}; build it first (swift build)", file=sys.stderr)
        sys.exit(2)
    started = time.time()
    try:
        for session in sessions:
            session()
    except Failure as failure:
        print(f"end-to-end ({name}) FAILED: {failure}", file=sys.stderr)
        sys.exit(1)
    print(f"end-to-end ({name}): {checks} checks passed in {time.time() - started:.1f} s")
    sys.exit(0)
