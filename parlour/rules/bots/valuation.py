"""A position's value without playing it to the end: each seat's chance to win, read from a few
facts of the position (rings and laps in Garfield, points banked and in hand in Filmis), the way
the expert's search values its race home. A playout of the hint or the analysis stops a game's
`rounds` rounds of turns on and takes this value instead of playing fifty more turns (parlour/
services/playouts.py).

The chance is a softmax over the seats of a weighted sum of each seat's facts (a multinomial
logit). A game gives its facts and weights as a `Valuation` named by its Entry's `valuation`
(Garfield's and Filmis's: parlour/games/<id>/bots/valuation.py). The weights were fitted by
tools/valuation_fit.py to the winners of seeded games of smart bots (the same bots the playouts
use), and that tool prints their calibration on other games: of the positions valued at about p,
how many were won. docs/bots.md shows it. A game without one has no valuation (None)."""

from __future__ import annotations

from collections.abc import Callable
from math import exp
from typing import Any

from .. import registry

Facts = tuple[float, ...]


class Valuation:
    """One game's valuation: every seat's facts of a state, the weights for each number of players,
    the rounds of turns a playout plays before it is valued (fewer: cheaper playouts that scatter
    less; more: a valuation read later, nearer what whole playouts give: docs/bots.md,
    tools/valuation_fit.py --against), and positions whose outcome is known without weighing facts
    (`known`: each seat's share, or None)."""

    __slots__ = ("facts", "weights", "rounds", "known")

    def __init__(
        self,
        facts: Callable[[Any], list[Facts]],
        weights: dict[int, Facts],
        *,
        rounds: int,
        known: Callable[[Any], tuple[float, ...] | None] | None = None,
    ):
        self.facts = facts
        self.weights = weights
        self.rounds = rounds
        self.known = known

    def value(self, state: Any) -> tuple[float, ...] | None:
        """Each seat's chance to win from `state` (a whole state: a playout's), None for a number
        of players without weights."""
        weights = self.weights.get(len(state.players))
        if weights is None:
            return None
        if self.known is not None and (shares := self.known(state)) is not None:
            return shares
        return weighed(weights, self.facts(state))


def of(game_id: str) -> Valuation | None:
    """The valuation the game's Entry names (None: it gives none)."""
    found: Valuation | None = registry.part(game_id, "valuation")
    return found


def value(game_id: str, state: Any) -> tuple[float, ...] | None:
    """Each seat's chance to win from `state` (a whole state: a playout's), None for a game
    or a number of players without a valuation."""
    valuation = of(game_id)
    return valuation.value(state) if valuation is not None else None


def weighed(weights: Facts, seats: list[Facts]) -> tuple[float, ...]:
    """Each seat's chance from every seat's facts: the softmax of their weighted sums."""
    scores = [sum(w * f for w, f in zip(weights, facts)) for facts in seats]
    top = max(scores)
    raised = [exp(s - top) for s in scores]
    total = sum(raised)
    return tuple(r / total for r in raised)
