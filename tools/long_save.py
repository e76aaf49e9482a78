"""Write a long save to measure loading and resuming with (not kept as data in the repo):
a Smurf game of random bots (the first seed from --seed whose game has at least --events events),
cut at the first action from there on: a game still in progress, as a player would resume it.

    python tools/long_save.py /tmp/long.jsonl --events 68000
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.driver import TableDriver  # noqa: E402
from rules import log  # noqa: E402
from rules.bots import make  # noqa: E402
from rules.records import Acted  # noqa: E402
from rules.table import Table  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("path", type=Path)
    parser.add_argument("--events", type=int, default=68_000)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    seed = args.seed
    while True:
        table = Table.new("smurf", ["Ann", "Bob", "Cid", "Dee"], seed=seed)
        TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(4)}).play_bots()
        if len(table.events) >= args.events:
            break
        seed += 1
    cut = next((i for i in range(args.events, len(table.events)) if isinstance(table.events[i], Acted)),
               len(table.events))
    args.path.write_text(log.dumps(table.header, table.events[:cut]), encoding="utf-8")
    print(f"{args.path}: seed {seed}, {cut} events")


if __name__ == "__main__":
    main()
