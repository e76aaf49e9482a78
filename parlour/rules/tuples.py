"""Small helpers for states made of tuples."""

from __future__ import annotations

from typing import TypeVar

from .records import HIDDEN

T = TypeVar("T")


def put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """`values` with the item at `index` replaced by `value`."""
    changed = list(values)  # two new objects; slicing and joining makes five
    changed[index] = value
    return tuple(changed)


def without(cards: tuple[str, ...], card: str) -> tuple[str, ...]:
    """The cards less one `card` (in a view, where the card is hidden, less one hidden card)."""
    for wanted in (card, HIDDEN):
        if wanted in cards:
            i = cards.index(wanted)
            return cards[:i] + cards[i + 1 :]
    return cards
