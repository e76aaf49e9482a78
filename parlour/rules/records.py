"""The record types every game shares: actions, events, and the events that carry chance.

An *action* is what a seat asks for; an *event* is what happened. Records are frozen, slotted
dataclasses of plain values (int, str, bool, None, tuples of them, nested records), so that the
codec can turn them into JSON and back without knowing any game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields
from operator import attrgetter
from reprlib import recursive_repr
from typing import Any, Literal, TypeVar, dataclass_transform, overload

HIDDEN = "?"  # stands for a card (or pick) that the viewer may not see

# One chance outcome an event records, tagged with its kind: a die face, a coin (True: face up),
# a blind pick's index, or a deck's new order (the deck's name, its pile top first).
Draw = (
    tuple[Literal["die"], int]
    | tuple[Literal["coin"], bool]
    | tuple[Literal["pick"], int]
    | tuple[Literal["order"], tuple[str, tuple[str, ...]]]
)


_C = TypeVar("_C", bound=type)


@overload
def record(cls: _C, /) -> _C: ...


@overload
def record(*, frozen: bool = True, slots: bool = True) -> Callable[[_C], _C]: ...


@dataclass_transform(frozen_default=True)
def record(cls: _C | None = None, /, *, frozen: bool = True, slots: bool = True) -> Any:
    """`@dataclass(frozen=True, slots=True)` (or as told), with the same `__eq__`, `__hash__` and
    `__repr__` shared by every record instead of written for each. `dataclasses` writes each
    method's source and compiles it at import: for a frozen record six of them, and compiling
    them was a third of plain mode's start (issue 44). Those three only read the fields, in
    order, so one function each does; `__init__` (and a frozen record's `__setattr__` and
    `__delattr__`) are still dataclasses' own. A record that is not frozen is not hashable, as
    a dataclass that is not."""
    if cls is None:
        return lambda cls: _made(cls, frozen, slots)
    return _made(cls, frozen, slots)


def _made(cls: type, frozen: bool, slots: bool) -> Any:
    own = {"__eq__", "__hash__", "__repr__"} & set(cls.__dict__)
    if own - {"__hash__"} or cls.__dict__.get("__hash__") is not None:
        raise TypeError(f"{cls.__qualname__} writes its own {', '.join(sorted(own))}: use @dataclass")
    made: Any = dataclass(frozen=frozen, slots=slots, eq=False, repr=False)(cls)
    names = tuple(f.name for f in fields(made))
    if any(not (f.compare and f.repr and f.hash is None) for f in fields(made)):
        raise TypeError(f"{made.__qualname__}: a record's fields are all compared, hashed and shown")
    made._record_values = _values_getter(names)
    made._record_shown = tuple(f"{name}=" for name in names)
    made.__eq__ = _record_eq
    made.__hash__ = _record_hash if frozen else None
    made.__repr__ = _record_repr
    return made


def _values_getter(names: tuple[str, ...]) -> Any:
    """A function from a record to the tuple of its fields' values, as dataclasses compares them."""
    if len(names) > 1:
        return attrgetter(*names)
    if names:
        one = attrgetter(names[0])
        return lambda record: (one(record),)
    return lambda record: ()


def _record_eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        values = self.__class__._record_values
        return values(self) == values(other)
    return NotImplemented


def _record_hash(self: Any) -> int:
    return hash(self.__class__._record_values(self))


@recursive_repr()
def _record_repr(self: Any) -> str:
    cls = self.__class__
    shown = ", ".join(name + repr(value) for name, value in zip(cls._record_shown, cls._record_values(self)))
    return f"{cls.__qualname__}({shown})"


class Record:
    """Base of actions and events. Subclasses are frozen slotted dataclasses (`@record`)."""

    __slots__ = ()


class Action(Record):
    """Something a seat asks the table to do."""

    __slots__ = ()


class Event(Record):
    """Something that happened. The state is a fold of events."""

    __slots__ = ()

    def draws(self) -> tuple[Draw, ...]:
        """The chance outcomes this event records, in draw order (most events have none)."""
        return ()


class Rejected(Exception):
    """An action was refused. Nothing changed; `reason` says why in plain words."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


# ---- shared actions -----------------------------------------------------------------------


@record
class Start(Action):
    """Set the game up: shuffle, deal, opening roll. Taken by the table (seat None), once."""


# ---- shared events ------------------------------------------------------------------------


@record
class Acted(Event):
    """A seat's action was accepted; the events after it, up to the next Acted, follow from it.

    Recording the action makes the log checkable: loading re-decides each action and must get
    the same events back.
    """

    seat: int | None
    action: Action


@record
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]

    def draws(self) -> tuple[Draw, ...]:
        return tuple(("die", face) for face in self.dice)


@record
class CoinFlipped(Event):
    seat: int
    face_up: bool

    def draws(self) -> tuple[Draw, ...]:
        return (("coin", self.face_up),)


@record
class Shuffled(Event):
    """A deck was (re)shuffled; `order` is its new draw pile, top first (hidden in views)."""

    deck: str
    order: tuple[str, ...]

    def draws(self) -> tuple[Draw, ...]:
        return (("order", (self.deck, self.order)),)


@record
class Picked(Event):
    """A blind pick: `index` among the things on offer (which thing it was, the game's own
    events say)."""

    seat: int
    index: int

    def draws(self) -> tuple[Draw, ...]:
        return (("pick", self.index),)


@record
class TurnBegan(Event):
    seat: int


@record
class TurnEnded(Event):
    seat: int


@record
class Won(Event):
    """The game ended with this seat the winner (a game with scores ends its own way)."""

    seat: int


SHARED_RECORDS: tuple[type, ...] = (Start, Acted, DiceRolled, CoinFlipped, Shuffled, Picked, TurnBegan, TurnEnded, Won)


# ---- records some games share -------------------------------------------------------------
# Not in SHARED_RECORDS: a game lists (and re-exports) those it uses in its own RECORDS, so a
# save of a game that has no such thing cannot decode one.


@record
class Roll(Action):
    """Begin the turn by rolling the dice (what follows is the game's own)."""


@record
class Pending(Record):
    """A decision the rules wait for: `seat` must answer a question of `kind`, a member of the
    game's `Decision` enum (a StrEnum, so it is written, and read back, as its plain string).

    A game whose turn must remember more while it waits subclasses this under the same name
    (so its JSON still says "Pending"), adding fields after these two.
    """

    seat: int
    kind: str


@record
class Asked(Event):
    """The rules wait for the answer to `pending` before the turn goes on."""

    pending: Pending


@record
class Moved(Event):
    """The seat's pawn moved to square `to` (whatever it left: a game's own square or area)."""

    seat: int
    to: int


@record
class CardsDrawn(Event):
    """Cards from the top of a draw pile into the seat's hand."""

    seat: int
    cards: tuple[str, ...]
