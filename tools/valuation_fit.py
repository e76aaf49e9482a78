"""Fit and check the position valuation (rules/bots/valuation.py) of a game: seeded games of
smart bots, each seat's facts at the start of every turn, labelled with who won that game.

    python tools/valuation_fit.py [--games 400] [--against N] [GAME ...]

The weights are fitted (Newton's method on the multinomial logit's likelihood) on the games
seeded 0..N-1; the calibration is read on the games seeded N..2N-1, which the fit never saw:
for the positions valued at about p (bins of 10 points), the share of them that seat won, and
the log-loss and Brier score against an even chance for every seat. It prints the weights (to
paste into the game's valuation, parlour/games/<id>/bots/valuation.py) and the calibration of the weights there now.

`--against N` (instead of fitting): what the hint reads, checked against playouts to the end. At N seeded hint
positions (tools/hint_stability.py's), every option is weighed twice with the same budget, once
with playouts cut short and valued (parlour/services/playouts.py) and once with every playout
played to the end, and it prints how far each option's chance moves (the bias, plus the noise of
both) and how often both rank the same option first."""

from __future__ import annotations

import argparse
import statistics
import sys
from math import log
from pathlib import Path
from typing import Any

from parlour.rules import registry
from parlour.rules.bots import valuation
from parlour.rules.bots.playout import play_on, shares
from parlour.rules.table import Table

NAMES = ["Ann", "Bob", "Cid", "Dee"]
RIDGE = 1e-3  # keeps Newton's steps finite where a fact hardly varies


def positions(
    game_id: str, seeds: range, every: int, players: int
) -> list[tuple[list[valuation.Facts], tuple[float, ...]]]:
    """(each seat's facts, each seat's share of the win) at every `every`-th turn start of the
    games of `players` players seeded `seeds` (but those whose value is known without the weights:
    the valuation's `known`)."""
    valued = valuation.of(game_id)
    assert valued is not None, f"{game_id} gives no valuation"
    facts = valued.facts
    known = valued.known or (lambda _: None)  # positions valued without the weights: left out
    found = []
    for seed in seeds:
        table = Table.new(game_id, NAMES[:players], seed=seed)
        starts: list[Any] = []
        last = [None]

        def seen(state: Any, _: int) -> bool:
            if state.turn != last[0]:
                last[0] = state.turn
                starts.append(state)
            return False

        _, result = play_on(table.game, table.state, seed, stop=seen)
        if result is None:
            continue
        won = shares(result, players)
        found += [(facts(s), won) for s in starts[::every] if not known(s)]
    return found


def fit(samples: list[tuple[list[valuation.Facts], tuple[float, ...]]], rounds: int = 12) -> list[float]:
    """The weights of the most likely multinomial logit (Newton's method)."""
    k = len(samples[0][0][0])
    weights = [0.0] * k
    for _ in range(rounds):
        gradient = [0.0] * k
        hessian = [[RIDGE * (i == j) for j in range(k)] for i in range(k)]
        for facts, won in samples:
            p = valuation.weighed(tuple(weights), facts)
            mean = [sum(p[s] * facts[s][i] for s in range(len(facts))) for i in range(k)]
            for s, seat in enumerate(facts):
                for i in range(k):
                    gradient[i] += (won[s] - p[s]) * seat[i]
                    d = p[s] * (seat[i] - mean[i])
                    for j in range(k):
                        hessian[i][j] += d * (seat[j] - mean[j])
        step = solve(hessian, gradient)
        weights = [w + d for w, d in zip(weights, step)]
        if max(abs(d) for d in step) < 1e-6:
            break
    return weights


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """x with matrix x = vector (Gaussian elimination with partial pivoting)."""
    n = len(vector)
    rows = [row[:] + [v] for row, v in zip(matrix, vector)]
    for c in range(n):
        pivot = max(range(c, n), key=lambda r: abs(rows[r][c]))
        rows[c], rows[pivot] = rows[pivot], rows[c]
        for r in range(c + 1, n):
            factor = rows[r][c] / rows[c][c]
            rows[r] = [a - factor * b for a, b in zip(rows[r], rows[c])]
    x = [0.0] * n
    for r in reversed(range(n)):
        x[r] = (rows[r][n] - sum(rows[r][j] * x[j] for j in range(r + 1, n))) / rows[r][r]
    return x


def calibration(samples: list[tuple[list[valuation.Facts], tuple[float, ...]]], weights: list[float]) -> str:
    """The reliability table and the scores of `weights` on `samples`."""
    bins: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(10)]  # predicted sum, won sum, count
    loss = even_loss = brier = even_brier = 0.0
    for facts, won in samples:
        p = valuation.weighed(tuple(weights), facts)
        n = len(facts)
        for s in range(n):
            b = bins[min(9, int(p[s] * 10))]
            b[0] += p[s]
            b[1] += won[s]
            b[2] += 1
            brier += (p[s] - won[s]) ** 2
            even_brier += (1 / n - won[s]) ** 2
            if won[s]:
                loss -= won[s] * log(max(p[s], 1e-9))
                even_loss -= won[s] * log(1 / n)
    lines = ["  valued at   mean value   won     seats valued"]
    for i, (predicted, wins, count) in enumerate(bins):
        if count:
            lines.append(
                f"  {10 * i:3}-{10 * i + 10:<3} %  {100 * predicted / count:6.1f} %   {100 * wins / count:5.1f} %  {int(count):6}"
            )
    m = len(samples)
    lines.append(
        f"  log-loss {loss / m:.3f} (an even chance: {even_loss / m:.3f}); Brier {brier / m:.3f} ({even_brier / m:.3f})"
    )
    return "\n".join(lines)


def against_playouts(game_id: str, count: int, games: int) -> str:
    """Each option's chance at `count` hint positions, from cut playouts and from whole ones."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    import hint_stability  # tools/hint_stability.py: its seeded positions

    from parlour.services.playouts import Branch, weigh

    gaps, same, whole_margins = [], 0, []
    for game, state, seat in hint_stability.positions(game_id, count):
        view = game.view(state, seat)
        branches = [Branch(view, action, seat) for action in game.legal_actions(view, seat)]
        n = len(branches) * games
        cut = weigh(game, branches, seat, eyes=seat, seed=7, games=n, race=False)
        whole = weigh(game, branches, seat, eyes=seat, seed=7, games=n, race=False, whole=True)
        assert cut is not None and whole is not None
        gaps += [100 * abs(cut.chance(b) - whole.chance(b)) for b in range(len(branches))]
        whole_margins += [100 * whole.margin(b) for b in range(len(branches))]
        same += cut.ranked()[0] == whole.ranked()[0] or whole.equal(cut.ranked()[0], whole.ranked()[0])
    gaps.sort()
    return (
        f"  against whole playouts ({count} positions, {games} playouts an option): an option's chance "
        f"moves by median {statistics.median(gaps):.1f}, p90 {gaps[int(0.9 * len(gaps))]:.1f}, "
        f"max {gaps[-1]:.1f} points (the whole playouts' own margin: median "
        f"{statistics.median(whole_margins):.1f} points); the same option first, or one about as good, "
        f"at {same} of {count} positions"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="games to fit (default: every game with a valuation)")
    parser.add_argument(
        "--games", dest="count", type=int, default=400, help="seeded games to fit on (as many to check)"
    )
    parser.add_argument("--every", type=int, default=2, help="take every N-th turn start of a game")
    parser.add_argument("--against", type=int, default=0, help="only check N hint positions against whole playouts")
    parser.add_argument("--playouts", type=int, default=400, help="playouts an option in that check")
    args = parser.parse_args()
    for game_id in args.games or [g for g in registry.available() if valuation.of(g) is not None]:
        if args.against:  # the check alone, of the weights there now
            print(f"{game_id}:\n" + against_playouts(game_id, args.against, args.playouts), flush=True)
            continue
        for players in (2, 3, 4):
            train = positions(game_id, range(args.count), args.every, players)
            held = positions(game_id, range(args.count, 2 * args.count), args.every, players)
            weights = fit(train)
            print(f"{game_id}, {players} players: {len(train)} positions fitted, {len(held)} checked")
            print(f"  fitted: {players}: (" + ", ".join(f"{w:.3f}" for w in weights) + "),")
            print(calibration(held, weights))
            valued = valuation.of(game_id)
            now = valued.weights.get(players) if valued is not None else None
            if now is not None and list(now) != [round(w, 3) for w in weights]:
                print(f"  the weights in parlour/games/{game_id}/bots/valuation.py now:")
                print(calibration(held, list(now)), flush=True)


if __name__ == "__main__":
    main()
