"""`parlour simulate`: play many games headless between bot levels and report who wins.

    parlour simulate garfield --seats smart,random,random,random --games 2000 --seed 1 [--json]

Every game and every bot is seeded from `--seed` and the game's index, so a run is reproducible.
Wins: a game won by one seat gives that seat 1; a shared win (equal highest scores, say) gives
each winner 1/k, so the win column of a run always adds up to the number of finished games.
Game length is counted in turns: the number of `TurnBegan` events in the game's log (a skipped
turn counts too). The text output has charts beside the table
(parlour/fronts/simulate/charts.py: win rates with 95 % intervals, the length distribution).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from operator import countOf
from typing import Any

from parlour.services.collector import collections_every

MAX_ACTIONS = 200_000  # a game still running after this many actions is counted as unfinished


def add_arguments(parser: argparse.ArgumentParser) -> None:
    from parlour.rules import registry

    parser.add_argument("game", help=f"game id: {registry.ids_listed()}")
    parser.add_argument(
        "--seats",
        default="smart,random,random,random",
        help="bot level per seat, comma-separated, in seat order (default: %(default)s)",
    )
    run_arguments(parser, games=1000)


def run_arguments(parser: argparse.ArgumentParser, games: int) -> None:
    """How many games, the base seed, and JSON: simulate's and the arena's."""
    parser.add_argument("--games", type=int, default=games, help="how many games (default: %(default)s)")
    parser.add_argument("--seed", type=int, default=0, help="base seed (default: %(default)s)")
    parser.add_argument("--json", action="store_true", help="print machine-readable JSON, no progress bar")


def game_seed(seed: int, index: int) -> int:
    """The table seed of game `index` in a run with base `seed`."""
    return (seed * 1_000_003 + index) % 2**31


def bot_seed(seed: int, index: int, seat: int) -> str:
    return f"{seed}/{index}/{seat}"


def seat_names(levels: list[str]) -> list[str]:
    """Player names derived from the levels: "smart 1", "random 2", "mybot 3" (a program's seat
    is named after its file), ..."""
    from parlour.services.outside_bot import is_outside, name_of

    return [f"{name_of(level) if is_outside(level) else level} {seat + 1}" for seat, level in enumerate(levels)]


def play_one(game_id: str, levels: list[str], seed: int, index: int) -> dict[str, Any]:
    """One headless game. Returns winners, turns, events, the first seat to play, finished."""
    from parlour.rules.records import TurnBegan
    from parlour.rules.table import Table
    from parlour.services.outside_bot import OutsideBot, make
    from parlour.services.table_driver import TableDriver

    names = seat_names(levels)
    table = Table.new(game_id, names, seed=game_seed(seed, index))
    bots = {seat: make(level, bot_seed(seed, index, seat), table.events, names) for seat, level in enumerate(levels)}
    driver = TableDriver(table, bots)
    try:
        actions = driver.play_bots(MAX_ACTIONS)
    finally:
        driver.close()  # a program playing a seat is stopped with its game
    replaced = [seat for seat, bot in bots.items() if isinstance(bot, OutsideBot) and bot.trouble is not None]
    # every game's turns; counted in C (a Python loop over the ~2,400 events of a game was 3 %)
    events = table.events
    turns = countOf(map(type, events), TurnBegan)
    first = next((event.seat for event in events if type(event) is TurnBegan), None)
    result = table.result()
    return {
        "winners": list(result.winners) if result else [],
        "turns": turns,
        "events": len(events),
        "actions": actions,
        "first": first,
        "finished": result is not None,
        "replaced": replaced,  # the seats whose program failed and `smart` played on
        "notes": driver.take_notes(),
    }


def percentile(values: list[int], q: float) -> float:
    """The q-th percentile (0..100), nearest-rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, -(-len(ordered) * q // 100))
    return float(ordered[int(rank) - 1])


def simulate(
    game_id: str, levels: list[str], games: int, seed: int, progress: Callable[[], object] | None = None
) -> dict[str, Any]:
    """Play `games` games and summarise them (see the module docstring for the definitions)."""
    return simulate_with_lengths(game_id, levels, games, seed, progress)[0]


def simulate_with_lengths(
    game_id: str, levels: list[str], games: int, seed: int, progress: Callable[[], object] | None = None
) -> tuple[dict[str, Any], list[int]]:
    """The summary, and the length of every finished game (for the charts; not in the JSON)."""
    # a game makes and drops a state, events and lists at every action but hardly any cycles:
    # with Python's threshold a 500-game Smurf run made ~430 collections for nothing, with this ~30
    with collections_every(YOUNG_COLLECTION_EVERY):
        return _summary(game_id, levels, games, seed, progress)


YOUNG_COLLECTION_EVERY = 20_000  # new container objects (the default is 700)


def _summary(
    game_id: str, levels: list[str], games: int, seed: int, progress: Callable[[], object] | None
) -> tuple[dict[str, Any], list[int]]:
    """`simulate_with_lengths`, the games played."""
    start = time.perf_counter()
    players = len(levels)
    wins = [0.0] * players
    wins_by_order = [0.0] * players  # by place in turn order: 0 = the seat that played first
    lengths: list[int] = []
    replaced = [0] * players  # games in which the seat's program failed and `smart` played on
    events = 0
    unfinished = 0
    for index in range(games):
        one = play_one(game_id, levels, seed, index)
        for seat in one["replaced"]:
            replaced[seat] += 1
        for note in one["notes"]:  # a program replaced by `smart`: said, never silently
            print(f"game {index + 1}: {note}", file=sys.stderr)
        events += one["events"]
        if not one["finished"]:
            unfinished += 1
        else:
            lengths.append(one["turns"])
            share = 1 / len(one["winners"])
            for seat in one["winners"]:
                wins[seat] += share
                if one["first"] is not None:
                    wins_by_order[(seat - one["first"]) % players] += share
        if progress:
            progress()
    seconds = time.perf_counter() - start
    finished = games - unfinished
    by_level: dict[str, dict[str, float]] = {}
    for seat, level in enumerate(levels):
        entry = by_level.setdefault(level, {"seats": 0, "wins": 0.0})
        entry["seats"] += 1
        entry["wins"] += wins[seat]
    for entry in by_level.values():
        entry["win_rate_per_seat"] = entry["wins"] / finished / entry["seats"] if finished else 0.0
    return {
        "game": game_id,
        "seats": levels,
        "games": games,
        "seed": seed,
        "finished": finished,
        "unfinished": unfinished,
        "wins_counting": "a shared win gives each of its k winners 1/k",
        "seat_wins": [
            {"seat": seat, "level": level, "wins": wins[seat], "win_rate": wins[seat] / finished if finished else 0.0}
            for seat, level in enumerate(levels)
        ],
        "wins_by_turn_order": [
            {
                "order": order,
                "wins": wins_by_order[order],
                "win_rate": wins_by_order[order] / finished if finished else 0.0,
            }
            for order in range(players)
        ],
        "level_wins": by_level,
        "length_unit": "turns (TurnBegan events)",
        "length": {
            "mean": statistics.fmean(lengths) if lengths else 0.0,
            "median": float(statistics.median(lengths)) if lengths else 0.0,
            "p95": percentile(lengths, 95),
        },
        "events": events,
        **({"replaced": replaced} if any(replaced) else {}),  # only where a seat is a program
        "seconds": seconds,
        "games_per_second": games / seconds if seconds else 0.0,
        "events_per_second": events / seconds if seconds else 0.0,
    }, lengths


TIMING_FIELDS = ("seconds", "games_per_second", "events_per_second")


def _wins(wins: float) -> str:
    """A number of wins: whole as a whole number (282), a share of shared wins with one decimal."""
    return f"{wins:.0f}" if float(wins).is_integer() else f"{wins:.1f}"


def _table(summary: dict[str, Any]) -> str:
    lines = [
        f"{summary['games']} {summary['game']} games, seats {','.join(summary['seats'])}, "
        f"seed {summary['seed']}"
        + (f" ({summary['unfinished']} unfinished, not counted)" if summary["unfinished"] else "")
    ]
    lines.append("")
    lines.append(
        f"{'seat':<6}{'level':<10}{'wins':>10}{'win rate':>10}   {'turn order':<11}{'wins':>10}{'win rate':>10}"
    )
    order = summary["wins_by_turn_order"]
    for row, by_order in zip(summary["seat_wins"], order):
        place = "first" if by_order["order"] == 0 else f"+{by_order['order']}"
        lines.append(
            f"{row['seat']:<6}{row['level']:<10}{_wins(row['wins']):>10}{row['win_rate']:>10.1%}   "
            f"{place:<11}"
            f"{_wins(by_order['wins']):>10}{by_order['win_rate']:>10.1%}"
        )
    lines.append("")
    for level, entry in summary["level_wins"].items():
        seats = f"{entry['seats']} seat" + ("" if entry["seats"] == 1 else "s")
        lines.append(f"{level}: {_wins(entry['wins'])} wins over {seats}, {entry['win_rate_per_seat']:.1%} per seat")
    length = summary["length"]
    lines.append(
        f"game length (turns): mean {length['mean']:.1f}, "
        f"median {length['median']:.0f}, 95th percentile {length['p95']:.0f}"
    )
    lines.append(
        f"speed: {summary['games_per_second']:.1f} games/s, "
        f"{summary['events_per_second']:.0f} events/s ({summary['seconds']:.1f} s)"
    )
    lines.append("(a shared win gives each of its k winners 1/k)")
    return "\n".join(lines)


def bots_problem(game: Any, levels: list[str], games: int) -> str | None:
    """Why these bots cannot play `games` games of `game` (simulate's and the arena's seats: a
    bot level the game's menus offer, `expert` too where its registry entry says, or a program,
    cmd:PROGRAM), or None."""
    from parlour.rules.bots import levels as offered
    from parlour.services.outside_bot import command_of, is_outside

    known = offered(game.id)
    for level in levels:
        if is_outside(level):
            try:
                command_of(level)
            except ValueError as error:
                return str(error)
        elif level not in known:
            return f"unknown bot level {level!r} (known: {', '.join(known)}; or cmd:PROGRAM)"
    if not game.min_players <= len(levels) <= game.max_players:
        return f"{game.title} takes {game.min_players} to {game.max_players} seats, not {len(levels)}"
    if games < 1:
        return "--games must be at least 1"
    return None


def run(args: argparse.Namespace) -> int:
    from parlour.rules import registry

    levels = [level.strip() for level in args.seats.split(",") if level.strip()]
    try:
        game = registry.get(args.game)
    except registry.UnknownGame as error:
        print(f"parlour simulate: {error}", file=sys.stderr)
        return 2
    problem = bots_problem(game, levels, args.games)
    if problem:
        print(f"parlour simulate: {problem}", file=sys.stderr)
        return 2
    from ..progress import progress

    with progress(game.id, args.games, shown=not args.json) as steps:
        summary, lengths = simulate_with_lengths(game.id, levels, args.games, args.seed, steps.advance)
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        _print_with_charts(summary, lengths)
    return 0


def _print_with_charts(summary: dict[str, Any], lengths: list[int]) -> None:
    """The table, with the charts beside it (below it when the terminal is too narrow)."""
    import re

    from rich.columns import Columns
    from rich.console import Console
    from rich.text import Text

    from .charts import charts

    console = Console(file=sys.stdout, highlight=False)
    with console.capture() as captured:
        console.print(Columns([Text(_table(summary)), charts(summary, lengths)], padding=(0, 4)))
    for line in captured.get().splitlines():  # no line padded out to the terminal's width
        print(re.sub(r" +((?:\x1b\[[0-9;]*m)*)$", r"\1", line))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="parlour simulate", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
