"""The panels around the board: players, the hand, the prompt bar. Each redraws only when the
text it shows has changed."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static

from parlour.words.i18n import asciify


class TextPanel(Static):
    """A Static that skips the repaint when handed the same text again."""

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self._shown: object = None

    def show(self, text: Text | str) -> None:
        if getattr(self.app, "ascii_only", False):
            text = Text(asciify(text.plain), spans=text.spans, style=text.style) if isinstance(text, Text) \
                else asciify(text)
        key = text.markup if isinstance(text, Text) else text
        if key != self._shown:
            self._shown = key
            self.update(text)


class PlayersPanel(TextPanel):
    """One block per seat: the turn marker, the pawn's letter in its colour, the name, stats."""

    def show_players(self, names, marks, colours, stats, turn: int | None, marker: str) -> None:
        text = Text()
        for seat, name in enumerate(names):
            here = seat == turn
            text.append(f"{marker if here else ' '} ", style="bold")
            text.append(marks[seat], style=f"bold {colours[seat]}")
            text.append(f" {name}\n", style="bold" if here else "")
            text.append(f"   {stats[seat]}\n", style="" if here else "dim")
        self.show(text)


class HandPanel(TextPanel):
    """The viewer's own cards, numbered for the 1-9 keys where the digits play them."""

    def show_hand(self, title: str, cards: list[str] | None, empty: str, selected: int | None,
                  numbered: bool = True) -> None:
        text = Text(f"{title}\n", style="bold")
        if cards is None:
            pass
        elif not cards:
            text.append(empty, style="dim")
        for i, card in enumerate(cards or []):
            style = "reverse" if i == selected else ""
            text.append(f"{i + 1} {card}\n" if numbered else f"{card}\n", style=style)
        self.show(text)


class PromptBar(TextPanel):
    """The open question and its options; the selected option is highlighted."""

    def show_prompt(self, question: str, options: list[tuple[str, str]], selected: int | None,
                    note: str = "") -> None:
        """First the question (it may wrap), then each option as [key] label, then the note."""
        text = Text(question, style="bold")
        text.append("\n")
        for i, (key, label) in enumerate(options):
            text.append(f"[{key}] ", style="bold")
            text.append(label, style="reverse" if i == selected else "")
            text.append("  ")
        if note:
            text.append(note, style="italic")
        self.show(text)
