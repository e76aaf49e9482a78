"""`parlour arena GAME BOT... --games N`: bots (built-in levels and programs of your own,
`cmd:PROGRAM`) play each other headless, every one at every seat in turn, and are rated.

    parlour arena smurf smart random "cmd:python3 mybot.py" --games 300 --seed 1 [--json]

Every bot sits at every game. Game `i` seats them rotated by `i` places (the first game in the
order given, the next with the last bot first, ...), so over a multiple of the bots' number of
games each bot has played each seat equally often. The table and the bots are seeded from
`--seed` and the game's index (as `parlour simulate` seeds them), so the same seed gives the same
games and the same numbers (a program of your own too, if it plays the same moves again).

Each finished game is rated in the order played (parlour/services/ratings.py: openskill's
Plackett–Luce, the margin 2 sigma); the table also shows each bot's wins (a shared win counts
1/k), its win rate with a 95 % (Wilson) interval, and how often its program was replaced by
`smart` (late, ended, illegal answers: the notes go to stderr).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from parlour.rules import registry

    from .simulate import run_arguments

    parser.add_argument("game", help=f"game id: {registry.ids_listed()}")
    parser.add_argument(
        "bots",
        nargs="+",
        metavar="BOT",
        help='a bot level (random, smart, ...) or a program of yours, "cmd:./mybot"; one per seat',
    )
    run_arguments(parser, games=100)


def labels(bots: list[str]) -> list[str]:
    """Each bot's name in the results: its level, or its program's file's name; a name listed
    twice gets a number ("smart", "smart 2")."""
    from parlour.services.outside_bot import is_outside, name_of

    found: list[str] = []
    for bot in bots:
        name = name_of(bot) if is_outside(bot) else bot
        label, n = name, 1
        while label in found:
            n += 1
            label = f"{name[:21]} {n}"
        found.append(label)
    return found


def seating(count: int, index: int) -> list[int]:
    """Which bot sits at each seat in game `index`: the order given, rotated by `index`."""
    turn = index % count
    return [(seat - turn) % count for seat in range(count)]


def play_game(game_id: str, bots: list[str], names: list[str], seed: int, index: int) -> dict[str, Any]:
    """One game: who sat where, its result (None when unfinished), the replaced programs."""
    from parlour.rules.table import Table
    from parlour.services.outside_bot import OutsideBot, make
    from parlour.services.table_driver import TableDriver

    from .simulate import MAX_ACTIONS, bot_seed, game_seed

    order = seating(len(bots), index)
    players = [names[b] for b in order]
    table = Table.new(game_id, players, seed=game_seed(seed, index))
    made = {seat: make(bots[b], bot_seed(seed, index, b), table.events, players) for seat, b in enumerate(order)}
    driver = TableDriver(table, made)
    try:
        driver.play_bots(MAX_ACTIONS)
    finally:
        driver.close()  # a program playing a seat is stopped with its game
    result = table.result()
    return {
        "order": order,
        "winners": None if result is None else list(result.winners),
        "scores": None if result is None or result.scores is None else list(result.scores),
        "replaced": [
            order[seat] for seat, bot in made.items() if isinstance(bot, OutsideBot) and bot.trouble is not None
        ],
        "notes": driver.take_notes(),
    }


def arena(
    game_id: str, bots: list[str], games: int, seed: int, progress: Callable[[], object] | None = None
) -> dict[str, Any]:
    """Play the games and rate them (see the module's docstring)."""
    from parlour.services.analysis import wilson
    from parlour.services.ratings import Board

    names = labels(bots)
    board = Board()
    for name in names:
        board.row(name)  # every bot is on the board, rated or not
    replaced = dict.fromkeys(names, 0)
    unfinished = 0
    for index in range(games):
        one = play_game(game_id, bots, names, seed, index)
        for note in one["notes"]:
            print(f"game {index + 1}: {note}", file=sys.stderr)
        for bot in one["replaced"]:
            replaced[names[bot]] += 1
        if one["winners"] is None:
            unfinished += 1
        else:
            board.game([names[b] for b in one["order"]], one["winners"], one["scores"])
        if progress:
            progress()
    rows = []
    for row in board.ranked():
        rate = row.wins / row.games if row.games else 0.0
        low, high = wilson(rate, row.games)
        rows.append({**row.as_json(), "win_rate": rate, "win_rate_95": [low, high], "replaced": replaced[row.name]})
    bot_of = dict(zip(names, bots))
    return {
        "game": game_id,
        "bots": [{"name": name, "bot": bot_of[name]} for name in names],
        "games": games,
        "seed": seed,
        "finished": games - unfinished,
        "unfinished": unfinished,
        "rating": "openskill Plackett-Luce (mu 25, sigma 25/3 at the start); margin = 2 sigma; "
        "ranked by rating - margin",
        "wins_counting": "a shared win gives each of its k winners 1/k",
        "ranking": rows,
    }


def table(summary: dict[str, Any]) -> str:
    """The ranking as text: one line per bot, best first."""
    lines = [
        f"{summary['games']} {summary['game']} games, seed {summary['seed']}, every bot at every seat in turn"
        + (f" ({summary['unfinished']} unfinished, not rated)" if summary["unfinished"] else "")
    ]
    width = max(4, *(len(r["name"]) for r in summary["ranking"]))
    lines.append("")
    lines.append(
        f"{'#':>2}  {'bot':<{width}}  {'rating':>6}  {'margin':>7}  {'games':>5}  {'wins':>6}  win rate (95 %)"
    )
    for place, row in enumerate(summary["ranking"], 1):
        low, high = row["win_rate_95"]
        wins = f"{row['wins']:.0f}" if float(row["wins"]).is_integer() else f"{row['wins']:.1f}"
        lines.append(
            f"{place:>2}  {row['name']:<{width}}  {row['rating']:>6.1f}  {'±' + format(row['margin'], '.1f'):>7}  "
            f"{row['games']:>5}  {wins:>6}  {row['win_rate']:.1%} ({low:.0%}–{high:.0%})"
            + (f"  replaced by smart in {row['replaced']}" if row["replaced"] else "")
        )
    lines.append("")
    lines.append("(rating: openskill Plackett-Luce, ± 2 sigma; a shared win gives each of its k winners 1/k)")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    from parlour.rules import registry

    from .simulate import bots_problem

    try:
        game = registry.get(args.game)
    except registry.UnknownGame as error:
        print(f"parlour arena: {error}", file=sys.stderr)
        return 2
    problem = bots_problem(game, list(args.bots), args.games)
    if problem:
        print(f"parlour arena: {problem}", file=sys.stderr)
        return 2
    from .progress import progress

    with progress(game.id, args.games, shown=not args.json) as steps:
        summary = arena(game.id, list(args.bots), args.games, args.seed, steps.advance)
    print(json.dumps(summary, indent=2) if args.json else table(summary))
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour arena", description=(__doc__ or "").splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
