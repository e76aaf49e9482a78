"""The Smurf Game's state, how each event changes it (`evolve`), and what each seat may see.

Nothing is hidden in this game (discs held are public), so every view is the whole state.
Which cat holes show a cat is not stored: it follows from the two wheel positions.
"""

from __future__ import annotations

from typing import Mapping, NamedTuple

from ..tuples import put, quick_replace
from ..game import Result, evolver
from ..records import Acted, Event, Rejected
from . import board, wheels
from .records import (DirectionAsked, DiscReturned, DiscTaken, Move, Moved,
                      MustGiveUp, TurnBegan, TurnEnded, WentIn, WheelTurned, Won)


@quick_replace
class State(NamedTuple):
    """Immutable, and a tuple underneath (as Garfield's): `_replace` is several times cheaper
    than a frozen dataclass's `replace`, and evolve makes one new state per event."""

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


def initial(players: tuple[str, ...], options: Mapping) -> State:
    if options:
        raise Rejected(f"The Smurf Game has no option {sorted(options)[0]!r}")
    n = len(players)
    return State(players=tuple(players), positions=(board.HOME,) * n, inside=(False,) * n,
                 held=((0,) * len(board.KINDS),) * n,
                 circles=(board.DISCS_PER_KIND,) * len(board.KINDS))


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
    return Result((state.winner,), kinds,
                  f"{state.players[state.winner]} came HOME with four different food baskets")


# ---- evolve -------------------------------------------------------------------------------


def _seat_ok(s: State, seat: object) -> bool:
    return type(seat) is int and 0 <= seat < len(s.players)


# The handlers of the events of almost every turn (an action, a turn's end and beginning, a
# move, a wheel turn) build the next state straight from slices of the last: the same tuple
# `_replace` makes, about 2.5 times cheaper, and evolve runs once per event.
_new = tuple.__new__
_POSITIONS, _INSIDE, _WHEELS, _TURN, _ROLLED, _OWING, _WINNER = (
    State._fields.index(name) for name in ("positions", "inside", "wheels", "turn", "rolled", "owing", "winner"))
assert _INSIDE == _POSITIONS + 1 and _ROLLED == _TURN + 1 and _OWING == _ROLLED + 1 and _WINNER == _OWING + 1


def _acted(s: State, e: Acted) -> State:
    if s.rolled is None or not isinstance(e.action, Move):
        return s  # only a Move answers a roll; with none waiting there is nothing to clear
    return _new(State, s[:_ROLLED] + (None,) + s[_OWING:])


def _turn_began(s: State, e: TurnBegan) -> State:
    seat = e.seat
    if type(seat) is not int or not 0 <= seat < len(s.players):  # _seat_ok, at every turn
        return s
    return _new(State, s[:_TURN] + (seat, None, ()) + s[_WINNER:])


def _direction_asked(s: State, e: DirectionAsked) -> State:
    return _new(State, s[:_ROLLED] + (e.die,) + s[_OWING:])


def _moved(s: State, e: Moved) -> State:
    seat = e.seat
    if not _seat_ok(s, seat) or type(e.to) is not int or not 0 <= e.to < board.SIZE:
        return s
    inside = s.inside
    if inside[seat]:
        inside = put(inside, seat, False)
    return _new(State, s[:_POSITIONS] + (put(s.positions, seat, e.to), inside) + s[_INSIDE + 1:])


def _went_in(s: State, e: WentIn) -> State:
    if not _seat_ok(s, e.seat) or e.kind not in board.ENTRY:
        return s
    return s._replace(positions=put(s.positions, e.seat, board.ENTRY[e.kind]),
                   inside=put(s.inside, e.seat, True))


def _shift(s: State, seat: int, kind: str, delta: int) -> State:
    """Move one disc of `kind` between its circle and `seat` (delta +1: to the seat)."""
    k = board.kind_index(kind)
    held = s.held[seat]
    if (s.circles[k] if delta > 0 else held[k]) == 0:
        return s  # nothing to move: the count of discs never changes
    return s._replace(held=put(s.held, seat, put(held, k, held[k] + delta)),
                   circles=put(s.circles, k, s.circles[k] - delta))


def _disc_taken(s: State, e: DiscTaken) -> State:
    if not _seat_ok(s, e.seat) or e.kind not in board.ENTRY:
        return s
    return _shift(s, e.seat, e.kind, +1)


def _disc_returned(s: State, e: DiscReturned) -> State:
    if not _seat_ok(s, e.seat) or e.kind not in board.ENTRY:
        return s
    s = _shift(s, e.seat, e.kind, -1)
    return s._replace(owing=tuple(seat for seat in s.owing if seat != e.seat))


def _wheel_turned(s: State, e: WheelTurned) -> State:
    i = _WHEEL_INDEX.get(e.wheel)
    if i is None or type(e.position) is not int or not 0 <= e.position < wheels.POSITIONS:
        return s
    return _new(State, s[:_WHEELS] + (put(s.wheels, i, e.position),) + s[_WHEELS + 1:])


_WHEEL_INDEX = {wheel: i for i, wheel in enumerate(wheels.WHEELS)}  # wheel -> its place in `wheels`


def _must_give_up(s: State, e: MustGiveUp) -> State:
    if not _seat_ok(s, e.seat) or e.seat in s.owing:
        return s
    return s._replace(owing=s.owing + (e.seat,))


def _turn_ended(s: State, e: TurnEnded) -> State:
    return s._replace(rolled=None, owing=()) if s.rolled is not None or s.owing else s


def _won(s: State, e: Won) -> State:
    if not _seat_ok(s, e.seat):
        return s
    return s._replace(winner=e.seat, rolled=None, owing=())


# The state after `event`. Events that change nothing (dice, CatAppeared, Stayed) and events
# that do not fit the state leave it as it is; this never raises.
evolve = evolver({
    Acted: _acted, TurnBegan: _turn_began, DirectionAsked: _direction_asked, Moved: _moved,
    WentIn: _went_in, DiscTaken: _disc_taken, DiscReturned: _disc_returned,
    WheelTurned: _wheel_turned, MustGiveUp: _must_give_up, TurnEnded: _turn_ended, Won: _won,
})


# ---- what a seat may see ------------------------------------------------------------------


def view(state: State, seat: int | None) -> State:
    """Nothing is hidden in The Smurf Game: every seat sees the whole state."""
    return state


def redact(event: Event, seat: int | None) -> Event:
    """Nothing is hidden: every seat sees every event as it is."""
    return event
