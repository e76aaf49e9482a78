"""The Smurf smart bot's own CPU, apart from the core: the decisions the smart seat of
`parlour simulate smurf --seats smart,random,random,random` is asked, recorded once, then answered
again and timed (process CPU of `choose` only). The same file can be timed by two checkouts, each
in its own process, to compare the bot alone:

    python tools/smurf_bot_bench.py record /tmp/smurf-views.pickle --games 500 --seed 1
    python tools/smurf_bot_bench.py time /tmp/smurf-views.pickle            # this checkout
    (cd OLD && python /path/to/tools/smurf_bot_bench.py time /tmp/smurf-views.pickle)

`time` answers each game's decisions in order with a bot seeded as simulate seeds it, so the
caches warm up as in a real run; it prints the CPU seconds and a digest of the answers (equal
digests: the same choices).
"""

from __future__ import annotations

import argparse
import hashlib
import os
import pickle
import sys
import time
from pathlib import Path
from typing import Any

# the checkout to time is the one the command runs in (see the docstring)
sys.path.insert(0, os.getcwd())
sys.path.insert(1, str(Path(__file__).resolve().parent.parent))

LEVELS = ["smart", "random", "random", "random"]


def record(path: str, games: int, seed: int) -> None:
    from parlour.fronts.simulate import bot_seed, game_seed, seat_names
    from parlour.rules.bots import make
    from parlour.rules.table import Table
    from parlour.services.table_driver import TableDriver

    asked: list[list] = []
    for index in range(games):
        views: list = []
        bots = {s: make(level, bot_seed(seed, index, s)) for s, level in enumerate(LEVELS)}
        smart = bots[0]

        class Recorder:
            level = smart.level  # a Bot as the one it records

            def choose(self, game: Any, view: Any, seat: int) -> Any:
                views.append(view)
                return smart.choose(game, view, seat)

        table = Table.new("smurf", seat_names(LEVELS), seed=game_seed(seed, index))
        TableDriver(table, {**bots, 0: Recorder()}).play_bots(200_000)
        asked.append(views)
    with open(path, "wb") as out:
        pickle.dump({"seed": seed, "games": asked}, out)
    print(f"{sum(map(len, asked))} decisions of {games} games written to {path}")


def answer(path: str) -> None:
    from parlour.fronts.simulate import bot_seed
    from parlour.rules import registry
    from parlour.rules.bots import make

    with open(path, "rb") as source:
        data = pickle.load(source)
    game = registry.get("smurf")
    digest = hashlib.sha256()
    spent = 0.0
    for index, views in enumerate(data["games"]):
        bot = make("smart", bot_seed(data["seed"], index, 0))
        for view in views:
            start = time.process_time()
            action = bot.choose(game, view, 0)
            spent += time.process_time() - start
            digest.update(repr(action).encode())
    decisions = sum(map(len, data["games"]))
    print(
        f"{os.getcwd()}: {decisions} decisions in {spent:.2f} s CPU "
        f"({spent / decisions * 1e6:.0f} us each); answers {digest.hexdigest()[:12]}"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    rec = sub.add_parser("record")
    rec.add_argument("path")
    rec.add_argument("--games", type=int, default=500)
    rec.add_argument("--seed", type=int, default=1)
    tim = sub.add_parser("time")
    tim.add_argument("path")
    args = parser.parse_args(argv)
    if args.command == "record":
        record(args.path, args.games, args.seed)
    else:
        answer(args.path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
