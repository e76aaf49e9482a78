"""Garfield's actions and events."""

from __future__ import annotations

from enum import StrEnum

from parlour.rules import records as shared

# the shared records this game uses, re-exported (`X as X`) so `from parlour.games.garfield.rules.records import Moved` works
from parlour.rules.records import (
    Action as Action,
    Asked as Asked,
    CardsDrawn as CardsDrawn,
    Event as Event,
    Moved as Moved,
    TurnBegan as TurnBegan,
    TurnEnded as TurnEnded,
    Won as Won,
    record,
)

# ---- actions ------------------------------------------------------------------------------


@record
class FollowGarfield(Action):
    """Begin the turn as the face-up Garfield card says (most often: roll the dice)."""


@record
class PlayCard(Action):
    """Begin the turn by playing a Player card (not a Lasagna) instead of following Garfield."""

    card: str


@record
class Lasagna(Action):
    """Answer an offer made for a slice of lasagna: play one, or not."""

    play: bool


@record
class SwapWith(Action):
    """Choose the player to change places with."""

    target: int


@record
class Discard(Action):
    """Discard this Player card (a GREEN space, or giving up a card for Garfield)."""

    card: str


@record
class LoseTurn(Action):
    """Keep your cards and lose the turn (Garfield: give up a card or lose a turn)."""


@record
class Give(Action):
    """Give this Player card to the player on your left."""

    card: str


# ---- events -------------------------------------------------------------------------------


class Decision(StrEnum):
    """What a Pending asks (parlour/games/garfield/README.md, "Decisions")."""

    LASAGNA_ADVANCE = "lasagna_advance"
    LASAGNA_TWICE = "lasagna_twice"
    LASAGNA_8 = "lasagna_8"
    LASAGNA_RED = "lasagna_red"
    SWAP_RINGS = "swap_rings"
    SWAP_PLACES = "swap_places"
    GREEN = "green"
    GIVE_OR_LOSE = "give_or_lose"
    GIVE_LEFT = "give_left"


DECISIONS = tuple(Decision)


@record
class Pending(shared.Pending):
    """A decision the rules wait for (seat, kind), with what the turn does once it is answered."""

    garfield: bool  # the Garfield card applies to this turn's rolls
    bonus: int  # the doubles bonus roll: 0 not earned, 1 due after this space, 2 used
    ends: bool  # the turn ends once the current space (and its chain) is followed


@record
class GarfieldTurnedUp(Event):
    card: str


@record
class GarfieldTossed(Event):
    card: str


@record
class CardPlayed(Event):
    seat: int
    card: str


@record
class RingGained(Event):
    seat: int


@record
class RingLost(Event):
    seat: int


@record
class CardDiscarded(Event):
    seat: int
    card: str


@record
class CardGiven(Event):
    seat: int
    to: int
    card: str


@record
class PlacesSwapped(Event):
    seat: int
    other: int
    rings: bool


RECORDS = (
    FollowGarfield,
    PlayCard,
    Lasagna,
    SwapWith,
    Discard,
    LoseTurn,
    Give,
    Pending,
    Asked,
    GarfieldTurnedUp,
    GarfieldTossed,
    CardsDrawn,
    CardPlayed,
    Moved,
    RingGained,
    RingLost,
    CardDiscarded,
    CardGiven,
    PlacesSwapped,
)
