"""The work the full-screen table does per bot move, counted (not timed): how many times a game's
`evolve` runs (the table's fold of each new event, and the log's and undo's where they fold
again) and how many views of the game are built (`view`), per action, while bots play a seeded
game on a headless 80x24 app.

    python tools/work_per_move.py [--game garfield] [--players 4] [--seed 1] [--actions 300]
    PYTHONPATH=OTHER_CHECKOUT python tools/work_per_move.py   # that checkout's code, counted the same
    python tools/work_per_move.py --cpu   # not counted (the game's own evolve): CPU per action instead

The seats are one person (seat 0, who answers by pressing the keys the prompt offers: Enter,
then Space) and random bots, whose moves need no view. The counts are the same on every run.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.rules.game import Game
    from parlour.rules.records import Event

if "PYTHONPATH" not in os.environ:
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def counting(game: Game[Any, Any], counts: dict[str, int]) -> None:
    """The game with its `evolve` and `view` counted (the frozen Game's fields set in place)."""
    evolve, view = game.evolve, game.view

    def counted_evolve(state: Any, event: Event) -> Any:
        counts["evolve"] += 1
        return evolve(state, event)

    def counted_view(state: Any, seat: int | None) -> Any:
        counts["view"] += 1
        return view(state, seat)

    object.__setattr__(game, "evolve", counted_evolve)
    object.__setattr__(game, "view", counted_view)


async def play(args: argparse.Namespace) -> None:
    from parlour.rules import registry
    from parlour.services.seats import Seat
    from parlour.tui.app import make_app

    counts = {"evolve": 0, "view": 0}
    if not args.cpu:  # (counting swaps an in-place evolve for a plain function: not timed so)
        counting(registry.get(args.game), counts)
    seats = [Seat("Ann", None, "red")] + [
        Seat(f"Bot{i}", "random", c) for i, c in zip(range(1, args.players), ("blue", "green", "yellow"))
    ]
    app = make_app(
        start="play", game=args.game, seats=seats, seed=args.seed, bot_delay=0, animations=False, autosave=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        for _ in range(5):
            await pilot.pause()
        session = app.session
        assert session is not None  # the app started at a table
        table = session.table
        start_events, start, cpu = len(table.events), dict(counts), time.process_time()
        acted = 0
        for _ in range(args.actions * 20):
            before = len(table.events)
            if table.result() is not None or acted >= args.actions:
                break
            session = app.session
            assert session is not None  # the game's session, while it lasts
            if session.humans_to_act():
                await pilot.press("enter" if _ % 2 else "space")
            await pilot.pause()
            acted += sum(1 for e in table.events[before:] if type(e).__name__ == "Acted")
        cpu = time.process_time() - cpu
        events = len(table.events) - start_events
        if args.cpu:
            print(f"{args.game}, {args.players} players, seed {args.seed}: {acted} actions, {events} events")
            print(f"CPU {1000 * cpu / max(acted, 1):.2f} ms per action (keys, bots, redraws)")
            return
        evolves, views = counts["evolve"] - start["evolve"], counts["view"] - start["view"]
        print(f"{args.game}, {args.players} players, seed {args.seed}: {acted} actions, {events} events")
        print(f"evolve calls: {evolves} ({evolves / max(events, 1):.2f} per event)")
        print(f"views built:  {views} ({views / max(acted, 1):.2f} per action)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="garfield")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--cpu", action="store_true", help="time instead of counting")
    asyncio.run(play(parser.parse_args()))


if __name__ == "__main__":
    main()
