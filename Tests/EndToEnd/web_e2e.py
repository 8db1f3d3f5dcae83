#!/usr/bin/env python3
"""End-to-end: the browser front end in a real browser (Debian's chromium, headless, driven over
the DevTools protocol by Playwright from PyPI; no browser is downloaded).

Usage: python3 Tests/EndToEnd/web_e2e.py BIN_DIR   (worldtrotter, personform and profileform built with --traits Web)

WorldTrotter: the page shows the device; a click on the field focuses it and the keyboard slides
up, caught at two heights in two frames the page showed; typing "212" makes the accessibility
mirror read "100"; a letter is refused (the delegate was asked, in the trace); the canvas's pixels
then match, within a small tolerance, a PNG the app draws of the same state at the same scale
(SIGUSR1 with UIKIT_WEB_SNAPSHOT set: the whole window drawn at once, where the page has it as the
changed rectangles drawn one over another).
The person form: pinyin composed with Input.imeSetComposition ("h", "ha") and committed as 哈
reaches the field through setMarkedText/unmarkText, the delegate asked at each step (trace)."""

import base64
import os
import re
import shutil
import signal
import sys
import tempfile
import time

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
    # A steady caret (the address's caret=steady): the page then shows what snapshot() draws
    # at any moment, not half the time (the blink's own frames are tested in CaretBlinkTests).
    page.goto(app.url + "&caret=steady")
    page.wait_for_function("() => window.__web && window.__web.ready && window.__web.frames > 0", timeout=30000)
    return page


# The keyboard's slide as the page shows it: on every animation frame in which new pixels were
# drawn, three columns of the canvas (at a quarter, half and three quarters of its width) are
# kept; the keyboard's top edge in a frame is the highest row of the canvas's lower half where a
# column differs from before the click (the app's own changes, the caret in the field, are in
# the upper half). Nothing here depends on how the keyboard looks, only on where it is.
START_SLIDE_SAMPLER = """() => {
  const w = canvas.width, h = canvas.height, context = canvas.getContext('2d');
  const xs = [Math.round(w * 0.25), Math.round(w * 0.5), Math.round(w * 0.75)];
  const columns = () => xs.map(x => context.getImageData(x, 0, 1, h).data);
  const s = window.__slide = { samples: [], running: true, frames: window.__web.frames, columns };
  s.before = columns();
  const tick = () => {
    if (!s.running) return;
    if (window.__web.frames !== s.frames) { s.frames = window.__web.frames; s.samples.push(columns()); }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return true;
}"""

STOP_SLIDE_SAMPLER = """() => {
  const s = window.__slide, h = canvas.height;
  s.running = false;
  const top = (sample) => {
    let edge = h;
    sample.forEach((column, i) => {
      const before = s.before[i];
      for (let y = Math.floor(h / 2); y < h; y++) {
        const k = y * 4;
        if (column[k] !== before[k] || column[k + 1] !== before[k + 1] || column[k + 2] !== before[k + 2]) {
          edge = Math.min(edge, y);
          break;
        }
      }
    });
    return edge;
  };
  return { height: h, tops: s.samples.map(top), final: top(s.columns()) };
}"""

# The canvas's backing store against a PNG (base64) of the same size: the pixels whose colour
# differs by more than `tolerance` levels in a channel, their share and the box holding them.
COMPARE_WITH_PNG = """async ([png, tolerance]) => {
  const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));
  const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
  const offscreen = new OffscreenCanvas(bitmap.width, bitmap.height);
  const o = offscreen.getContext('2d');
  o.drawImage(bitmap, 0, 0);
  const size = [bitmap.width, bitmap.height, canvas.width, canvas.height];
  if (bitmap.width !== canvas.width || bitmap.height !== canvas.height) return { size, fraction: 1 };
  const a = o.getImageData(0, 0, bitmap.width, bitmap.height).data;
  const b = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
  let differing = 0, largest = 0, minX = Infinity, minY = Infinity, maxX = -1, maxY = -1;
  for (let i = 0; i < a.length; i += 4) {
    const d = Math.max(Math.abs(a[i] - b[i]), Math.abs(a[i + 1] - b[i + 1]), Math.abs(a[i + 2] - b[i + 2]));
    largest = Math.max(largest, d);
    if (d > tolerance) {
      differing++;
      const p = i / 4, x = p % canvas.width, y = Math.floor(p / canvas.width);
      minX = Math.min(minX, x); maxX = Math.max(maxX, x); minY = Math.min(minY, y); maxY = Math.max(maxY, y);
    }
  }
  return { size, differing, largest, fraction: differing / (a.length / 4),
           box: differing ? [minX, minY, maxX - minX + 1, maxY - minY + 1] : null };
}"""


def app_snapshot(app, path, timeout=20):
    """The app's PNG of what its window shows now (SIGUSR1; see WebSnapshotHook.swift)."""
    if os.path.exists(path):
        os.remove(path)
    app.process.send_signal(signal.SIGUSR1)
    deadline = time.time() + timeout
    while time.time() < deadline:
        if os.path.exists(path):
            with open(path, "rb") as f:
                return f.read()
        time.sleep(0.05)
    raise RuntimeError(f"the app wrote no snapshot; stderr: {''.join(app.stderr_lines)}")


def compare_page_with_app(page, app, path, tolerance=8, attempts=3, limit=0.001):
    """The canvas against the app's own PNG of the same state. The app may draw something on
    its own between the two moments (a caret blinking): a result above `limit` is retried, and
    the best one returned."""
    best = None
    for _ in range(attempts):
        wait_settled(page)
        page.wait_for_timeout(300)
        png = app_snapshot(app, path)
        # Whatever the app sent before drawing the file is on the page once it is settled.
        page.wait_for_timeout(200)
        wait_settled(page)
        result = page.evaluate(COMPARE_WITH_PNG, [base64.b64encode(png).decode("ascii"), tolerance])
        if best is None or result["fraction"] < best["fraction"]:
            best = result
        if result["fraction"] <= limit:
            break
    return best


def worldtrotter(browser):
    snapshot_path = os.path.join(tempfile.mkdtemp(prefix="web_e2e_"), "app.png")
    app = WebApp(os.path.join(BIN, "worldtrotter"), "--trace", env={"UIKIT_WEB_SNAPSHOT": snapshot_path})
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
        page.evaluate(START_SLIDE_SAMPLER)
        page.locator('#a11y [data-id="fahrenheit"]').click()
        page.wait_for_function(
            "() => window.__web.elements.some(e => e.id === 'fahrenheit' && e.focused)", timeout=15000)
        check(True, "a click on the field makes it the first responder")
        page.wait_for_timeout(800)
        slide_frames = page.evaluate("() => window.__web.frames") - frames_before
        check(slide_frames >= 3, "the keyboard slides in: several frames while it comes up", slide_frames)
        slide = page.evaluate(STOP_SLIDE_SAMPLER)
        height, final = slide["height"], slide["final"]
        check(final < height, "the keyboard is up: the lower half of the canvas changed", slide)
        between = sorted({top for top in slide["tops"] if final < top < height})
        check(len(between) >= 2,
              "the slide is visible in two frames: the keyboard's top edge at two heights between "
              "off screen and where it stops", f"tops {slide['tops']}, final {final}, height {height}")
        print(f"   the keyboard's top edge in the frames shown (pixels): {slide['tops']}, then {final}", flush=True)

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

        same = compare_page_with_app(page, app, snapshot_path)
        check(same["size"][:2] == same["size"][2:], "the app's PNG is the canvas's size (2 pixels a point)", same["size"])
        check(same["fraction"] <= 0.001,
              "the canvas shows what the app draws of the same state (212, 100, the keyboard): "
              f"{same['fraction'] * 100:.4f} % of the pixels differ (at most 0.1 %)", same)
        print(f"   page against the app's PNG: {same.get('differing')} pixels differ "
              f"({same['fraction'] * 100:.4f} %), largest channel difference {same.get('largest')}, "
              f"within {same.get('box')}", flush=True)
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


def person_form_find(browser):
    """Find in the person form's notes from the browser's keyboard: Ctrl+F shows the find panel
    (the page keeps the key from the browser's own find), the query typed into the panel is
    searched after its pause on the app's real clock, Ctrl+G goes to the next match, Enter goes
    back to the notes with that match selected, and typing replaces it."""
    app = WebApp(os.path.join(BIN, "personform"))
    try:
        page = open_page(browser, app)
        page.locator('#a11y [data-id="notes"]').click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'notes' && e.focused)", timeout=15000)
        page.keyboard.insert_text("red fish blue fish")
        check(wait_mirror(page, "notes", "Red fish blue fish"), "the notes typed", mirror_text(page, "notes"))
        page.keyboard.press("Control+f")
        page.wait_for_function("() => !window.__web.elements.some(e => e.id === 'notes' && e.focused)", timeout=15000)
        page.keyboard.insert_text("fish")
        page.wait_for_timeout(800)
        page.keyboard.press("Control+g")
        page.keyboard.press("Enter")
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'notes' && e.focused)", timeout=15000)
        page.keyboard.insert_text("cat")
        check(wait_mirror(page, "notes", "Red fish blue cat"), "the second match selected and typed over",
              mirror_text(page, "notes"))
    finally:
        app.stop()


def profile_form(browser):
    """The fourth app, a list with a diffable data source: typing into its fields reaches them, the
    e-mail's validation row comes and goes as the address is typed (the field keeps the focus),
    and pinyin composed in the notes (a text view that grows in its cell) commits as 你."""
    app = WebApp(os.path.join(BIN, "profileform"))
    try:
        page = open_page(browser, app)
        page.locator('#a11y [data-id="name"]').click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'name' && e.focused)", timeout=15000)
        page.keyboard.insert_text("Ada Lovelace")
        check(wait_mirror(page, "name", "Ada Lovelace"), "the name typed in the list's first field",
              mirror_text(page, "name"))
        page.locator('#a11y [data-id="email"]').click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'email' && e.focused)", timeout=15000)
        page.keyboard.insert_text("ada")
        try:
            page.wait_for_function(
                "() => window.__web.elements.some(e => (e.label || '').includes('Enter an address'))", timeout=15000)
            appeared = True
        except Exception:
            appeared = False
        check(appeared, "the validation row appears while the address is not valid")
        page.keyboard.insert_text("@example.com")
        check(wait_mirror(page, "email", "ada@example.com"), "the address typed on", mirror_text(page, "email"))
        try:
            page.wait_for_function("() => !window.__web.elements.some(e => (e.label || '').includes('Enter an address'))"
                                   " && window.__web.elements.some(e => e.id === 'email' && e.focused)", timeout=15000)
            gone = True
        except Exception:
            gone = False
        check(gone, "the validation row goes and the field keeps the focus")
        page.locator('#a11y [data-id="notes"]').click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'notes' && e.focused)", timeout=15000)
        cdp = page.context.new_cdp_session(page)
        cdp.send("Input.imeSetComposition", {"text": "ni", "selectionStart": 2, "selectionEnd": 2})
        check(wait_mirror(page, "notes", "ni"), "the marked text shows in the notes", mirror_text(page, "notes"))
        cdp.send("Input.insertText", {"text": "你"})
        check(wait_mirror(page, "notes", "你"), "the committed 你 is the notes' text", mirror_text(page, "notes"))
    finally:
        app.stop()


def menu_questions(page):
    """The trace's edit-menu questions so far (the field asks its delegate before each menu)."""
    return [line for line in page.evaluate("() => window.__web.trace") if "editMenuForCharactersIn" in line]


def person_form_on_an_se(browser):
    """--device iphone-se: square screen corners and a home button; clicks as a user makes them:
    the focusing click shows no menu, a click on the caret does, a double click selects a word,
    a press held half a second shows the menu (Chromium's pointer events carry no click count:
    the page counts)."""
    app = WebApp(os.path.join(BIN, "personform"), "--trace", "--device", "iphone-se")
    try:
        page = open_page(browser, app)
        chrome = page.evaluate(
            "() => ({ size: [canvas.style.width, canvas.style.height],"
            " corner: getComputedStyle(document.getElementById('screen')).borderTopLeftRadius,"
            " home: getComputedStyle(document.getElementById('home')).display,"
            " homeButton: document.getElementById('device').classList.contains('home-button') })")
        check(chrome["size"] == ["375px", "667px"], "an SE's screen in points", chrome)
        check(chrome["corner"] == "0px", "an SE's screen has square corners (the status bar reaches them)", chrome)
        check(chrome["homeButton"] and chrome["home"] == "block", "and a home button below it", chrome)
        page.screenshot(path=os.environ.get("WEB_E2E_SE_SCREENSHOT", "/tmp/web_e2e_se.png"))

        field = page.locator('#a11y [data-id="email"]')
        box = field.bounding_box()
        y = box["y"] + box["height"] / 2
        inside = box["x"] + 30  # on "hello", past the field's left inset

        def settle():
            wait_settled(page)
            page.wait_for_timeout(300)

        field.click()
        page.wait_for_function("() => window.__web.elements.some(e => e.id === 'email' && e.focused)", timeout=15000)
        page.keyboard.type("hello world")
        check(wait_mirror(page, "email", "hello world"), "typed into the email field", mirror_text(page, "email"))
        settle()
        check(menu_questions(page) == [], "the click that focused the field showed no menu", menu_questions(page))
        page.mouse.click(inside, y)
        settle()
        check(menu_questions(page) == [], "a click that moves the caret shows no menu", menu_questions(page))
        page.wait_for_timeout(600)  # not a double click
        page.mouse.click(inside, y)
        settle()
        asked = menu_questions(page)
        check(len(asked) == 1 and re.search(r"\{[1-9]\d*, 0\}", asked[0]) is not None,
              "a click on the caret shows the menu (for the caret inside the word)", asked)
        page.wait_for_timeout(600)
        page.mouse.dblclick(inside, y)
        settle()
        asked = menu_questions(page)
        check(len(asked) == 2 and "{0, 5}" in asked[-1],
              "a double click selects the word under it (counted by the page) and shows the menu", asked)
        page.keyboard.press("End")
        settle()
        page.mouse.move(inside, y)
        page.mouse.down()
        page.wait_for_timeout(700)
        page.mouse.up()
        settle()
        asked = menu_questions(page)
        check(len(asked) == 3 and re.search(r"\{[1-9]\d*, 0\}", asked[-1]),
              "a press held 0.7 s is a long press: the menu at the caret", asked)
    finally:
        app.stop()


def rotation_and_dark_mode(browser):
    app = WebApp(os.path.join(BIN, "personform"))
    try:
        page = open_page(browser, app)
        page.locator("#rotate-left").click()
        page.wait_for_function("() => canvas.style.width === '844px'", timeout=15000)
        size = page.evaluate("() => [canvas.style.width, canvas.style.height, canvas.width, canvas.height]")
        check(size == ["844px", "390px", 844 * 2, 390 * 2],
              "Rotate Left turns the device: the canvas is the landscape screen", size)
        wait_settled(page)
        page.wait_for_timeout(600)
        wait_settled(page)
        # The table's background in the middle of the landscape screen, under the rows.
        light = page.evaluate("() => Array.from(canvas.getContext('2d').getImageData(1600, 700, 1, 1).data)")
        page.locator("#appearance").click()
        page.wait_for_timeout(600)
        wait_settled(page)
        dark = page.evaluate("() => Array.from(canvas.getContext('2d').getImageData(1600, 700, 1, 1).data)")
        check(sum(light[:3]) > 600 and sum(dark[:3]) < 60,
              "Toggle Appearance draws the app in dark appearance (white background turns black)", (light, dark))
        page.locator("#rotate-right").click()
        page.wait_for_function("() => canvas.style.width === '390px'", timeout=15000)
        check(True, "Rotate Right turns it back to portrait")
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
            person_form_find(browser)
            profile_form(browser)
            person_form_on_an_se(browser)
            rotation_and_dark_mode(browser)
        finally:
            browser.close()
    checks.finish()


if __name__ == "__main__":
    main()
