"""Rigged Garfield scenarios: who starts, the Garfield cards in order, each hand, every die."""

from __future__ import annotations

from parlour.rules.table import Table
from tests.helpers import rigged

from ..rules import cards
from ..rules.records import FollowGarfield

# Hands with no Lasagna, so that no lasagna question interrupts a scenario by accident (the
# deck has only 11 other cards, so a fourth seat gets one Lasagna).
QUIET = (cards.NAP_ATTACK, cards.BLINDFOLD, cards.PUT_ONE_OVER_TEN)
DEFAULT_HANDS = (
    QUIET,
    QUIET,
    (cards.NAP_ATTACK, cards.PUT_ONE_OVER_SWAP, cards.PUT_ONE_OVER_TWICE),
    (cards.PUT_ONE_OVER_SWAP, cards.PUT_ONE_OVER_TWICE, cards.LASAGNA),
)


def pair(total: int) -> tuple[int, int]:
    """Two different dice faces that add up to `total` (2..12; 2 and 12 are doubles)."""
    for a in range(6, 0, -1):
        b = total - a
        if 1 <= b <= 6 and (a != b or total in (2, 12)):
            return (a, b)
    raise ValueError(total)


def dice(*totals: int) -> list[int]:
    """Dice faces for a run of two-dice rolls with these totals."""
    return [face for total in totals for face in pair(total)]


def table(
    *, players: int = 2, hands=None, pile=(), garfield=(cards.G_NAPPING,), rolls=(), coins=(), first: int = 0
) -> Table:
    """A game where `first` wins the opening roll (12 against 2s), each seat is dealt the 3 cards
    of its hand (DEFAULT_HANDS unless given), the Player pile then starts with `pile`, the Garfield cards
    come up in the order given, and `rolls` are the dice faces after the opening roll."""
    hands = list(hands) if hands is not None else DEFAULT_HANDS[:players]
    opening = [face for seat in range(players) for face in ((6, 6) if seat == first else (1, 1))]
    deck = [card for hand in hands for card in hand] + list(pile)
    return rigged(
        "garfield",
        ["Ann", "Bob", "Cid", "Dee"][:players],
        dice=opening + list(rolls),
        coins=coins,
        decks={"garfield": list(garfield), "player": deck},
    )


def act(t: Table, seat: int, action=None) -> list:
    """Submit `action` (default: follow Garfield) for `seat`, which must be the seat to act."""
    assert t.to_act() == (seat,), f"expected {seat} to act, waiting for {t.to_act()}"
    return t.submit(seat, action or FollowGarfield())


def turns(t: Table, *seats: int) -> None:
    """Let each of these seats, in turn, follow Garfield once."""
    for seat in seats:
        act(t, seat)


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]
