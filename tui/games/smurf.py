"""The Smurf Game table: the 40-square path with HOME, the four food circles, the cat holes and
the two wheels (drawn with the Line API, redrawn where something changed) and its keys. The words
are in parlour/words/smurf.py; every key press becomes one of the table's legal actions."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from parlour.words.i18n import t
from parlour.words.smurf import area_name, code, die_text
from rules.smurf import board, wheels
from rules.smurf.records import Roll, TurnWheel

from ..widgets.board import LineBoard
from . import Presenter

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
ROW_CELLS = {y: sorted((s for s in range(board.SIZE) if CELLS[s][1] == y), key=lambda s: CELLS[s][0])
             for y in (0, HEIGHT - 2)}
SIDE_CELLS = {y: (next(s for s in range(31, 40) if CELLS[s][1] == y), next(s for s in range(11, 20) if CELLS[s][1] == y))
              for y in range(2, HEIGHT - 2)}

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


class SmurfBoard(LineBoard):
    """The loop of 40 squares (HOME, food entries, cat holes with or without a cat, pawns), and
    in the middle the food circles, the two wheels and the die. Only the squares and middle
    lines whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    SmurfBoard { width: 59; height: 13; }
    """

    cells: var[tuple] = var(tuple)  # per square: (label, style key, seats standing there)
    inner: var[tuple] = var(tuple)  # the middle's 9 lines, each a tuple of (text, style key)

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only what changed."""
        self.cells = self.cell_states(view)
        self.inner = self.inner_lines(view, dice)

    @staticmethod
    def cell_states(view) -> tuple:
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

    def inner_lines(self, view, dice: tuple[int, ...]) -> tuple:
        """The middle of the board: circles beside their entries, the wheels, the die."""
        lines: list[tuple] = [()] * INNER_H
        circle = {kind: self._circle(view, kind) for kind in board.KINDS}
        lines[0] = _place(circle[board.ACORN], CELLS[board.ENTRY[board.ACORN]][0] + CELL // 2 - INNER_X, "centre")
        lines[3] = _place(circle[board.STRAWBERRY], INNER_W - 1, "right")
        lines[5] = _place(circle[board.GRAPE], 1, "left")
        lines[8] = _place(circle[board.APPLE], CELLS[board.ENTRY[board.APPLE]][0] + CELL // 2 - INNER_X, "centre")
        lines[1] = _place(self._wheel(view, 1), INNER_W // 2, "centre")
        lines[6] = _place(self._wheel(view, 2), INNER_W // 2, "centre")
        if dice:
            lines[4] = _place(((t("smurf.die", die=die_text(dice[0], self.ascii_only)), "bold"),), INNER_W // 2, "centre")
        return tuple(lines)

    def _circle(self, view, kind: str) -> tuple:
        """A food circle: its name, its discs left (as dots and a number), the pawns inside."""
        left = view.circles[board.kind_index(kind)]
        full, empty = ("#", ".") if self.ascii_only else ("●", "○")
        parts = [("(", "bold"), (f"{area_name(kind)} ", f"food.{kind}"),
                 (full * left + empty * (board.DISCS_PER_KIND - left), f"food.{kind}"), (f" {left}", "bold")]
        inside = [s for s in range(len(view.players)) if view.inside[s] and view.positions[s] == board.ENTRY[kind]]
        if inside:
            parts.append((" ", "text"))
            parts += [(self.marks[s], f"bold {self.colours[s]}") for s in inside]
        parts.append((")", "bold"))
        return tuple(parts)

    def _wheel(self, view, wheel: int) -> tuple:
        """A wheel: its name, a dial with its position marked, the position and its holes."""
        position = view.wheels[wheels.WHEELS.index(wheel)]
        mark, dot = ("#", ".") if self.ascii_only else ("●", "·")
        dial = "".join(mark if i == position else dot for i in range(wheels.POSITIONS))
        squares = [square for square, _ in wheels.HOLES[wheel]]
        return ((t("smurf.wheel", n=wheel), "bold"), (f" {dial} ", "cyan"),
                (t("smurf.wheel_position", position=position, positions=wheels.POSITIONS), "bold"),
                (" " + t("smurf.wheel_holes", first=squares[0], last=squares[-1]), "dim"))

    def watch_cells(self, old: tuple, new: tuple) -> None:
        for square in range(board.SIZE):
            if square >= len(old) or square >= len(new) or old[square] != new[square]:
                x, y, w, lines = CELLS[square]
                self.refresh(Region(x, y, w, lines))

    def watch_inner(self, old: tuple, new: tuple) -> None:
        for row in range(INNER_H):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(INNER_X, INNER_Y + row, INNER_W, 1))

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        if not self.cells:
            return Strip.blank(self.size.width)
        return self.full_line(y).crop(0, self.size.width)

    def full_line(self, y: int) -> Strip:
        """Line `y` of the board, all 59 columns of it."""
        segments: list[Segment] = []
        if y in (0, 1) or y in (HEIGHT - 2, HEIGHT - 1):
            top = 0 if y < 2 else HEIGHT - 2
            for square in ROW_CELLS[top]:
                segments += self._cell(square, y - top)
        else:
            left, right = SIDE_CELLS[y]
            segments += self._cell(left, 0)
            row = self.inner[y - INNER_Y] if y - INNER_Y < len(self.inner) else ()
            used = 0
            for text, style in row:
                segments.append(Segment(text, _style(style)))
                used += len(text)
            segments.append(Segment(" " * max(0, INNER_W - used), PLAIN))
            segments += self._cell(right, 0)
        return Strip(segments).crop(0, WIDTH)

    def _cell(self, square: int, line: int) -> list[Segment]:
        """One line of one square: its label, and the pawns standing on it."""
        _, _, width, lines = CELLS[square]
        label, style, here = self.cells[square]
        marks = [(self.marks[s], Style(color=self.colours[s], bold=True)) for s in here]
        if lines == 2 and line == 0:
            return [Segment(label.center(width)[:width], _style(style))]
        if lines == 2:
            text = "".join(m for m, _ in marks)[:width]
            pad = (width - len(text)) // 2
            return [Segment(" " * pad, PLAIN), *[Segment(m, s) for m, s in marks[:width]],
                    Segment(" " * (width - pad - len(text)), PLAIN)]
        pawns = marks[:width - 1]
        room = width - len(pawns) - (1 if pawns else 0)
        label = label[:room]
        out = [Segment(label, _style(style)), Segment(" " * (width - len(label) - len(pawns)), PLAIN)]
        return out + [Segment(m, s) for m, s in pawns]


def _place(parts: tuple, anchor: int, how: str) -> tuple:
    """Parts of one middle line, placed left, centred on `anchor`, or ending at `anchor`."""
    length = sum(len(text) for text, _ in parts)
    if how == "left":
        start = anchor
    elif how == "right":
        start = anchor - length
    else:
        start = anchor - length // 2
    start = max(0, min(start, INNER_W - length))
    return ((" " * start, "text"),) + tuple(parts) if start else tuple(parts)


class SmurfPresenter(Presenter, game="smurf"):
    hidden_info = False  # everything is on the table: hot-seat players need no privacy screen
    legend_keys = "smurf.legend_keys"  # under the legend: roll, and the wheels' keys
    board = SmurfBoard
    roll = Roll()
    SHORTCUTS = {"wheel1": TurnWheel(1), "wheel2": TurnWheel(2)}

    def bindings(self) -> list[Binding]:
        """Turn a wheel with one key instead of rolling."""
        return [Binding("w", "shortcut('wheel1')", t("smurf.keys.wheel1"), id="smurf_wheel1"),
                Binding("e", "shortcut('wheel2')", t("smurf.keys.wheel2"), id="smurf_wheel2")]

    def shortcut(self, name: str, options: list):
        action = self.SHORTCUTS.get(name)
        return action if action in options else None
