"""Comparing positions by playing them on: the one estimator the hint (and the analysis) read.

A *branch* is a position to weigh: a state (or a seat's view of it), and optionally an action
some seat takes there first. Every branch is played on in the same playouts: playout k deals
the same world (the cards `eyes` cannot see, dealt at random from its view by the game's
`worlds`: rules/bots/expert_worlds.py) and rolls the same dice for every branch (common random numbers), so the
difference between two branches is measured playout by playout, far less noisy than either
chance. Playout k's numbers depend only on (seed, k): playouts may be split among workers and
merged (`Weighed.merge`) and give the same numbers as one run.

Racing: past FEWEST playouts, a branch clearly worse than the best (behind it by DROP standard
errors of their paired difference, and by at least a point) whose own chance is known to `known`
(KNOWN, and no better than RARE / its playouts) stops being played on; the playouts left go to the branches still in the race (up to `each`
playouts a branch). Each branch keeps every playout it was played in, so its chance, the margin
of that chance and its paired difference from any other branch are all read from the same
numbers.

A playout plays every seat as the smart bot (rules/bots/playout.py); in a game whose Entry names
its own `playout`, as that does (the Smurf Game, which hides nothing: as the expert's search does,
parlour/games/smurf/bots/search.py, HORIZON actions on, then each seat's chance of winning the
race home from there); in a game with a valuation (its Entry's `valuation`) a round or two of
turns on (its `rounds`), then each seat's chance from the position's valuation (rules/bots/
valuation.py, fitted to and checked against whole games: tools/valuation_fit.py). Keyed by turn
(`turn`: the analysis of a saved game), each later turn's dice are drawn from the playout's seed
and that turn's number, so weighings at two points of one game share the dice of every turn
after both; a Smurf playout then goes to the game's end (a valuation after HORIZON actions would
end the playouts of two points at different turns), a valued one still stops its `rounds` rounds
on, counted in turns, so that two points of the same turn stop at the same turn.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from math import sqrt
from typing import Any

from parlour.rules import registry
from parlour.rules.bots import expert_worlds, valuation
from parlour.rules.bots.playout import play_on, shares
from parlour.rules.chance import Chance
from parlour.rules.game import Game, decide
from parlour.rules.records import Action

Z = 1.96  # the 95 % interval
FEWEST = 24  # playouts every branch gets before any leaves the race
BATCH = 8  # playouts between two looks at the race
LIMIT = 1_500  # actions a playout may take; one still running then counts as a draw
SETTLED = 0.01  # a difference smaller than this (a point) is no difference to a player
DROP = 3.0  # standard errors a branch must trail the best by to leave the race (it is looked at often)
KNOWN = 0.015  # and its own chance known this well (95 %): a branch that leaves is still shown
RARE = 1.5  # and no better than RARE / its playouts: n playouts that all gave 0 leave it up to 3/n


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
    # The seat's value in each branch's playouts less the control variate on the dealt world
    # (`weigh`'s `steady`): what chance, margin and difference read where it is given.
    steadied: tuple[tuple[float, ...], ...] | None = None

    def games(self, branch: int) -> int:
        return len(self.values[branch])

    def chances(self, branch: int) -> Values:
        """Every seat's mean value in `branch` (as played: not steadied)."""
        return means(self.values[branch])

    def own(self, branch: int) -> Sequence[float]:
        """The seat's value in each of `branch`'s playouts (steadied where it was)."""
        if self.steadied is not None:
            return self.steadied[branch]
        return [v[self.seat] for v in self.values[branch]]

    def chance(self, branch: int) -> float:
        """The seat's chance in `branch` (0..1)."""
        return _mean(self.own(branch))

    def margin(self, branch: int) -> float:
        """Half the width of the 95 % interval of `chance(branch)`."""
        return half_width(self.own(branch))

    def difference(self, a: int, b: int) -> tuple[float, float]:
        """chance(a) - chance(b), playout by playout over the playouts both had, and its 95 %
        margin: much smaller than either chance's where the two branches' futures are alike."""
        pairs = [x - y for x, y in zip(self.own(a), self.own(b))]
        return _mean(pairs), half_width(pairs)

    def ranked(self) -> list[int]:
        """The branches, best first (the seat's chance; between equals, the first given)."""
        return sorted(range(len(self.values)), key=lambda b: -self.chance(b))

    def equal(self, a: int, b: int) -> bool:
        """Whether `a` and `b` are about equal: their difference within its margin, or under a point."""
        gap, margin = self.difference(a, b)
        return abs(gap) <= max(margin, SETTLED)

    def merge(self, other: Weighed) -> Weighed:
        """These playouts and `other`'s (the next ones by number, as a worker played them), as
        played: a control variate is fitted to a whole weighing, so none is kept."""
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


PER_COVARIATE = 10  # playouts a branch needs for each coefficient of its control variate


class Steadier:
    """A control variate on the dealt world (the hint's `steady` weighing): each playout's world
    lies some way from what the seat expects of it (its deviations: rules/bots/expert_worlds.py,
    each with an exact expectation of 0), and a branch's values follow those deviations in part
    (rivals dealt strong home piles win a raid). Fitted by least squares per branch, the seat's
    value less the part its world's deviations explain keeps its mean and scatters less between
    seeds (about half the variance in Filmis). The sums the fit needs are kept playout by
    playout, so that the fit at the end costs little."""

    def __init__(self, deviations: Callable[[Any], tuple[float, ...]], branches: int):
        self.deviations = deviations
        self.dealt: list[tuple[float, ...]] = []  # each playout's deviations, by number
        self.gram: list[list[float]] | None = None  # sums of x x' over the playouts, x = (1, deviations)
        self.crossed: list[list[float]] = [[] for _ in range(branches)]  # each branch's sums of x y
        self.frozen: dict[int, list[list[float]]] = {}  # a branch that left the race: the sums then

    def dealt_world(self, world: Any) -> None:
        """A playout's world, dealt once for every branch still running."""
        x = (1.0, *self.deviations(world))
        self.dealt.append(x[1:])
        if self.gram is None:
            self.gram = [[0.0] * len(x) for _ in x]
            self.crossed = [[0.0] * len(x) for _ in self.crossed]
        for i, xi in enumerate(x):
            row = self.gram[i]
            for j in range(i, len(x)):
                row[j] += xi * x[j]

    def played(self, branch: int, value: float) -> None:
        """The seat's value in `branch`'s playout of the world dealt last."""
        sums = self.crossed[branch]
        sums[0] += value
        for j, z in enumerate(self.dealt[-1], 1):
            sums[j] += z * value

    def left(self, branch: int) -> None:
        """`branch` left the race: its fit is over the playouts it had."""
        if self.gram is not None:
            self.frozen[branch] = [row[:] for row in self.gram]

    def steadied(self, branch: int, values: Sequence[float]) -> tuple[float, ...]:
        """`values` (the seat's, one per playout of `branch`) less the fitted multiple of each
        playout's deviations, their spread about the mean widened for the coefficients fitted
        (so that the margin read from them stays honest). Too few playouts for a fit: as played."""
        n, gram = len(values), self.frozen.get(branch, self.gram)
        if gram is None or n < PER_COVARIATE * len(gram):
            return tuple(values)
        beta = _solve(gram, self.crossed[branch], n)
        if beta is None:
            return tuple(values)
        slopes = beta[1:]
        adjusted = [y - sum(b * z for b, z in zip(slopes, dealt)) for y, dealt in zip(values, self.dealt)]
        k = len(slopes)
        widen = sqrt((n - 1) / (n - k - 1) * (n - 2) / (n - k - 2))
        mean = sum(adjusted) / n
        return tuple(mean + (a - mean) * widen for a in adjusted)


def _solve(upper: list[list[float]], right: list[float], n: int) -> list[float] | None:
    """The least-squares coefficients from the sums (`upper`: the upper triangle of X'X, `right`:
    X'y), by Gaussian elimination; a deviation that never varied (a rival with no cards) gets a
    tiny ridge and so a coefficient of about 0. None if it still cannot be solved."""
    size = len(right)
    a = [[upper[min(i, j)][max(i, j)] for j in range(size)] + [right[i]] for i in range(size)]
    for i in range(1, size):
        a[i][i] += 1e-9 * n + 1e-12
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        if abs(a[pivot][col]) < 1e-15:
            return None
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, size):
            f = a[r][col] / a[col][col]
            if f:
                row, top = a[r], a[col]
                for c in range(col, size + 1):
                    row[c] -= f * top[c]
    beta = [0.0] * size
    for i in reversed(range(size)):
        beta[i] = (a[i][size] - sum(a[i][j] * beta[j] for j in range(i + 1, size))) / a[i][i]
    return beta


Player = Callable[[Game, Any, int], Values]  # (game, state, seed) -> each seat's value at the end


def play_to_end(game: Game, state: Any, seed: int, *, turn: int | None = None, first: Action | None = None) -> Values:
    """Play `state` on with smart seats to the game's end (`first` taken first; `turn`: dice keyed
    by turn, rules/bots/playout.py): each seat's share of the win (a game still running after
    LIMIT actions: a draw)."""
    players = len(state.players)
    _, result = play_on(game, state, seed, limit=LIMIT, turn=turn, first=first)
    return shares(result, players) if result is not None else (1 / players,) * players


def play_and_value(
    game: Game, state: Any, seed: int, *, turn: int | None = None, first: Action | None = None
) -> Values:
    """A game with a valuation: play on with smart seats (`first` taken first; `turn`: dice keyed by
    turn) until every seat has had the valuation's `rounds` more turns (the turn under way ended, then each seat's),
    then read each seat's chance from the position's valuation (rules/bots/valuation.py, checked
    against whole games) instead of playing on to the end: a few turns instead of fifty, and a
    value far less scattered than a win or a loss."""
    valued_by = valuation.of(game.id)
    assert valued_by is not None  # (weigh plays it only in a game with a valuation)
    turns = valued_by.rounds * len(state.players)
    seen = [state.turn, 0]  # the turn last seen, turns begun since

    def far_enough(now: Any, _: int) -> bool:
        if now.turn != seen[0]:
            seen[0] = now.turn
            seen[1] += 1
        return seen[1] >= turns

    reached, result = play_on(game, state, seed, limit=LIMIT, stop=far_enough, turn=turn, first=first)
    if result is not None:
        return shares(result, len(state.players))
    valued = valued_by.value(reached)
    return valued if valued is not None else (1 / len(state.players),) * len(state.players)


def dealable(game: Game, state: Any, eyes: int | None) -> bool:
    """Whether worlds can be dealt from `eyes`' view of `state` now (not during a Filmis swap)."""
    sampler = expert_worlds.sampler(game.id)
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
    steady: bool = False,
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
    game's end, none cut short by a valuation (how tools/valuation_fit.py checks the valuation).
    `steady`: with `eyes`, in a game whose worlds have deviations (rules/bots/expert_worlds.py)
    and every branch from the same view, the seat's chances read through a control variate on the
    dealt world (`Steadier`); the race still reads the values as played."""
    if not branches:
        raise ValueError("nothing to weigh")
    if any(b.action is not None and b.actor is None for b in branches):
        raise ValueError("a branch's action needs the seat that takes it")
    if eyes is not None and not all(dealable(game, b.state, eyes) for b in branches):
        return None
    start = time.thread_time()
    sampler = expert_worlds.sampler(game.id) if eyes is not None else None
    # each branch's source: the first branch from the same state (the same object), whose view
    # and dealt world serve every branch from it
    source = [next(a for a in range(b + 1) if branches[a].state is one.state) for b, one in enumerate(branches)]
    views: list[Any] = []
    for b, one in enumerate(branches):
        first_from = source[b]
        views.append(
            views[first_from] if first_from < b else game.view(one.state, eyes) if eyes is not None else one.state
        )
    cut = not whole and valuation.of(game.id) is not None  # a game with a valuation: playouts cut short and valued
    # a game's own playout (its Entry's `playout`: the Smurf Game's race) or to the end
    player: Player = play_to_end if whole else registry.part(game.id, "playout") or play_to_end
    values: list[list[Values]] = [[] for _ in branches]
    running = list(range(len(branches)))
    steadier = None
    deviations = expert_worlds.deviations(game.id) if steady and sampler is not None else None
    if deviations is not None and eyes is not None and all(v is views[0] for v in views):
        steadier = Steadier(deviations(views[0], eyes), len(branches))
    spent, index = 0, first
    while spent < games and running and (each is None or index - first < each):
        if seconds is not None and index - first >= FEWEST and time.thread_time() - start > seconds:
            break
        playout = playout_seed(seed, index)
        worlds: dict[int, Any] = {}  # playout `index`'s world dealt from each source's view, once for all its branches
        for b in running:
            branch = branches[b]
            world = worlds.get(source[b])
            if world is None:
                world = (
                    sampler(views[b], eyes, random.Random(playout))
                    if sampler is not None and eyes is not None
                    else views[b]
                )
                worlds[source[b]] = world
                if steadier is not None:
                    steadier.dealt_world(world)
            if turn is not None or cut:
                play = play_and_value if cut else play_to_end
                values[b].append(play(game, world, playout, turn=turn, first=branch.action))
                if steadier is not None:
                    steadier.played(b, values[b][-1][seat])
                continue
            if branch.action is not None:
                world = decide(game, world, branch.actor, branch.action, Chance(playout)).state
            values[b].append(player(game, world, playout + 1))
            if steadier is not None:
                steadier.played(b, values[b][-1][seat])
        spent += len(running)
        index += 1
        if index - first >= FEWEST and (index - first) % BATCH == 0 and (race or enough is not None):
            found = Weighed(seat, tuple(tuple(v) for v in values))
            if race and len(running) > 1:
                staying = [b for b in running if b == keep or not _clearly_worse(found, b, running, known)]
                for b in running:
                    if b not in staying and steadier is not None:
                        steadier.left(b)
                running = staying
            if enough is not None and enough(found, running):
                break
    played = tuple(tuple(v) for v in values)
    if steadier is None:
        return Weighed(seat, played)
    steadied = tuple(steadier.steadied(b, [v[seat] for v in played[b]]) for b in range(len(played)))
    return Weighed(seat, played, steadied)


def _clearly_worse(found: Weighed, branch: int, running: list[int], known: float) -> bool:
    """Whether `branch` trails the best of `running` by DROP standard errors of their paired
    difference and by a point, its own chance known to `known` (a rare win, a raid that seldom
    wins, is not known from a few dozen playouts that all lost: the rule of three)."""
    best = max(running, key=found.chance)
    gap, margin = found.difference(best, branch)
    own = max(found.margin(branch), RARE / found.games(branch))
    return branch != best and gap > max(margin * DROP / Z, SETTLED) and own <= known
