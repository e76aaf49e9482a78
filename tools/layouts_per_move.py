"""How often the table's screen is laid out again (every widget placed anew) while bots play a
game in the app, headless at 80x24, and the CPU that game's screen costs:

    python tools/layouts_per_move.py                          # The Smurf Game, two bots, seed 3
    python tools/layouts_per_move.py garfield --seats bot,bot,bot --bot-delay 0.2

A layout is Textual's `Screen._refresh_layout`; it is needed when a widget's box changes, not when
its content does. Each bot move is drawn as it comes (`--bot-delay`, 0.1 s by default): with no
pause, moves would share frames and the count would say little. Run it for another checkout with
`PYTHONPATH=/path/to/checkout python tools/layouts_per_move.py`.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


async def play(args: argparse.Namespace) -> None:
    from textual.screen import Screen

    from parlour import cli

    layouts = 0
    lay_out = Screen._refresh_layout

    def counted(screen: Screen[Any], *a: Any, **k: Any) -> Any:
        nonlocal layouts
        layouts += 1
        return lay_out(screen, *a, **k)

    Screen._refresh_layout = counted  # type: ignore[method-assign, assignment]
    argv = ["--bot-delay", str(args.bot_delay), "--no-animations", "play", args.game, "--seats", args.seats]
    app = cli.app_of(cli._parser([*argv, "--seed", str(args.seed)]).parse_args([*argv, "--seed", str(args.seed)]))
    assert app is not None, args.seats  # seats it can take
    start = time.process_time()
    async with app.run_test(size=(80, 24)) as pilot:
        assert app.session is not None  # it plays at once
        table = app.session.table
        while table.result() is None:
            await asyncio.sleep(0.05)
        await pilot.pause()
    cpu = time.process_time() - start
    print(
        f"{args.game}, {args.seats}, seed {args.seed}: {len(table.events)} events, {layouts} layouts "
        f"({layouts / len(table.events):.2f} an event); {cpu:.2f} s CPU from the app's start to the result"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", nargs="?", default="smurf")
    parser.add_argument("--seats", default="bot,bot")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--bot-delay", type=float, default=0.1)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ.update(PARLOUR_DATA_DIR=f"{folder}/data", PARLOUR_CONFIG_DIR=f"{folder}/config")
        asyncio.run(play(args))


if __name__ == "__main__":
    main()
