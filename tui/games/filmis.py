"""The Filmis table: the 48-square loop around the cornflakes factory (drawn with the Line API,
redrawn square by square where something changed) and its keys. The words are in
parlour/words/filmis.py."""

from __future__ import annotations

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from parlour.words import filmis as words
from parlour.words.i18n import t
from rules.filmis import board
from rules.filmis.records import CallRaid, Roll

from ..widgets.board import LineBoard
from . import Presenter

# ---- geometry: the 48 squares around the edge of a 58 x 13 board ----------------------------
#
# Each side is one quarter of the loop; the four nests sit in the corners (0 top left, 12 top
# right, 24 bottom right, 36 bottom left). Corner and side squares are one line, 7 wide: the code
# and the pawns. The 11 squares between the corners along the top and the bottom are 4 wide: the
# code on the edge row, the pawns on the row inside it. The factory fills the middle.

WIDTH, HEIGHT = 58, 13
SIDE, CELL = 7, 4
INNER_X, INNER_W = SIDE, 11 * CELL  # 44 columns: the pawn rows and the factory
INNER_ROWS = HEIGHT - 4  # the factory's lines (rows 2..10)
TOP_PAWNS, BOTTOM_PAWNS = 1, HEIGHT - 2


def _layout() -> list[tuple[int, int, int, int | None]]:
    """(x, y, width, pawn row) of each square; pawn row None: the pawns share the code's line."""
    cells: list[tuple[int, int, int, int | None]] = []
    right = WIDTH - SIDE
    cells.append((0, 0, SIDE, None))  # 0: red's nest
    cells += [(SIDE + CELL * i, 0, CELL, TOP_PAWNS) for i in range(11)]  # 1..11
    cells.append((right, 0, SIDE, None))  # 12: blue's nest
    cells += [(right, 1 + i, SIDE, None) for i in range(11)]  # 13..23, down the right
    cells.append((right, HEIGHT - 1, SIDE, None))  # 24: green's nest
    cells += [(right - CELL * (i + 1), HEIGHT - 1, CELL, BOTTOM_PAWNS) for i in range(11)]  # 25..35
    cells.append((0, HEIGHT - 1, SIDE, None))  # 36: yellow's nest
    cells += [(0, HEIGHT - 2 - i, SIDE, None) for i in range(11)]  # 37..47, up the left
    return cells


CELLS = _layout()
ROWS: dict[int, list[int]] = {}  # row -> the squares drawn on it (their code or their pawns), by x
for _square, (_x, _y, _w, _pawn_row) in enumerate(CELLS):
    ROWS.setdefault(_y, []).append(_square)
    if _pawn_row is not None:
        ROWS.setdefault(_pawn_row, []).append(_square)
for _row in ROWS.values():
    _row.sort(key=lambda s: CELLS[s][0])

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


class FilmisBoard(LineBoard):
    """The loop of 48 squares with the nests and the pawns; in the middle the cornflakes factory:
    the deck count, the dice, who still chooses in a swap, and the legend. Only the squares and
    the lines whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    FilmisBoard { width: 58; height: 13; }
    """

    positions: var[tuple[int, ...]] = var(tuple)
    nests: var[tuple[int | None, ...]] = var(tuple)  # quarter -> the seat whose nest it is
    inner: var[tuple[str, ...]] = var(tuple)  # the factory's lines of text

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only what changed."""
        owners = [None] * 4
        for seat, colour in enumerate(view.colours):
            owners[colour] = seat
        self.nests = tuple(owners)
        self.positions = tuple(view.positions)
        self.inner = words.factory_lines(view, dice, self.ascii_only, INNER_W - 2, INNER_ROWS, self.names)

    def watch_positions(self, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        if len(old) != len(new):
            self.refresh()
            return
        for square in {p for a, b in zip(old, new) if a != b for p in (a, b)}:
            self.refresh(*self._regions(square))

    def watch_nests(self, old, new) -> None:
        for quarter in range(4):
            if quarter >= len(old) or quarter >= len(new) or old[quarter] != new[quarter]:
                self.refresh(*self._regions(board.nest(quarter)))

    def watch_inner(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        for row in range(INNER_ROWS):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(INNER_X, 2 + row, INNER_W, 1))

    @staticmethod
    def _regions(square: int) -> list[Region]:
        x, y, width, pawn_row = CELLS[square]
        regions = [Region(x, y, width, 1)]
        if pawn_row is not None:
            regions.append(Region(x, pawn_row, width, 1))
        return regions

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        segments: list[Segment] = []
        if 2 <= y < 2 + INNER_ROWS:
            left, right = ROWS[y]
            segments += self._line_cell(left)
            inner = self.inner[y - 2] if y - 2 < len(self.inner) else ""
            style = Style(bold=True) if y == 2 else Style()
            segments.append(Segment(f" {inner}".ljust(INNER_W)[:INNER_W], style))
            segments += self._line_cell(right)
        else:
            for square in ROWS.get(y, []):
                _, top, width, pawn_row = CELLS[square]
                if pawn_row is None:
                    segments += self._line_cell(square)
                elif y == top:
                    label = self._code(square)
                    pad = (width - len(label)) // 2
                    segments += [Segment(" " * pad), Segment(label, self._style(square)),
                                 Segment(" " * (width - pad - len(label)))]
                else:
                    segments += self._pawns(self._here(square), width, centre=True)
        return Strip(segments, WIDTH).crop(0, self.size.width)

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
        """A square on one line: its code, then the pawns standing on it."""
        width = CELLS[square][2]
        label = self._code(square)
        here = self._here(square)
        gap = " " if len(label) + 1 + len(here) <= width else ""
        return [Segment(label, self._style(square)), Segment(gap),
                *self._pawns(here, width - len(label) - len(gap), centre=False)]

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

    def shortcut(self, name: str, options: list):
        """The raid key: call the raid when it is one of the options."""
        if name == "raid" and CallRaid() in options:
            return CallRaid()
        return None

    def game_options(self, seats) -> dict:
        """Each seat's nest takes its set-up colour, when all of them are nest colours."""
        colours = [seat.colour for seat in seats]
        if all(c in board.COLOURS for c in colours) and len(set(colours)) == len(colours):
            return {"colours": colours}
        return {}
