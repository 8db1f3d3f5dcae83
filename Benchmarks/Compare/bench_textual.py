"""W1–W4 on Textual's `Input` widget, mounted and focused in a headless app
(`App.run_test()`, Textual's documented way to drive an app without a terminal).

What one key is: `Input.insert_text_at_cursor(character)`, which `Input`'s key handler calls
for a printable key; one Backspace: `Input.action_delete_left()`, the action its "backspace"
binding runs; a paste: `Input.insert_text_at_cursor(text)`, which its paste handler calls
(with the paste's first line). Each call updates the reactive `value`, which validates it,
recomputes the content width and posts an `Input.Changed` message. Not counted: delivering
those messages (the app's message loop runs them after the timed calls, between repetitions),
key parsing and rendering. That favours Textual slightly.

Prints JSON (the shape of Benchmarks/UIKitBench's output)."""

import argparse
import asyncio
import json
from importlib.metadata import version

from textual.app import App, ComposeResult
from textual.widgets import Input

import workloads


class OneInput(App):
    """An app with one input, focused."""

    def compose(self) -> ComposeResult:
        yield Input()

    def on_mount(self) -> None:
        self.query_one(Input).focus()


class TextualInput(workloads.Adapter):
    name = "textual.widgets.Input"

    def __init__(self, pilot, widget):
        self.pilot = pilot
        self.input = widget

    def reset(self, text, cursor=None):
        self.input.value = text
        self.input.cursor_position = len(text) if cursor is None else cursor

    def type_keys(self, keys):
        insert = self.input.insert_text_at_cursor
        for key in keys:
            insert(key)

    def backspace(self, count):
        delete = self.input.action_delete_left
        for _ in range(count):
            delete()

    def paste(self, text):
        self.input.insert_text_at_cursor(text)

    def text(self):
        return self.input.value

    async def settle(self):
        await self.pilot.pause()


async def run(repetitions):
    app = OneInput()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        adapter = TextualInput(pilot, app.query_one(Input))
        return await workloads.run_all(adapter, repetitions)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    result = asyncio.run(run(args.repetitions))
    result["version"] = version("textual")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
