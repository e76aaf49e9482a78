"""How far a hint (`i`, parlour/services/hint.py) agrees with itself: seeded positions of every
game, each hint asked with several seeds, as a player asking again would get it.

    PYTHONPATH=/path/to/checkout python tools/hint_stability.py [--positions 20] [--seeds 6] [GAME ...]

For each game it prints:
- self-contradictions: hints whose recommended option is not the one they show with the highest
  chance (of all hints asked);
- recommendation changes: positions where the recommended option differs between seeds, of all
  positions, and of those where the best option leads the next by 5 points or more (judged by the
  mean over the seeds of each option's shown chance);
- spread: per position the most any one option's shown chance moves between seeds (max - min, in
  points): the median, the 95th percentile, and the share of positions where it is 4 points or less;
- the CPU time of one hint (this thread's), median and largest.

A position is the start of the k-th decision with two options or more (of any seat) in a seeded
game of smart bots (2 to 4 players); decisions where no world can be dealt (a Filmis swap) are
passed over. Run it on two checkouts to compare them (PYTHONPATH names the other), both laid
out with each game in its own folder (parlour/games/<id>/, whose Entry names its dealt worlds);
an older checkout is measured with its own copy of this tool."""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from parlour.rules import registry
from parlour.rules.bots import expert_worlds, make
from parlour.rules.table import Table

NAMES = ["Ann", "Bob", "Cid", "Dee"]
LEAD = 0.05  # a lead this large must give the same recommendation for every seed
STEADY = 4  # points an option's shown chance may move between seeds


def positions(game_id: str, count: int) -> list[tuple[Any, Any, int]]:
    """`count` seeded positions (game, state, seat to choose), spread over the games' courses."""
    found: list[tuple[Any, Any, int]] = []
    seed = 0
    while len(found) < count:
        players = 2 + seed % 3
        skip = (seed * 7) % 23  # the 1st to the 23rd decision of its game
        table = Table.new(game_id, NAMES[:players], seed=seed)
        bots = {s: make("smart", f"{seed}/{s}") for s in range(players)}
        seen = 0
        while table.result() is None:
            who = table.to_act()[0]
            assert who is not None  # these games always have a seat to act
            view = table.view(who)
            if len(table.game.legal_actions(view, who)) > 1 and dealable(game_id, view, who):
                if seen == skip:
                    found.append((table.game, table.state, who))
                    break
                seen += 1
            table.submit(who, bots[who].choose(table.game, view, who))
        seed += 1
    return found


def dealable(game_id: str, view: Any, seat: int) -> bool:
    """Whether a world can be dealt from `view` (read here, so that older checkouts are measured too)."""
    sampler = expert_worlds.sampler(game_id)
    return sampler is None or sampler(view, seat, random.Random(0)) is not None


def shown(found: Any) -> tuple[Any, dict[Any, float]]:
    """(the option a hint recommends, each option's shown chance) for either hint: issue 38's
    (options best first, each with its chance) or the one before it (the bot's choice, and pairs)."""
    if found.options and hasattr(found.options[0], "chance"):
        return found.choice, {option.action: option.chance for option in found.options}
    return found.choice, dict(found.options)


def measure(game_id: str, count: int, seeds: int) -> dict[str, Any]:
    from parlour.services.hint import hint

    contradictions = asked = 0
    changed = changed_lead = leading = 0
    spreads, seconds = [], []
    for game, state, seat in positions(game_id, count):
        answers = []
        for seed in range(1, seeds + 1):
            start = time.thread_time()
            found = hint(game, state, seat, seed=seed)
            seconds.append(time.thread_time() - start)
            recommended, chances = shown(found)
            asked += 1
            contradictions += bool(chances) and chances[recommended] < max(chances.values())
            answers.append((recommended, chances))
        recommended = {r for r, _ in answers}
        means = {a: statistics.fmean(c[a] for _, c in answers) for a in answers[0][1]}
        top = sorted(means.values(), reverse=True)
        leads = len(top) > 1 and top[0] - top[1] >= LEAD
        changed += len(recommended) > 1
        leading += leads
        changed_lead += leads and len(recommended) > 1
        spreads.append(max(100 * (max(c[a] for _, c in answers) - min(c[a] for _, c in answers)) for a in means))
    spreads.sort()
    return {
        "game": game_id,
        "positions": count,
        "seeds": seeds,
        "contradictions": contradictions,
        "asked": asked,
        "changed": changed,
        "leading": leading,
        "changed_leading": changed_lead,
        "spread_median": statistics.median(spreads),
        "spread_p95": spreads[min(len(spreads) - 1, int(0.95 * len(spreads)))],
        "steady": sum(s <= STEADY for s in spreads) / len(spreads),
        "cpu_median": statistics.median(seconds),
        "cpu_max": max(seconds),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to measure (default: every registered game)")
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--seeds", type=int, default=6)
    args = parser.parse_args()
    for game_id in args.games or registry.available():
        m = measure(game_id, args.positions, args.seeds)
        print(
            f"{m['game']:9} {m['positions']} positions x {m['seeds']} seeds: "
            f"self-contradictions {m['contradictions']}/{m['asked']} hints; "
            f"recommendation changes {m['changed']}/{m['positions']} positions, "
            f"{m['changed_leading']}/{m['leading']} where the best leads by >= 5 points; "
            f"spread per position median {m['spread_median']:.0f}, p95 {m['spread_p95']:.0f} points, "
            f"<= {STEADY} points in {100 * m['steady']:.0f} %; "
            f"CPU per hint median {m['cpu_median']:.2f} s, max {m['cpu_max']:.2f} s",
            flush=True,
        )


if __name__ == "__main__":
    main()
