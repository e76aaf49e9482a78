"""Filmis game-length statistics for random bots.

    .venv/bin/python tools/filmis_stats.py --games 2000 --players 4

Plays seeded games (seed = game number) with one random bot per seat, each choosing from its own
view, and prints the median and 95th percentile game length in turns, and how often the game
ends by a called raid versus the factory deck running out. A "turn" is one TurnBegan event: a
turn skipped for an unpaid fine counts; the opening roll does not.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.games.filmis.rules.records import TurnBegan, TurnSkipped  # noqa: E402
from parlour.rules.bots import make  # noqa: E402
from parlour.rules.table import Table  # noqa: E402
from parlour.services.table_driver import TableDriver  # noqa: E402

NAMES = ("Ann", "Bob", "Cid", "Dag")


def play(seed: int, players: int) -> Table:
    table = Table.new("filmis", NAMES[:players], seed=seed)
    TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots()
    return table


def percentile(values: list[int], p: float) -> int:
    """The nearest-rank percentile."""
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * p // 100))
    return ordered[int(rank) - 1]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = parser.parse_args(argv)
    turns, skipped, called = [], 0, 0
    for seed in range(args.games):
        table = play(seed, args.players)
        turns.append(sum(isinstance(e, TurnBegan) for e in table.events))
        skipped += sum(isinstance(e, TurnSkipped) for e in table.events)
        called += table.state.caller is not None
    n = args.games
    print(f"{n} games, {args.players} random bots (seeds 0..{n - 1})")
    print(
        f"turns: median {statistics.median(turns):g}, 95th percentile {percentile(turns, 95)}, "
        f"min {min(turns)}, max {max(turns)}, mean {statistics.mean(turns):.1f}"
    )
    print(f"skipped turns: {skipped} of {sum(turns)}")
    print(
        f"ended by a called raid: {called} ({100 * called / n:.1f}%), "
        f"by an empty deck: {n - called} ({100 * (n - called) / n:.1f}%)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
