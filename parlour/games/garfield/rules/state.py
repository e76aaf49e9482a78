"""Garfield's state, and how each event changes it (`evolve`), and what each seat may see."""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from parlour.rules.deck import Deck
from parlour.rules.game import InPlace, Result
from parlour.rules.records import HIDDEN, Acted, Event, Rejected, Shuffled
from parlour.rules.tuples import put, without

from . import cards
from .records import (
    Asked,
    CardDiscarded,
    CardGiven,
    CardPlayed,
    CardsDrawn,
    Discard,
    GarfieldTossed,
    GarfieldTurnedUp,
    Give,
    Moved,
    Pending,
    PlacesSwapped,
    RingGained,
    RingLost,
    TurnBegan,
    TurnEnded,
    Won,
)


class State(NamedTuple):
    """Immutable. A Turn folds an action's events into a working copy of it and makes one new
    state per action (`evolve` below)."""

    players: tuple[str, ...]
    positions: tuple[int, ...]
    rings: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    garfield: Deck  # draw pile, and the Sand Box as its discard
    face_up: str | None  # the Garfield card on the thought balloon
    player_deck: Deck
    turn: int = -1  # whose turn; -1 before set-up
    faced: str | None = None  # the Garfield card face up when this turn began
    pending: Pending | None = None
    winner: int | None = None

    @property
    def centre(self) -> int:
        """Rings still in the centre of the board."""
        return cards.RINGS - sum(self.rings)


class Working(Protocol):
    """What the handlers below change: the working copy of a State that `InPlace` makes (its
    fields, settable, and its properties). For the type checker; tests/test_in_place.py holds its
    fields to State's."""

    players: tuple[str, ...]
    positions: tuple[int, ...]
    rings: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    garfield: Deck
    face_up: str | None
    player_deck: Deck
    turn: int
    faced: str | None
    pending: Pending | None
    winner: int | None

    @property
    def centre(self) -> int: ...


def initial(players: tuple[str, ...], options: Mapping[str, object]) -> State:
    if options:
        raise Rejected(f"Garfield has no option {sorted(options)[0]!r}")
    n = len(players)
    return State(
        players=tuple(players),
        positions=(0,) * n,
        rings=(0,) * n,
        hands=((),) * n,
        garfield=Deck((), cards.GARFIELD_DECK),
        face_up=None,
        player_deck=Deck((), cards.PLAYER_DECK),
    )


def to_act(state: State) -> tuple[int | None, ...]:
    if state.turn < 0:
        return (None,)
    if state.winner is not None:
        return ()
    return (state.pending.seat,) if state.pending else (state.turn,)


def result(state: State) -> Result | None:
    if state.winner is None:
        return None
    return Result((state.winner,), state.rings, f"{state.players[state.winner]} earned the third ring")


# ---- evolve -------------------------------------------------------------------------------


def _acted(s: Working, e: Acted) -> None:
    s.pending = None


def _asked(s: Working, e: Asked) -> None:
    s.pending = e.pending  # type: ignore[assignment]  # Garfield asks with its own Pending (turn._asked)


def _shuffled(s: Working, e: Shuffled) -> None:
    if e.deck == "garfield":
        s.garfield = s.garfield.reshuffled(e.order)
    else:
        s.player_deck = s.player_deck.reshuffled(e.order)


def _turned_up(s: Working, e: GarfieldTurnedUp) -> None:
    s.face_up = e.card
    s.garfield = s.garfield.drawn(1)


def _tossed(s: Working, e: GarfieldTossed) -> None:
    s.face_up = None
    s.garfield = s.garfield.discarded((e.card,))


def _drawn(s: Working, e: CardsDrawn) -> None:
    s.hands = put(s.hands, e.seat, s.hands[e.seat] + e.cards)
    s.player_deck = s.player_deck.drawn(len(e.cards))


def _turn_began(s: Working, e: TurnBegan) -> None:
    s.turn = e.seat
    s.faced = s.face_up
    s.pending = None


def _played(s: Working, e: CardPlayed) -> None:
    # parlour/games/garfield/README.md (the rulebook's "A turn"): a played card is discarded the moment it is played.
    s.hands = put(s.hands, e.seat, without(s.hands[e.seat], e.card))
    s.player_deck = s.player_deck.discarded((e.card,))


def _moved(s: Working, e: Moved) -> None:
    positions = list(s.positions)  # `put` written out, one call less: a pawn moves once or twice per action
    positions[e.seat] = e.to
    s.positions = tuple(positions)


def _ring_gained(s: Working, e: RingGained) -> None:
    s.rings = put(s.rings, e.seat, s.rings[e.seat] + 1)


def _ring_lost(s: Working, e: RingLost) -> None:
    s.rings = put(s.rings, e.seat, s.rings[e.seat] - 1)


def _discarded(s: Working, e: CardDiscarded) -> None:
    s.hands = put(s.hands, e.seat, without(s.hands[e.seat], e.card))
    s.player_deck = s.player_deck.discarded((e.card,))


def _given(s: Working, e: CardGiven) -> None:
    hands = put(s.hands, e.seat, without(s.hands[e.seat], e.card))
    s.hands = put(hands, e.to, hands[e.to] + (e.card,))


def _swapped(s: Working, e: PlacesSwapped) -> None:
    a, b = e.seat, e.other
    s.positions = put(put(s.positions, a, s.positions[b]), b, s.positions[a])
    if e.rings:
        s.rings = put(put(s.rings, a, s.rings[b]), b, s.rings[a])


def _turn_ended(s: Working, e: TurnEnded) -> None:
    s.pending = None


def _won(s: Working, e: Won) -> None:
    s.winner = e.seat
    s.pending = None


# The state after `event`: each handler changes a working copy of the state in place (a Turn folds
# a whole action's events into one). Events that change nothing (dice, coins) have none.
evolve = InPlace(
    State,
    {
        Acted: _acted,
        Asked: _asked,
        Shuffled: _shuffled,
        GarfieldTurnedUp: _turned_up,
        GarfieldTossed: _tossed,
        CardsDrawn: _drawn,
        TurnBegan: _turn_began,
        CardPlayed: _played,
        Moved: _moved,
        RingGained: _ring_gained,
        RingLost: _ring_lost,
        CardDiscarded: _discarded,
        CardGiven: _given,
        PlacesSwapped: _swapped,
        TurnEnded: _turn_ended,
        Won: _won,
    },
)


# ---- what a seat may see ------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may know it: others' hands, the deck orders and the face-down Player
    discards are hidden (their sizes are not). Seat None sees everything."""
    if seat is None:
        return state
    seen = list(state)
    hands = state.hands
    masked = [_HIDDEN[len(hand)] for hand in hands]
    if 0 <= seat < len(hands):  # a spectator (seat -1) sees no hand: not the last by Python's indexing
        masked[seat] = hands[seat]
    seen[_HANDS], seen[_GARFIELD], seen[_PLAYER_DECK] = (
        tuple(masked),
        state.garfield.masked(show_discard=True),
        state.player_deck.masked(),
    )
    return _new(State, seen)


_new = tuple.__new__
_HIDDEN = [(HIDDEN,) * size for size in range(len(cards.PLAYER_DECK) + 1)]  # a hand of each size, hidden
_HANDS, _GARFIELD, _PLAYER_DECK = (State._fields.index(name) for name in ("hands", "garfield", "player_deck"))


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it (seat None sees everything)."""
    if seat is None:
        return event
    match event:
        case Shuffled():
            return Shuffled(event.deck, (HIDDEN,) * len(event.order))
        case CardsDrawn() if event.seat != seat:
            return CardsDrawn(event.seat, (HIDDEN,) * len(event.cards))
        case CardDiscarded() if event.seat != seat:
            return CardDiscarded(event.seat, HIDDEN)
        case CardGiven() if seat not in (event.seat, event.to):
            return CardGiven(event.seat, event.to, HIDDEN)
        case Acted(action=Discard() | Give() as action) if event.seat != seat:
            return Acted(event.seat, type(action)(HIDDEN))
    return event
