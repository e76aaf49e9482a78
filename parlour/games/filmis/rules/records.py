"""Filmis's actions and events."""

from __future__ import annotations

from enum import StrEnum

# the shared records this game uses, re-exported (`X as X`) so `from parlour.games.filmis.rules.records import Moved` works
from parlour.rules.records import (
    Action as Action,
    Asked as Asked,
    CardsDrawn as CardsDrawn,
    Event as Event,
    Moved as Moved,
    Pending as Pending,
    Record as Record,
    Roll as Roll,
    TurnBegan as TurnBegan,
    TurnEnded as TurnEnded,
    record,
)

# ---- actions ------------------------------------------------------------------------------


@record
class CallRaid(Action):
    """Begin the turn by blowing the whistle (needs a WHISTLE and a JAMES_DEAN): the game ends."""


@record
class PassTurn(Action):
    """Skip this turn, as an unpaid fine demands (offered when a raid could be called instead)."""


@record
class Enter(Action):
    """On a cornflakes package: go straight into the factory (True) or stay (False)."""

    go: bool


@record
class PayFine(Action):
    """On FINE_OR_SKIP: put this card from the hand at the bottom of the deck."""

    card: str


@record
class RefuseFine(Action):
    """On FINE_OR_SKIP: keep the cards and skip the next turn."""


@record
class Drop(Action):
    """On DROP: put this card from the hand at the bottom of the deck."""

    card: str


@record
class SwapTake(Action):
    """In a filmis swap: take this card from what the next player taking part showed."""

    card: str


# ---- nested records -----------------------------------------------------------------------


class Decision(StrEnum):
    """What a Pending asks the turn's player (parlour/games/filmis/README.md, "A turn")."""

    CORNFLAKES = "cornflakes"
    FINE = "fine"
    DROP = "drop"


DECISIONS = tuple(Decision)


@record
class Shown(Record):
    """What one player taking part in a swap shows: the hand, or (with no hand) the home pile."""

    seat: int
    from_home: bool
    cards: tuple[str, ...]


@record
class Take(Record):
    """One card changing hands in a swap: `seat` takes `card` from `giver`'s shown cards."""

    seat: int
    giver: int
    from_home: bool
    card: str


# ---- events -------------------------------------------------------------------------------


@record
class TurnSkipped(Event):
    """The seat skips this turn, paying one owed skip."""

    seat: int


@record
class HandBanked(Event):
    """The seat's whole hand goes onto its home pile."""

    seat: int
    count: int


@record
class CardTaken(Event):
    """In an opponent's nest: `seat` takes `card` from `owner`'s home pile (or hand)."""

    seat: int
    owner: int
    from_home: bool
    card: str


@record
class CardUnder(Event):
    """The seat puts a card from its hand at the bottom of the factory deck (fine or drop)."""

    seat: int
    card: str


@record
class SkipOwed(Event):
    """The seat did not (or could not) pay the fine: it skips its next turn."""

    seat: int


@record
class SwapBegan(Event):
    """A filmis swap: `seat` landed on it; `shown` lists those taking part, in seat order."""

    seat: int
    shown: tuple[Shown, ...]


@record
class SwapChosen(Event):
    """A seat taking part chose the card it takes (hidden from the others until the swap ends)."""

    seat: int
    card: str


@record
class SwapDone(Event):
    takes: tuple[Take, ...]


@record
class Raid(Event):
    """The game ends: `caller` blew the whistle, or None when the factory deck ran out. Everyone
    lays down their hand and home pile: `hands` and `homes` are public from here on."""

    caller: int | None
    hands: tuple[tuple[str, ...], ...]
    homes: tuple[tuple[str, ...], ...]


RECORDS = (
    Roll,
    CallRaid,
    PassTurn,
    Enter,
    PayFine,
    RefuseFine,
    Drop,
    SwapTake,
    Pending,
    Shown,
    Take,
    TurnSkipped,
    Moved,
    CardsDrawn,
    HandBanked,
    CardTaken,
    CardUnder,
    SkipOwed,
    Asked,
    SwapBegan,
    SwapChosen,
    SwapDone,
    Raid,
)
