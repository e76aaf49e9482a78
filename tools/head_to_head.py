"""Head to head: two bot levels in two-player games, seats swapped every other game, and a
one-sided binomial test of "the first level wins more than half".

    python tools/head_to_head.py garfield expert smart --games 2000 --seed 17 --jobs 2
    python tools/head_to_head.py garfield expert smart --playouts 16   # a cheaper expert

A shared win counts 1/k; for the test the first level's wins are rounded down (the cautious way).
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import TYPE_CHECKING

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.fronts.simulate import bot_seed, game_seed  # noqa: E402

if TYPE_CHECKING:
    from parlour.rules.bots import Bot


def _bot(level: str, seed: str, playouts: int | None) -> Bot:
    from parlour.rules.bots import make
    from parlour.rules.bots.expert import ExpertBot

    if level == "expert" and playouts is not None:
        return ExpertBot(seed, playouts)
    return make(level, seed)


def play(game_id: str, first: str, second: str, seed: int, index: int, playouts: int | None) -> float:
    """One game; the first level's share of the win. Even games seat it first, odd ones second."""
    from parlour.rules.table import Table

    levels = [first, second] if index % 2 == 0 else [second, first]
    mine = 0 if index % 2 == 0 else 1
    table = Table.new(game_id, ["A", "B"], seed=game_seed(seed, index))
    bots = [_bot(level, bot_seed(seed, index, s), playouts) for s, level in enumerate(levels)]
    while table.result() is None:
        for s in table.to_act():
            if s in table.to_act():
                assert s is not None  # two bots: a seat always acts
                table.submit(s, bots[s].choose(table.game, table.view(s), s))
    result = table.result()
    assert result is not None  # the loop ran to it
    winners = result.winners
    return 1 / len(winners) if mine in winners else 0.0


def _one(args: tuple[str, str, str, int, int, int | None]) -> float:
    return play(*args)


def binomial_tail(n: int, k: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p). Each term in logarithms: math.comb(2000, 1000) is
    too large for a float."""
    if k <= 0 or p >= 1:
        return 1.0
    if p <= 0:
        return 0.0
    log_p, log_q = math.log(p), math.log1p(-p)
    return sum(
        math.exp(math.lgamma(n + 1) - math.lgamma(i + 1) - math.lgamma(n - i + 1) + i * log_p + (n - i) * log_q)
        for i in range(k, n + 1)
    )


def lower_bound(n: int, k: int, alpha: float = 0.05) -> float:
    """The one-sided (1 - alpha) Clopper-Pearson lower bound of a win rate: the smallest p with
    P(X >= k | p) >= alpha."""
    if k <= 0:
        return 0.0
    low, high = 0.0, 1.0
    for _ in range(50):
        mid = (low + high) / 2
        low, high = (mid, high) if binomial_tail(n, k, mid) < alpha else (low, mid)
    return low


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("first")
    parser.add_argument("second")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--playouts", type=int, default=None, help="the expert's playouts per decision")
    parser.add_argument("--every", type=int, default=100, help="print the tally every this many games")
    args = parser.parse_args(argv)
    games = [(args.game, args.first, args.second, args.seed, i, args.playouts) for i in range(args.games)]
    start = time.perf_counter()
    print(
        f"{args.game}: {args.first} vs {args.second}, two-player games, seed {args.seed}, "
        f"seats swapped every other game" + (f", expert playouts {args.playouts}" if args.playouts else "")
    )
    shares: list[float] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for share in pool.map(_one, games, chunksize=10):  # in order: a tally of the first n games
            shares.append(share)
            if len(shares) % args.every == 0 or len(shares) == args.games:
                _tally(args.first, shares, time.perf_counter() - start)
    return 0


def _tally(level: str, shares: list[float], seconds: float) -> None:
    wins = sum(shares)
    n, k = len(shares), math.floor(wins)
    print(
        f"after {n} games: {level} won {wins:.1f} ({wins / n:.1%}); one-sided 95% lower bound "
        f"{lower_bound(n, k):.1%}; P(>= {k} wins | rate 0.5) = {binomial_tail(n, k, 0.5):.2g} "
        f"({seconds:.0f} s)",
        flush=True,
    )


if __name__ == "__main__":
    sys.exit(main())
