"""Worlds for the expert bot: a full game state consistent with one seat's view, with the hidden
cards dealt at random from the cards that seat cannot see.

A sampler reads the view only (never the state the view was made from): the cards a seat cannot
see are the game's whole deck less the cards it can, shuffled into the hidden places (others'
hands, draw piles, face-down discards). Each game's view decides what is hidden; its sampler
(named by its Entry's `worlds`: Garfield's and Filmis's in parlour/games/<id>/bots/worlds.py)
only has to know which places of that view hold HIDDEN cards, dealing them with `unseen` and
`deal` below. A game may also name `deviations`: how far a dealt world lies from what the seat
expects of it (the hint's control variate, parlour/services/playouts.py).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

from .. import registry

Sampler = Callable[[Any, int, random.Random], Any]  # (view, seat, rng) -> a full state, or None where it cannot sample
Deviations = Callable[[Any, int], Callable[[Any], tuple[float, ...]]]  # (view, seat) -> a world's deviations


def sampler(game_id: str) -> Sampler | None:
    """The game's sampler (its Entry's `worlds`; None: it hides nothing, or gives none)."""
    found: Sampler | None = registry.part(game_id, "worlds")
    return found


def deviations(game_id: str) -> Deviations | None:
    """The game's deviations of a dealt world (its Entry's `deviations`; None: none)."""
    found: Deviations | None = registry.part(game_id, "deviations")
    return found


def unseen(deck: tuple[str, ...], *seen: tuple[str, ...]) -> list[str]:
    """The cards of `deck` not in any of the `seen` piles, as a list to deal from."""
    rest = Counter(deck)
    for pile in seen:
        rest.subtract(pile)
    return list(rest.elements())


def deal(pool: list[str], count: int) -> tuple[str, ...]:
    """The last `count` cards of `pool`, taken off it."""
    dealt = tuple(pool[-count:]) if count else ()
    del pool[len(pool) - count :]
    return dealt
