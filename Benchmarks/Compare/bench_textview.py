"""The text-view workloads (TV2, TV3, TV4, TV6 of Benchmarks/UIKitBench/TextViewBench.swift) on
Textual's `TextArea` and prompt_toolkit's multi-line `Buffer`.

    python3 bench_textview.py textual|prompt_toolkit [--repetitions N]

What a key is, per library (the call its key binding makes):
- Textual `TextArea` (mounted and focused in a headless app, `App.run_test()`): a printable key
  is `_replace_via_keyboard(character, *selection)` (what `TextArea._on_key` calls), Backspace
  `action_delete_left()`, a paste `_replace_via_keyboard(text, *selection)` then
  `move_cursor(end)` (what `_on_paste` does). Its messages (`TextArea.Changed`) are delivered
  after the timed calls, and rendering is not counted.
- prompt_toolkit `Buffer(multiline=True)`: `insert_text(character)`, `delete_before_cursor(1)`,
  `insert_text(text)` (self-insert, backward-delete-char and bracketed paste), with the undo save
  its key processor makes before a run of keys.

Prints JSON in the shape `uikitbench --text-view` prints."""

import argparse
import asyncio
import json
import time

import regex

import texts
from workloads import _keys, _median, _time_in_chunks, _timed, BUDGET_S


class PromptToolkitBuffer:
    name = "prompt_toolkit.Buffer(multiline=True)"

    def __init__(self):
        from prompt_toolkit.buffer import Buffer
        from prompt_toolkit.document import Document
        self.Document = Document
        self.buffer = Buffer(multiline=True)

    def reset(self, text, cursor=None):
        self.buffer.reset(self.Document(text, len(text) if cursor is None else cursor))
        self.buffer.save_to_undo_stack()

    def type_keys(self, keys):
        insert = self.buffer.insert_text
        for key in keys:
            insert(key)

    def backspace(self, count):
        delete = self.buffer.delete_before_cursor
        for _ in range(count):
            delete(1)

    def paste(self, text):
        self.buffer.insert_text(text)

    def text(self):
        return self.buffer.text

    async def settle(self):
        pass


class TextualTextArea:
    name = "textual.widgets.TextArea"

    def __init__(self, pilot, area):
        self.pilot = pilot
        self.area = area

    def reset(self, text, cursor=None):
        self.area.load_text(text)
        index = len(text) if cursor is None else cursor
        self.area.move_cursor(self.area.document.get_location_from_index(index))
        self.area.scroll_cursor_visible()

    def type_keys(self, keys):
        area = self.area
        for key in keys:
            area._replace_via_keyboard(key, *area.selection)

    def backspace(self, count):
        delete = self.area.action_delete_left
        for _ in range(count):
            delete()

    def paste(self, text):
        area = self.area
        result = area._replace_via_keyboard(text, *area.selection)
        area.move_cursor(result.end_location)

    def text(self):
        return self.area.text

    async def settle(self):
        await self.pilot.pause()


async def tv2(adapter, repetitions, keys=2_000):
    typed = _keys(keys)
    result = {}
    for size in (1_000, 100_000, 1_000_000):
        text, middle = texts.middle_lines_text(size)
        samples, timed_keys = [], keys
        for _ in range(repetitions):
            adapter.reset(text, middle)
            await adapter.settle()
            elapsed, done = _time_in_chunks(lambda start, n: adapter.type_keys(typed[start:start + n]), keys)
            samples.append(elapsed / done)
            timed_keys = min(timed_keys, done)
            assert adapter.text()[middle:middle + done] == "".join(typed[:done]), "TV2: keys not at the middle"
            await adapter.settle()
            if done < keys:
                break
        result[str(size)] = {"ns_per_key": _median(samples), "keys": timed_keys, "samples": samples,
                             "text": texts.fingerprint(text)}
    return result


async def tv3(adapter, repetitions, keys=2_000, clusters=2_500):
    text = texts.cluster_text(clusters)
    starts, boundaries = texts.cluster_boundaries(text, regex)
    adapter.reset(text)
    broken = 0
    for _ in range(keys):
        adapter.backspace(1)
        remaining = adapter.text()
        if len(remaining) not in boundaries or not text.startswith(remaining):
            broken += 1
    remaining = adapter.text()
    await adapter.settle()
    samples, timed_keys = [], keys
    for _ in range(repetitions):
        adapter.reset(text)
        await adapter.settle()
        elapsed, done = _time_in_chunks(lambda start, n: adapter.backspace(n), keys)
        samples.append(elapsed / done)
        timed_keys = min(timed_keys, done)
        await adapter.settle()
        if done < keys:
            break
    return {"ns_per_key": _median(samples), "keys": keys, "timed_keys": timed_keys, "samples": samples,
            "clusters": clusters, "clusters_removed_whole": sum(1 for s in starts if s >= len(remaining)),
            "keys_leaving_broken_cluster": broken, "text": texts.fingerprint(text)}


async def tv4(adapter, repetitions):
    result = {}
    for name, unit in (("ascii", texts.PASTE_ASCII_UNIT), ("mixed", texts.PASTE_MIXED_UNIT)):
        text = texts.megabyte_lines(unit)
        samples = []
        for _ in range(repetitions):
            adapter.reset("")
            await adapter.settle()
            samples.append(_timed(adapter.paste, text) / 1e6)
            assert adapter.text() == text, "TV4: the paste did not land"
            await adapter.settle()
        result[name] = {"ms": _median(samples), "samples": samples, "bytes": len(text.encode()),
                        "text": texts.fingerprint(text)}
    return result


async def tv6(adapter, repetitions, keys=2_000):
    text = texts.document_lines(10_000)
    typed = _keys(keys)
    samples, timed_keys = [], keys
    for _ in range(repetitions):
        adapter.reset(text)
        await adapter.settle()
        elapsed, done = _time_in_chunks(lambda start, n: adapter.type_keys(typed[start:start + n]), keys)
        samples.append(elapsed / done)
        timed_keys = min(timed_keys, done)
        assert adapter.text()[len(text):] == "".join(typed[:done]), "TV6: keys not at the end"
        await adapter.settle()
        if done < keys:
            break
    return {"ns_per_key": _median(samples), "keys": timed_keys, "samples": samples, "lines": 10_000,
            "text": texts.fingerprint(text)}


async def run_all(adapter, repetitions):
    return {"tv2": await tv2(adapter, repetitions), "tv3": await tv3(adapter, repetitions),
            "tv4": await tv4(adapter, repetitions), "tv6": await tv6(adapter, repetitions)}


async def run_textual(repetitions):
    from textual.app import App
    from textual.widgets import TextArea

    class OneTextArea(App):
        def compose(self):
            yield TextArea()

        def on_mount(self):
            self.query_one(TextArea).focus()

    app = OneTextArea()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        return await run_all(TextualTextArea(pilot, app.query_one(TextArea)), repetitions)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("library", choices=("textual", "prompt_toolkit"))
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    from importlib.metadata import version
    if args.library == "textual":
        result = asyncio.run(run_textual(args.repetitions))
        result["library"], result["version"] = TextualTextArea.name, version("textual")
    else:
        result = asyncio.run(run_all(PromptToolkitBuffer(), args.repetitions))
        result["library"], result["version"] = PromptToolkitBuffer.name, version("prompt_toolkit")
    result["repetitions"] = args.repetitions
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
