"""`smart` beats `random` in every game: one smart seat against three random seats, fixed seed.

Null hypothesis: the smart seat is no better than a random one, so it wins a 4-player game with
probability at most 1/4 (shared Filmis wins count 1/k). The test requires the observed number of
wins to be so high that, under the null hypothesis, a count at least as high has probability below
ALPHA (exact one-sided binomial tail), i.e. the margin is "significant at 0.1%".
"""

from __future__ import annotations

import math

import pytest

from parlour.fronts.simulate import simulate
from parlour.rules import registry

ALPHA = 1e-3
NULL = 0.25
GAMES = {"garfield": 200, "filmis": 300, "smurf": 16}  # enough for the margin, small for CI


def binomial_tail(n: int, k: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p)."""
    k = max(0, math.ceil(k))
    return sum(math.comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def test_the_binomial_tail_is_right():
    assert binomial_tail(4, 0, 0.25) == pytest.approx(1.0)
    assert binomial_tail(4, 4, 0.25) == pytest.approx(0.25**4)
    assert binomial_tail(10, 3, 0.5) == pytest.approx(1 - (1 + 10 + 45) / 1024)


@pytest.mark.parametrize("game_id", [g for g in GAMES if g in registry.available()])
def test_smart_beats_random(game_id):
    n = GAMES[game_id]
    summary = simulate(game_id, ["smart", "random", "random", "random"], n, seed=2026)
    assert summary["finished"] == n
    wins = summary["seat_wins"][0]["wins"]
    # a shared win counts 1/k: round down, the cautious way
    assert binomial_tail(n, math.floor(wins), NULL) < ALPHA, (
        f"{game_id}: smart won {wins:.1f} of {n} games against three random bots"
    )
