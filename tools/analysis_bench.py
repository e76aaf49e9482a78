"""CPU seconds of `parlour replay FILE --text --analysis`'s work, in one process (the pool's
workers are not the command's children, so /usr/bin/time would not count them): the points
worked out, the games played on, the widest 95 % interval of a turn's chances, and the seconds.

    python tools/analysis_bench.py SAVE [--games N] [--workers N]

With --workers it also reports the wall time of a pool of that many processes (the numbers are
the same: it checks)."""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from parlour.services import saves
from parlour.services.analysis import Analysis
from parlour.services.replay import Replay


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("save", type=Path)
    parser.add_argument("--games", type=int, default=0, help="games played on from each option (default: the game's)")
    parser.add_argument("--workers", type=int, default=0, help="also time a pool of this many processes")
    args = parser.parse_args()
    replay = Replay(saves.read(args.save))
    analysis = Analysis(replay, games=args.games)
    cpu, wall = time.process_time(), time.perf_counter()
    points = list(analysis.run())
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    played = sum(len(option) for point in points if not point.end for option in point.samples)
    shown = [point.shown() for point in points if point.turn_start and not point.end]
    widest = max(c.margin(s) for c in shown for s in range(len(c.chances)))
    print(
        f"{len(replay.turns)} turns, {len(points)} points, {analysis.games} games per option, {played} played on: "
        f"{cpu:.1f} s CPU in one process ({played / cpu:.0f} games/s), widest turn interval ±{widest * 100:.1f} points"
    )
    if args.workers:
        pooled = Analysis(replay, games=args.games, workers=args.workers)
        wall_pool = time.perf_counter()
        same = list(pooled.run()) == points
        print(
            f"{args.workers} processes: {time.perf_counter() - wall_pool:.1f} s wall (one: {wall:.1f} s); same numbers: {same}"
        )


if __name__ == "__main__":
    main()
