"""The Smurf Game's state, how each event changes it (`evolve`), and what each seat may see.

Nothing is hidden in this game (discs held are public), so every view is the whole state.
Which cat holes show a cat is not stored: it follows from the two wheel positions.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NamedTuple, Protocol

from parlour.rules.game import InPlace, Result
from parlour.rules.records import Event, Rejected
from parlour.rules.tuples import put

from . import board, wheels
from .records import DirectionAsked, DiscReturned, DiscTaken, Moved, MustGiveUp, TurnBegan, WentIn, WheelTurned, Won


class State(NamedTuple):
    """Immutable. A Turn folds an action's events into a working copy of it and makes one new
    state per action (`evolve` below)."""

    players: tuple[str, ...]
    positions: tuple[int, ...]  # each pawn's path square (its entry square while in a food area)
    inside: tuple[bool, ...]  # the pawn is in the food area of its entry square
    held: tuple[tuple[int, ...], ...]  # per seat, discs held per kind (board.KINDS order)
    circles: tuple[int, ...]  # discs left on each food circle (board.KINDS order)
    wheels: tuple[int, ...] = (0, 0)  # positions of wheel 1 and wheel 2 (0-15)
    turn: int = -1  # whose turn; -1 before set-up
    rolled: int | None = None  # the die face waiting for a direction (a Move), if any
    owing: tuple[int, ...] = ()  # seats that must choose a disc to give up (a GiveUp)
    winner: int | None = None

    @property
    def cats(self) -> frozenset[int]:
        """The squares showing a cat now."""
        return wheels.showing(self.wheels)

    def kinds_held(self, seat: int) -> tuple[str, ...]:
        """The different kinds `seat` holds, in board.KINDS order."""
        return tuple(kind for kind, n in zip(board.KINDS, self.held[seat]) if n)

    def discs(self) -> int:
        """All discs: on the circles and held (always board.DISCS)."""
        return sum(self.circles) + sum(map(sum, self.held))


class Working(Protocol):
    """What the handlers below change: the working copy of a State that `InPlace` makes (its
    fields, settable, and its properties). For the type checker; tests/test_in_place.py holds its
    fields to State's."""

    players: tuple[str, ...]
    positions: tuple[int, ...]
    inside: tuple[bool, ...]
    held: tuple[tuple[int, ...], ...]
    circles: tuple[int, ...]
    wheels: tuple[int, ...]
    turn: int
    rolled: int | None
    owing: tuple[int, ...]
    winner: int | None

    @property
    def cats(self) -> frozenset[int]: ...


def initial(players: tuple[str, ...], options: Mapping[str, object]) -> State:
    if options:
        raise Rejected(f"The Smurf Game has no option {sorted(options)[0]!r}")
    n = len(players)
    return State(
        players=tuple(players),
        positions=(board.HOME,) * n,
        inside=(False,) * n,
        held=((0,) * len(board.KINDS),) * n,
        circles=(board.DISCS_PER_KIND,) * len(board.KINDS),
    )


def to_act(state: State) -> tuple[int | None, ...]:
    if state.turn < 0:
        return (None,)
    if state.winner is not None:
        return ()
    return state.owing or _ALONE[state.turn]


_ALONE = tuple((seat,) for seat in range(4))  # seat -> (seat,): made once, asked twice an action


def result(state: State) -> Result | None:
    if state.winner is None:
        return None
    kinds = tuple(len(state.kinds_held(seat)) for seat in range(len(state.players)))
    return Result((state.winner,), kinds, f"{state.players[state.winner]} came HOME with four different food baskets")


# ---- evolve -------------------------------------------------------------------------------


# Each handler changes the working copy of the state in place (rules/game.py InPlace: one copy
# and one new state per action instead of a new tuple per event).


# Decoded events are checked here, so that evolve never raises: a seat must be one of the
# players (`0 <= seat < len(players)` with `type(seat) is int`, written out in each handler: one
# call less per event on the hot path).


def _turn_began(s: Working, e: TurnBegan) -> None:
    seat = e.seat
    if type(seat) is int and 0 <= seat < len(s.players):
        s.turn, s.rolled, s.owing = seat, None, ()


def _direction_asked(s: Working, e: DirectionAsked) -> None:
    die = e.die  # a face of the die: the rules' look-up tables are indexed by it (turn.py `_endings`)
    if type(die) is int and 1 <= die <= 6:
        s.rolled = die


def _moved(s: Working, e: Moved) -> None:
    seat, to = e.seat, e.to
    if type(seat) is not int or not 0 <= seat < len(s.players) or type(to) is not int or not 0 <= to < board.SIZE:
        return
    s.positions = put(s.positions, seat, to)
    if s.inside[seat]:
        s.inside = put(s.inside, seat, False)


def _went_in(s: Working, e: WentIn) -> None:
    seat = e.seat
    if type(seat) is not int or not 0 <= seat < len(s.players) or e.kind not in board.ENTRY:
        return
    s.positions = put(s.positions, seat, board.ENTRY[e.kind])
    s.inside = put(s.inside, seat, True)


def _shift(s: Working, seat: int, kind: str, delta: int) -> None:
    k = board.kind_index(kind)
    held = s.held[seat]
    if (s.circles[k] if delta > 0 else held[k]) == 0:
        return
    s.held = put(s.held, seat, put(held, k, held[k] + delta))
    s.circles = put(s.circles, k, s.circles[k] - delta)


def _disc_taken(s: Working, e: DiscTaken) -> None:
    seat = e.seat
    if type(seat) is int and 0 <= seat < len(s.players) and e.kind in board.ENTRY:
        _shift(s, seat, e.kind, +1)


def _disc_returned(s: Working, e: DiscReturned) -> None:
    seat = e.seat
    if type(seat) is not int or not 0 <= seat < len(s.players) or e.kind not in board.ENTRY:
        return
    _shift(s, seat, e.kind, -1)
    s.owing = tuple(owing for owing in s.owing if owing != seat)


def _wheel_turned(s: Working, e: WheelTurned) -> None:
    position = e.position
    if type(position) is not int or not 0 <= position < wheels.POSITIONS:
        return
    wheel = e.wheel  # the two wheels written out: a new pair, no `put`
    if wheel == _FIRST:
        s.wheels = (position, s.wheels[1])
    elif wheel == _SECOND:
        s.wheels = (s.wheels[0], position)


_FIRST, _SECOND = wheels.WHEELS


def _must_give_up(s: Working, e: MustGiveUp) -> None:
    seat = e.seat
    if type(seat) is int and 0 <= seat < len(s.players) and seat not in s.owing:
        s.owing = s.owing + (seat,)


def _won(s: Working, e: Won) -> None:
    seat = e.seat
    if type(seat) is int and 0 <= seat < len(s.players):
        s.winner, s.rolled, s.owing = seat, None, ()


# No handler for Acted or TurnEnded: every action's own events say what it changes. A Move's turn
# ends with Won or with TurnEnded, and every TurnEnded is followed by the next player's TurnBegan
# (rules/order.py pass_turn), which clears the face rolled and the seats owing as it would. Two
# calls less per action, and per pair of events when a save is folded.
evolve = InPlace(
    State,
    {
        TurnBegan: _turn_began,
        DirectionAsked: _direction_asked,
        Moved: _moved,
        WentIn: _went_in,
        DiscTaken: _disc_taken,
        DiscReturned: _disc_returned,
        WheelTurned: _wheel_turned,
        MustGiveUp: _must_give_up,
        Won: _won,
    },
)


# ---- what a seat may see ------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    """Nothing is hidden in The Smurf Game: every seat sees the whole state."""
    return state


def redact(event: Event, seat: int | None) -> Event:
    """Nothing is hidden: every seat sees every event as it is."""
    return event
