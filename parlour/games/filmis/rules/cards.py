"""The 60 filmis cards and their values (parlour/games/filmis/README.md, "Components"). Card ids are plain strings; their names
live in `names`."""

from __future__ import annotations

from collections.abc import Iterable

JAMES_DEAN = "JAMES_DEAN"
SICKAN = "SICKAN"
DORIS = "DORIS"
VANHEDEN = "VANHEDEN"
HARRY = "HARRY"
BIFFEN = "BIFFEN"
WALL_ENBERG = "WALL_ENBERG"
WHISTLE = "WHISTLE"

VALUES = {JAMES_DEAN: 10, SICKAN: 5, DORIS: 4, VANHEDEN: 3, HARRY: 2, BIFFEN: 0, WALL_ENBERG: -2, WHISTLE: 0}  # [book]
COUNTS = {
    JAMES_DEAN: 3,
    SICKAN: 6,
    DORIS: 7,
    VANHEDEN: 8,
    HARRY: 10,
    BIFFEN: 10,
    WALL_ENBERG: 12,
    WHISTLE: 4,
}  # [design]

DECK: tuple[str, ...] = tuple(card for card, n in COUNTS.items() for _ in range(n))
TOTAL = len(DECK)  # 60

SMALL_DIE = 3  # the 1-3 die
BIG_DIE = 6  # the 1-6 die


def score(pile: Iterable[str]) -> int:
    """The points of a home pile."""
    return sum(VALUES.get(card, 0) for card in pile)


def can_raid(hand: tuple[str, ...], home: tuple[str, ...]) -> bool:
    """A raid needs a WHISTLE and a JAMES_DEAN, each in the hand or the home pile."""
    return (WHISTLE in hand or WHISTLE in home) and (JAMES_DEAN in hand or JAMES_DEAN in home)
