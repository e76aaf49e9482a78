"""The Garfield table: the board (the 40 spaces drawn with the Line API, redrawn row by row
where something changed) and its keys. The words are in parlour/games/garfield/words.py."""

from __future__ import annotations

from typing import Any

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from parlour.rules.records import Action
from parlour.tui.games import Presenter
from parlour.tui.widgets.board import LoopBoard, label_lines

from .. import words
from ..rules import board, cards
from ..rules.records import Discard, FollowGarfield, Give, Lasagna, PlayCard
from ..rules.state import State

# ---- geometry: the 40 spaces around the edge of a 59 x 13 board ----------------------------

WIDTH, HEIGHT = 59, 13
CORNER, CELL = 7, 5  # corner and side cells are 7 wide, the others 5
INNER_X, INNER_W = CORNER, 9 * CELL  # the middle of the board
LOWER = 7  # the middle's rows from here down: the dice and the legend (above: the pile panel)


def _layout() -> list[tuple[int, int, int, int]]:
    """(x, y, width, lines) of each space: 0-10 along the top, 11-19 down the right side,
    20-30 back along the bottom, 31-39 up the left side (so the Tailend sits just before START)."""
    cells = []
    xs = [0] + [CORNER + i * CELL for i in range(9)] + [CORNER + 9 * CELL]
    widths = [CORNER] + [CELL] * 9 + [CORNER]
    for i in range(11):  # top: 0..10
        cells.append((xs[i], 0, widths[i], 2))
    for r in range(9):  # right: 11..19
        cells.append((WIDTH - CORNER, 2 + r, CORNER, 1))
    for i in range(11):  # bottom: 20..30, right to left
        cells.append((xs[10 - i], HEIGHT - 2, widths[10 - i], 2))
    for r in range(9):  # left: 31..39, bottom to top
        cells.append((0, HEIGHT - 3 - r, CORNER, 1))
    return cells


CELLS = _layout()

KIND_STYLE = {
    board.START: Style(bold=True, reverse=True),
    board.TAILEND: Style(bold=True, reverse=True),
    board.CHANGES_MIND: Style(color="magenta", bold=True),
    board.TAKE_1: Style(color="cyan"),
    board.TAKE_2: Style(color="cyan", bold=True),
    board.BACK_7: Style(color="yellow", bold=True),
    board.LASAGNA_8: Style(color="yellow"),
    board.RED: Style(color="white", bgcolor="red", bold=True),
    board.GREEN: Style(color="black", bgcolor="green", bold=True),
    board.PLAIN: Style(dim=True),
}


class GarfieldBoard(LoopBoard):
    """The loop of 40 spaces with the pawns, and in the middle the dice and the legend; above
    them, the pile panel (parlour/games/garfield/table/piles.py) is a widget of its own. The board takes the
    room it gets (tui/widgets/board.py `fit_loop`): at 80x24 the spaces show two-letter codes
    explained by the legend; roomier, they show their names and the legend goes. Only the rows
    whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    GarfieldBoard { width: 1fr; height: auto; }
    """

    positions: var[tuple[int, ...]] = var(tuple)
    inner: var[tuple[str, ...]] = var(tuple)  # the middle's lower lines: the dice and the legend

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.dice: tuple[int, ...] = ()

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view: State, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only the rows that changed."""
        self.positions = tuple(view.positions)
        self.dice = dice
        self.inner = self._centre()

    def _centre(self) -> tuple[str, ...]:
        loop = self.loop
        legend = 3 if not loop.big or self._codes_drawn() else 0
        return words.centre_lines(self.dice, self.ascii_only, loop.inner_w - 2, legend)

    def _codes_drawn(self) -> bool:
        """Whether a space may show its code rather than its name (its name does not fit there,
        with every pawn on it): then the legend stays, so every code drawn is explained."""
        pawns = len(self.marks)
        for space, (_x, _y, width, lines) in enumerate(self.spaces):
            kind = board.SPACES[space]
            if kind == board.PLAIN:
                continue
            room, rows = (width - 1, lines - 1) if lines >= 2 else (width - 1 - pawns, 1)
            if label_lines([words.space_label(kind, self.ascii_only)], room, rows) is None:
                return True
        return False

    def refit(self) -> None:
        from .piles import GarfieldPiles

        self.inner = self._centre()
        for panel in self.screen.query("#piles").results(GarfieldPiles) if self.is_attached else ():
            panel.place(*self.pile_room())

    def pile_room(self) -> tuple[int, int, int, int]:
        """(x, y, width, height) of the pile panel: the middle above the dice (and the legend)."""
        loop = self.loop
        return loop.inner_x + 1, loop.inner_y, loop.inner_w - 2, loop.inner_h - len(self.inner) - (1 if loop.big else 0)

    def on_mount(self) -> None:
        self.call_after_refresh(self.refit)

    @property
    def lower(self) -> int:
        """The middle's rows from here down: the dice and the legend (above: the pile panel)."""
        return self.loop.height - self.loop.edge - len(self.inner)

    def watch_positions(self, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        moved = (
            {p for p in old + new} if len(old) != len(new) else {p for a, b in zip(old, new) if a != b for p in (a, b)}
        )
        for space in moved:
            x, y, w, lines = self.spaces[space]
            self.refresh(Region(x, y, w, lines))

    def watch_inner(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        if len(old) != len(new):
            self.refresh()
            return
        for row in range(len(new)):
            if old[row] != new[row]:
                self.refresh(Region(self.loop.inner_x, self.lower + row, self.loop.inner_w, 1))

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        loop, spaces = self.loop, self.spaces
        segments: list[Segment] = []
        if y < loop.edge or y >= loop.height - loop.edge:
            top = 0 if y < loop.edge else loop.height - loop.edge
            row = [i for i in range(40) if spaces[i][1] == top]
            for space in sorted(row, key=lambda s: spaces[s][0]):
                segments.append(self._cell(space, y - top))
        elif y < loop.height - loop.edge:
            left = next(i for i in range(31, 40) if spaces[i][1] <= y < spaces[i][1] + spaces[i][3])
            right = next(i for i in range(11, 20) if spaces[i][1] <= y < spaces[i][1] + spaces[i][3])
            segments.append(self._cell(left, y - spaces[left][1]))
            inner = self.inner[y - self.lower] if 0 <= y - self.lower < len(self.inner) else ""
            segments.append(Segment(f" {inner}".ljust(loop.inner_w)[: loop.inner_w]))
            segments.append(self._cell(right, y - spaces[right][1]))
        return Strip(segments, loop.width).crop(0, self.size.width)

    def _cell(self, space: int, line: int) -> Segment:
        """One line of one space: its code (or, with room, its name), and the pawns on it."""
        x, y, width, lines = self.spaces[space]
        kind = board.SPACES[space]
        code = words.space_code(kind, self.ascii_only)
        here = [seat for seat, p in enumerate(self.positions) if p == space]
        if lines >= 2 and line < lines - 1:
            label = [code]
            if self.loop.big:
                label = label_lines([words.space_label(kind, self.ascii_only), code], width - 1, lines - 1) or label
            top = (lines - 1 - len(label)) // 2  # the label's lines centred above the pawn line
            text = label[line - top] if 0 <= line - top < len(label) else ""
            return Segment(text.center(width), KIND_STYLE[kind])
        if lines >= 2:
            return _pawns(here, self.marks, self.pawn_styles, width)
        pawns = "".join(self.marks[s] for s in here)[:4]
        if self.loop.big:
            pawns = "".join(self.marks[s] for s in here)
            label = label_lines([words.space_label(kind, self.ascii_only), code], width - 1 - len(pawns), 1) or [code]
            return Segment(
                f"{label[0]} {pawns}".ljust(width)[:width], KIND_STYLE[kind] if not here else Style(bold=True)
            )
        return Segment(f"{code} {pawns}".ljust(width), KIND_STYLE[kind] if not here else Style(bold=True))


def _card_of(action: Action) -> str | None:
    """The card in the hand an option stands for (None: an option that names none)."""
    if isinstance(action, (Discard, Give)):
        return action.card
    return cards.LASAGNA if action == Lasagna(True) else None


def _pawns(seats: list[int], marks: list[str], styles: list[Style], width: int) -> Segment:
    text = "".join(marks[s] for s in seats)[:width].center(width)
    style = styles[seats[0]] if len(seats) == 1 else Style(bold=True)
    return Segment(text, style)


class GarfieldPresenter(Presenter, game="garfield"):
    board = GarfieldBoard
    roll = FollowGarfield()
    has_slots = True

    def uses_slots(self, options: list) -> bool:
        """At the start of a turn the digits play the cards in hand."""
        return FollowGarfield() in options

    def panels(self) -> list:
        """Garfield's pile panel, over the middle of the board."""
        from .piles import GarfieldPiles

        return [GarfieldPiles(id="piles")]

    def numbers(self, view: State, seat: int, options: list) -> list[int]:
        """A card to discard, give or play (a Lasagna when asked) is chosen by its slot in the
        hand, as the hand beside the board numbers it; any other option (keep the cards, lose
        the turn, keep the Lasagna) comes after them."""
        held = list(view.hands[seat])
        named = [_card_of(a) for a in options]
        if not any(card in held for card in named):
            return super().numbers(view, seat, options)
        after = iter(range(len(held), len(held) + len(options)))
        return [held.index(card) if card in held else next(after) for card in named]

    def slot_action(self, view: State, seat: int, slot: int, options: list[Action]) -> Action | None:
        held = view.hands[seat]
        if slot < len(held) and PlayCard(held[slot]) in options:
            return PlayCard(held[slot])
        return None
