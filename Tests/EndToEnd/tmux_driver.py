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

    def paste(self, text):
        """Pastes as the terminal does: bracketed, since the app asked for it."""
        self.tmux("set-buffer", "-b", "e2e", "--", text)
        self.tmux("paste-buffer", "-p", "-d", "-b", "e2e", "-t", self.name)

    def resize(self, columns, rows):
        self.tmux("resize-window", "-t", self.name, "-x", str(columns), "-y", str(rows))
