"""The Filmis table: the 48-square loop around the cornflakes factory (drawn with the Line API,
redrawn square by square where something changed) and its keys. The words are in
parlour/games/filmis/words.py."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region, Size
from textual.reactive import var
from textual.strip import Strip

from parlour.rules.records import Action
from parlour.services.seats import Seat
from parlour.services.words.i18n import t
from parlour.tui.games import Presenter
from parlour.tui.widgets.board import LoopBoard, label_lines

from . import words
from .rules import board
from .rules.records import CallRaid, Roll
from .rules.state import State

# ---- geometry: the 48 squares around the edge of the board ------------------------------------
#
# Each side is one quarter of the loop; the four nests sit in the corners (0 top left, 12 top
# right, 24 bottom right, 36 bottom left). Corner and side squares are `side` wide: the corners
# `label` lines high, the side squares one line (their code or name, then the pawns). The 11
# squares between the corners along the top and the bottom are `cell` wide: `label` lines of code
# or name on the edge, the pawns on the row inside it. The factory fills the middle. The smallest
# (58 x 13: side 7, cell 4, one label line) is the 80x24 board.


class Nests(tuple):
    """The geometry of the Filmis board sized to the room it gets."""

    __slots__ = ()

    def __new__(cls, side: int = 7, cell: int = 4, label: int = 1) -> Nests:
        return super().__new__(cls, (side, cell, label))

    side = property(lambda self: self[0])
    cell = property(lambda self: self[1])
    label = property(lambda self: self[2])
    width = property(lambda self: 2 * self[0] + 11 * self[1])
    height = property(lambda self: 2 * self[2] + 11)
    inner_x = property(lambda self: self[0])
    inner_y = property(lambda self: self[2] + 1)
    inner_w = property(lambda self: 11 * self[1])
    inner_h = property(lambda self: 9)
    top_pawns = property(lambda self: self[2])
    bottom_pawns = property(lambda self: self[2] + 10)

    @property
    def big(self) -> bool:
        """Roomier than the smallest board: the squares have room for names."""
        return self != Nests()

    def cells(self) -> list[tuple[int, int, int, int | None]]:
        """(x, y, width, pawn row) of each square; pawn row None: the pawns share the code's line."""
        side, cell, label = self
        right, bottom = self.width - side, self.height - label
        cells: list[tuple[int, int, int, int | None]] = [(0, 0, side, None)]  # 0: red's nest
        cells += [(side + cell * i, 0, cell, self.top_pawns) for i in range(11)]  # 1..11
        cells.append((right, 0, side, None))  # 12: blue's nest
        cells += [(right, label + i, side, None) for i in range(11)]  # 13..23, down the right
        cells.append((right, bottom, side, None))  # 24: green's nest
        cells += [(right - cell * (i + 1), bottom, cell, self.bottom_pawns) for i in range(11)]  # 25..35
        cells.append((0, bottom, side, None))  # 36: yellow's nest
        cells += [(0, bottom - 1 - i, side, None) for i in range(11)]  # 37..47, up the left
        return cells

    def rows(self) -> dict[int, list[int]]:
        """row -> the squares drawn on it (their code, name or pawns), by x."""
        cells = self.cells()
        rows: dict[int, list[int]] = {}
        for square, (_x, y, _width, pawn_row) in enumerate(cells):
            lines = self.label if pawn_row is not None or square % board.QUARTER == 0 else 1
            for line in range(y, y + lines):
                rows.setdefault(line, []).append(square)
            if pawn_row is not None:
                rows.setdefault(pawn_row, []).append(square)
        for row in rows.values():
            row.sort(key=lambda s: cells[s][0])
        return rows


def fit_nests(width: int, height: int) -> Nests:
    """The roomiest board within `width` x `height`, leaving at least 8 lines of `height` for the
    log under it; the smallest board when nothing bigger fits."""
    cell = min(10, (width - 22) // 11)
    if cell < 6:
        return Nests()
    side = min(20, (width - 11 * cell) // 2)
    for label in (3, 2):
        if height - (2 * label + 11) >= 8:
            return Nests(side, cell, label)
    return Nests()


WIDTH, HEIGHT = Nests().width, Nests().height  # the 80x24 board
CELLS = Nests().cells()

KIND_STYLE = {
    board.NEST: Style(dim=True),  # a nest nobody plays is a plain square
    board.PLAIN: Style(dim=True),
    board.ARROW: Style(color="#1e90ff", bold=True),
    board.ARROW_TIP: Style(color="bright_white", bgcolor="#1e90ff", bold=True),
    board.CORNFLAKES: Style(color="black", bgcolor="yellow", bold=True),
    board.FILMIS: Style(color="green", bold=True),
    board.GO_HOME: Style(color="magenta", bold=True),
    board.SWAP: Style(color="cyan", bold=True, reverse=True),
    board.FINE_OR_SKIP: Style(color="red", bold=True),
    board.EXTRA_ROLL: Style(color="cyan", bold=True),
    board.DROP: Style(color="yellow"),
}
NEST_STYLE = {
    "red": Style(color="bright_white", bgcolor="red", bold=True),
    "blue": Style(color="bright_white", bgcolor="#1e90ff", bold=True),
    "green": Style(color="black", bgcolor="green", bold=True),
    "yellow": Style(color="black", bgcolor="yellow", bold=True),
}


# ---- the board ------------------------------------------------------------------------------


class FilmisBoard(LoopBoard):
    """The loop of 48 squares with the nests and the pawns; in the middle the cornflakes factory:
    the deck count, the dice, who still chooses in a swap, and the legend. It takes the room it
    gets (`fit_nests`): on a grown board the squares say their names where they fit and the legend
    keeps only the codes still shown. Only the squares and the lines whose content changed are
    redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    FilmisBoard { width: 1fr; height: auto; }
    """

    positions: var[tuple[int, ...]] = var(tuple)
    nests: var[tuple[int | None, ...]] = var(tuple)  # quarter -> the seat whose nest it is
    inner: var[tuple[str, ...]] = var(tuple)  # the factory's lines of text

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.geo = Nests()
        self.squares = self.geo.cells()
        self.rows = self.geo.rows()
        self._shown: tuple[State, tuple[int, ...]] | None = (
            None  # the last view and dice, to redo the factory on a refit
        )

    # ---- the room it gets ------------------------------------------------------------------

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(self.geo.width, container.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        geo = fit_nests(width, container.height - self._fixed_beside())
        if geo != self.geo:
            self.geo, self.squares, self.rows = geo, geo.cells(), geo.rows()
            self.refit()
            self.refresh()
            self.post_message(self.Refitted())
        return self.geo.height

    def refit(self) -> None:
        if self._shown is not None:
            self.inner = self._factory(*self._shown)

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view: State, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only what changed."""
        owners: list[int | None] = [None] * 4
        for seat, colour in enumerate(view.colours):
            owners[colour] = seat
        self.nests = tuple(owners)
        self.positions = tuple(view.positions)
        self._shown = (view, dice)
        self.inner = self._factory(view, dice)

    def _factory(self, view: State, dice: tuple[int, ...]) -> tuple[str, ...]:
        geo = self.geo
        kinds = [k for k in words.LEGEND if not self._named_everywhere(k)] if geo.big else None
        return words.factory_lines(view, dice, self.ascii_only, geo.inner_w - 2, geo.inner_h, self.names, kinds)

    def _named_everywhere(self, kind: str) -> bool:
        """A kind's name shows on every square of that kind (the legend need not tell it)."""
        if kind in (board.NEST, board.PLAIN, board.ARROW, board.ARROW_TIP):
            return False
        name = words.square_name(kind)
        geo = self.geo
        return label_lines([name], geo.cell - 1, geo.label) is not None and len(name) + 1 + len(self.marks) <= geo.side

    def watch_positions(self, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        if len(old) != len(new):
            self.refresh()
            return
        for square in {p for a, b in zip(old, new) if a != b for p in (a, b)}:
            self.refresh(*self._regions(square))

    def watch_nests(self, old: tuple[int | None, ...], new: tuple[int | None, ...]) -> None:
        for quarter in range(4):
            if quarter >= len(old) or quarter >= len(new) or old[quarter] != new[quarter]:
                self.refresh(*self._regions(board.nest(quarter)))

    def watch_inner(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        geo = self.geo
        for row in range(geo.inner_h):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(geo.inner_x, geo.inner_y + row, geo.inner_w, 1))

    def _regions(self, square: int) -> list[Region]:
        x, y, width, pawn_row = self.squares[square]
        lines = self.geo.label if pawn_row is not None or square % board.QUARTER == 0 else 1
        regions = [Region(x, y, width, lines)]
        if pawn_row is not None:
            regions.append(Region(x, pawn_row, width, 1))
        return regions

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        geo = self.geo
        segments: list[Segment] = []
        if geo.inner_y <= y < geo.inner_y + geo.inner_h:
            left, right = self.rows[y]
            segments += self._line_cell(left)
            inner = self.inner[y - geo.inner_y] if y - geo.inner_y < len(self.inner) else ""
            style = Style(bold=True) if y == geo.inner_y else Style()
            segments.append(Segment(f" {inner}".ljust(geo.inner_w)[: geo.inner_w], style))
            segments += self._line_cell(right)
        else:
            for square in self.rows.get(y, []):
                _, top, width, pawn_row = self.squares[square]
                if pawn_row is None:
                    if y == top:
                        segments += self._line_cell(square)
                    else:  # a corner's lines under its code
                        segments.append(Segment(" " * width))
                elif y == pawn_row:
                    segments += self._pawns(self._here(square), width, centre=True)
                else:
                    label = self._label(square)
                    first = (geo.label - len(label)) // 2  # the label's lines centred in the edge's lines
                    text = label[y - top - first] if 0 <= y - top - first < len(label) else ""
                    pad = (width - len(text)) // 2 if len(text) < width - 1 or not geo.big else 0
                    segments += [
                        Segment(" " * pad),
                        Segment(text, self._style(square) if text else Style()),
                        Segment(" " * (width - pad - len(text))),
                    ]
        return Strip(segments, geo.width).crop(0, self.size.width)

    def _label(self, square: int) -> list[str]:
        """A top or bottom square's lines: its name where it fits on a grown board, else its code."""
        code = self._code(square)
        kind = board.SQUARES[square]
        if self.geo.big and self._owner(square) is None and kind not in (board.NEST, board.PLAIN):
            name = words.square_name(kind)
            if name:
                return label_lines([name], self.geo.cell - 1, self.geo.label) or [code]
        return [code]

    def _here(self, square: int) -> list[int]:
        return [seat for seat, p in enumerate(self.positions) if p == square]

    def _owner(self, square: int) -> int | None:
        if board.SQUARES[square] != board.NEST or not self.nests:
            return None
        return self.nests[square // board.QUARTER]

    def _code(self, square: int) -> str:
        owner = self._owner(square)
        if owner is not None:
            return f"[{self.marks[owner]}]"
        kind = board.SQUARES[square]
        return words.code(board.PLAIN if kind == board.NEST else kind, self.ascii_only, square)

    def _style(self, square: int) -> Style:
        if self._owner(square) is not None:
            return NEST_STYLE[board.COLOURS[square // board.QUARTER]]
        return KIND_STYLE[board.SQUARES[square]]

    def _line_cell(self, square: int) -> list[Segment]:
        """A square on one line: its code (or its name, on a grown board where it fits with the
        pawns), then the pawns standing on it."""
        width = self.squares[square][2]
        label = self._code(square)
        here = self._here(square)
        kind = board.SQUARES[square]
        if self.geo.big and self._owner(square) is None and kind not in (board.NEST, board.PLAIN):
            name = words.square_name(kind)
            if name and len(name) + 1 + len(here) <= width:
                label = name
        gap = " " if len(label) + 1 + len(here) <= width else ""
        return [
            Segment(label, self._style(square)),
            Segment(gap),
            *self._pawns(here, width - len(label) - len(gap), centre=False),
        ]

    def _pawns(self, seats: list[int], width: int, centre: bool) -> list[Segment]:
        seats = seats[:width]
        pad = (width - len(seats)) // 2 if centre else 0
        segments = [Segment(" " * pad)] if pad else []
        segments += [Segment(self.marks[s], self.pawn_styles[s]) for s in seats]
        rest = width - pad - len(seats)
        if rest:
            segments.append(Segment(" " * rest))
        return segments


class FilmisPresenter(Presenter, game="filmis"):
    board = FilmisBoard
    roll = Roll()

    def bindings(self) -> list[Binding]:
        return [Binding("w", "shortcut('raid')", t("filmis.keys.raid"), id="filmis_raid")]

    def shortcut(self, name: str, options: list[Action]) -> Action | None:
        """The raid key: call the raid when it is one of the options."""
        if name == "raid" and CallRaid() in options:
            return CallRaid()
        return None

    def game_options(self, seats: Sequence[Seat]) -> dict:
        """Each seat's nest takes its set-up colour, when all of them are nest colours."""
        colours = [seat.colour for seat in seats]
        if all(c in board.COLOURS for c in colours) and len(set(colours)) == len(colours):
            return {"colours": colours}
        return {}
