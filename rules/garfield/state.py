"""Garfield's state, and how each event changes it (`evolve`), and what each seat may see."""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..tuples import put, quick_replace, without
from ..deck import Deck
from ..game import Result, evolver
from ..records import HIDDEN, Acted, Event, Rejected, Shuffled
from . import cards
from .records import (Asked, CardDiscarded, CardGiven, CardPlayed, CardsDrawn, GarfieldTossed,
                      GarfieldTurnedUp, Give, Discard, Moved, Pending, PlacesSwapped, RingGained,
                      RingLost, TurnBegan, TurnEnded, Won)


@quick_replace
class State(NamedTuple):
    """Immutable, and a tuple underneath: `_replace` is several times cheaper than a frozen
    dataclass's `replace`, and evolve makes one new state per event."""

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


def initial(players: tuple[str, ...], options: Mapping) -> State:
    if options:
        raise Rejected(f"Garfield has no option {sorted(options)[0]!r}")
    n = len(players)
    return State(players=tuple(players), positions=(0,) * n, rings=(0,) * n, hands=((),) * n,
                 garfield=Deck((), cards.GARFIELD_DECK), face_up=None,
                 player_deck=Deck((), cards.PLAYER_DECK))


def to_act(state: State) -> tuple[int, ...]:
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


def _acted(s: State, e: Acted) -> State:
    return s._replace(pending=None) if s.pending else s


def _asked(s: State, e: Asked) -> State:
    return s._replace(pending=e.pending)


def _shuffled(s: State, e: Shuffled) -> State:
    if e.deck == "garfield":
        return s._replace(garfield=s.garfield.reshuffled(e.order))
    return s._replace(player_deck=s.player_deck.reshuffled(e.order))


def _turned_up(s: State, e: GarfieldTurnedUp) -> State:
    return s._replace(face_up=e.card, garfield=s.garfield.drawn(1))


def _tossed(s: State, e: GarfieldTossed) -> State:
    return s._replace(face_up=None, garfield=s.garfield.discarded((e.card,)))


def _drawn(s: State, e: CardsDrawn) -> State:
    return s._replace(hands=put(s.hands, e.seat, s.hands[e.seat] + e.cards),
                   player_deck=s.player_deck.drawn(len(e.cards)))


def _turn_began(s: State, e: TurnBegan) -> State:
    return s._replace(turn=e.seat, faced=s.face_up, pending=None)


def _played(s: State, e: CardPlayed) -> State:
    # RULES.md §1 "A turn" item 4: a played card is discarded the moment it is played.
    return s._replace(hands=put(s.hands, e.seat, without(s.hands[e.seat], e.card)),
                   player_deck=s.player_deck.discarded((e.card,)))


def _moved(s: State, e: Moved) -> State:
    return s._replace(positions=put(s.positions, e.seat, e.to))


def _ring_gained(s: State, e: RingGained) -> State:
    return s._replace(rings=put(s.rings, e.seat, s.rings[e.seat] + 1))


def _ring_lost(s: State, e: RingLost) -> State:
    return s._replace(rings=put(s.rings, e.seat, s.rings[e.seat] - 1))


def _discarded(s: State, e: CardDiscarded) -> State:
    return s._replace(hands=put(s.hands, e.seat, without(s.hands[e.seat], e.card)),
                   player_deck=s.player_deck.discarded((e.card,)))


def _given(s: State, e: CardGiven) -> State:
    hands = put(s.hands, e.seat, without(s.hands[e.seat], e.card))
    return s._replace(hands=put(hands, e.to, hands[e.to] + (e.card,)))


def _swapped(s: State, e: PlacesSwapped) -> State:
    a, b = e.seat, e.other
    positions = put(put(s.positions, a, s.positions[b]), b, s.positions[a])
    rings = put(put(s.rings, a, s.rings[b]), b, s.rings[a]) if e.rings else s.rings
    return s._replace(positions=positions, rings=rings)


def _turn_ended(s: State, e: TurnEnded) -> State:
    return s._replace(pending=None)


def _won(s: State, e: Won) -> State:
    return s._replace(winner=e.seat, pending=None)


# The state after `event`. Events that change nothing (dice, coins) leave it as it is.
evolve = evolver({
    Acted: _acted, Asked: _asked, Shuffled: _shuffled, GarfieldTurnedUp: _turned_up,
    GarfieldTossed: _tossed, CardsDrawn: _drawn, TurnBegan: _turn_began, CardPlayed: _played,
    Moved: _moved, RingGained: _ring_gained, RingLost: _ring_lost, CardDiscarded: _discarded,
    CardGiven: _given, PlacesSwapped: _swapped, TurnEnded: _turn_ended, Won: _won,
})


# ---- what a seat may see ------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may know it: others' hands, the deck orders and the face-down Player
    discards are hidden (their sizes are not). Seat None sees everything."""
    if seat is None:
        return state
    hands = tuple([hand if i == seat else (HIDDEN,) * len(hand) for i, hand in enumerate(state.hands)])
    return state._replace(hands=hands, garfield=state.garfield.masked(show_discard=True),
                   player_deck=state.player_deck.masked())


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
        case Acted(action=Discard() | Give()) if event.seat != seat:
            return Acted(event.seat, type(event.action)(HIDDEN))
    return event
