"""Benchmark: seeking in a long game's replay (parlour/services/replay.py), as replay mode does per key.

    python tools/replay_bench.py --events 10000 --seeks 200
    python tools/replay_bench.py --screen     # the same seeks on the replay screen, drawn headless

A seek is what the screen asks for at a new point: the state (from the nearest snapshot), the
view for the chosen eyes, the last dice and the log's recent story. Prints the worst and median
seek time with snapshots, and without (folding from the start) for comparison.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.rules.bots import make  # noqa: E402
from parlour.rules.log import Loaded  # noqa: E402
from parlour.rules.table import Table  # noqa: E402
from parlour.services.replay import EVERY, Replay  # noqa: E402
from parlour.services.table_driver import TableDriver  # noqa: E402
from parlour.services.words.base import Words  # noqa: E402

LOG_BATCHES = 60  # as tui/screens/replay.py tells after a seek


def long_game(game: str, events: int, seed: int) -> Loaded:
    table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"], seed=seed)
    driver = TableDriver(table, {s: make("random", f"{seed}/{s}") for s in range(4)})
    while len(table.events) < events and not driver.over:
        driver.play_bots(100)
    return Loaded(table.header, table.events, table.state, [])


def seek_times(replay: Replay, seeks: int, seed: int) -> list[float]:
    words = Words.of(replay.game.id)
    stops = random.Random(seed).choices(range(len(replay.stops)), k=seeks)
    times = []
    for stop in stops:
        start = time.perf_counter()
        state = replay.state_at(stop)
        replay.game.view(state, 0)
        replay.dice_at(stop)
        replay.story_at(stop, 0, words, LOG_BATCHES)
        times.append(time.perf_counter() - start)
    return times


def screen_seek_times(loaded: Loaded, seeks: int, seed: int) -> list[float]:
    """The replay screen's own seek (state, board, panels, log, bar), in a headless app."""
    import asyncio
    import os
    import tempfile

    os.environ.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp())
    os.environ.setdefault("PARLOUR_CONFIG_DIR", tempfile.mkdtemp())
    from parlour.tui.app import make_app
    from parlour.tui.screens.replay import ReplayScreen

    async def run() -> list[float]:
        app = make_app(bot_delay=0, animations=False, autosave=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            app.show_replay(loaded, 0)
            await pilot.pause()
            screen = app.screen
            assert isinstance(screen, ReplayScreen)  # show_replay pushed it
            times = []
            for stop in random.Random(seed).choices(range(len(screen.replay.stops)), k=seeks):
                start = time.perf_counter()
                screen.seek(stop)
                times.append(time.perf_counter() - start)
            return times

    return asyncio.run(run())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="smurf", help="smurf: random bots make long games")
    parser.add_argument("--events", type=int, default=10_000)
    parser.add_argument("--seeks", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--screen", action="store_true", help="time the replay screen's seek instead")
    args = parser.parse_args()
    loaded = long_game(args.game, args.events, args.seed)
    print(f"{args.game}: {len(loaded.events)} events")
    if args.screen:
        times = screen_seek_times(loaded, args.seeks, args.seed)
        print(
            f"replay screen at 120x40: seek median {statistics.median(times) * 1000:.1f} ms, "
            f"worst {max(times) * 1000:.1f} ms over {len(times)} seeks"
        )
        return
    for label, every in ((f"snapshots every {EVERY}", EVERY), ("no snapshots (fold from the start)", 10**9)):
        start = time.perf_counter()
        replay = Replay(loaded, every=every)
        opened = time.perf_counter() - start
        times = seek_times(replay, args.seeks, args.seed)
        print(
            f"{label}: open {opened * 1000:.0f} ms; seek median {statistics.median(times) * 1000:.1f} ms, "
            f"worst {max(times) * 1000:.1f} ms over {len(times)} seeks"
        )


if __name__ == "__main__":
    main()
