"""A minimal Textual app with one focused `Input`, for the pseudo-terminal benchmark (W5).
Ctrl-U empties it (the benchmark's clear key); Ctrl-Q (or SIGTERM) quits."""

from textual.app import App, ComposeResult
from textual.widgets import Input


class OneInput(App):
    def compose(self) -> ComposeResult:
        yield Input(placeholder="Type here")

    def on_mount(self) -> None:
        self.query_one(Input).focus()


if __name__ == "__main__":
    OneInput().run()
