"""The race's table in the Textual app: a board of one track per seat, and the keep-card key."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.strip import Strip

from parlour.rules.records import Action, Roll
from parlour.services.words.i18n import t
from parlour.tui.games import Presenter
from parlour.tui.widgets.board import LineBoard

from .rules import GOAL, PlayCard


class RaceBoard(LineBoard):
    """One line of squares 0..20 per seat, the pawn's mark on its square, and the last roll."""

    DEFAULT_CSS = "RaceBoard { width: 1fr; height: auto; }"  # no stylesheet of its own
    WIDTH, HEIGHT = 60, 6

    def __init__(self, *args, **kw):
        super().__init__(*args, **kw)
        self.positions: tuple[int, ...] = ()
        self.dice: tuple[int, ...] = ()

    def show(self, view, dice: tuple[int, ...]) -> None:
        if (view.positions, dice) != (self.positions, self.dice):
            self.positions, self.dice = view.positions, dice
            self.refresh()

    def render_line(self, y: int) -> Strip:
        if y == 0:
            text = f"Dice: {' + '.join(map(str, self.dice))}" if self.dice else ""
            return Strip([Segment(text.ljust(self.WIDTH))])
        seat = y - 1
        if seat >= len(self.positions):
            return Strip.blank(self.WIDTH)
        track = ["." if self.ascii_only else "·"] * (GOAL + 1)
        track[self.positions[seat]] = self.marks[seat]
        cells = " ".join(track)
        return Strip([Segment(cells, self.pawn_styles[seat]), Segment(" " * (self.WIDTH - len(cells)), Style())])


class RacePresenter(Presenter, game="race"):
    board = RaceBoard
    roll = Roll()
    legend_keys = "race.legend_keys"

    def bindings(self) -> list[Binding]:
        return [Binding("x", "shortcut('keep')", t("race.keys.keep"), id="race_keep")]

    def shortcut(self, name: str, options: list) -> Action | None:
        keep = PlayCard(False)
        return keep if name == "keep" and keep in options else None
