"""The replay bar: where in the game the replay stands, whose eyes it shows, and its keys."""

from __future__ import annotations

from rich.text import Text

from .panels import TextPanel


class ReplayBar(TextPanel):
    DEFAULT_CSS = "ReplayBar { height: 3; background: $boost; padding: 0 1; }"

    def show_bar(self, position: str, eyes: str, state: str, hint: str) -> None:
        text = Text(position, style="bold")
        text.append("  ·  ")
        text.append(eyes, style="bold reverse")  # whose eyes: always in sight
        text.append(f"  ·  {state}\n")
        text.append(hint, style="dim")
        self.show(text)
