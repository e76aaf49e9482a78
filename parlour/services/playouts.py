"""Comparing positions by playing them on: the one estimator the hint (and the analysis) read.

A *branch* is a position to weigh: a state (or a seat's view of it), and optionally an action
some seat takes there first. Every branch is played on in the same playouts: playout k deals
the same world (the cards `eyes` cannot see, dealt at random from its view: rules/bots/
expert_worlds.py) and rolls the same dice for every branch (common random numbers), so the
difference between two branches is measured playout by playout, far less noisy than either
chance. Playout k's numbers depend only on (seed, k): playouts may be split among workers and
merged (`Weighed.merge`) and give the same numbers as one run.

Racing: past FEWEST playouts, a branch clearly worse than the best (behind it by DROP standard
errors of their paired difference, and by at least a point) whose own chance is known to `known`
stops being played on; the playouts left go to the branches still in the race (up to `each`
playouts a branch). Each branch keeps every playout it was played in, so its chance, the margin
of that chance and its paired difference from any other branch are all read from the same
numbers.

A playout plays every seat as the smart bot (rules/bots/playout.py); in the Smurf Game, which
hides nothing, as the expert's search does (rules/bots/smurf_search.py): HORIZON actions on, then
each seat's chance of winning the race home from there; in a game with a valuation a round or two
of turns on (its ROUNDS), then each seat's chance from the position's valuation (rules/bots/
valuation.py, fitted to and checked against whole games: tools/valuation_fit.py). Keyed by turn
(`turn`: the analysis of a saved game), each later turn's dice are drawn from the playout's seed
and that turn's number, so weighings at two points of one game share the dice of every turn
after both; a Smurf playout then goes to the game's end (a valuation after HORIZON actions would
end the playouts of two points at different turns), a valued one still stops its ROUNDS rounds
on, counted in turns, so that two points of the same turn stop at the same turn.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

from parlour.rules.bots.expert_worlds import SAMPLERS
from parlour.rules.bots.playout import play_on, shares
from parlour.rules.bots.valuation import ROUNDS, value
from parlour.rules.chance import Chance
from parlour.rules.game import Game, decide
from parlour.rules.records import Action

Z = 1.96  # the 95 % interval
FEWEST = 24  # playouts every branch gets before any leaves the race
BATCH = 8  # playouts between two looks at the race
LIMIT = 1_500  # actions a playout may take; one still running then counts as a draw
SETTLED = 0.01  # a difference smaller than this (a point) is no difference to a player
DROP = 3.0  # standard errors a branch must trail the best by to leave the race (it is looked at often)
KNOWN = 0.02  # and its own chance known this well (95 %): a branch that leaves is still shown


@dataclass(frozen=True)
class Branch:
    """A position to weigh: `state` (a whole state, or a view: see `weigh`'s `eyes`), and
    `action`, taken there first by `actor` with the playout's own dice (None: none)."""

    state: Any
    action: Action | None = None
    actor: int | None = None


def playout_seed(seed: int, index: int) -> int:
    """The seed of playout `index` of a weighing seeded `seed`: its world and its dice."""
    return random.Random(f"{seed}/{index}").getrandbits(32)


Values = tuple[float, ...]  # each seat's value at a playout's end: its share of the win (or race)


@dataclass(frozen=True)
class Weighed:
    """Each branch's playouts: `values[b][k]` is every seat's value in branch b's k-th playout;
    a branch that left the race has fewer (playouts are numbered alike in every branch, so a
    branch's k-th is every other's k-th)."""

    seat: int  # whose chance the comparisons below are about
    values: tuple[tuple[Values, ...], ...]

    def games(self, branch: int) -> int:
        return len(self.values[branch])

    def chances(self, branch: int) -> Values:
        """Every seat's mean value in `branch`."""
        return means(self.values[branch])

    def chance(self, branch: int) -> float:
        """The seat's chance in `branch` (0..1)."""
        return _mean([v[self.seat] for v in self.values[branch]])

    def margin(self, branch: int) -> float:
        """Half the width of the 95 % interval of `chance(branch)`."""
        return half_width([v[self.seat] for v in self.values[branch]])

    def difference(self, a: int, b: int) -> tuple[float, float]:
        """chance(a) - chance(b), playout by playout over the playouts both had, and its 95 %
        margin: much smaller than either chance's where the two branches' futures are alike."""
        pairs = [x[self.seat] - y[self.seat] for x, y in zip(self.values[a], self.values[b])]
        return _mean(pairs), half_width(pairs)

    def ranked(self) -> list[int]:
        """The branches, best first (the seat's chance; between equals, the first given)."""
        return sorted(range(len(self.values)), key=lambda b: -self.chance(b))

    def equal(self, a: int, b: int) -> bool:
        """Whether `a` and `b` are about equal: their difference within its margin, or under a point."""
        gap, margin = self.difference(a, b)
        return abs(gap) <= max(margin, SETTLED)

    def merge(self, other: Weighed) -> Weighed:
        """These playouts and `other`'s (the next ones by number, as a worker played them)."""
        return Weighed(self.seat, tuple(a + b for a, b in zip(self.values, other.values)))


def _mean(values: Sequence[float]) -> float:
    return sum(values) / len(values) if values else 0.0


def means(played: Sequence[Values]) -> Values:
    """Every seat's mean value over `played` (playouts' values)."""
    n = len(played)
    return tuple(sum(column) / n for column in zip(*played)) if n else ()


def half_width(values: Sequence[float]) -> float:
    """Half the width of the 95 % interval of the mean of `values` (1 from fewer than two)."""
    n = len(values)
    if n < 2:
        return 1.0
    mean = sum(values) / n
    variance = sum((v - mean) ** 2 for v in values) / (n - 1)
    return Z * sqrt(variance / n)


Player = Callable[[Game, Any, int], Values]  # (game, state, seed) -> each seat's value at the end


def play_to_end(game: Game, state: Any, seed: int, *, turn: int | None = None, first: Action | None = None) -> Values:
    """Play `state` on with smart seats to the game's end (`first` taken first; `turn`: dice keyed
    by turn, rules/bots/playout.py): each seat's share of the win (a game still running after
    LIMIT actions: a draw)."""
    players = len(state.players)
    _, result = play_on(game, state, seed, limit=LIMIT, turn=turn, first=first)
    return shares(result, players) if result is not None else (1 / players,) * players


def play_and_race(game: Game, state: Any, seed: int) -> Values:
    """The Smurf Game: the expert search's playout (rules/bots/smurf_search.py), every seat's race."""
    from parlour.rules.bots.smart import SmartBot
    from parlour.rules.bots.smurf_search import ahead, race

    reached = ahead(game, state, Chance(seed), SmartBot(seed))
    return tuple(race(reached, s) for s in range(len(state.players)))


def play_and_value(
    game: Game, state: Any, seed: int, *, turn: int | None = None, first: Action | None = None
) -> Values:
    """A game with a valuation: play on with smart seats (`first` taken first; `turn`: dice keyed by
    turn) until every seat has had ROUNDS more turns (the turn under way ended, then each seat's),
    then read each seat's chance from the position's valuation (rules/bots/valuation.py, checked
    against whole games) instead of playing on to the end: a few turns instead of fifty, and a
    value far less scattered than a win or a loss."""
    turns = ROUNDS[game.id] * len(state.players)
    seen = [state.turn, 0]  # the turn last seen, turns begun since

    def far_enough(now: Any, _: int) -> bool:
        if now.turn != seen[0]:
            seen[0] = now.turn
            seen[1] += 1
        return seen[1] >= turns

    reached, result = play_on(game, state, seed, limit=LIMIT, stop=far_enough, turn=turn, first=first)
    if result is not None:
        return shares(result, len(state.players))
    valued = value(game.id, reached)
    return valued if valued is not None else (1 / len(state.players),) * len(state.players)


PLAYERS: dict[str, Player] = {"smurf": play_and_race}


def dealable(game: Game, state: Any, eyes: int | None) -> bool:
    """Whether worlds can be dealt from `eyes`' view of `state` now (not during a Filmis swap)."""
    sampler = SAMPLERS.get(game.id)
    return eyes is None or sampler is None or sampler(game.view(state, eyes), eyes, random.Random(0)) is not None


def weigh(
    game: Game,
    branches: Sequence[Branch],
    seat: int,
    *,
    eyes: int | None = None,
    seed: int = 0,
    games: int = 200,
    seconds: float | None = None,
    race: bool = True,
    first: int = 0,
    each: int | None = None,
    keep: int | None = None,
    known: float = KNOWN,
    turn: int | None = None,
    enough: Callable[[Weighed, list[int]], bool] | None = None,
    whole: bool = False,
) -> Weighed | None:
    """Play every branch on in the same playouts, numbered `first`, `first` + 1, ...: `games`
    playouts in all, shared among the branches (with `race`, branches clearly worse than the best
    drop out past FEWEST each). `seat`: whose chance the comparisons are about.

    With `eyes`, each branch's state is read only as `eyes` sees it (even a whole state: its view
    is taken first), the hidden cards dealt afresh for each playout; None where no world can be
    dealt now (a Filmis swap). Without it the states are played on as they are (a finished game
    replayed with every hand open). `seconds`: stop, past FEWEST playouts, when this thread has
    spent that much CPU time (None: always the whole budget, the same numbers for the same seed).

    `each`: playouts a branch gets at most. `keep`: a branch that never leaves the race. `known`:
    how well a clearly worse branch's own chance must be known before it leaves (1: at once, where
    its number is not shown). `turn`: the turn the branches are in; each later turn's dice are
    then keyed by turn, every playout to the game's end (see above), each branch's action taken
    with its turn's dice. `enough(found, running)`: looked at with the race, stops the weighing
    once it says the branches still running are known well enough. `whole`: every playout to the
    game's end, none cut short by a valuation (how tools/valuation_fit.py checks the valuation)."""
    if not branches:
        raise ValueError("nothing to weigh")
    if any(b.action is not None and b.actor is None for b in branches):
        raise ValueError("a branch's action needs the seat that takes it")
    if eyes is not None and not all(dealable(game, b.state, eyes) for b in branches):
        return None
    start = time.thread_time()
    sampler = SAMPLERS.get(game.id) if eyes is not None else None
    seen: dict[int, Any] = {}  # a state's view, taken once for all the branches from it
    for one in branches:
        if id(one.state) not in seen:
            seen[id(one.state)] = game.view(one.state, eyes) if eyes is not None else one.state
    views = [seen[id(one.state)] for one in branches]
    cut = not whole and game.id in ROUNDS  # a game with a valuation: playouts cut short and valued
    player = play_to_end if whole else PLAYERS.get(game.id, play_to_end)
    values: list[list[Values]] = [[] for _ in branches]
    running = list(range(len(branches)))
    spent, index = 0, first
    while spent < games and running and (each is None or index - first < each):
        if seconds is not None and index - first >= FEWEST and time.thread_time() - start > seconds:
            break
        playout = playout_seed(seed, index)
        worlds: dict[int, Any] = {}  # playout `index`'s world dealt from each view, once for all its branches
        for b in running:
            branch = branches[b]
            world = worlds.get(id(views[b]))
            if world is None:
                world = (
                    sampler(views[b], eyes, random.Random(playout))
                    if sampler is not None and eyes is not None
                    else views[b]
                )
                worlds[id(views[b])] = world
            if turn is not None or cut:
                play = play_and_value if cut else play_to_end
                values[b].append(play(game, world, playout, turn=turn, first=branch.action))
                continue
            if branch.action is not None:
                world = decide(game, world, branch.actor, branch.action, Chance(playout)).state
            values[b].append(player(game, world, playout + 1))
        spent += len(running)
        index += 1
        if index - first >= FEWEST and (index - first) % BATCH == 0 and (race or enough is not None):
            found = Weighed(seat, tuple(tuple(v) for v in values))
            if race and len(running) > 1:
                running = [b for b in running if b == keep or not _clearly_worse(found, b, running, known)]
            if enough is not None and enough(found, running):
                break
    return Weighed(seat, tuple(tuple(v) for v in values))


def _clearly_worse(found: Weighed, branch: int, running: list[int], known: float) -> bool:
    """Whether `branch` trails the best of `running` by DROP standard errors of their paired
    difference and by a point, its own chance known to `known`."""
    best = max(running, key=found.chance)
    gap, margin = found.difference(best, branch)
    return branch != best and gap > max(margin * DROP / Z, SETTLED) and found.margin(branch) <= known
