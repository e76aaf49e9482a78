"""How the Filmis table looks: the 48-square loop around the cornflakes factory (drawn with the
Line API), the words for its events, decisions and options, and the scoring. It reads views and
events; it never decides a rule."""

from __future__ import annotations

import textwrap
from collections import Counter

from rich.segment import Segment
from rich.style import Style
from textual.binding import Binding
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from rules.filmis import board, cards
from rules.filmis.records import (
    Asked,
    CallRaid,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    Enter,
    HandBanked,
    Moved,
    PassTurn,
    PayFine,
    Raid,
    RefuseFine,
    Roll,
    SkipOwed,
    SwapBegan,
    SwapChosen,
    SwapDone,
    SwapTake,
    TurnBegan,
    TurnSkipped,
)
from rules.records import HIDDEN, Acted, DiceRolled

from .. import i18n
from ..widgets.board import LineBoard
from ..i18n import t


def _plain(text: str) -> str:
    """For --ascii: the catalogue's dots, dashes and arrows in plain ASCII (as the generic table
    does), when the app has that helper."""
    asciify = getattr(i18n, "asciify", None)
    return asciify(text) if asciify else text

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
LEGEND = (board.NEST, board.ARROW, board.ARROW_TIP, board.CORNFLAKES, board.FILMIS, board.DROP,
          board.SWAP, board.FINE_OR_SKIP, board.EXTRA_ROLL, board.GO_HOME, board.PLAIN)

DICE = "⚀⚁⚂⚃⚄⚅"


# ---- words for cards, squares and dice --------------------------------------------------------


def card_name(card: str) -> str:
    return t(f"filmis.card.{'HIDDEN' if card == HIDDEN else card}")


def points(card: str) -> str:
    return str(cards.VALUES.get(card, 0))


def card_label(card: str) -> str:
    """A card with its points: "Sickan (5)"."""
    if card == HIDDEN:
        return card_name(card)
    return t("filmis.card_label", card=card_name(card), points=points(card))


def _order(pile) -> list[str]:
    """Cards by value, the best first."""
    return sorted(pile, key=lambda c: (-cards.VALUES.get(c, 0), card_name(c)))


def code(kind: str, ascii_only: bool, square: int | None = None) -> str:
    """A square kind's short code; arrows and tips point the way round (top, right, bottom, left)."""
    table = "code_ascii" if ascii_only else "code"
    if square is not None and kind in (board.ARROW, board.ARROW_TIP):
        return t(f"filmis.{table}.{kind}_{square // board.QUARTER}")
    return t(f"filmis.{table}.{kind}")


def square_words(square: int) -> str:
    return t("filmis.square_at", square=square, kind=t(f"filmis.square.{board.SQUARES[square]}"))


def dice_text(dice: tuple[int, ...], ascii_only: bool) -> str:
    def face(d: int) -> str:
        return str(d) if ascii_only else f"{DICE[d - 1]} {d}"

    style = "ascii" if ascii_only else "text"
    if len(dice) == 1:
        return t(f"filmis.dice.small_{style}", small=face(dice[0]))
    return t(f"filmis.dice.both_{style}", small=face(dice[0]), big=face(dice[1]))


def legend(ascii_only: bool) -> str:
    return " · ".join(f"{t('filmis.legend.nest_code') if k == board.NEST else code(k, ascii_only)} "
                      f"{t(f'filmis.legend.{k}')}" for k in LEGEND)


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
        self.inner = self._inner_lines(view, dice)

    def _inner_lines(self, view, dice) -> tuple[str, ...]:
        width = INNER_W - 2
        lines = [t("filmis.factory", n=len(view.deck.pile)),
                 dice_text(dice, self.ascii_only) if dice else "",
                 _status(view)]
        lines += textwrap.wrap(legend(self.ascii_only), width)[:INNER_ROWS - len(lines)]
        if self.ascii_only:
            lines = [_plain(line) for line in lines]
        return tuple(lines + [""] * (INNER_ROWS - len(lines)))

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
        return code(board.PLAIN if kind == board.NEST else kind, self.ascii_only, square)

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


def _status(view) -> str:
    """The factory's third line: who still chooses in a swap, or who owes a skipped turn."""
    names = view.players
    if view.over:
        return t("filmis.status.over")
    if view.swap is not None:
        waiting = [names[s.seat] for s, c in zip(view.swap.shown, view.swap.chosen) if c is None]
        return t("filmis.status.swap", names=", ".join(waiting))
    skipping = [names[s] for s, n in enumerate(view.skips) if n]
    return t("filmis.status.skips", names=", ".join(skipping)) if skipping else ""


# ---- words for the prompt and the options ---------------------------------------------------


def describe(action, view, seat: int, names: tuple[str, ...]) -> str:
    """The label of one option in the prompt bar."""
    match action:
        case Roll():
            return t("filmis.option.roll")
        case CallRaid():
            return t("filmis.option.raid")
        case PassTurn():
            return t("filmis.option.pass")
        case Enter(go=go):
            return t("filmis.option.enter" if go else "filmis.option.stay")
        case PayFine(card=card) | Drop(card=card) | SwapTake(card=card):
            return card_label(card)
        case RefuseFine():
            return t("filmis.option.refuse")
    return type(action).__name__


def question(view, seat: int, names: tuple[str, ...]) -> str:
    """What the seat to act is asked now."""
    if view.swap is not None:
        i = view.swap.index(seat)
        if i is not None:
            giver = view.swap.target(i)
            key = "filmis.decision.swap_home" if giver.from_home else "filmis.decision.swap_hand"
            return t(key, name=names[giver.seat])
    if view.pending is not None:
        return t(f"filmis.decision.{view.pending.kind}")
    if view.skips[seat]:  # asked even without a raid to call (the others must not tell)
        can_raid = cards.can_raid(view.hands[seat], view.homes[seat])
        return t("filmis.decision.skip_or_raid" if can_raid else "filmis.decision.skip")
    if cards.can_raid(view.hands[seat], view.homes[seat]):
        return t("filmis.decision.roll_or_raid")
    return t("filmis.decision.roll")


# ---- the log ----------------------------------------------------------------------------------


def _cards(pile) -> str:
    return ", ".join(card_name(c) for c in pile)


def narrate(events: list, names: tuple[str, ...], view) -> list[str]:
    """Plain words for one batch of events, as the reader may see them."""
    setup = isinstance(events[0], Acted) and events[0].seat is None
    lines: list[str] = []
    dice = None
    for i, event in enumerate(events):
        before = events[i - 1] if i else None
        after = events[i + 1] if i + 1 < len(events) else None
        match event:
            case Acted(seat=seat, action=Enter(go=go)):
                lines.append(t("filmis.log.enter" if go else "filmis.log.stay", name=names[seat]))
            case Acted(seat=seat, action=PayFine()):
                lines.append(t("filmis.log.pays", name=names[seat]))
            case DiceRolled(seat=seat, dice=rolled) if setup:
                lines.append(t("filmis.log.opening", name=names[seat], dice=_plus(rolled)))
            case DiceRolled(seat=seat, dice=rolled) if len(rolled) == 1:
                lines.append(t("filmis.log.factory_die", name=names[seat], n=rolled[0]))
            case DiceRolled(dice=rolled):
                dice = rolled
            case Moved(seat=seat, to=to):
                if dice is not None:
                    lines.append(t("filmis.log.rolled", name=names[seat], dice=_plus(dice),
                                   total=sum(dice), square=square_words(to)))
                elif isinstance(before, Moved):
                    lines.append(t("filmis.log.go_home", name=names[seat]))
                elif not isinstance(before, Acted):  # (going into the factory was told already)
                    lines.append(t("filmis.log.moved", name=names[seat], square=square_words(to)))
                dice = None
                if board.SQUARES[to] == board.ARROW_TIP and not isinstance(after, (DiceRolled, Moved)):
                    lines.append(t("filmis.log.tip_taken", name=names[seat]))
            case CardsDrawn(seat=seat, cards=drawn):
                if HIDDEN in drawn:
                    lines.append(t("filmis.log.drew_hidden", name=names[seat], n=len(drawn)))
                else:
                    lines.append(t("filmis.log.drew", name=names[seat], cards=_cards(drawn)))
            case HandBanked(seat=seat, count=count):
                lines.append(t("filmis.log.banked", name=names[seat], n=count))
            case CardTaken(seat=seat, owner=owner, from_home=from_home, card=card):
                key = "filmis.log.taken_home" if from_home else "filmis.log.taken_hand"
                lines.append(t(key, name=names[seat], owner=names[owner], card=card_name(card)))
            case CardUnder(seat=seat, card=card):
                lines.append(t("filmis.log.under", name=names[seat], card=card_name(card)))
            case SkipOwed(seat=seat):
                lines.append(t("filmis.log.skip_owed", name=names[seat]))
            case TurnSkipped(seat=seat):
                lines.append(t("filmis.log.skipped", name=names[seat]))
            case Asked(pending=pending):
                lines.append(t(f"filmis.log.asked_{pending.kind}", name=names[pending.seat]))
            case SwapBegan(shown=shown):
                lines.append(t("filmis.log.swap"))
                for s in shown:
                    key = "filmis.log.shows_home" if s.from_home else "filmis.log.shows_hand"
                    lines.append(t(key, name=names[s.seat], cards=_cards(s.cards)))
            case SwapChosen(seat=seat, card=card):
                if card == HIDDEN:
                    lines.append(t("filmis.log.chose_hidden", name=names[seat]))
                else:
                    lines.append(t("filmis.log.chose", name=names[seat], card=card_name(card)))
            case SwapDone(takes=takes):
                for take in takes:
                    key = "filmis.log.took_home" if take.from_home else "filmis.log.took_hand"
                    lines.append(t(key, name=names[take.seat], giver=names[take.giver],
                                   card=card_name(take.card)))
            case TurnBegan(seat=seat):
                if setup:
                    lines.append(t("filmis.log.starts", name=names[seat]))
                lines.append(t("filmis.log.turn", name=names[seat]))
            case Raid(caller=caller):
                if caller is None:
                    lines.append(t("filmis.log.raid_empty"))
                else:
                    lines.append(t("filmis.log.raid", name=names[caller]))
    return lines


def _plus(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))


# ---- the end ----------------------------------------------------------------------------------


def result_lines(state, names: tuple[str, ...]) -> list[str]:
    """Each player's home pile card by card, with the sum (one multi-line string per player)."""
    lines = []
    for seat, name in enumerate(names):
        home = _order(state.homes[seat])
        score = cards.score(home)
        head = t("filmis.result.head", name=name, points=score)
        if state.caller == seat:
            head += t("filmis.result.caller")
        if home:
            sums = " + ".join(f"{card_name(c)} {points(c)}" for c in home)
            body = t("filmis.result.pile", cards=sums, points=score)
        else:
            body = t("filmis.result.empty")
        text = f"{head}\n    {body}"
        if state.hands[seat]:
            text += "\n    " + t("filmis.result.hand", cards=_cards(_order(state.hands[seat])))
        lines.append(text)
    return [f"{text}\n" if seat < len(lines) - 1 else text for seat, text in enumerate(lines)]


# ---- what the generic table asks of a game --------------------------------------------------

HELP_KEY = "filmis.help.text"
ROLL = Roll()  # what Space does at the start of a turn
BOARD = FilmisBoard


def player_stats(view, seat: int, ascii_only: bool) -> str:
    return t("filmis.stats", hand=len(view.hands[seat]), home=len(view.homes[seat]))


def hand(view, seat: int) -> tuple[str, ...]:
    return tuple(_order(view.hands[seat]))


def aside(view, seat: int, ascii_only: bool) -> str | None:
    """The viewer's own home pile, face up, with its points (nothing for a spectator)."""
    if not 0 <= seat < len(view.homes):
        return None
    home = view.homes[seat]
    if HIDDEN in home:
        return None
    title = t("filmis.home_pile", points=cards.score(home))
    if not home:
        return f"{title}\n{t('filmis.home_empty')}"
    counts = Counter(home)
    parts = [t("filmis.home_entry", card=card_name(c), points=points(c)) if counts[c] == 1 else
             t("filmis.home_entries", card=card_name(c), points=points(c), n=counts[c])
             for c in _order(counts)]
    return f"{title}\n" + ", ".join(parts)


def bindings() -> list[Binding]:
    return [Binding("w", "shortcut('raid')", t("filmis.keys.raid"), id="filmis_raid")]


def shortcut(name: str, options: list):
    """The raid key: call the raid when it is one of the options."""
    if name == "raid" and CallRaid() in options:
        return CallRaid()
    return None


def game_options(seats) -> dict:
    """Each seat's nest takes its set-up colour, when all of them are nest colours."""
    colours = [seat.colour for seat in seats]
    if all(c in board.COLOURS for c in colours) and len(set(colours)) == len(colours):
        return {"colours": colours}
    return {}
