"""Filmis's state, how each event changes it (`evolve`), and what each seat may see."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import NamedTuple

from parlour.rules.deck import Deck
from parlour.rules.game import Evolver, Result
from parlour.rules.records import HIDDEN, Acted, Event, Rejected, Shuffled, record
from parlour.rules.tuples import put, without

from . import board, cards
from .records import (
    Asked,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    HandBanked,
    Moved,
    PayFine,
    Pending,
    Raid,
    Shown,
    SkipOwed,
    SwapBegan,
    SwapChosen,
    SwapDone,
    SwapTake,
    TurnBegan,
    TurnEnded,
    TurnSkipped,
)

DECK_NAME = "factory"  # the name the deck is shuffled (and rigged) under


@record
class Swap:
    """A filmis swap in progress: who landed on it, what each player taking part showed (public
    while the swap lasts) and the card each has chosen so far (None: still choosing)."""

    seat: int
    shown: tuple[Shown, ...]
    chosen: tuple[str | None, ...]

    def index(self, seat: int) -> int | None:
        for i, shown in enumerate(self.shown):
            if shown.seat == seat:
                return i
        return None

    def target(self, i: int) -> Shown:
        """Whom the i-th player taking part takes from: the next one taking part on the left."""
        return self.shown[(i + 1) % len(self.shown)]


class State(NamedTuple):
    """Immutable: evolve makes one new state per event."""

    players: tuple[str, ...]
    colours: tuple[int, ...]  # seat -> colour (0 red, 1 blue, 2 green, 3 yellow)
    positions: tuple[int, ...]
    hands: tuple[tuple[str, ...], ...]
    homes: tuple[tuple[str, ...], ...]  # the home piles by the nests
    deck: Deck  # the factory: draw pile, top first (its discard holds the cards before set-up)
    skips: tuple[int, ...]  # turns each seat still has to skip
    turn: int = -1  # whose turn; -1 before set-up
    pending: Pending | None = None
    swap: Swap | None = None
    over: bool = False
    caller: int | None = None  # who called the raid (None: the deck ran out, or not over)

    def nest_owner(self, square: int) -> int | None:
        """The seat whose nest this square is (None: not a nest, or a colour nobody plays)."""
        if board.SQUARES[square] != board.NEST:
            return None
        colour = square // board.QUARTER
        return self.colours.index(colour) if colour in self.colours else None

    def own_nest(self, seat: int) -> int:
        return board.nest(self.colours[seat])

    def scores(self) -> tuple[int, ...]:
        return tuple(cards.score(home) for home in self.homes)

    def cards_held(self) -> int:
        """All cards in the game: the deck, the hands and the home piles (always 60)."""
        return len(self.deck) + sum(map(len, self.hands)) + sum(map(len, self.homes))


def initial(players: tuple[str, ...], options: Mapping[str, object]) -> State:
    unknown = set(options) - {"colours"}
    if unknown:
        raise Rejected(f"Filmis has no option {sorted(unknown)[0]!r}")
    n = len(players)
    colours = _colours(options.get("colours"), n)
    return State(
        players=tuple(players),
        colours=colours,
        positions=tuple(board.nest(c) for c in colours),
        hands=((),) * n,
        homes=((),) * n,
        deck=Deck((), cards.DECK),
        skips=(0,) * n,
    )


def _colours(chosen: object, n: int) -> tuple[int, ...]:
    """Seats take red, blue, green, yellow in order unless the "colours" option names them."""
    if chosen is None:
        return tuple(range(n))
    if (
        not isinstance(chosen, (list, tuple))
        or len(chosen) != n
        or not all(isinstance(c, str) and c in board.COLOURS for c in chosen)
        or len(set(chosen)) != n
    ):
        raise Rejected(f"colours must name {n} different colours of {', '.join(board.COLOURS)}")
    return tuple(board.COLOURS.index(c) for c in chosen)


def to_act(state: State) -> tuple[int | None, ...]:
    if state.turn < 0:
        return (None,)
    if state.over:
        return ()
    if state.swap is not None:
        return tuple(s.seat for s, c in zip(state.swap.shown, state.swap.chosen) if c is None)
    return _ALONE[state.pending.seat if state.pending else state.turn]


_ALONE = tuple((seat,) for seat in range(4))  # seat -> (seat,): made once, asked twice an action


def result(state: State) -> Result | None:
    if not state.over:
        return None
    scores = state.scores()
    best = max(scores)
    winners = tuple(seat for seat, score in enumerate(scores) if score == best)
    if state.caller is None:
        reason = "the factory ran out of filmis cards: automatic raid"
    else:
        reason = f"{state.players[state.caller]} called a raid"
    return Result(winners, scores, reason)


# ---- evolve -------------------------------------------------------------------------------


# The handlers of the events of almost every turn (a turn's end and beginning, a move, a draw,
# a banked hand) build the next state straight from slices of the last: the same tuple
# `_replace` makes, about 2.5 times cheaper, and evolve runs once per event.
_new = tuple.__new__
_POSITIONS, _HANDS, _HOMES, _DECK, _TURN, _PENDING, _SWAP = (
    State._fields.index(name) for name in ("positions", "hands", "homes", "deck", "turn", "pending", "swap")
)
assert _HANDS == _POSITIONS + 1 and _HOMES == _HANDS + 1 and _DECK == _HOMES + 1
assert _PENDING == _TURN + 1 and _SWAP == _PENDING + 1


def _acted(s: State, e: Acted) -> State:
    return s._replace(pending=None) if s.pending else s


def _shuffled(s: State, e: Shuffled) -> State:
    return s._replace(deck=s.deck.reshuffled(e.order)) if e.deck == DECK_NAME else s


def _turn_began(s: State, e: TurnBegan) -> State:
    return _new(State, s[:_TURN] + (e.seat, None, None) + s[_SWAP + 1 :])


def _turn_skipped(s: State, e: TurnSkipped) -> State:
    return s._replace(skips=put(s.skips, e.seat, max(0, s.skips[e.seat] - 1)))


def _turn_ended(s: State, e: TurnEnded) -> State:
    if s.pending is None and s.swap is None:
        return s  # mostly so: nothing to clear
    return s._replace(pending=None, swap=None)


def _moved(s: State, e: Moved) -> State:
    return _new(State, s[:_POSITIONS] + (put(s.positions, e.seat, e.to),) + s[_HANDS:])


def _drawn(s: State, e: CardsDrawn) -> State:
    return _new(
        State,
        s[:_HANDS]
        + (put(s.hands, e.seat, s.hands[e.seat] + e.cards), s.homes, s.deck.drawn(len(e.cards)))
        + s[_DECK + 1 :],
    )


def _banked(s: State, e: HandBanked) -> State:
    return _new(
        State,
        s[:_HANDS] + (put(s.hands, e.seat, ()), put(s.homes, e.seat, s.homes[e.seat] + s.hands[e.seat])) + s[_DECK:],
    )


def _taken(s: State, e: CardTaken) -> State:
    if e.from_home:
        s = s._replace(homes=put(s.homes, e.owner, without(s.homes[e.owner], e.card)))
    else:
        s = s._replace(hands=put(s.hands, e.owner, without(s.hands[e.owner], e.card)))
    return s._replace(hands=put(s.hands, e.seat, s.hands[e.seat] + (e.card,)))


def _under(s: State, e: CardUnder) -> State:
    return s._replace(hands=put(s.hands, e.seat, without(s.hands[e.seat], e.card)), deck=s.deck.put_under(e.card))


def _skip_owed(s: State, e: SkipOwed) -> State:
    return s._replace(skips=put(s.skips, e.seat, s.skips[e.seat] + 1))


def _asked(s: State, e: Asked) -> State:
    return s._replace(pending=e.pending)


def _swap_began(s: State, e: SwapBegan) -> State:
    return s._replace(swap=Swap(e.seat, e.shown, (None,) * len(e.shown)))


def _swap_chosen(s: State, e: SwapChosen) -> State:
    swap = s.swap
    i = swap.index(e.seat) if swap else None
    if swap is None or i is None:
        return s
    return s._replace(swap=replace(swap, chosen=put(swap.chosen, i, e.card)))


def _swap_done(s: State, e: SwapDone) -> State:
    for take in e.takes:
        s = _taken(s, CardTaken(take.seat, take.giver, take.from_home, take.card))
    return s._replace(swap=None)


def _raid(s: State, e: Raid) -> State:
    return s._replace(over=True, caller=e.caller, hands=e.hands, homes=e.homes, pending=None, swap=None)


# The state after `event`. Events that change nothing (dice, picks) leave it as it is.
evolve = Evolver(
    {
        Acted: _acted,
        Shuffled: _shuffled,
        TurnBegan: _turn_began,
        TurnSkipped: _turn_skipped,
        TurnEnded: _turn_ended,
        Moved: _moved,
        CardsDrawn: _drawn,
        HandBanked: _banked,
        CardTaken: _taken,
        CardUnder: _under,
        SkipOwed: _skip_owed,
        Asked: _asked,
        SwapBegan: _swap_began,
        SwapChosen: _swap_chosen,
        SwapDone: _swap_done,
        Raid: _raid,
    }
)


# ---- what a seat may see ------------------------------------------------------------------


def _masked(cards_: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(cards_)


Piles = tuple[tuple[str, ...], ...]  # a card pile per seat (hands, home piles)
Hidden = tuple[Piles, Piles, Deck, Piles, Piles, Deck]  # hands, homes, deck, the three as nobody sees them

# the last asked, swapped whole (the first is no state's: a state's deck is never this very Deck)
_last_hidden: list[Hidden] = [((), (), Deck(), (), (), Deck())]


def _hidden(state: State) -> Hidden:
    """The hands, home piles and deck of `state`, and the three with every card hidden (sizes
    kept). They change far less often than the state (not at a move, a roll or a turn's end) and
    every seat's view hides them alike but for its own piles, so the last answer is remembered
    by their identity (tuples and decks are immutable)."""
    entry = _last_hidden[0]
    if entry[0] is not state.hands or entry[1] is not state.homes or entry[2] is not state.deck:
        entry = _last_hidden[0] = (
            state.hands,
            state.homes,
            state.deck,
            tuple([(HIDDEN,) * len(pile) for pile in state.hands]),
            tuple([(HIDDEN,) * len(pile) for pile in state.homes]),
            state.deck.masked(),
        )
    return entry


def view(state: State, seat: int | None) -> State:
    """The state as `seat` may know it. Other seats' hands and home piles are hidden (their sizes
    are not) until the game is over and the cards are laid down; the deck order is always hidden.
    During a swap, what each player taking part showed is public, but the cards the others chose
    are not. Seat None sees everything."""
    if seat is None:
        return state
    hands, homes, _, hidden_hands, hidden_homes, hidden_deck = _hidden(state)
    if not state.over:  # every pile hidden but the seat's own (a spectator, -1, owns none)
        if 0 <= seat < len(hands):
            hands = hidden_hands[:seat] + (hands[seat],) + hidden_hands[seat + 1 :]
            homes = hidden_homes[:seat] + (homes[seat],) + hidden_homes[seat + 1 :]
        else:
            hands, homes = hidden_hands, hidden_homes
    swap = state.swap
    if swap is None:
        return _new(State, state[:_HANDS] + (hands, homes, hidden_deck) + state[_DECK + 1 :])
    chosen = tuple(c if c is None or s.seat == seat else HIDDEN for s, c in zip(swap.shown, swap.chosen))
    return _new(
        State,
        state[:_HANDS]
        + (hands, homes, hidden_deck)
        + state[_DECK + 1 : _SWAP]
        + (replace(swap, chosen=chosen),)
        + state[_SWAP + 1 :],
    )


def redact(event: Event, seat: int | None) -> Event:
    """The event as `seat` may see it (seat None sees everything)."""
    if seat is None:
        return event
    match event:
        case Shuffled():
            return Shuffled(event.deck, _masked(event.order))
        case CardsDrawn() if event.seat != seat:
            return CardsDrawn(event.seat, _masked(event.cards))
        case CardTaken() if seat not in (event.seat, event.owner):
            return CardTaken(event.seat, event.owner, event.from_home, HIDDEN)
        case CardUnder() if event.seat != seat:
            return CardUnder(event.seat, HIDDEN)
        case SwapChosen() if event.seat != seat:
            return SwapChosen(event.seat, HIDDEN)
        case Acted(action=PayFine() | Drop() | SwapTake() as action) if event.seat != seat:
            return Acted(event.seat, type(action)(HIDDEN))
    return event
