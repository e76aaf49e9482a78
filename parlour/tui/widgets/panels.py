"""The panels around the board: players, the hand, the prompt bar. Each redraws only when the
text it shows has changed."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Self

from rich.cells import cell_len
from rich.text import Text
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.css.scalar import Unit
from textual.geometry import Region
from textual.reactive import var
from textual.widgets import Static

from parlour.services.seatview import Asked, Holding, Seated
from parlour.services.words.i18n import asciify

from ..keymap import ascii_only
from .hanging import hang


class TextPanel(Static):
    """A Static that repaints only what changed: nothing for the same text, only the changed rows
    when no line wraps and the number of rows stays, and a new layout only for a new height."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._shown: object = None
        self._text: Text | None = None
        self._lines: list[str] | None = None  # each row's markup at the width it had
        self._rows_to_repaint: list[int] | None = None

    def show(self, text: Text | str) -> None:
        if ascii_only(self.app):
            text = (
                Text(asciify(text.plain), spans=text.spans, style=text.style)
                if isinstance(text, Text)
                else asciify(text)
            )
        text = text if isinstance(text, Text) else Text(text)
        if text.markup == self._shown:
            return
        self._shown = text.markup
        self._text = text
        lines = self._wrapped(text)
        if lines is not None and self._lines is not None and len(lines) == len(self._lines):
            self._rows_to_repaint = [y for y, (a, b) in enumerate(zip(self._lines, lines)) if a != b]
        # A new layout (and with it a repaint of whatever sits beside) only for a new height.
        layout = lines is None or self._lines is None or self._height_changes(len(self._lines), len(lines))
        self._lines = lines
        self.update(text, layout=layout)

    @property
    def rows(self) -> int:
        """The rows its text takes at its width (0 before it has a width)."""
        return len(self._lines or ())

    def _height_changes(self, rows_before: int, rows: int) -> bool:
        """Whether `rows` rows of text, after `rows_before`, change the panel's height. A panel
        with a least height (the options: the rows the question leaves; the hand: its whole box)
        keeps it while its text fits."""
        if rows == rows_before:
            return False
        least = self.styles.min_height
        if least is not None and least.unit == Unit.CELLS:
            floor = int(least.value) - self.styles.gutter.height
        else:  # a share of its box: as tall as it is now, if taller than its text
            height = self.content_region.height
            floor = height if height > rows_before else 0
        return max(rows, floor) != max(rows_before, floor)

    def _wrapped(self, text: Text) -> list[str] | None:
        """Each row's markup as the text wraps at the panel's width now (None: no width yet)."""
        width = self.content_region.width
        if not width:
            return None
        return [line.markup for line in text.wrap(self.app.console, width, overflow="fold")]

    def on_resize(self) -> None:
        self._lines = self._wrapped(self._text) if self._text is not None else None

    def refresh(self, *regions: Region, **kw: Any) -> Self:
        rows, self._rows_to_repaint = self._rows_to_repaint, None
        if rows is not None and not regions and not kw.get("layout"):
            from textual.geometry import Region

            regions = tuple(Region(0, y, self.size.width, 1) for y in rows) or (Region(0, 0, 0, 0),)
        return super().refresh(*regions, **kw)


class PlayersPanel(TextPanel):
    """One block per seat: the turn marker, the pawn's letter in its colour, the name, stats."""

    seated: var[Seated | None] = var(None)  # bound to the game screen's (see GameScreen)
    # what was last shown (show_players' arguments), shown again at a new width
    _players: tuple[Sequence[str], Sequence[str], Sequence[str], Sequence[str], int | None, str] | None = None

    def watch_seated(self, seated: Seated | None) -> None:
        if seated is not None:
            self.show_players(seated.names, seated.marks, seated.colours, seated.stats, seated.turn, seated.marker)

    def show_players(
        self,
        names: Sequence[str],
        marks: Sequence[str],
        colours: Sequence[str],
        stats: Sequence[str],
        turn: int | None,
        marker: str,
    ) -> None:
        self._players = (names, marks, colours, stats, turn, marker)
        text = Text()
        for seat, name in enumerate(names):
            here = seat == turn
            text.append(f"{marker if here else ' '} ", style="bold")
            text.append(marks[seat], style=f"bold {colours[seat]}")
            text.append(f" {name}\n", style="bold" if here else "")
            text.append(f"   {stats[seat]}\n", style="" if here else "dim")
        width = self.content_region.width
        # A stats line too long for the panel wraps under itself, not under the name.
        self.show(hang(text, width, self.app.console) if width else text)

    def on_resize(self) -> None:
        super().on_resize()
        if self._players is not None:
            self.show_players(*self._players)


class HandPanel(TextPanel):
    """The viewer's own cards, each with its slot key where those keys play them."""

    holding: var[Holding | None] = var(None)  # bound to the game screen's (see GameScreen)

    def watch_holding(self, holding: Holding | None) -> None:
        if holding is not None:
            h = holding  # (short: the call fits one line)
            self.show_hand(h.title, h.cards, h.empty, h.selected, h.numbered, h.keys)

    def show_hand(
        self,
        title: str,
        cards: Sequence[str] | None,
        empty: str,
        selected: int | None,
        numbered: bool = True,
        keys: Sequence[str] | None = None,
    ) -> None:
        """`keys`: what each card is numbered with (the slot keys as the keymap has them)."""
        text = Text(f"{title}\n", style="bold")
        if cards is None:
            pass
        elif not cards:
            text.append(empty, style="dim")
        for i, card in enumerate(cards or []):
            style = "reverse" if i == selected else ""
            number = keys[i] if keys and i < len(keys) else str(i + 1)
            text.append(f"{number} {card}\n" if numbered else f"{card}\n", style=style)
        self.show(text)


class PromptBar(Vertical):
    """The open question and, under it, its options (the selected one highlighted) and a note.
    Two panels, so moving the cursor redraws the options and not the question."""

    asked: var[Asked | None] = var(None)  # bound to the game screen's (see GameScreen)

    def watch_asked(self, asked: Asked | None) -> None:
        if asked is not None and self.is_mounted:
            self.show_prompt(asked.question, [(o.key, o.label) for o in asked.options], asked.selected, asked.note)

    def on_mount(self) -> None:
        self.watch_asked(self.asked)

    def compose(self) -> ComposeResult:
        yield TextPanel(id="question")
        yield TextPanel(id="choices")

    @property
    def content(self) -> str:
        """The whole prompt as plain text (the question, then the options)."""
        return "\n".join(str(panel.content) for panel in self.query(TextPanel))

    def show_prompt(self, question: str, options: list[tuple[str, str]], selected: int | None, note: str = "") -> None:
        """First the question (it may wrap), then each option as [key] label, then the note."""
        asking = self.query_one("#question", TextPanel)
        asking.show(Text(question, style="bold"))
        text = Text()
        for i, (key, label) in enumerate(options):
            text.append(f"[{key}] ", style="bold")
            text.append(label, style="reverse" if i == selected else "")
            text.append("  ")
        choices = self.query_one("#choices", TextPanel)
        if note:
            width = choices.content_region.width
            if text.plain and width:  # the note whole on its own row rather than split in two
                last = text.wrap(self.app.console, width)[-1].plain
                if cell_len(last) + cell_len(note) > width:
                    text.rstrip()
                    text.append("\n")
            text.append(note, style="italic")
        # The options fill the rows the question leaves of the prompt's least height: one row of
        # them more or less within it changes no height, so no new layout of the screen.
        least = self.styles.min_height
        if least is not None and asking.rows:
            choices.styles.min_height = max(1, int(least.value) - asking.rows)
        choices.show(text)

    def on_resize(self) -> None:
        self.watch_asked(self.asked)
