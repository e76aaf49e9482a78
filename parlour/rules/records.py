"""The record types every game shares: actions, events, and the events that carry chance.

An *action* is what a seat asks for; an *event* is what happened. Records are frozen, slotted
dataclasses of plain values (int, str, bool, None, tuples of them, nested records), so that the
codec can turn them into JSON and back without knowing any game.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

HIDDEN = "?"  # stands for a card (or pick) that the viewer may not see

# One chance outcome an event records, tagged with its kind: a die face, a coin (True: face up),
# a blind pick's index, or a deck's new order (the deck's name, its pile top first).
Draw = (
    tuple[Literal["die"], int]
    | tuple[Literal["coin"], bool]
    | tuple[Literal["pick"], int]
    | tuple[Literal["order"], tuple[str, tuple[str, ...]]]
)


class Record:
    """Base of actions and events. Subclasses are frozen slotted dataclasses."""

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


@dataclass(frozen=True, slots=True)
class Start(Action):
    """Set the game up: shuffle, deal, opening roll. Taken by the table (seat None), once."""


# ---- shared events ------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Acted(Event):
    """A seat's action was accepted; the events after it, up to the next Acted, follow from it.

    Recording the action makes the log checkable: loading re-decides each action and must get
    the same events back.
    """

    seat: int | None
    action: Action


@dataclass(frozen=True, slots=True)
class DiceRolled(Event):
    seat: int
    dice: tuple[int, ...]

    def draws(self) -> tuple[Draw, ...]:
        return tuple(("die", face) for face in self.dice)


@dataclass(frozen=True, slots=True)
class CoinFlipped(Event):
    seat: int
    face_up: bool

    def draws(self) -> tuple[Draw, ...]:
        return (("coin", self.face_up),)


@dataclass(frozen=True, slots=True)
class Shuffled(Event):
    """A deck was (re)shuffled; `order` is its new draw pile, top first (hidden in views)."""

    deck: str
    order: tuple[str, ...]

    def draws(self) -> tuple[Draw, ...]:
        return (("order", (self.deck, self.order)),)


@dataclass(frozen=True, slots=True)
class Picked(Event):
    """A blind pick: `index` among the things on offer (which thing it was, the game's own
    events say)."""

    seat: int
    index: int

    def draws(self) -> tuple[Draw, ...]:
        return (("pick", self.index),)


@dataclass(frozen=True, slots=True)
class TurnBegan(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class Won(Event):
    """The game ended with this seat the winner (a game with scores ends its own way)."""

    seat: int


SHARED_RECORDS: tuple[type, ...] = (Start, Acted, DiceRolled, CoinFlipped, Shuffled, Picked, TurnBegan, TurnEnded, Won)


# ---- records some games share -------------------------------------------------------------
# Not in SHARED_RECORDS: a game lists (and re-exports) those it uses in its own RECORDS, so a
# save of a game that has no such thing cannot decode one.


@dataclass(frozen=True, slots=True)
class Roll(Action):
    """Begin the turn by rolling the dice (what follows is the game's own)."""


@dataclass(frozen=True, slots=True)
class Pending(Record):
    """A decision the rules wait for: `seat` must answer a question of `kind`, a member of the
    game's `Decision` enum (a StrEnum, so it is written, and read back, as its plain string).

    A game whose turn must remember more while it waits subclasses this under the same name
    (so its JSON still says "Pending"), adding fields after these two.
    """

    seat: int
    kind: str


@dataclass(frozen=True, slots=True)
class Asked(Event):
    """The rules wait for the answer to `pending` before the turn goes on."""

    pending: Pending


@dataclass(frozen=True, slots=True)
class Moved(Event):
    """The seat's pawn moved to square `to` (whatever it left: a game's own square or area)."""

    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    """Cards from the top of a draw pile into the seat's hand."""

    seat: int
    cards: tuple[str, ...]
