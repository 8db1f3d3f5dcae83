#!/usr/bin/env python3
"""End-to-end: the browser front end in a real browser (Debian's chromium, headless, driven over
the DevTools protocol by Playwright from PyPI; no browser is downloaded).

Usage: python3 Tests/EndToEnd/web_e2e.py BIN_DIR   (worldtrotter and personform built with --traits Web)

WorldTrotter: the page shows the device; a click on the field focuses it; typing "212" makes the
accessibility mirror read "100"; a letter is refused (the delegate was asked, in the trace).
The person form: pinyin composed with Input.imeSetComposition ("h", "ha") and committed as 哈
reaches the field through setMarkedText/unmarkText, the delegate asked at each step (trace)."""

import os
import shutil
import sys

from playwright.sync_api import sync_playwright

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from web_driver import Checks, WebApp  # noqa: E402

BIN = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else ".build-web/debug")
CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
checks = Checks()
check = checks.check


def mirror_text(page, identifier):
    return page.evaluate(
        "(id) => { const e = document.querySelector(`#a11y [data-id=\"${id}\"]`); return e ? e.textContent : null; }",
        identifier)


def wait_mirror(page, identifier, expected, timeout=15000):
    try:
        page.wait_for_function(
            "([id, text]) => { const e = document.querySelector(`#a11y [data-id=\"${id}\"]`);"
            " return e && e.textContent === text; }", arg=[identifier, expected], timeout=timeout)
        return True
    except Exception:
        return False


def wait_settled(page, timeout=15000):
    """Until every input the page sent so far has been answered by a frame or an ack."""
    page.wait_for_function("() => window.__web.ack >= window.__web.sent", timeout=timeout)


def open_page(browser, app):
    page = browser.new_page(viewport={"width": 1000, "height": 1000})
    page.goto(app.url)
    page.wait_for_function("() => window.__web && window.__web.ready && window.__web.frames > 0", timeout=30000)
    return page


def worldtrotter(browser):
    app = WebApp(os.path.join(BIN, "worldtrotter"), "--trace")
    try:
        page = open_page(browser, app)
        size = page.evaluate("() => [canvas.style.width, canvas.style.height, canvas.width, canvas.height]")
        check(size[:2] == ["390px", "844px"], "the canvas is an iPhone 14's screen in CSS points", size)
        check(size[2] == 390 * 2 and size[3] == 844 * 2, "with a backing store at 2 pixels a point", size)
        check(mirror_text(page, "celsius") == "???", "the mirror reads the Celsius label (???)",
              mirror_text(page, "celsius"))
        painted = page.evaluate(
            "() => { const d = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;"
            " let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 128) n++; return n; }")
        check(painted > 1000, "the canvas shows the app's pixels (dark text drawn)", painted)

        frames_before = page.evaluate("() => window.__web.frames")
        page.locator('#a11y [data-id="fahrenheit"]').click()
        page.wait_for_function(
            "() => window.__web.elements.some(e => e.id === 'fahrenheit' && e.focused)", timeout=15000)
        check(True, "a click on the field makes it the first responder")
        page.wait_for_timeout(800)
        slide_frames = page.evaluate("() => window.__web.frames") - frames_before
        check(slide_frames >= 3, "the keyboard slides in: several frames while it comes up", slide_frames)

        page.keyboard.type("212")
        check(wait_mirror(page, "celsius", "100"), "typing 212 makes the mirror read 100",
              mirror_text(page, "celsius"))
        check(wait_mirror(page, "fahrenheit", "212"), "the field's value is 212")

        page.keyboard.type("a")
        wait_settled(page)
        check(mirror_text(page, "fahrenheit") == "212", "a letter is refused", mirror_text(page, "fahrenheit"))
        trace = page.evaluate("() => window.__web.trace")
        asked = [line for line in trace if "shouldChangeCharactersIn" in line and '"a"' in line]
        check(len(asked) == 1, "the delegate was asked about the letter (trace beside the device)", trace[-5:])
        check(page.locator("#trace").is_visible() and '"a"' in page.locator("#trace").text_content(),
              "the trace pane shows it live")
        page.screenshot(path=os.environ.get("WEB_E2E_SCREENSHOT", "/tmp/web_e2e_worldtrotter.png"))
    finally:
        app.stop()


def person_form(browser):
    app = WebApp(os.path.join(BIN, "personform"), "--trace")
    try:
        page = open_page(browser, app)
        page.locator('#a11y [data-id="name"]').click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'name' && e.focused)", timeout=15000)
        cdp = page.context.new_cdp_session(page)
        events = page.evaluate(
            "() => { window.__events = []; const i = document.getElementById('input');"
            " for (const t of ['compositionstart','compositionupdate','compositionend'])"
            "   i.addEventListener(t, e => window.__events.push(t + ':' + (e.data || ''))); return true; }")
        cdp.send("Input.imeSetComposition", {"text": "h", "selectionStart": 1, "selectionEnd": 1})
        cdp.send("Input.imeSetComposition", {"text": "ha", "selectionStart": 2, "selectionEnd": 2})
        check(wait_mirror(page, "name", "ha"), "the marked text shows in the field while composing",
              mirror_text(page, "name"))
        cdp.send("Input.insertText", {"text": "哈"})
        check(wait_mirror(page, "name", "哈"), "the committed 哈 is the field's text", mirror_text(page, "name"))
        wait_settled(page)
        events = page.evaluate("() => window.__events")
        check(events[:1] == ["compositionstart:"] and events[-1:] == ["compositionend:哈"],
              "the page saw the composition's events", events)
        trace = page.evaluate("() => window.__web.trace")
        steps = [line for line in trace if "shouldChangeCharactersIn" in line]
        check(len(steps) >= 3 and '"h"' in steps[-3] and '"ha"' in steps[-2] and '"哈"' in steps[-1],
              "the delegate was asked at each step: h, ha, 哈", steps)
    finally:
        app.stop()


def main():
    if not CHROMIUM:
        print("chromium is not installed (apt-get install chromium)")
        sys.exit(1)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        try:
            worldtrotter(browser)
            person_form(browser)
        finally:
            browser.close()
    checks.finish()


if __name__ == "__main__":
    main()
