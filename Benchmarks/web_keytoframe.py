#!/usr/bin/env python3
"""Key to frame in the browser front end, measured in a real browser over the DevTools protocol.

Usage: python3 Benchmarks/web_keytoframe.py [--keys N] [--app PATH] [--device NAME] [--burst N]
(the app built with --traits Web; Debian's chromium; Playwright from PyPI)

Each key is a real key event (CDP Input.dispatchKeyEvent, through Playwright) into the page's
text area. The page times each key from its keydown's timestamp to the moment the frame that
answers it (the first frame whose header acknowledges that input) has been decoded and drawn on
the canvas; keys are sent one at a time, each after the previous one's frame. Bytes per key are
all bytes the WebSocket delivered to the page (frames and JSON) divided by the keys.

With --burst N, keys come as a fast typist's do: N keys sent back to back without waiting for
any frame (each only for the browser to take it), then the next burst once every key of this one
has been answered; bursts alternate N letters and N Backspaces, in the app's first text field.
Each key is still timed from its own keydown to the frame that answers it, so a key that waits
behind others counts its wait."""

import argparse
import os
import shutil
import statistics
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "Tests", "EndToEnd"))
from web_driver import WebApp  # noqa: E402


def percentile(values, fraction):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--keys", type=int, default=200)
    parser.add_argument("--app", default=".build-web/release/worldtrotter")
    parser.add_argument("--device", default="iphone-14")
    parser.add_argument("--burst", type=int, default=0,
                        help="keys per burst, sent without waiting for frames (0: one key at a time)")
    arguments = parser.parse_args()
    app = WebApp(os.path.abspath(arguments.app), "--device", arguments.device)
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(
                executable_path=shutil.which("chromium"), args=["--no-sandbox"])
            page = browser.new_page()
            page.goto(app.url)
            page.wait_for_function("() => window.__web && window.__web.ready && window.__web.frames > 0", timeout=30000)
            page.locator('#a11y [role="textbox"]').first.click()
            page.wait_for_function("() => window.__web.elements.some(e => e.focused)", timeout=15000)
            page.wait_for_timeout(600)  # the keyboard's slide ends
            page.evaluate("() => { window.__web.latencies = []; window.__web.bytes = 0; window.__web.frames = 0; }")
            digits = "1234567890"
            letters = "abcdefghijklmnopqrstuvwxyz"
            typed = 0
            while arguments.burst > 0 and typed < arguments.keys:
                count = min(arguments.burst, arguments.keys - typed)
                deleting = (typed // arguments.burst) % 2 == 1
                for index in range(count):
                    page.keyboard.press("Backspace" if deleting else letters[index % len(letters)])
                typed += count
                sent = page.evaluate("() => window.__web.sent")
                page.wait_for_function("(n) => window.__web.ack >= n", arg=sent, timeout=30000)
                page.wait_for_timeout(100)  # between bursts: the typist's pause
            for index in range(0 if arguments.burst > 0 else arguments.keys):
                # Five digits, then five Backspaces: the text stays short and every key changes it.
                key = digits[index % 5] if index % 10 < 5 else "Backspace"
                sent = page.evaluate("() => window.__web.ack")
                page.keyboard.press(key)
                page.wait_for_function("(n) => window.__web.ack > n", arg=sent, timeout=10000)
            result = page.evaluate("() => ({ latencies: window.__web.latencies, bytes: window.__web.bytes,"
                                   " frames: window.__web.frames })")
            browser.close()
    finally:
        app.stop()
    latencies = result["latencies"]
    print(f"keys: {arguments.keys}, answered: {len(latencies)}, frames drawn: {result['frames']}")
    print(f"key to frame (ms): median {statistics.median(latencies):.1f}, p90 {percentile(latencies, 0.9):.1f},"
          f" p99 {percentile(latencies, 0.99):.1f}, max {max(latencies):.1f}")
    print(f"bytes per key: {result['bytes'] / arguments.keys:.0f}")


if __name__ == "__main__":
    main()
