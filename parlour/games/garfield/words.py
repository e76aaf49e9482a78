"""Garfield's words: the log, the prompt's question and options, the player panel, the hand, the
words in the middle of the board and the results. Plain text; no Textual, no Rich."""

from __future__ import annotations

from collections.abc import Iterable

from parlour.rules.records import HIDDEN, Acted, Action, CoinFlipped, DiceRolled, Event, Shuffled
from parlour.services.words.base import Narrator, Words, nearby, pawns_on
from parlour.services.words.i18n import t

from .rules import board, cards
from .rules.records import (
    CardDiscarded,
    CardGiven,
    CardPlayed,
    CardsDrawn,
    Discard,
    FollowGarfield,
    GarfieldTossed,
    GarfieldTurnedUp,
    Give,
    Lasagna,
    LoseTurn,
    Moved,
    PlacesSwapped,
    PlayCard,
    RingGained,
    RingLost,
    SwapWith,
    TurnBegan,
    Won,
)
from .rules.state import State

DICE = "⚀⚁⚂⚃⚄⚅"


def dice_text(dice: tuple[int, ...], ascii_only: bool) -> str:
    if ascii_only:
        return " ".join(f"[{d}]" for d in dice)
    return " ".join(f"{DICE[d - 1]} {d}" for d in dice)


def card_name(card: str) -> str:
    """A Player card's one name: the same in the hand, the prompts and the log."""
    return t(f"garfield.player_card.{'HIDDEN' if card == HIDDEN else card}")


def space_words(space: int) -> tuple[str, str]:
    kind = board.SPACES[space]
    return str(space), t(f"garfield.space.{kind}")


def space_code(kind: str, ascii_only: bool) -> str:
    """A space kind's short code on the board."""
    return ".." if ascii_only and kind == board.PLAIN else t(f"garfield.code.{kind}")


def space_label(kind: str, ascii_only: bool = False) -> str:
    """A space kind's name on a board with room for it (else its code and the legend); a plain
    space keeps its dots."""
    return space_code(kind, ascii_only) if kind == board.PLAIN else t(f"garfield.name.{kind}")


def centre_lines(dice: tuple[int, ...], ascii_only: bool, width: int, legend_lines: int = 3) -> tuple[str, ...]:
    """The lower part of the board's middle, lines of at most `width`: the last roll and the
    legend in `legend_lines` lines (none when the spaces show their names; above them sits the
    pile panel: Garfield's card and his piles)."""
    import textwrap  # only for a board: plain mode's start goes without it

    roll = f"{t('garfield.dice')}: {dice_text(dice, ascii_only)}" if dice else ""
    legend = textwrap.wrap(legend_text(), width)[:legend_lines] if legend_lines else []
    return (roll, *legend, *[""] * (legend_lines - len(legend)))


def legend_text() -> str:
    """The legend, each code bound to the words after it by a no-break space, and each dot
    between entries to the entry before it: wrapped, a code never ends a line away from what it
    means, nor does a line begin with a dot."""
    text = t("garfield.legend.text").replace(" · ", "\u00a0· ")
    for kind in set(board.SPACES):
        code = t(f"garfield.code.{kind}")
        text = text.replace(f"{code} ", f"{code}\u00a0")
    return text


def balloon(view: State) -> str:
    """Garfield's card that is up, as he says it (empty while none is up)."""
    return f"{t('garfield.garfield_says')} {t(f'garfield.card.{view.face_up}')}" if view.face_up else ""


def piles(view: State) -> tuple[str, list[str], list[str]]:
    """The Garfield piles: their counts ("Garfield pile 8 · Sand Box 6"), what lies in the Sand
    Box, the newest card first, and the cards still to come (the pile's, in no order). The Sand
    Box is face up (the rulebook: used cards are tossed into it), so every seat may see it, and the
    pile holds the rest of the 15 cards. Equal cards are named once with their number."""
    head = " · ".join(
        [t("garfield.draw_pile", n=len(view.garfield.pile)), t("garfield.sand_box", n=len(view.garfield.discard))]
    )
    rest = list(cards.GARFIELD_DECK)
    for card in view.garfield.discard + ((view.face_up,) if view.face_up else ()):
        if card in rest:
            rest.remove(card)
    return head, _named(reversed(view.garfield.discard)), _named(rest)


def _named(garfield_cards: Iterable[str]) -> list[str]:
    """Garfield cards by their short names, equal ones once with their number ("Napping ×2")."""
    counts: dict[str, int] = {}
    for card in garfield_cards:
        counts[card] = counts.get(card, 0) + 1
    return [t(f"garfield.card_name.{card}") + (f" ×{n}" if n > 1 else "") for card, n in counts.items()]


def _plus(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))


class GarfieldNarrator(Narrator):
    """A roll is told with the space it leads to, and a move only where the pawn lands (passing
    the Tailend is told by its ring). So a roll waits for the next event, and a move waits to see
    whether another move follows; ring and win lines after a waiting move wait behind it."""

    RING_EVENTS = (RingGained, RingLost, Won)

    def __init__(self, names: tuple[str, ...]) -> None:
        super().__init__(names)
        self.dice: tuple[int, ...] | None = None  # a roll to tell with the move it leads to
        self.waiting: DiceRolled | Moved | None = None
        self.start: int | None = None  # where the rolling pawn stood before the roll
        self.landed_mind = False  # the last pawn landed on G? (its toss is Garfield changing his mind)

    def step(self, event: Event, before: State) -> list[str]:
        if isinstance(event, self.RING_EVENTS):
            line = self._ring_line(event, before)
            if self.waiting is None:
                return [line]
            self.held.append(line)
            return []
        lines = self._settle(isinstance(event, Moved))
        if isinstance(event, (DiceRolled, Moved)):
            if isinstance(event, DiceRolled):
                self.dice = event.dice
                seat = event.seat
                self.start = before.positions[seat] if seat is not None and seat < len(before.positions) else None
            else:
                self.landed_mind = board.SPACES[event.to] == board.CHANGES_MIND
            self.waiting = event
            return lines
        return lines + self._line(event)

    def end(self) -> list[str]:
        return self._settle(False)

    def _settle(self, next_is_move: bool) -> list[str]:
        """Tell the waiting roll or move, now that the next step is known, then the held lines."""
        names, waiting, lines = self.names, self.waiting, []
        self.waiting = None
        if isinstance(waiting, DiceRolled) and not next_is_move:  # a roll that moves nothing
            key = "garfield.log.opening" if self.setup else "garfield.log.rolled"
            lines.append(t(key, name=names[waiting.seat], dice=_plus(waiting.dice)))
            self.dice = None
        elif isinstance(waiting, Moved) and not next_is_move:  # (else only passing the Tailend)
            number, kind = space_words(waiting.to)
            if self.dice is not None:
                dice = _plus(self.dice)
                extra = (waiting.to - self.start) % len(board.SPACES) - sum(self.dice) if self.start is not None else 0
                if 0 < extra <= 10:  # a card's "add 2" moved the pawn further than the dice
                    dice = t("garfield.log.dice_plus", dice=dice, extra=extra)
                lines.append(
                    t("garfield.log.rolled_landed", name=names[waiting.seat], dice=dice, space=number, kind=kind)
                )
            else:
                lines.append(t("garfield.log.moved", name=names[waiting.seat], space=number, kind=kind))
            self.dice = None
        return lines + self.release()

    def _ring_line(self, event: RingGained | RingLost | Won, before: State) -> str:
        names = self.names
        match event:
            case RingGained(seat=seat):
                return t("garfield.log.ring", name=names[seat], rings=before.rings[seat] + 1)
            case RingLost(seat=seat):
                return t("garfield.log.ring_lost", name=names[seat], rings=before.rings[seat] - 1)
        return t("garfield.log.won", name=names[event.seat])

    def _line(self, event: Event) -> list[str]:
        names, setup = self.names, self.setup
        match event:
            case Acted(seat=int() as seat, action=FollowGarfield()):
                return [t("garfield.log.follows", name=names[seat])]
            case Acted(seat=int() as seat, action=LoseTurn()):
                return [t("garfield.log.lose_turn", name=names[seat])]
            case CardPlayed(seat=seat, card=card):
                return [t("garfield.log.plays", name=names[seat], card=card_name(card))]
            case CardsDrawn(seat=seat, cards=drawn) if not setup:
                if HIDDEN in drawn:
                    return [t("garfield.log.drew_hidden", name=names[seat], n=len(drawn))]
                return [t("garfield.log.drew", name=names[seat], cards=", ".join(card_name(c) for c in drawn))]
            case CardDiscarded(seat=seat, card=card):
                return [t("garfield.log.discarded", name=names[seat], card=card_name(card))]
            case CardGiven(seat=seat, to=to, card=card):
                return [t("garfield.log.gave", name=names[seat], card=card_name(card), other=names[to])]
            case PlacesSwapped(seat=seat, other=other, rings=with_rings):
                key = "garfield.log.swapped_rings" if with_rings else "garfield.log.swapped"
                return [t(key, name=names[seat], other=names[other])]
            case CoinFlipped(seat=seat, face_up=up):
                return [t("garfield.log.coin_up" if up else "garfield.log.coin_down", name=names[seat])]
            case GarfieldTossed(card=card):
                if card in cards.JUST_FOR_YOU and not self.landed_mind:  # the turn's end, not a G? space
                    return [t("garfield.log.tossed_used")]
                return [t("garfield.log.tossed")]
            case GarfieldTurnedUp(card=card):
                return [t("garfield.log.turned_up", text=t(f"garfield.card.{card}"))]
            case Shuffled(deck=deck) if not setup:
                return [t(f"garfield.log.shuffled_{deck}")]
            case TurnBegan(seat=seat):
                return self.turn_began("garfield", seat)
        return []


class GarfieldWords(Words, game="garfield"):
    help_key = "garfield.help.text"
    narrator = GarfieldNarrator

    def describe(self, action: Action, view: State, seat: int, names: tuple[str, ...]) -> str:
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
            case SwapWith(target=target):  # whom: and where they stand, with how many rings
                place = view.positions[target]
                if view.pending is not None and view.pending.kind == "swap_rings":
                    return t("garfield.option.swap_rings", name=names[target], place=place, n=view.rings[target])
                return t("garfield.option.swap_place", name=names[target], place=place)
            case Discard(card=card):
                return t("garfield.option.discard", card=card_name(card))
            case Give(card=card):
                return t("garfield.option.give", card=card_name(card))
            case LoseTurn():
                return t("garfield.option.lose_turn")
        return super().describe(action, view, seat, names)

    def question(self, view: State, seat: int, names: tuple[str, ...]) -> str:
        if view.pending is None:
            return t("garfield.decision.start")
        left = names[(seat + 1) % len(names)]
        return t(f"garfield.decision.{view.pending.kind}", name=left)

    def player_stats(self, view: State, seat: int, ascii_only: bool) -> str:
        full, empty = ("o", "-") if ascii_only else ("●", "○")
        rings = full * view.rings[seat] + empty * (cards.RINGS_TO_WIN - view.rings[seat])
        return f"{rings} {t('game.cards', n=len(view.hands[seat]))} @{view.positions[seat]}"

    def hand(self, view: State, seat: int) -> tuple[str, ...]:
        return view.hands[seat]

    def card_label(self, card: str) -> str:
        return card_name(card)

    def aside(self, view: State, seat: int, ascii_only: bool) -> str:
        """The Player card piles, above the hand."""
        return " · ".join(
            [
                t("garfield.player_pile", n=len(view.player_deck.pile)),
                t("garfield.discards", n=len(view.player_deck.discard)),
            ]
        )

    def slot_note(self, view: State, seat: int, slot: int) -> str:
        held = view.hands[seat]
        if slot < len(held) and held[slot] == cards.LASAGNA:
            return t("game.rejected", reason=t("garfield.lasagna_not_now"))
        return ""

    def standing(self, state: State, seat: int) -> float:
        return state.rings[seat]

    def result_lines(self, state: State, names: tuple[str, ...]) -> list[str]:
        return [f"{name:<24} {t('game.rings_count', n=state.rings[seat])}" for seat, name in enumerate(names)]

    def board_lines(self, view: State, seat: int, names: tuple[str, ...]) -> list[str]:
        """Every pawn's space, rings and cards; the spaces ahead of the seat's pawn; Garfield's card
        and his piles."""
        lines = [
            t(
                "garfield.board.pawn",
                name=name,
                space=space_words(view.positions[s])[0],
                kind=space_words(view.positions[s])[1],
                rings=view.rings[s],
                cards=len(view.hands[s]),
            )
            for s, name in enumerate(names)
        ]
        if 0 <= seat < len(names):

            def square(space: int) -> str:
                text = t("garfield.board.space", space=space, kind=space_words(space)[1])
                others = pawns_on(space, view.positions, names, seat)
                return f"{text} ({', '.join(others)})" if others else text

            lines.append(t("garfield.board.ahead", spaces=nearby(view.positions[seat], board.SIZE, square)))
        if view.face_up:
            lines.append(t("garfield.board.face_up", text=t(f"garfield.card.{view.face_up}")))
        head, sand_box, _ = piles(view)  # as the pile panel beside the board tells them
        lines.append(f"{head}: {', '.join(sand_box)}." if sand_box else f"{head}.")
        return lines
