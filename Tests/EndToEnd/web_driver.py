"""Starts an app's browser front end (`APP --web`) and reads the address it prints."""

import os
import re
import signal
import subprocess
import sys
import threading
import time


class WebApp:
    """An app served with --web; `url` is the printed address (token included)."""

    def __init__(self, binary, *arguments, timeout=60, env=None):
        """`env`: variables added to this process's environment for the app."""
        self.binary = binary
        self.process = subprocess.Popen(
            [binary, "--web", *arguments], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL, text=True, bufsize=1, env={**os.environ, **(env or {})})
        self.stderr_lines = []
        threading.Thread(target=self._read_stderr, daemon=True).start()
        deadline = time.time() + timeout
        self.url = None
        while time.time() < deadline:
            line = self.process.stdout.readline()
            if not line:
                break
            match = re.search(r"serving on (http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+))", line)
            if match:
                self.url, self.port, self.token = match.group(1), int(match.group(2)), match.group(3)
                break
        if self.url is None:
            self.stop()
            raise RuntimeError(f"{binary} --web printed no address; stderr: {''.join(self.stderr_lines)}")
        threading.Thread(target=self._drain_stdout, daemon=True).start()

    def _read_stderr(self):
        for line in self.process.stderr:
            self.stderr_lines.append(line)

    def _drain_stdout(self):
        for _ in self.process.stdout:
            pass

    def ws_url(self, token=None):
        return f"ws://127.0.0.1:{self.port}/ws?token={self.token if token is None else token}"

    def running(self):
        return self.process.poll() is None

    def stop(self, sig=signal.SIGINT, timeout=20):
        """Sends `sig` and returns the exit status."""
        if self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode


class Checks:
    """Counts checks; prints each failure and the closing 'N passed, N failed' line."""

    def __init__(self):
        self.passed = 0
        self.failed = 0

    def check(self, condition, what, detail=""):
        if condition:
            self.passed += 1
            print(f"ok: {what}", flush=True)
        else:
            self.failed += 1
            print(f"FAILED: {what} {detail}", flush=True)
        return condition

    def finish(self):
        print(f"{self.passed} passed, {self.failed} failed", flush=True)
        sys.exit(1 if self.failed or not self.passed else 0)
