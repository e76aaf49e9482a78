"""How the Garfield table looks: the board (drawn with the Line API), the words for its events,
decisions and options. It reads views and events; it never decides a rule."""

from __future__ import annotations

import textwrap

from rich.segment import Segment
from rich.style import Style
from textual.geometry import Region
from textual.reactive import var
from textual.strip import Strip

from rules.garfield import board, cards
from rules.garfield.records import (CardDiscarded, CardGiven, CardPlayed, CardsDrawn, Discard,
                                    FollowGarfield, GarfieldTossed, GarfieldTurnedUp, Give, Lasagna,
                                    LoseTurn, Moved, PlacesSwapped, PlayCard, RingGained, RingLost,
                                    SwapWith, TurnBegan, Won)
from rules.records import HIDDEN, Acted, CoinFlipped, DiceRolled, Shuffled

from ..widgets.board import LineBoard
from ..i18n import t

# ---- geometry: the 40 spaces around the edge of a 59 x 13 board ----------------------------

WIDTH, HEIGHT = 59, 13
CORNER, CELL = 7, 5  # corner and side cells are 7 wide, the others 5
INNER_X, INNER_W = CORNER, 9 * CELL  # the middle of the board: Garfield's balloon and piles


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

DICE = "⚀⚁⚂⚃⚄⚅"


def dice_text(dice: tuple[int, ...], ascii_only: bool) -> str:
    if ascii_only:
        return " ".join(f"[{d}]" for d in dice)
    return " ".join(f"{DICE[d - 1]} {d}" for d in dice)


def card_name(card: str) -> str:
    return t(f"garfield.player_card.{'HIDDEN' if card == HIDDEN else card}")


def space_words(space: int) -> tuple[str, str]:
    kind = board.SPACES[space]
    return str(space), t(f"garfield.space.{kind}")


class GarfieldBoard(LineBoard):
    """The loop of 40 spaces with the pawns, and in the middle Garfield's card, the piles and
    the dice. Only the rows whose content changed are redrawn."""

    WIDTH, HEIGHT = WIDTH, HEIGHT

    DEFAULT_CSS = """
    GarfieldBoard { width: 59; height: 13; }
    """

    positions: var[tuple[int, ...]] = var(tuple)
    inner: var[tuple[str, ...]] = var(tuple)  # the middle's 9 lines of text

    # ---- what to draw ----------------------------------------------------------------------

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view; the watchers below redraw only the rows that changed."""
        self.positions = tuple(view.positions)
        self.inner = self._inner_lines(view, dice)

    def _inner_lines(self, view, dice) -> tuple[str, ...]:
        width = INNER_W - 2
        text = t(f"garfield.card.{view.face_up}") if view.face_up else ""
        balloon = textwrap.wrap(text, width)[:3]
        balloon += [""] * (3 - len(balloon))
        piles = " · ".join([t("garfield.draw_pile", n=len(view.garfield.pile)),
                            t("garfield.sand_box", n=len(view.garfield.discard))])
        roll = f"{t('garfield.dice')}: {dice_text(dice, self.ascii_only)}" if dice else ""
        legend = textwrap.wrap(t("garfield.legend.text"), width)[:3]
        legend += [""] * (3 - len(legend))
        return (t("garfield.garfield_says"), *balloon, piles, roll, *legend)

    def watch_positions(self, old: tuple[int, ...], new: tuple[int, ...]) -> None:
        moved = {p for p in old + new} if len(old) != len(new) else {
            p for a, b in zip(old, new) if a != b for p in (a, b)}
        for space in moved:
            x, y, w, lines = CELLS[space]
            self.refresh(Region(x, y, w, lines))

    def watch_inner(self, old: tuple[str, ...], new: tuple[str, ...]) -> None:
        for row in range(9):
            if row >= len(old) or row >= len(new) or old[row] != new[row]:
                self.refresh(Region(INNER_X, 2 + row, INNER_W, 1))

    # ---- Line API ----------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        segments: list[Segment] = []
        if y < 2 or y >= HEIGHT - 2:
            row = [i for i in range(40) if CELLS[i][1] == (0 if y < 2 else HEIGHT - 2)]
            for space in sorted(row, key=lambda s: CELLS[s][0]):
                segments.append(self._cell(space, y - CELLS[space][1]))
        else:
            left = next(i for i in range(31, 40) if CELLS[i][1] == y)
            right = next(i for i in range(11, 20) if CELLS[i][1] == y)
            segments.append(self._cell(left, 0))
            inner = self.inner[y - 2] if y - 2 < len(self.inner) else ""
            style = Style(bold=True) if y == 2 else Style()
            segments.append(Segment(f" {inner}".ljust(INNER_W)[:INNER_W], style))
            segments.append(self._cell(right, 0))
        return Strip(segments, WIDTH).crop(0, self.size.width)

    def _cell(self, space: int, line: int) -> Segment:
        """One line of one space: its code, and the pawns standing on it."""
        x, y, width, lines = CELLS[space]
        kind = board.SPACES[space]
        code = t(f"garfield.code.{kind}")
        if self.ascii_only and kind == board.PLAIN:
            code = ".."
        here = [seat for seat, p in enumerate(self.positions) if p == space]
        if lines == 2 and line == 0:
            return Segment(code.center(width), KIND_STYLE[kind])
        if lines == 2:
            return _pawns(here, self.marks, self.pawn_styles, width)
        pawns = "".join(self.marks[s] for s in here)[:4]
        return Segment(f"{code} {pawns}".ljust(width), KIND_STYLE[kind] if not here else Style(bold=True))


def _pawns(seats: list[int], marks: list[str], styles: list[Style], width: int) -> Segment:
    text = "".join(marks[s] for s in seats)[:width].center(width)
    style = styles[seats[0]] if len(seats) == 1 else Style(bold=True)
    return Segment(text, style)


# ---- words for the log, the prompt and the options -----------------------------------------


def describe(action, view, seat: int, names: tuple[str, ...]) -> str:
    """The label of one option in the prompt bar."""
    match action:
        case FollowGarfield():
            rolls = view.face_up not in (cards.G_SWAP, cards.G_LOSE_TURN, cards.G_GIVE_OR_LOSE)
            return t("garfield.option.follow" if rolls else "garfield.option.follow_no_roll")
        case PlayCard(card=card):
            return t("garfield.option.play", card=card_name(card))
        case Lasagna(play=play):
            if not play and cards.LASAGNA not in view.hands[seat]:  # asked all the same
                return t("garfield.option.lasagna_none")
            return t("garfield.option.lasagna_yes" if play else "garfield.option.lasagna_no")
        case SwapWith(target=target):
            return t("garfield.option.swap", name=names[target])
        case Discard(card=card):
            return t("garfield.option.discard", card=card_name(card))
        case Give(card=card):
            return t("garfield.option.give", card=card_name(card))
        case LoseTurn():
            return t("garfield.option.lose_turn")
    return type(action).__name__


def question(view, seat: int, names: tuple[str, ...]) -> str:
    """What the seat to act is asked now."""
    if view.pending is None:
        return t("garfield.decision.start")
    left = names[(seat + 1) % len(names)]
    return t(f"garfield.decision.{view.pending.kind}", name=left)


def narrate(events: list, names: tuple[str, ...], view) -> list[str]:
    """Plain words for one batch of events, as the reader may see them; `view` is the game after
    the batch (the ring messages count up to its rings)."""
    setup = isinstance(events[0], Acted) and events[0].seat is None
    running = list(view.rings)
    for event in events:
        if isinstance(event, (RingGained, RingLost)):
            running[event.seat] -= 1 if isinstance(event, RingGained) else -1
    lines: list[str] = []
    dice = None
    for i, event in enumerate(events):
        match event:
            case Acted(seat=seat, action=FollowGarfield()):
                lines.append(t("garfield.log.follows", name=names[seat]))
            case Acted(seat=seat, action=LoseTurn()):
                lines.append(t("garfield.log.lose_turn", name=names[seat]))
            case CardPlayed(seat=seat, card=card):
                lines.append(t("garfield.log.plays", name=names[seat], card=card_name(card)))
            case DiceRolled(seat=seat, dice=rolled):
                dice = rolled
                if not isinstance(_next_step(events, i), Moved):  # a roll that moves nothing
                    key = "garfield.log.opening" if setup else "garfield.log.rolled"
                    lines.append(t(key, name=names[seat], dice=_plus(rolled)))
                    dice = None
            case Moved(seat=seat, to=to):
                if isinstance(_next_step(events, i), Moved):
                    continue  # only passing the Tailend: the landing comes next
                number, kind = space_words(to)
                if dice is not None:
                    lines.append(t("garfield.log.rolled_landed", name=names[seat], dice=_plus(dice),
                                   space=number, kind=kind))
                else:
                    lines.append(t("garfield.log.moved", name=names[seat], space=number, kind=kind))
                dice = None
            case RingGained(seat=seat):
                running[seat] += 1
                lines.append(t("garfield.log.ring", name=names[seat], rings=running[seat]))
            case RingLost(seat=seat):
                running[seat] -= 1
                lines.append(t("garfield.log.ring_lost", name=names[seat], rings=running[seat]))
            case CardsDrawn(seat=seat, cards=drawn) if not setup:
                if HIDDEN in drawn:
                    lines.append(t("garfield.log.drew_hidden", name=names[seat], n=len(drawn)))
                else:
                    lines.append(t("garfield.log.drew", name=names[seat],
                                   cards=", ".join(card_name(c) for c in drawn)))
            case CardDiscarded(seat=seat, card=card):
                lines.append(t("garfield.log.discarded", name=names[seat], card=card_name(card)))
            case CardGiven(seat=seat, to=to, card=card):
                lines.append(t("garfield.log.gave", name=names[seat], card=card_name(card), other=names[to]))
            case PlacesSwapped(seat=seat, other=other, rings=with_rings):
                key = "garfield.log.swapped_rings" if with_rings else "garfield.log.swapped"
                lines.append(t(key, name=names[seat], other=names[other]))
            case CoinFlipped(seat=seat, face_up=up):
                lines.append(t("garfield.log.coin_up" if up else "garfield.log.coin_down", name=names[seat]))
            case GarfieldTossed():
                lines.append(t("garfield.log.tossed"))
            case GarfieldTurnedUp(card=card):
                lines.append(t("garfield.log.turned_up", text=t(f"garfield.card.{card}")))
            case Shuffled(deck=deck) if not setup:
                lines.append(t(f"garfield.log.shuffled_{deck}"))
            case TurnBegan(seat=seat):
                if setup:
                    lines.append(t("garfield.log.starts", name=names[seat]))
                lines.append(t("garfield.log.turn", name=names[seat]))
            case Won(seat=seat):
                lines.append(t("garfield.log.won", name=names[seat]))
    return lines


def _next_step(events: list, i: int):
    """The next event after i that is not about rings (what a move or roll leads to)."""
    for event in events[i + 1:]:
        if not isinstance(event, (RingGained, RingLost, Won)):
            return event
    return None


def _plus(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))


# ---- what the generic table asks of a game --------------------------------------------------

HELP_KEY = "garfield.help.text"
ROLL = FollowGarfield()  # what Space does at the start of a turn
BOARD = GarfieldBoard


def player_stats(view, seat: int, ascii_only: bool) -> str:
    full, empty = ("o", "-") if ascii_only else ("●", "○")
    rings = full * view.rings[seat] + empty * (cards.RINGS_TO_WIN - view.rings[seat])
    return f"{rings} {t('game.cards', n=len(view.hands[seat]))} @{view.positions[seat]}"


def hand(view, seat: int) -> tuple[str, ...]:
    return view.hands[seat]


def slot_action(view, seat: int, slot: int, options: list):
    """The action for hand slot `slot` (0-based), if playing that card is an option now."""
    cards_held = view.hands[seat]
    if slot < len(cards_held) and PlayCard(cards_held[slot]) in options:
        return PlayCard(cards_held[slot])
    return None


def uses_slots(options: list) -> bool:
    """At the start of a turn the digits play the cards in hand."""
    return FollowGarfield() in options


def result_lines(state, names: tuple[str, ...]) -> list[str]:
    """One line per player for the results screen."""
    return [f"{name:<24} {t('game.rings_count', n=state.rings[seat])}" for seat, name in enumerate(names)]


def slot_note(game, view, seat: int, slot: int) -> str:
    """Why the card in hand slot `slot` cannot be played now (empty when there is none)."""
    held = view.hands[seat]
    if slot >= len(held):
        return ""
    if held[slot] == cards.LASAGNA:
        return t("game.rejected", reason=t("garfield.lasagna_not_now"))
    return ""


def card_label(card: str) -> str:
    """A card's short name, for the hand beside the board."""
    return t(f"garfield.hand_card.{'HIDDEN' if card == HIDDEN else card}")


def aside(view, seat: int, ascii_only: bool) -> str:
    """The Player card piles, above the hand."""
    return " · ".join([t("garfield.player_pile", n=len(view.player_deck.pile)),
                       t("garfield.discards", n=len(view.player_deck.discard))])
