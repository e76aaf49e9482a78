"""Benchmark: random-bot games played headless through the table, as a player's app plays them.

    python tools/bench.py garfield --players 4 --games 2000
    python tools/bench.py garfield --players 2 --games 20 --expert   # the expert's time per move

Prints games per second and events per second on one core (this process only); with --expert,
seat 0 is the expert level (the others smart) and it prints the CPU time of each move it searched
(a move with one legal action is not searched).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from parlour.rules.bots import make  # noqa: E402
from parlour.rules.table import Table  # noqa: E402
from parlour.services.table_driver import TableDriver  # noqa: E402

NAMES = ["Ann", "Bob", "Cid", "Dee"]


def play(game: str, players: int, seed: int) -> int:
    """One random-bot game; returns its number of events."""
    table = Table.new(game, NAMES[:players], seed=seed)
    TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots()
    return len(table.events)


def expert_moves(game: str, players: int, seed: int) -> list[float]:
    """One game, seat 0 expert and the others smart: CPU seconds of each searched move."""
    from parlour.rules.bots.expert import ExpertBot

    table = Table.new(game, NAMES[:players], seed=seed)
    bots = [ExpertBot(f"{seed}/0")] + [make("smart", f"{seed}/{seat}") for seat in range(1, players)]
    moves = []
    while table.result() is None:
        for seat in table.to_act():
            if seat in table.to_act():
                assert seat is not None  # nobody's turn (None) is never a bench game's
                view = table.view(seat)
                searched = seat == 0 and len(table.game.legal_actions(view, seat)) > 1
                start = time.process_time()
                action = bots[seat].choose(table.game, view, seat)
                if searched:
                    moves.append(time.process_time() - start)
                table.submit(seat, action)
    return moves


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--expert", action="store_true", help="time the expert level's moves")
    args = parser.parse_args()
    if args.expert:
        moves = sorted(m for g in range(args.games) for m in expert_moves(args.game, args.players, args.seed + g))
        print(
            f"{args.game}, expert vs {args.players - 1} smart, {args.games} games: {len(moves)} searched moves, "
            f"CPU per move median {moves[len(moves) // 2]:.3f} s, p95 {moves[int(len(moves) * 0.95)]:.3f} s, "
            f"max {moves[-1]:.3f} s"
        )
        return
    start, cpu = time.perf_counter(), time.process_time()
    events = sum(play(args.game, args.players, args.seed + g) for g in range(args.games))
    seconds, cpu = time.perf_counter() - start, time.process_time() - cpu
    # games per CPU second is the steadier figure on a shared machine
    print(
        f"{args.games} {args.game} games, {args.players} random bots: {seconds:.2f} s, "
        f"{args.games / seconds:.0f} games/s, {events / seconds:.0f} events/s, "
        f"{events / args.games:.0f} events/game; {cpu:.2f} s CPU, {args.games / cpu:.0f} games/CPU s"
    )


if __name__ == "__main__":
    main()
