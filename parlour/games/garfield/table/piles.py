"""Garfield's pile panel: the card that is up (its text), the Garfield pile and the Sand Box with
what lies in it. It sits over the middle of the board, where the game has Garfield's thought
balloon, and follows the screen's view by itself: bound to the screen's `table_view`, it works
out what it shows and repaints only when that changed (the Player pile and discards sit with
the hand)."""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.reactive import var

from parlour.services.words.i18n import t
from parlour.tui.widgets.panels import TextPanel

from .. import words
from ..rules.state import State

WIDTH, HEIGHT = 43, 5  # the board's middle above the dice and the legend (see garfield.py)


def pile_lines(
    balloon: str, head: str, sand_box: list[str], to_come: Sequence[str] = (), width: int = WIDTH, height: int = HEIGHT
) -> list[str]:
    """Garfield's card, then the piles and the Sand Box's cards, wrapped to `width` in at most
    `height` lines. A Sand Box too long for the lines left is told by what it lacks ("all but
    the card up and Higher die": the cards still to come), or else ends with "+N more" (its
    newest cards are kept: they are listed first)."""
    said = textwrap.wrap(balloon, width)
    ways = [", ".join(sand_box)]
    if to_come:
        # the cards still to come named as cards ("Give left" in quotes reads as a card, not an order)
        ways.append(t("garfield.sand_box_but", cards=", ".join(f"“{card}”" for card in to_come)))
    ways += [
        ", ".join(sand_box[:shown] + [t("garfield.sand_box_more", n=len(sand_box) - shown)])
        for shown in range(len(sand_box) - 1, -1, -1)
    ]
    for listed in ways:
        lines = said + textwrap.wrap(f"{head}: {listed}" if listed else head, width)
        if len(lines) <= height:
            return lines
    return (said + [head])[:height]


class GarfieldPiles(TextPanel):
    """The pile panel (see the module's note)."""

    DEFAULT_CSS = f"""
    GarfieldPiles {{ layer: above; offset: 8 2; width: {WIDTH}; height: {HEIGHT}; }}
    """

    table_view = var(None)  # bound to the screen's: the seat's view of the game
    piles: var[tuple] = var(tuple)  # what the panel shows: Garfield's card, the piles, the Sand Box

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.room = (WIDTH, HEIGHT)  # the board's middle above the dice: its width and lines
        self._placed = (8, 2, WIDTH, HEIGHT)  # as the CSS places it (the 80x24 board)

    def place(self, x: int, y: int, width: int, height: int) -> None:
        """Sit at (x, y) over the board, `width` x `height` (the board grows with the terminal)."""
        if (x, y, width, height) == self._placed:
            return
        self._placed = (x, y, width, height)
        self.room = (width, height)
        self.styles.offset = (x, y)
        self.styles.width, self.styles.height = width, height
        self._shown = None  # drawn anew at the new size
        self.watch_piles(self.piles)

    def watch_table_view(self, view: State) -> None:
        if view is not None:
            head, sand_box, to_come = words.piles(view)
            self.piles = (words.balloon(view), head, tuple(sand_box), tuple(to_come))

    def watch_piles(self, piles: tuple) -> None:
        if piles and self.is_mounted:
            self._draw(*piles)

    def on_mount(self) -> None:
        self.watch_piles(self.piles)

    def _draw(self, balloon: str, head: str, sand_box: tuple[str, ...], to_come: tuple[str, ...]) -> None:
        width, height = self.room
        lines = pile_lines(balloon, head, list(sand_box), list(to_come), width, height)
        # Always `height` rows: the panel's size changes only with the board's, so a new card
        # repaints only the rows that differ and never asks for a layout (which would repaint
        # the board and log).
        text = Text("\n".join(lines + [""] * (height - len(lines))))
        says = t("garfield.garfield_says")
        if balloon.startswith(says):
            text.stylize("bold", 0, len(says))
        said = textwrap.wrap(balloon, width)
        start = len("\n".join(said)) + (1 if said else 0)  # the piles, after Garfield's words
        text.stylize("bold", start, start + len(head))
        self.show(text)
