"""CPU time to list many saves for `parlour resume`, the way the resume screen lists them.

    python tools/resume_list_bench.py                    # 500 saves made in a temporary folder
    python tools/resume_list_bench.py --folder /tmp/many --saves 500 --runs 5
    python tools/resume_list_bench.py --folder /tmp/many --frame   # + the app's first frame

The saves are realistic: the three games in turn, 2 to 4 bot players, stopped after a random
number of actions (about one in six played to the end), written as the app writes them. With
--folder they are made once and kept there, so two versions of the code can be timed over the
same files (run this file from the other checkout, or with its root on PYTHONPATH).

Prints the CPU seconds of `describe_saves` (every row of the list) per run, and with --frame the
CPU seconds from the interpreter's start to the resume screen's first frame (80x24, headless;
run it alone: imports count)."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "PYTHONPATH" not in os.environ:  # with PYTHONPATH set, that checkout's code is timed
    sys.path.insert(0, str(ROOT))

from parlour.rules import registry  # noqa: E402

GAMES = tuple(registry.available())  # the saves are of each game in turn
NAMES = ("Ann", "Bob", "Cid", "Dee")
COLOURS = ("red", "blue", "green", "yellow")


def make_saves(folder: Path, count: int) -> None:
    from parlour.rules import log
    from parlour.rules.bots import make
    from parlour.rules.table import Table
    from parlour.services.table_driver import TableDriver

    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        path = folder / f"save-{i:04d}.jsonl"
        if path.exists():
            continue
        picks = random.Random(i)
        game, players = GAMES[i % len(GAMES)], NAMES[: picks.randint(2, 4)]
        seats = [{"bot": "random" if seat else None, "colour": COLOURS[seat]} for seat in range(len(players))]
        table = Table.new(game, players, seed=i, meta={"seats": seats})
        bots = {seat: make("random", f"{i}/{seat}") for seat in range(len(players))}  # seat 0 "human"
        # most saves are games left in progress; some were played to the end
        actions = None if picks.random() < 1 / 6 else picks.randint(5, 1500)
        TableDriver(table, bots).play_bots(actions)
        path.write_text(log.dumps(table.header, table.events), encoding="utf-8")
        stamp = time.time() - (count - i) * 60  # a save a minute: a stable order, newest last
        os.utime(path, (stamp, stamp))


def list_cpu(folder: Path) -> tuple[float, int, int]:
    from parlour.tui.screens.resume import describe_saves

    start = time.process_time()
    rows = describe_saves(folder)
    return time.process_time() - start, len(rows), sum(1 for _, _, ok in rows if ok)


def first_frame(data: Path) -> float:
    import asyncio

    os.environ["PARLOUR_DATA_DIR"] = str(data)
    from parlour.tui.app import ParlourApp

    async def run() -> None:
        async with ParlourApp(start="resume").run_test(size=(80, 24)) as pilot:
            await pilot.pause()  # the first screen mounted and painted

    asyncio.run(run())
    return time.process_time()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", type=Path, help="the data folder (saves in its saves/); made if missing")
    parser.add_argument("--saves", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--frame", action="store_true", help="time the app's first frame instead (one run)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        data = args.folder or Path(scratch)
        folder = data / "saves"
        if args.frame and folder.is_dir():
            print(f"resume list, first frame: {first_frame(data):.2f} s CPU from the start")
            return
        made = time.perf_counter()
        make_saves(folder, args.saves)
        print(f"{args.saves} saves in {folder} ({time.perf_counter() - made:.1f} s to make or find)")
        if args.frame:
            print("made; run again to time the first frame (imports count)")
            return
        for _ in range(args.runs):
            cpu, rows, loadable = list_cpu(folder)
            print(f"describe_saves: {cpu:.3f} s CPU for {rows} rows ({loadable} loadable)")


if __name__ == "__main__":
    main()
