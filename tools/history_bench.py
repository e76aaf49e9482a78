"""`parlour history` over a folder of many saves: the time to the first screen (the list's first
line printed by a fresh `parlour history` process), with the index warm, after a few saves
changed, and the index built from nothing (the first run, or after the index was deleted).

    .venv/bin/python tools/history_bench.py [--saves 10000] [--runs 5] [--keep FOLDER]

The saves are real games: a few dozen seeded bot games of every game (finished, and some left
unfinished) played and saved here, each copied under many names with modification times spread
over a year, as a long-used data folder holds them. Goal (issue 43): the first screen in at most
0.5 s with 10,000 saves (the index warm); the index built from nothing reads a finished save whole
once and an unfinished one only at its ends (its first line and last bytes).
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL = 0.5  # seconds to the first screen, the index warm


def played(folder: Path, per_game: int) -> list[Path]:
    """Seeded bot games of every game, saved in `folder`: most finished, every fourth cut short."""
    from parlour.rules import registry
    from parlour.rules.table import Table
    from parlour.services import saves
    from parlour.services.outside_bot import make
    from parlour.services.seats import Seat, seats_meta
    from parlour.services.table_driver import TableDriver

    made = []
    for game in registry.available():  # every game: three seats, smart against random
        levels = ("smart", "random", "random")
        for seed in range(per_game):
            seats = [Seat(f"{level} {i + 1}", level) for i, level in enumerate(levels)]
            table = Table.new(game, [s.name for s in seats], seed=seed, meta={"seats": seats_meta(seats)})
            driver = TableDriver(table, {i: make(level, f"{seed}/{i}") for i, level in enumerate(levels)})
            driver.play_bots(None if seed % 4 else 40)
            path = folder / f"{game}-{seed}.jsonl"
            saves.write(path, table.header, table.events)
            made.append(path)
    return made


def fill(folder: Path, originals: list[Path], count: int) -> None:
    """`count` saves in `folder`, copies of `originals` under save-like names, a year of times."""
    folder.mkdir(parents=True, exist_ok=True)
    now = time.time()
    for i in range(count):
        source = originals[i % len(originals)]
        when = now - (count - i) * (365 * 24 * 3600 / count)
        path = folder / f"{time.strftime('%Y%m%d-%H%M%S', time.localtime(when))}-{i:05d}-{source.stem}.jsonl"
        shutil.copyfile(source, path)
        os.utime(path, (when, when))


def first_screen(data: Path, root: Path) -> tuple[float, float]:
    """A fresh `parlour history`: seconds to its first line of output, and to its end."""
    env = {**os.environ, "PARLOUR_DATA_DIR": str(data), "PARLOUR_CONFIG_DIR": str(data / "config"), "LANG": "C.UTF-8"}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    started = time.perf_counter()
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "history", "--lang", "en"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env=env,
        cwd=root,
    )
    assert process.stdout is not None
    process.stdout.readline()
    first = time.perf_counter() - started
    process.stdout.read()
    process.wait()
    return first, time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--saves", type=int, default=10_000, help="saves in the folder (default 10000)")
    parser.add_argument("--runs", type=int, default=5, help="fresh processes timed (default 5)")
    parser.add_argument("--keep", type=Path, help="build the folder here and keep it (default: a temporary one)")
    args = parser.parse_args()
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(root))
    from parlour.services import saves
    from parlour.services.history import INDEX, finished

    work = args.keep or Path(tempfile.mkdtemp(prefix="parlour-history-"))
    try:
        data = work / "data"
        saves_folder = data / "saves"
        originals = work / "originals"
        originals.mkdir(parents=True, exist_ok=True)
        made = played(originals, 8)
        fill(saves_folder, made, args.saves)
        print(f"{args.saves} saves ({len(made)} different games, some unfinished) in {saves_folder}")

        whole = []  # the saves read whole: the finished ones only (an unfinished one: its ends)
        real = saves.read_then_check

        def counted(path: str | os.PathLike, recent: int = 0) -> Any:
            whole.append(path)
            return real(path, recent)

        saves.read_then_check = counted
        started = time.perf_counter()
        rows = finished(saves_folder)
        cold = time.perf_counter() - started
        saves.read_then_check = real
        print(
            f"index built from nothing: {cold:.2f} s, {len(rows)} finished games; "
            f"{len(whole)} saves read whole, the other {args.saves - len(whole)} only at their ends"
        )

        warm = [first_screen(data, root) for _ in range(args.runs)]
        firsts = [first for first, _ in warm]
        print(
            f"first screen, index warm ({args.runs} fresh processes): median {statistics.median(firsts):.3f} s, "
            f"best {min(firsts):.3f} s; whole list printed: median {statistics.median(t for _, t in warm):.3f} s"
        )
        started = time.perf_counter()
        finished(saves_folder)
        print(f"  of which the fold over the saves (in process): {time.perf_counter() - started:.3f} s")

        changed = sorted(saves_folder.glob("*.jsonl"))[-10:]
        for path in changed:
            os.utime(path)
        stale = first_screen(data, root)[0]
        print(f"first screen after 10 saves changed (read again): {stale:.3f} s")
        (saves_folder / INDEX).unlink()
        print(
            f"(goal: first screen <= {GOAL} s with the index warm: {'met' if statistics.median(firsts) <= GOAL else 'NOT met'})"
        )
    finally:
        if args.keep is None:
            shutil.rmtree(work, ignore_errors=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
