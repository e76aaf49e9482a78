"""Write a long save to measure loading and resuming with (not kept as data in the repo):
a Smurf game of random bots (the first seed from --seed whose game has at least --events events),
cut at the first action from there on: a game still in progress, as a player would resume it.

    python tools/long_save.py /tmp/long.jsonl --events 68000
    python tools/long_save.py /tmp/long.jsonl --load 5   # CPU seconds of saves.read, 5 times
    python tools/long_save.py /tmp/long.jsonl --open 5   # of saves.read_then_check, then its check

With --load or --open the save is not made but read (in this process, one after another; the
first read also imports the game's rules, as a player's first load does). With PYTHONPATH set,
that checkout's code is timed.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def load(path: Path, runs: int) -> None:
    from parlour.services import saves

    for _ in range(runs):
        start = time.process_time()
        loaded = saves.read(path)
        print(f"saves.read: {time.process_time() - start:.3f} s CPU ({len(loaded.events)} events)")


def open_then_check(path: Path, runs: int) -> None:
    from parlour.services import saves

    for _ in range(runs):
        start = time.process_time()
        loaded = saves.read_then_check(path, recent=200)  # what resuming shows at once
        shown = time.process_time()
        assert loaded.check is not None  # read_then_check always leaves one
        for _ in loaded.check:
            pass
        print(
            f"saves.read_then_check: {shown - start:.3f} s CPU, then its check {time.process_time() - shown:.3f} s"
            f" ({len(loaded.events)} events)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--events", type=int, default=68_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--load", type=int, metavar="RUNS", help="read the save RUNS times instead")
    parser.add_argument("--open", type=int, metavar="RUNS", help="open it to show, then check it, RUNS times")
    args = parser.parse_args()
    if args.load:
        return load(args.path, args.load)
    if args.open:
        return open_then_check(args.path, args.open)
    from parlour.rules import log
    from parlour.rules.bots import make
    from parlour.rules.records import Acted
    from parlour.rules.table import Table
    from parlour.services.table_driver import TableDriver

    seed = args.seed
    while True:
        table = Table.new("smurf", ["Ann", "Bob", "Cid", "Dee"], seed=seed)
        TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(4)}).play_bots()
        if len(table.events) >= args.events:
            break
        seed += 1
    cut = next(
        (i for i in range(args.events, len(table.events)) if isinstance(table.events[i], Acted)), len(table.events)
    )
    args.path.write_text(log.dumps(table.header, table.events[:cut]), encoding="utf-8")
    print(f"{args.path}: seed {seed}, {cut} events")


if __name__ == "__main__":
    main()
