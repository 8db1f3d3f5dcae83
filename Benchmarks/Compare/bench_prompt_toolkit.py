"""W1–W4 on prompt_toolkit's `Buffer`, the text model behind every prompt_toolkit input.

What one key is: `Buffer.insert_text(character)`, which prompt_toolkit's "self-insert" key
binding calls for a typed character; one Backspace: `Buffer.delete_before_cursor(1)`, which
its "backward-delete-char" binding calls; a paste: `Buffer.insert_text(text)`, which its
bracketed-paste binding calls. No rendering, no key parsing: the same level as UIKitBench's
UITextField (the field's own editing path, without drawing).

Undo: prompt_toolkit's key processor saves the whole text on its undo stack before the first
key of a run of the same binding (`save_before=if_no_repeat`); a run of typing is one save.
Each repetition saves once before its run, as the key processor would.

Prints JSON (the shape of Benchmarks/UIKitBench's output)."""

import argparse
import asyncio
import json

import prompt_toolkit
from prompt_toolkit.buffer import Buffer
from prompt_toolkit.document import Document

import workloads


class PromptToolkitBuffer(workloads.Adapter):
    name = "prompt_toolkit.Buffer"

    def __init__(self):
        self.buffer = Buffer(multiline=False)

    def reset(self, text, cursor=None):
        self.buffer.reset(Document(text, len(text) if cursor is None else cursor))
        # The key processor's save before a run of keys (see the module's docstring).
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


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repetitions", type=int, default=5)
    args = parser.parse_args()
    result = asyncio.run(workloads.run_all(PromptToolkitBuffer(), args.repetitions))
    result["version"] = prompt_toolkit.__version__
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
