"""A minimal prompt_toolkit prompt, for the pseudo-terminal benchmark (W5): one line of input,
as `prompt_toolkit.prompt` gives it to a program. Ctrl-U empties it (the benchmark's clear
key); Ctrl-C quits."""

from prompt_toolkit import prompt

try:
    prompt("> ")
except (KeyboardInterrupt, EOFError):
    pass
