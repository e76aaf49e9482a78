"""The Smurf Game's actions and events (parlour/games/smurf/README.md)."""

from __future__ import annotations

# the shared records this game uses, re-exported (`X as X`) so `from parlour.games.smurf.rules.records import Moved` works
from parlour.rules.records import (
    Action as Action,
    Event as Event,
    Moved as Moved,
    Roll as Roll,
    TurnBegan as TurnBegan,
    TurnEnded as TurnEnded,
    Won as Won,
    record,
)

# ---- actions ------------------------------------------------------------------------------


@record
class TurnWheel(Action):
    """Spend the turn turning wheel 1 or 2 one space counter-clockwise."""

    wheel: int


@record
class Move(Action):
    """Answer the roll: go in `direction` (+1 forward, -1 backward round the loop). `food` is the
    kind of the food area the move ends in (stopping at its entry on the way, or landing on it),
    None for the full count ending on the path."""

    direction: int
    food: str | None = None


@record
class GiveUp(Action):
    """A cat appeared under your pawn: give up one disc of this kind, back to its circle."""

    kind: str


# ---- events -------------------------------------------------------------------------------


@record
class DirectionAsked(Event):
    """The roll left a choice of ways: the seat must answer with a Move."""

    seat: int
    die: int


@record
class WentIn(Event):
    """The pawn stopped at the entry and went into the food area of `kind`."""

    seat: int
    kind: str


@record
class DiscTaken(Event):
    """One disc of `kind` from its circle to the seat."""

    seat: int
    kind: str


@record
class Stayed(Event):
    """Cats block both ways for the whole count: the pawn stays where it is."""

    seat: int
    die: int


@record
class WheelTurned(Event):
    """Wheel 1 or 2 was turned one space; `position` is where it now stands (0-15)."""

    wheel: int
    position: int


@record
class CatAppeared(Event):
    """A wheel turn made a cat appear on `square`, under the pawns of `seats`."""

    square: int
    seats: tuple[int, ...]


@record
class MustGiveUp(Event):
    """The seat holds discs of more than one kind and must choose one to give up."""

    seat: int


@record
class DiscReturned(Event):
    """One disc of `kind` from the seat back to its circle."""

    seat: int
    kind: str


RECORDS = (
    Roll,
    TurnWheel,
    Move,
    GiveUp,
    DirectionAsked,
    Moved,
    WentIn,
    DiscTaken,
    Stayed,
    WheelTurned,
    CatAppeared,
    MustGiveUp,
    DiscReturned,
)
