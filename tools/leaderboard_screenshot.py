"""The served lobby's leaderboard as an SVG for the README (screenshots/leaderboard-80x24.svg):

    .venv/bin/python tools/leaderboard_screenshot.py

A data folder of seeded served games (named players with keys of their own, and a smart bot) is
made in a temporary folder; the lobby of a served app opens the leaderboard (`l`) over it."""

from __future__ import annotations

import asyncio
import os
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

PLAYERS = ("Ann", "Bob", "Cid", "Dee", "Eve")


def served_games(folder: Path, count: int) -> None:
    """`count` finished served Smurf and Filmis games between pairs of PLAYERS and `smart`."""
    from parlour.rules.bots import make
    from parlour.rules.table import Table
    from parlour.services import saves
    from parlour.services.table_driver import TableDriver

    folder.mkdir(parents=True, exist_ok=True)
    for i in range(count):
        game = ("smurf", "filmis")[i % 2]
        first, second = PLAYERS[i % len(PLAYERS)], PLAYERS[(i * 3 + 1) % len(PLAYERS)]
        seats = [(first, None), (second, None) if second != first else ("Odie", "smart")]
        if i % 3 == 0:
            seats[1] = ("Odie", "smart")
        plan = [{"bot": bot, "colour": "red", "cred": None if bot else f"key:{name}"} for name, bot in seats]
        table = Table.new(game, [n for n, _ in seats], seed=i, meta={"served": True, "seats": plan})
        levels = ("smart", "smart")
        TableDriver(table, {s: make(levels[s], f"{i}/{s}") for s in range(2)}).play_bots()
        path = folder / f"{i:03d}-{game}.jsonl"
        saves.write(path, table.header, table.events)
        os.utime(path, (1_700_000_000 + i * 3600,) * 2)


async def shoot(target: Path) -> None:
    from textual.widgets import Static

    from parlour.services.wire import Listing
    from parlour.tui.remote import Link, make_remote_app

    link = Link(lambda message: None)
    app = make_remote_app("en", link)
    async with app.run_test(size=(80, 24)) as pilot:
        link.deliver(Listing("Cid"))
        await pilot.pause()
        await pilot.press("l")
        for _ in range(600):  # the board is read in a thread
            await pilot.pause()
            if "Smurf" in str(app.screen.query_one("#leaderboard .told-text", Static).content):
                break
            await asyncio.sleep(0.05)
        app.save_screenshot(str(target.name), str(target.parent))


def main() -> None:
    with tempfile.TemporaryDirectory() as data:
        os.environ["PARLOUR_DATA_DIR"] = data
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(data) / "config")
        served_games(Path(data) / "saves", 24)
        target = ROOT / "screenshots" / "leaderboard-80x24.svg"
        asyncio.run(shoot(target))
        print(target)


if __name__ == "__main__":
    main()
