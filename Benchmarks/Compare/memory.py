"""Peak memory of one process holding a 1 MB text after 10,000 edits, with the library's undo.

Usage: python memory.py prompt_toolkit | textual

The workload (the same as `uikitbench --memory`): 1 MiB of ASCII prose, then 100 bursts, each
at a new place (a caret move), of 90 keys typed and 10 Backspaces: 10,000 edits, every burst
two undo steps. Prints JSON with the peak resident memory (VmHWM) and the resident memory
before the text was loaded (the interpreter, the library, the widget).

- prompt_toolkit: `Buffer`, with the saves its key processor makes on the undo stack: before
  the caret move and before the first Backspace of each burst (each saves the whole text,
  which is what prompt_toolkit's undo is), and before the first typed key (the text is the
  same then, so that save only records the caret).
- Textual: `Input`, which has no undo (Textual's undo belongs to `TextArea`, which keeps at
  most 50 checkpoints of at most 100 characters, and takes about 0.3 s per key on a 1 MB
  line). One key takes about 0.1 s on a 1 MB text, so the run stops after a time budget and
  says how many edits it made; without undo its memory does not grow with the edits."""

import asyncio
import json
import sys
import time

import texts

BURSTS, TYPED, DELETED = 100, 90, 10
BUDGET_S = 10.0


def resident():
    """(VmRSS, VmHWM) of this process, in bytes."""
    values = {}
    with open("/proc/self/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "VmHWM"):
                values[key] = int(rest.split()[0]) * 1024
    return values["VmRSS"], values["VmHWM"]


def caret_for(burst, length):
    """Where burst `burst` starts, in a text of `length` code points (the same in every
    library: ASCII, so code points and UTF-16 units agree)."""
    return (burst * 7919 * 131) % (length + 1)


def prompt_toolkit_run():
    from prompt_toolkit.buffer import Buffer
    from prompt_toolkit.document import Document

    buffer = Buffer(multiline=False)
    baseline = resident()[0]
    text = texts.megabyte(texts.PASTE_ASCII_UNIT)
    buffer.reset(Document(text, len(text)))
    length = len(text)
    edits = 0
    for burst in range(BURSTS):
        buffer.save_to_undo_stack()  # the caret-moving key's binding saves first
        buffer.cursor_position = caret_for(burst, length)
        buffer.save_to_undo_stack()  # the first typed key (same text: only the caret is saved)
        for i in range(TYPED):
            buffer.insert_text(texts.TYPED_KEYS[i % len(texts.TYPED_KEYS)])
        buffer.save_to_undo_stack()  # the first Backspace
        for _ in range(DELETED):
            buffer.delete_before_cursor(1)
        length += TYPED - DELETED
        edits += TYPED + DELETED
    assert len(buffer.text) == length
    current, peak = resident()
    undo_steps = len(buffer._undo_stack)
    # Undo works: the oldest entry is the text as loaded.
    assert buffer._undo_stack[0][0] == text
    return {
        "library": "prompt_toolkit.Buffer", "peak_rss_bytes": peak, "rss_bytes": current,
        "baseline_rss_bytes": baseline, "edits": edits, "undo_steps": undo_steps,
        "undo": "the whole text saved per undo step", "text": texts.fingerprint(text),
    }


async def textual_run():
    from textual.app import App
    from textual.widgets import Input

    class OneInput(App):
        def compose(self):
            yield Input()

    app = OneInput()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        widget = app.query_one(Input)
        widget.focus()
        await pilot.pause()
        baseline = resident()[0]
        text = texts.megabyte(texts.PASTE_ASCII_UNIT)
        widget.value = text
        length = len(text)
        edits = 0
        start = time.perf_counter()
        for burst in range(BURSTS):
            widget.cursor_position = caret_for(burst, length)
            for i in range(TYPED):
                widget.insert_text_at_cursor(texts.TYPED_KEYS[i % len(texts.TYPED_KEYS)])
            for _ in range(DELETED):
                widget.action_delete_left()
            length += TYPED - DELETED
            edits += TYPED + DELETED
            await pilot.pause()  # deliver the Changed messages, as the app would
            if time.perf_counter() - start > BUDGET_S:
                break
        assert len(widget.value) == length
        current, peak = resident()
        return {
            "library": "textual.widgets.Input", "peak_rss_bytes": peak, "rss_bytes": current,
            "baseline_rss_bytes": baseline, "edits": edits, "undo_steps": 0,
            "undo": "none (Input has no undo)", "seconds": time.perf_counter() - start,
            "text": texts.fingerprint(text),
        }


def main():
    which = sys.argv[1] if len(sys.argv) > 1 else ""
    if which == "prompt_toolkit":
        result = prompt_toolkit_run()
    elif which == "textual":
        result = asyncio.run(textual_run())
    else:
        sys.exit("usage: memory.py prompt_toolkit | textual")
    print(json.dumps({"memory": result}, indent=1))


if __name__ == "__main__":
    main()
