"""Game length of The Smurf Game with random bots: turns per game for 2, 3 and 4 players.

    .venv/bin/python tools/smurf_stats.py --games 200 --players 2 4 --cap 100000
    .venv/bin/python tools/smurf_stats.py --games 300 --players 2 3 4 --within 300 600 1000

A turn is one player's turn (one TurnEnded event). Each game is played through the table with
one seeded random bot per seat, choosing from its own view, until someone wins or `--cap` turns
have been played (such a game is counted as unfinished). Seeds are 0..games-1, so the figures
are reproducible.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.games.smurf.rules.records import TurnEnded  # noqa: E402
from parlour.rules.bots import make  # noqa: E402
from parlour.rules.table import Table  # noqa: E402
from parlour.services.table_driver import TableDriver  # noqa: E402


def play(players: int, seed: int, cap: int) -> tuple[int, bool]:
    """(turns played, finished) for one seeded game of random bots."""
    table = Table.new("smurf", [f"P{i + 1}" for i in range(players)], seed=seed)
    driver = TableDriver(table, {i: make("random", f"smurf-stats/{seed}/{i}") for i in range(players)})
    ended: list[TurnEnded] = []
    driver.listen(lambda events: ended.extend(e for e in events if isinstance(e, TurnEnded)))
    while len(ended) < cap and driver.step_bot() is not None:
        pass
    return len(ended), table.result() is not None


def _play(args: tuple[Any, ...]) -> Any:
    return play(*args)


def percentile(values: list[int], q: float) -> int:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count (seeds 0..N-1)")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--cap", type=int, default=100_000, help="stop a game after this many turns")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument(
        "--within", type=int, nargs="*", default=[], help="also print the share of games won within these many turns"
    )
    args = parser.parse_args(argv)
    print(f"The Smurf Game, random bots: {args.games} games per player count, cap {args.cap} turns")
    print("players  finished  mean turns  median    p90    p99    max  (turns per player: mean)")
    for n in args.players:
        work = [(n, seed, args.cap) for seed in range(args.games)]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(_play, work, chunksize=8))
        else:
            results = [_play(w) for w in work]
        turns = [t for t, done in results if done]
        if not turns:
            print(f"{n:7}  {0:8}")
            continue
        print(
            f"{n:7}  {len(turns):8}  {statistics.mean(turns):10.0f}  {statistics.median(turns):6.0f}"
            f"  {percentile(turns, 0.9):5}  {percentile(turns, 0.99):5}  {max(turns):5}"
            f"  ({statistics.mean(turns) / n:.0f})"
        )
        for bound in args.within:
            share = sum(t <= bound for t, done in results if done) / len(results)
            print(f"         won within {bound} turns: {share:.1%}")


if __name__ == "__main__":
    main()
