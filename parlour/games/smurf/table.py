"""The Smurf Game table: the 40-square path with HOME, the four food circles, the cat holes and
the two wheels (drawn with the Line API, redrawn where something changed) and its keys. The words
are in parlour/games/smurf/words.py; every key press becomes one of the table's legal actions."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip
from textual.widget import Widget

from parlour.rules.records import Action
from parlour.services.words.base import Words
from parlour.services.words.i18n import t
from parlour.tui.games import Presenter
from parlour.tui.widgets.board import LoopBoard, label_lines

from .rules import board, wheels
from .rules.records import Roll, TurnWheel
from .rules.state import State
from .words import area_name, code, die_text

# ---- geometry: the 40 squares around the edge of a 59 x 13 board ---------------------------

WIDTH, HEIGHT = 59, 13
CORNER, CELL = 7, 5  # corner and side cells are 7 wide, the others 5
INNER_X, INNER_W, INNER_Y, INNER_H = CORNER, 9 * CELL, 2, 9  # the middle: circles and wheels


def _layout() -> list[tuple[int, int, int, int]]:
    """(x, y, width, lines) of each square, clockwise from HOME in the top left corner: 0-10
    along the top, 11-19 down the right side, 20-30 back along the bottom, 31-39 up the left
    side. Forward (+1) is clockwise."""
    cells = []
    xs = [0] + [CORNER + i * CELL for i in range(9)] + [CORNER + 9 * CELL]
    widths = [CORNER] + [CELL] * 9 + [CORNER]
    for i in range(11):
        cells.append((xs[i], 0, widths[i], 2))
    for r in range(9):
        cells.append((WIDTH - CORNER, 2 + r, CORNER, 1))
    for i in range(11):
        cells.append((xs[10 - i], HEIGHT - 2, widths[10 - i], 2))
    for r in range(9):
        cells.append((0, HEIGHT - 3 - r, CORNER, 1))
    return cells


CELLS = _layout()
ROW_CELLS = {
    y: sorted((s for s in range(board.SIZE) if CELLS[s][1] == y), key=lambda s: CELLS[s][0]) for y in (0, HEIGHT - 2)
}
SIDE_CELLS = {
    y: (next(s for s in range(31, 40) if CELLS[s][1] == y), next(s for s in range(11, 20) if CELLS[s][1] == y))
    for y in range(2, HEIGHT - 2)
}

WHEEL_OF = {square: wheel for wheel, holes in wheels.HOLES.items() for square, _ in holes}
FOOD_COLOUR = {board.ACORN: "yellow", board.STRAWBERRY: "red", board.APPLE: "green", board.GRAPE: "magenta"}

STYLE = {
    "plain": "dim",
    "home": "bold reverse",
    "hole": "cyan",
    "cat": "bold white on red",
    "text": "",
    "bold": "bold",
    "dim": "dim",
    **{f"food.{kind}": f"bold {colour}" for kind, colour in FOOD_COLOUR.items()},
}

PLAIN = Style()  # every segment has a style: the NO_COLOR filter reads each one


def _style(key: str) -> Style:
    return Style.parse(STYLE.get(key, key))


# ---- the board widget --------------------------------------------------------------------------


class SmurfBoard(LoopBoard):
    """The loop of 40 squares (HOME, food entries, cat holes with or without a cat, pawns), and
    in the middle the food circles, the two wheels and the die. The board takes the room it gets
    (tui/widgets/board.py `fit_loop`): roomier than at 80x24, the squares say what they are
    ("Acorn 3", "hole 12"). Only the squares and middle lines whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    SmurfBoard { width: 1fr; height: auto; }
    """

    cells: var[tuple] = var(tuple)  # per square: (label, style key, seats standing there)
    inner: var[tuple] = var(tuple)  # the middle's 9 lines, each a tuple of (text, style key)

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self._shown: tuple | None = None  # the (view, dice) shown last, to redo the middle on a refit

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view: State, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only what changed."""
        self._shown = (view, dice)
        self.cells = self.cell_states(view)
        self.inner = self.inner_lines(view, dice)

    def refit(self) -> None:
        if self._shown is not None:
            self.inner = self.inner_lines(*self._shown)

    @staticmethod
    def cell_states(view: State) -> tuple:
        cats = view.cats
        cells = []
        for square in range(board.SIZE):
            here = tuple(s for s, p in enumerate(view.positions) if p == square and not view.inside[s])
            if square == board.HOME:
                cells.append((t("smurf.home"), "home", here))
            elif square in board.FOOD_AT:
                kind = board.FOOD_AT[square]
                cells.append((f"{code(kind)}{square}", f"food.{kind}", here))
            elif square in cats:
                cells.append((t("smurf.cat"), "cat", here))
            elif square in WHEEL_OF:
                cells.append((f"({square})", "hole", here))
            else:
                cells.append((str(square), "plain", here))
        return tuple(cells)

    @staticmethod
    def name_of(square: int, label: str, style: str) -> str:
        """A square's name on a board with room for it: "Acorn 3", "hole 12", "CAT 12"."""
        if style.startswith("food."):
            return t("smurf.square.food", area=area_name(board.FOOD_AT[square]), n=square)
        if style == "hole":
            return t("smurf.square.hole", n=square)
        if style == "cat":
            return t("smurf.square.cat", cat=label, n=square)
        return label

    def inner_lines(self, view: State, dice: tuple[int, ...]) -> tuple:
        """The middle of the board: circles beside their entries, the wheels, the die."""
        loop, spaces = self.loop, self.spaces
        width = loop.inner_w
        lines: list[tuple] = [()] * 9
        circle = {kind: self._circle(view, kind) for kind in board.KINDS}
        lines[0] = _place(
            circle[board.ACORN], spaces[board.ENTRY[board.ACORN]][0] + loop.cell // 2 - loop.inner_x, "centre", width
        )
        lines[3] = _place(circle[board.STRAWBERRY], width - 1, "right", width)
        lines[5] = _place(circle[board.GRAPE], 1, "left", width)
        lines[8] = _place(
            circle[board.APPLE], spaces[board.ENTRY[board.APPLE]][0] + loop.cell // 2 - loop.inner_x, "centre", width
        )
        lines[1] = _place(self._wheel(view, 1), width // 2, "centre", width)
        lines[6] = _place(self._wheel(view, 2), width // 2, "centre", width)
        if dice:
            lines[4] = _place(
                ((t("smurf.die", die=die_text(dice[0], self.ascii_only)), "bold"),), width // 2, "centre", width
            )
        return tuple(lines)

    def _circle(self, view: State, kind: str) -> tuple:
        """A food circle: its name, its discs left (as dots and a number), the pawns inside."""
        left = view.circles[board.kind_index(kind)]
        full, empty = ("#", ".") if self.ascii_only else ("●", "○")
        parts = [
            ("(", "bold"),
            (f"{area_name(kind)} ", f"food.{kind}"),
            (full * left + empty * (board.DISCS_PER_KIND - left), f"food.{kind}"),
            (f" {left}", "bold"),
        ]
        inside = [s for s in range(len(view.players)) if view.inside[s] and view.positions[s] == board.ENTRY[kind]]
        if inside:
            parts.append((" ", "text"))
            parts += [(self.marks[s], f"bold {self.colours[s]}") for s in inside]
        parts.append((")", "bold"))
        return tuple(parts)

    def _wheel(self, view: State, wheel: int) -> tuple:
        """A wheel: its name, a dial with its position marked, the position and its holes."""
        position = view.wheels[wheels.WHEELS.index(wheel)]
        mark, dot = ("#", ".") if self.ascii_only else ("●", "·")
        dial = "".join(mark if i == position else dot for i in range(wheels.POSITIONS))
        squares = [square for square, _ in wheels.HOLES[wheel]]
        return (
            (t("smurf.wheel", n=wheel), "bold"),
            (f" {dial} ", "cyan"),
            (t("smurf.wheel_position", position=position, positions=wheels.POSITIONS), "bold"),
            (" " + t("smurf.wheel_holes", first=squares[0], last=squares[-1]), "dim"),
        )

    def inner_row(self, row: int) -> int:
        """The board line the middle's line `row` (0-8) is drawn on: beside side square `row`."""
        return self.loop.inner_y + row * self.loop.side

    def watch_cells(self, old: tuple, new: tuple) -> None:
        for square in range(board.SIZE):
            if square >= len(old) or square >= len(new) or old[square] != new[square]:
                x, y, w, lines = self.spaces[square]
                self.refresh(Region(x, y, w, lines))

    def watch_inner(self, old: tuple, new: tuple) -> None:
        for row in range(9):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(self.loop.inner_x, self.inner_row(row), self.loop.inner_w, 1))

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if not self.cells:
            return Strip.blank(self.size.width)
        return self.full_line(y).crop(0, self.size.width)

    def full_line(self, y: int) -> Strip:
        """Line `y` of the board, all its columns."""
        loop, spaces = self.loop, self.spaces
        segments: list[Segment] = []
        if y < loop.edge or y >= loop.height - loop.edge:
            top = 0 if y < loop.edge else loop.height - loop.edge
            for square in sorted((s for s in range(board.SIZE) if spaces[s][1] == top), key=lambda s: spaces[s][0]):
                segments += self._cell(square, y - top)
        else:
            left = next(s for s in range(31, 40) if spaces[s][1] <= y < spaces[s][1] + spaces[s][3])
            right = next(s for s in range(11, 20) if spaces[s][1] <= y < spaces[s][1] + spaces[s][3])
            segments += self._cell(left, y - spaces[left][1])
            row: tuple[tuple[str, str], ...] = ()  # (text, style key) pieces
            if (y - loop.inner_y) % loop.side == 0 and (y - loop.inner_y) // loop.side < len(self.inner):
                row = self.inner[(y - loop.inner_y) // loop.side]
            used = 0
            for text, style in row:
                segments.append(Segment(text, _style(style)))
                used += len(text)
            segments.append(Segment(" " * max(0, loop.inner_w - used), PLAIN))
            segments += self._cell(right, y - spaces[right][1])
        return Strip(segments).crop(0, loop.width)

    def _cell(self, square: int, line: int) -> list[Segment]:
        """One line of one square: its label (with room, its name), and the pawns standing on it."""
        _, _, width, lines = self.spaces[square]
        label, style, here = self.cells[square]
        marks = [(self.marks[s], Style(color=self.colours[s], bold=True)) for s in here]
        if lines >= 2 and line < lines - 1:
            shown = [label]
            if self.loop.big:
                shown = label_lines([self.name_of(square, label, style), label], width, lines - 1) or shown
            top = (lines - 1 - len(shown)) // 2
            text = shown[line - top] if 0 <= line - top < len(shown) else ""
            return [Segment(text.center(width)[:width], _style(style))]
        if lines >= 2:
            text = "".join(m for m, _ in marks)[:width]
            pad = (width - len(text)) // 2
            return [
                Segment(" " * pad, PLAIN),
                *[Segment(m, s) for m, s in marks[:width]],
                Segment(" " * (width - pad - len(text)), PLAIN),
            ]
        pawns = marks[: width - 1]
        room = width - len(pawns) - (1 if pawns else 0)
        if self.loop.big:
            label = (label_lines([self.name_of(square, label, style), label], room, 1) or [label])[0]
        label = label[:room]
        out = [Segment(label, _style(style)), Segment(" " * (width - len(label) - len(pawns)), PLAIN)]
        return out + [Segment(m, s) for m, s in pawns]


def _place(parts: tuple, anchor: int, how: str, width: int = INNER_W) -> tuple:
    """Parts of one middle line, placed left, centred on `anchor`, or ending at `anchor`."""
    length = sum(len(text) for text, _ in parts)
    if how == "left":
        start = anchor
    elif how == "right":
        start = anchor - length
    else:
        start = anchor - length // 2
    start = max(0, min(start, width - length))
    return ((" " * start, "text"),) + tuple(parts) if start else tuple(parts)


class SmurfPresenter(Presenter, game="smurf"):
    hidden_info = False  # everything is on the table: hot-seat players need no privacy screen
    legend_keys = "smurf.legend_keys"  # under the legend: roll, and the wheels' keys
    board = SmurfBoard
    roll = Roll()
    SHORTCUTS = {"wheel1": TurnWheel(1), "wheel2": TurnWheel(2)}

    def aside(self, words: Words, view: State, seat: int, ascii_only: bool, board: Widget) -> str | None:
        """On a grown board the squares name themselves (hole 12, Acorn 5): the legend keeps
        only what a name does not tell."""
        if isinstance(board, LoopBoard) and board.loop.big:
            return t("smurf.legend_named", cat=t("smurf.cat"))
        return words.aside(view, seat, ascii_only)

    def bindings(self) -> list[Binding]:
        """Turn a wheel with one key instead of rolling."""
        return [
            Binding("w", "shortcut('wheel1')", t("smurf.keys.wheel1"), id="smurf_wheel1"),
            Binding("e", "shortcut('wheel2')", t("smurf.keys.wheel2"), id="smurf_wheel2"),
        ]

    def shortcut(self, name: str, options: list[Action]) -> Action | None:
        action = self.SHORTCUTS.get(name)
        return action if action in options else None
