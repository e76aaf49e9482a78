"""Garfield's actions and events."""

from __future__ import annotations

from dataclasses import dataclass

from ..records import Action, Event, Record, TurnBegan, TurnEnded, Won  # noqa: F401 (turn events re-exported)

# ---- actions ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class FollowGarfield(Action):
    """Begin the turn as the face-up Garfield card says (most often: roll the dice)."""


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """Begin the turn by playing a Player card (not a Lasagna) instead of following Garfield."""

    card: str


@dataclass(frozen=True, slots=True)
class Lasagna(Action):
    """Answer an offer made for a slice of lasagna: play one, or not."""

    play: bool


@dataclass(frozen=True, slots=True)
class SwapWith(Action):
    """Choose the player to change places with."""

    target: int


@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Discard this Player card (a GREEN space, or giving up a card for Garfield)."""

    card: str


@dataclass(frozen=True, slots=True)
class LoseTurn(Action):
    """Keep your cards and lose the turn (Garfield: give up a card or lose a turn)."""


@dataclass(frozen=True, slots=True)
class Give(Action):
    """Give this Player card to the player on your left."""

    card: str


# ---- events -------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Pending(Record):
    """A decision the rules wait for, with what the turn does once it is answered."""

    seat: int
    kind: str  # one of DECISIONS
    garfield: bool  # the Garfield card applies to this turn's rolls
    bonus: int  # the doubles bonus roll: 0 not earned, 1 due after this space, 2 used
    ends: bool  # the turn ends once the current space (and its chain) is followed


DECISIONS = ("lasagna_advance", "lasagna_twice", "lasagna_8", "lasagna_red",
             "swap_rings", "swap_places", "green", "give_or_lose", "give_left")


@dataclass(frozen=True, slots=True)
class Asked(Event):
    pending: Pending


@dataclass(frozen=True, slots=True)
class GarfieldTurnedUp(Event):
    card: str


@dataclass(frozen=True, slots=True)
class GarfieldTossed(Event):
    card: str


@dataclass(frozen=True, slots=True)
class CardsDrawn(Event):
    seat: int
    cards: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class Moved(Event):
    seat: int
    to: int


@dataclass(frozen=True, slots=True)
class RingGained(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class RingLost(Event):
    seat: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardGiven(Event):
    seat: int
    to: int
    card: str


@dataclass(frozen=True, slots=True)
class PlacesSwapped(Event):
    seat: int
    other: int
    rings: bool


RECORDS = (FollowGarfield, PlayCard, Lasagna, SwapWith, Discard, LoseTurn, Give, Pending, Asked,
           GarfieldTurnedUp, GarfieldTossed, CardsDrawn, CardPlayed, Moved, RingGained,
           RingLost, CardDiscarded, CardGiven, PlacesSwapped)
