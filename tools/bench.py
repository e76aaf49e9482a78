"""Benchmark: random-bot games played headless through the table, as a player's app plays them.

    python tools/bench.py garfield --players 4 --games 2000

Prints games per second and events per second on one core (this process only).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.driver import TableDriver  # noqa: E402
from rules.bots import make  # noqa: E402
from rules.table import Table  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def play(game: str, players: int, seed: int) -> int:
    """One random-bot game; returns its number of events."""
    table = Table.new(game, NAMES[:players], seed=seed)
    TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots()
    return len(table.events)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    start = time.perf_counter()
    events = sum(play(args.game, args.players, args.seed + g) for g in range(args.games))
    seconds = time.perf_counter() - start
    print(f"{args.games} {args.game} games, {args.players} random bots: {seconds:.2f} s, "
          f"{args.games / seconds:.0f} games/s, {events / seconds:.0f} events/s, "
          f"{events / args.games:.0f} events/game")


if __name__ == "__main__":
    main()
