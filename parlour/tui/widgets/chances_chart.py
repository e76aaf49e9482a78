"""The chances chart under the replay's board: each player's chance to win from the start of each
turn (parlour/services/analysis.py), one line of the player's pawn letter in their colour per player, the
turn watched marked by a column, the key moments marked on the top row (`*` luck, `!` a
decision), and a line of words with the numbers at the turn watched, or that it is still being
worked out. It fills in as the analysis goes (the replay screen works it out in the background and
hands over each turn's start, then the key moments).

Letters, not colours alone, tell the players apart, so it reads the same with NO_COLOR and in
ASCII mode (where the marked column is `|` instead of `│`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.text import Text
from textual.widget import Widget

from parlour.services.analysis import Chances
from parlour.services.analysis_text import chances_line
from parlour.services.words.i18n import asciify, t

AXIS = 5  # columns of the scale on the left ("100%" and the axis line)


class ChancesChart(Widget):
    DEFAULT_CSS = "ChancesChart { height: 5; margin: 0 1 0 0; }"

    def __init__(
        self, names: Sequence[str], marks: list[str], colours: list[str], ascii_only: bool = False, **kw: Any
    ) -> None:
        super().__init__(**kw)
        self.names, self.marks, self.colours, self.ascii_only = names, marks, colours, ascii_only
        self.points: list[Chances] = []
        self.expected = 0  # points the analysis will give in all
        self.turns = 1  # the last turn on the x axis (one past the last turn for a finished game)
        self.turn = 1  # the turn watched
        self.moments: list[tuple[int, str]] = []  # (turn, "luck" or "decision"), once all is worked out
        self.done = False

    def start(self, expected: int, turns: int) -> None:
        """A new analysis of a game whose x axis runs from turn 1 to `turns`."""
        self.points, self.expected, self.turns = [], expected, max(1, turns)
        self.moments, self.done = [], False
        self.refresh()

    def add(self, point: Chances) -> None:
        self.points.append(point)
        self.refresh()

    def finish(self, moments: list[tuple[int, str]]) -> None:
        """Everything is worked out: mark the key moments."""
        self.moments, self.done = moments, True
        self.refresh()

    def show_turn(self, turn: int) -> None:
        if turn != self.turn:
            self.turn = turn
            self.refresh()

    # ---- drawing ---------------------------------------------------------------------------

    def _column(self, turn: float, width: int) -> int:
        return round((turn - 1) * (width - 1) / max(1, self.turns - 1))

    def _value(self, seat: int, turn: float) -> float | None:
        """The seat's chance at `turn`, joined straight between the points known (None beyond them)."""
        points = self.points
        if not points or turn < points[0].turn - 1e-9 or turn > points[-1].turn + 1e-9:
            return None
        for before, after in zip(points, points[1:]):
            if before.turn <= turn <= after.turn:
                share = (turn - before.turn) / max(1e-9, after.turn - before.turn)
                return before.chances[seat] + share * (after.chances[seat] - before.chances[seat])
        return points[-1].chances[seat]

    def render(self) -> Text:
        width, height = self.size.width, self.size.height
        rows, plot = max(1, height - 1), max(2, width - AXIS)
        line = "|" if self.ascii_only else "│"
        cells = [[" "] * plot for _ in range(rows)]
        styles: list[list[str]] = [[""] * plot for _ in range(rows)]
        now = self._column(self.turn, plot) if self.turns > 1 else 0
        for row in range(rows):
            cells[row][min(now, plot - 1)] = line
            styles[row][min(now, plot - 1)] = "dim"
        for column in range(plot):
            turn = 1 + column * (self.turns - 1) / (plot - 1)
            values = [
                (value, seat) for seat in range(len(self.names)) if (value := self._value(seat, turn)) is not None
            ]
            for value, seat in sorted(values):  # where two share a cell, the likelier shows
                row = round((1 - value) * (rows - 1))
                cells[row][column] = self.marks[seat]
                styles[row][column] = f"bold {self.colours[seat]}"
        text = Text(no_wrap=True, overflow="crop")
        for turn, kind in self.moments:  # on the top row, over what is there
            column = min(self._column(turn, plot), plot - 1)
            cells[0][column] = "!" if kind == "decision" else "*"
            styles[0][column] = "bold reverse"
        for row in range(rows):
            label = "100%" if row == 0 else "  0%" if row == rows - 1 else " 50%" if 2 * row == rows - 1 else ""
            text.append(f"{label:>4}{line}", style="dim")
            for char, style in zip(cells[row], styles[row]):
                text.append(char, style=style or None)
            text.append("\n")
        text.append(self._legend()[:width], style="bold")
        return text

    def _legend(self) -> str:
        """The numbers at the turn watched, or that they are still being worked out (never the
        numbers of another turn)."""
        shown = [p for p in self.points if p.turn == self.turn]
        if shown:
            words = chances_line(shown[-1], self.names, intervals=False)
            if shown[-1].games:  # how sure: the widest 95 % interval of the line, and the games
                margin = max(shown[-1].margin(s) for s in range(len(self.names)))
                words += " " + t("analysis.sure", margin=round(margin * 100), games=shown[-1].games)
        elif not self.done:
            words = t("analysis.working", turn=self.turn)
        else:
            words = t("analysis.skipped", turn=self.turn)
        if not self.done and self.expected:
            words += "  (" + t("analysis.waiting", done=len(self.points), total=self.expected) + ")"
        elif self.moments:
            words += "  " + t("analysis.marks")
        return asciify(words) if self.ascii_only else words
