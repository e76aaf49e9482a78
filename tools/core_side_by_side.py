"""Games per CPU second of random-bot games, several checkouts side by side (issue 17's core goal).

    python tools/core_side_by_side.py garfield --games 150 --rounds 3 /work/wt/base /work/main

Each round runs every checkout once, in turn, in a fresh interpreter with that checkout first on
the path (so a shared machine's load falls on all alike), after one untimed game; the medians are
what to compare. Older checkouts import as they did (`rules` before issue 31, `parlour.driver`
before issue 30); one without a table driver is played through its table directly.

`--instructions` counts instead the machine instructions per game under valgrind (callgrind):
the same games, not a time, so it does not move with the machine's load (each checkout plays
`--games` games and one game; the difference over `--games - 1` is what one game takes).
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys

ONE_RUN = """
import sys, time
try:  # the installed package since issue 31; older checkouts have the rules at the top
    from parlour.rules.bots import make
    from parlour.rules.table import Table
except ImportError:
    from rules.bots import make  # an older checkout
    from rules.table import Table  # an older checkout
try:  # services/ since issue 30; parlour/driver.py before it; older code has none
    from parlour.services.table_driver import TableDriver
except ImportError:
    try:
        from parlour.driver import TableDriver  # an older checkout
    except ImportError:
        TableDriver = None
game, games, players = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
def play(seed):
    table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    bots = {seat: make("random", f"{seed}/{seat}") for seat in range(players)}
    if TableDriver:
        TableDriver(table, bots).play_bots()
        return
    while table.result() is None:
        for seat in table.to_act():
            if seat in table.to_act():
                table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
if len(sys.argv) > 4:  # --instructions: just play, valgrind counts
    for seed in range(games):
        play(seed)
    sys.exit()
play(10**6)  # imports the game's rules (and compiles them once) outside the timing
cpu = time.process_time()
for seed in range(games):
    play(seed)
print(games / (time.process_time() - cpu))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("roots", nargs="+", help="checkouts to compare")
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--instructions", action="store_true", help="count instructions (valgrind) instead")
    args = parser.parse_args()
    if args.instructions:
        for root in args.roots:
            one, many = (_instructions(root, args, games) for games in (1, args.games))
            print(f"{args.game:9} {root:30} instructions per game: {(many - one) / (args.games - 1):,.0f}")
        return
    rates: dict[str, list[float]] = {root: [] for root in args.roots}
    for _ in range(args.rounds):
        for root in args.roots:
            env = {**os.environ, "PYTHONPATH": os.path.abspath(root)}
            env.pop("PYTHONDONTWRITEBYTECODE", None)  # as a player runs it: bytecode cached
            out = subprocess.run(
                [sys.executable, "-c", ONE_RUN, args.game, str(args.games), str(args.players)],
                cwd="/",
                env=env,
                capture_output=True,
                text=True,
                check=True,
            )
            rates[root].append(float(out.stdout))
    for root, values in rates.items():
        print(
            f"{args.game:9} {root:30} games per CPU s: median {statistics.median(values):7.1f}  "
            f"runs {', '.join(f'{v:.1f}' for v in values)}"
        )


def _instructions(root: str, args: argparse.Namespace, games: int) -> int:
    env = {**os.environ, "PYTHONPATH": os.path.abspath(root), "PYTHONHASHSEED": "0"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    out = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            "-c",
            ONE_RUN,
            args.game,
            str(games),
            str(args.players),
            "count",
        ],
        cwd="/",
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    collected = re.search(r"Collected : (\d+)", out.stderr)
    assert collected, out.stderr  # valgrind always reports it
    return int(collected.group(1))


if __name__ == "__main__":
    main()
