"""Who was winning when, and why: each player's chance to win at the points of a saved game where
someone had a choice (and at each turn's start), split as GNU Backgammon splits a match into
**decisions** (what a choice cost against the best option) and **luck** (what the dice and cards
gave or took against their average). No Textual here: `parlour replay --text --analysis`, plain
mode and the replay screen's chart all use it.

A chance is estimated by playing the game on many times with smart seats, by the estimator the
hint uses too (parlour/services/playouts.py `weigh`). At a point where the seat to act has a
choice, every option is played on, each in the same worlds with the same dice (common random
numbers), so the difference between two options is far less noisy than either number; the
point's chances are those of the best option for the seat to act (GNU Backgammon's convention:
a position is worth what best play makes of it). The dice of each later turn are keyed by the
playout's number and that turn's number, so the playouts from two points of the same game share
every turn after both (common random numbers across turns): the luck between two points, the
later one's chances less the earlier choice's, is measured on paired games.

Then between one point and the next, for each seat: decision = chosen option − best option (for
the seat that chose; 0 where it had one option), luck = the next point's chances − the chosen
option's. They add up, point after point, to the whole change of each seat's chance over the game.

A finished game watched with every hand open is played on from the whole state; a game watched
as one seat saw it (an unfinished one always is) only from that seat's view, the cards it cannot
see dealt at random as the expert bot deals them (rules/bots/expert_worlds.py). The points are
worked out one by one, or by a pool of processes (`workers`): each point's playouts depend only
on its state, the seed and the playout's number, so the numbers are the same whatever the number
of workers (none: the caller's own process).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from math import sqrt
from typing import Any

from parlour.rules import registry
from parlour.rules.bots import valuation
from parlour.rules.bots.playout import shares
from parlour.rules.game import Game
from parlour.rules.records import Acted, Action

from .playouts import Branch, Values, Weighed, Z, half_width, means, weigh

DEFAULT_GAMES = 64  # games played on from each option, for a game whose registry entry does not say
MOST_POINTS = 160  # points worked out at most: a longer game is sampled evenly (README)
CHART_SHARE = 0.45  # of `games_on`, for the replay screen's chart (`chart_games`)
GOOD = 0.05  # a choice within this of the best counts as accurate (docs/bots.md, Analysis)
SURE = 0.03  # where playouts are valued (Garfield, Filmis): a point stops once every chance is known to this


def games_on(game_id: str) -> int:
    """Games played on from each option: the game's registry entry's `chances_games` (README,
    Who was winning when: the margins and the time it takes)."""
    entry = registry.GAMES.get(game_id)
    return entry.chances_games if entry is not None else DEFAULT_GAMES


def chart_games(game_id: str) -> int:
    """Games played on from each option by the replay screen's chart, which a served table works
    out again for each viewer: CHART_SHARE of `games_on`, about the games it played before every
    option was weighed (Garfield's 60-turn game: 12,000 then, 26,952 at `games_on`)."""
    return max(1, round(games_on(game_id) * CHART_SHARE))


@dataclass(frozen=True)
class Chances:
    """Each seat's chance to win from one point of a game, with the 95 % interval of each."""

    turn: int  # the turn (1-based) whose start this is; the game's end: one past the last turn
    stop: int  # the replay's stop (parlour/services/replay.py)
    chances: tuple[float, ...]  # per seat, 0..1, summing to 1
    games: int  # games played on (0: the game is over, the chances are its result)
    low: tuple[float, ...]
    high: tuple[float, ...]
    end: bool = False

    def margin(self, seat: int) -> float:
        """Half the width of the seat's 95 % interval."""
        return (self.high[seat] - self.low[seat]) / 2


def wilson(p: float, n: int) -> tuple[float, float]:
    """The 95 % (Wilson) interval of a rate `p` seen in `n` games."""
    if n <= 0:
        return p, p
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z * sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / (1 + Z * Z / n)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def _half_width(p: float, n: int) -> float:
    """Half the width of the Wilson interval of a rate `p` seen in `n` games."""
    low, high = wilson(p, n)
    return (high - low) / 2


def _interval(games: Sequence[Shares], seat: int) -> tuple[float, float]:
    """The 95 % interval of the seat's chance from the games played on: a rate's (Wilson) where
    every game was won or lost, the mean's where games were valued before their end (Garfield,
    Filmis: their valuation's `rounds`, parlour/services/playouts.py) or shared."""
    values = [g[seat] for g in games]
    p = sum(values) / len(values) if values else 0.0
    if all(v in (0.0, 1.0) for v in values):
        return wilson(p, len(values))
    half = half_width(values)
    return max(0.0, p - half), min(1.0, p + half)


def _margin(games: Sequence[Shares], seat: int) -> float:
    low, high = _interval(games, seat)
    return (high - low) / 2


# ---- playing on ----------------------------------------------------------------------------

Shares = Values  # each seat's share of the win in one game played on


def estimate(
    game: Game, state: Any, games: int, seed: int, *, seat: int | None = None, turn: int = 0, stop: int = 0
) -> Chances | None:
    """Each seat's chance to win from `state`, by playing on `games` times with smart seats. With
    `seat`, only that seat's view of `state` is read (the hidden cards dealt at random for each
    game played on); None where that game cannot deal such worlds just now (a Filmis swap)."""
    result = game.result(state)
    if result is not None:
        won = shares(result, len(state.players))
        return Chances(turn, stop, won, 0, won, won, end=True)
    found = weigh(game, [Branch(state)], 0, eyes=seat, seed=seed, games=games, race=False, turn=turn)
    return _chances(found.values[0], turn, stop) if found is not None else None


def _chances(samples: Sequence[Shares], turn: int, stop: int) -> Chances:
    chances = means(samples)
    bounds = [_interval(samples, s) for s in range(len(chances))]
    return Chances(turn, stop, chances, len(samples), tuple(b[0] for b in bounds), tuple(b[1] for b in bounds))


# ---- the points of a game ------------------------------------------------------------------


@dataclass(frozen=True)
class Point:
    """One point of the game worked out: the seat to act there, its options, the one it took,
    and for each option the shares of every game played on after it (the end: the result)."""

    stop: int
    turn: int  # the turn it is in (one past the last at the end)
    seat: int | None  # who acts there (None: the game is over)
    options: tuple[Action | None, ...]  # None: smart's choice (another seat's, as one seat saw it)
    chosen: int  # the index of the option taken
    samples: tuple[tuple[Shares, ...], ...]  # per option, per game played on: each seat's share
    turn_start: bool = False

    @property
    def end(self) -> bool:
        return self.seat is None

    @cached_property
    def values(self) -> tuple[Shares, ...]:
        """Each option's chances for every seat (the mean of its games)."""
        return tuple(means(games) for games in self.samples)

    @cached_property
    def best(self) -> int:
        """The option best for the seat to act (the first of equals: the same for the same numbers)."""
        if self.seat is None:
            return 0
        seat = self.seat
        full = max(len(games) for games in self.samples)  # an option that left the race is not the best
        return max(
            (i for i in range(len(self.options)) if len(self.samples[i]) == full),
            key=lambda i: (self.values[i][seat], -i),
        )

    @property
    def chances(self) -> Shares:
        """The point's chances: those of the best option."""
        return self.values[self.best]

    def shown(self) -> Chances:
        """The chances as the chart and the lines show them, with their 95 % intervals."""
        if self.end:
            won = self.values[0]
            return Chances(self.turn, self.stop, won, 0, won, won, end=True)
        return _chances(self.samples[self.best], self.turn, self.stop)


def _paired_margin(after: Sequence[Shares], before: Sequence[Shares], seat: int) -> float:
    """The 95 % margin of a difference of two estimates made on the same games (over the games
    both had; one of them may be a game's end: one sample, the same for every game)."""
    if len(after) == 1 or len(before) == 1:
        n = max(len(after), len(before))
        diffs = [after[k % len(after)][seat] - before[k % len(before)][seat] for k in range(n)]
    else:
        diffs = [a[seat] - b[seat] for a, b in zip(after, before)]
    return half_width(diffs) if len(diffs) > 1 else 0.0


@dataclass(frozen=True)
class Step:
    """From one point worked out to the next: the decision taken at the first (a cost where it
    had a choice) and the luck of everything that followed up to the next point."""

    start: Point
    end: Point
    events: tuple[int, int] = (0, 0)  # the replay's events it covers (from, to)

    @property
    def seat(self) -> int:
        return self.start.seat if self.start.seat is not None else 0

    @property
    def choice(self) -> bool:
        """Whether the seat had more than one option."""
        return len(self.start.options) > 1

    def decision(self, seat: int) -> float:
        """What the choice changed for `seat`: the chosen option's chance less the best one's."""
        start = self.start
        return start.values[start.chosen][seat] - start.values[start.best][seat]

    @property
    def cost(self) -> float:
        """What the choice cost the seat that made it (0: the best, or no choice)."""
        return -self.decision(self.seat)

    @cached_property
    def cost_margin(self) -> float:
        start = self.start
        if not self.choice or start.chosen == start.best:
            return 0.0
        return _paired_margin(start.samples[start.best], start.samples[start.chosen], self.seat)

    def luck(self, seat: int) -> float:
        """What the dice and cards gave `seat` (or took, below 0) against their average."""
        return self.end.chances[seat] - self.start.values[self.start.chosen][seat]

    @cached_property
    def left_to_chance(self) -> bool:
        """Whether anything was left to chance: every game played on came out the same after it
        as after the choice (the same dice, nothing drawn between), or not."""
        after, before = self.end.samples[self.end.best], self.start.samples[self.start.chosen]
        return len(after) != len(before) or after != before

    def luck_margin(self, seat: int) -> float:
        return _paired_margin(self.end.samples[self.end.best], self.start.samples[self.start.chosen], seat)


# ---- working a game out --------------------------------------------------------------------


@dataclass(frozen=True)
class _Task:
    """What a worker needs to work out one point (picklable)."""

    game_id: str
    state: Any
    eyes: int | None
    options: tuple[Action | None, ...]  # None: smart's choice
    seed: int
    games: int  # games played on from each option
    turn: int
    seat: int | None  # who acts
    chosen: int  # the option taken: always played on in full


def _work(task: _Task) -> tuple[tuple[Shares, ...], ...] | None:
    """Every option's games at one point (None: no worlds can be dealt there now). An option
    other than the one taken leaves the race once another option is clearly better for the seat
    to act: it can be neither the best nor the chosen one, so its numbers are not needed. And
    the point stops early once every option still played on has every seat's chance known to
    ±SURE where playouts are valued (Garfield, Filmis), elsewhere as well as `task.games` games
    know a chance of 50 %, the least well known (a point where some seat is far ahead, or the
    chances spread over four players, needs fewer games for that)."""
    game = registry.get(task.game_id)
    branches = [Branch(task.state, option, task.seat) for option in task.options]
    widest = SURE if valuation.of(task.game_id) is not None else _half_width(0.5, task.games)

    def enough(found: Weighed, running: list[int]) -> bool:
        return all(_margin(found.values[b], s) <= widest for b in running for s in range(len(found.chances(b))))

    found = weigh(
        game,
        branches,
        task.seat if task.seat is not None else 0,
        eyes=task.eyes,
        seed=task.seed,
        games=task.games * len(branches),
        each=task.games,
        race=task.seat is not None,
        keep=task.chosen,
        known=1.0,
        turn=task.turn,
        enough=enough,
    )
    return found.values if found is not None else None


def default_workers() -> int:
    """Processes to work in: one per core this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # (not on Linux)
        return os.cpu_count() or 1


@dataclass
class Analysis:
    """The points of a replayed game (parlour/services/replay.py `Replay`) and what happened between
    them, as seen by `eyes` (None: the whole state, only for a finished game)."""

    replay: Any
    eyes: int | None = None
    games: int = 0  # games played on from each option (0: the game's own number, `games_on`)
    most: int = 0  # points worked out at most (0: MOST_POINTS)
    seed: int = 0
    workers: int = 0  # processes to work in (0: this one)
    stops: list[tuple[int, int, bool]] = field(init=False)  # (stop, turn, a turn's start) worked out
    sampled: bool = field(init=False)  # whether a long game's points were thinned to `most`

    def __post_init__(self) -> None:
        self.games = self.games or games_on(self.replay.game.id)
        self.most = self.most or MOST_POINTS
        every = _points(self.replay)
        self.stops = _spread(every, self.most)
        self.sampled = len(self.stops) < len(every)

    def __len__(self) -> int:
        return len(self.stops) + (1 if self.replay.finished else 0)

    def _task(self, stop: int, turn: int) -> tuple[_Task, int, int | None]:
        """What working out one point takes, the option taken there and the seat to act. As one
        seat saw the game, another seat's options are not known (its hand is hidden): there the
        game is played on with smart's choice alone (None), and what that seat did counts as luck."""
        replay, game = self.replay, self.replay.game
        state = replay.state_at(stop)
        seat = game.to_act(state)[0]
        options: tuple[Action | None, ...] = (None,)
        if seat is not None and self.eyes in (None, seat):
            options = tuple(game.legal_actions(game.view(state, seat) if self.eyes is not None else state, seat))
        taken = replay.events[replay.stops[stop]] if stop + 1 < len(replay.stops) else None
        chosen = options.index(taken.action) if isinstance(taken, Acted) and taken.action in options else 0
        return _Task(game.id, state, self.eyes, options, self.seed, self.games, turn, seat, chosen), chosen, seat

    def run(self, progress: Callable[[int, int], None] | None = None) -> Iterator[Point]:
        """Every point in game order (a point that cannot be worked out is left out), the game's
        end last if it is over; `progress(done, total)` after each."""
        made = [(*self._task(stop, turn), stop, turn, start) for stop, turn, start in self.stops]
        total = len(self)
        for index, samples in enumerate(_map(_work, [task for task, *_ in made], self.workers)):
            task, chosen, seat, stop, turn, start = made[index]
            if progress is not None:
                progress(index + 1, total)
            if samples is not None:
                yield Point(stop, turn, seat, task.options, chosen, samples, start)
        if self.replay.finished:
            last = len(self.replay.stops) - 1
            state = self.replay.state_at(last)
            won = shares(self.replay.game.result(state), len(state.players))
            if progress is not None:
                progress(total, total)
            yield Point(last, len(self.replay.turns) + 1, None, (), 0, ((won,),), True)


def _map(work: Callable[[_Task], Any], tasks: list[_Task], workers: int) -> Iterator[Any]:
    """`work` over `tasks` in order: in this process (`workers` 0), or in a pool of that many
    processes (started by a fork server, never forked from a caller that may hold threads). Left
    early, the tasks not started are dropped."""
    if workers <= 0 or not tasks:
        yield from map(work, tasks)
        return
    from concurrent.futures import ProcessPoolExecutor
    from multiprocessing import get_context

    pool = ProcessPoolExecutor(min(workers, len(tasks)), mp_context=get_context("forkserver"))
    try:
        yield from pool.map(work, tasks)
    finally:
        pool.shutdown(wait=False, cancel_futures=True)


def _points(replay: Any) -> list[tuple[int, int, bool]]:
    """The stops worth working out: each turn's start and every stop where the seat to act has a
    choice, as (stop, turn, a turn's start)."""
    from parlour.rules.log import fold_events

    game = replay.game
    starts = set(replay.turns)
    last = len(replay.stops) - 1
    points = []
    state = replay.state_at(0) if last > 0 else None
    for stop in range(last):  # the states folded one after the other: one pass over the log
        if stop:
            state = fold_events(game, state, replay.events[replay.stops[stop - 1] : replay.stops[stop]])
        seat = game.to_act(state)[0]
        if stop in starts or (seat is not None and len(game.legal_actions(state, seat)) > 1):
            points.append((stop, replay.turn_of(stop), stop in starts))
    return points


def _spread(points: list[tuple[int, int, bool]], most: int) -> list[tuple[int, int, bool]]:
    """At most `most` of the points, evenly spread, the turns' starts first."""
    if len(points) <= most:
        return points
    turn_starts = [p for p in points if p[2]]
    if len(turn_starts) >= most:
        return _sample(turn_starts, most)
    others = [p for p in points if not p[2]]
    return sorted(turn_starts + _sample(others, most - len(turn_starts)))


def _sample(points: list, most: int) -> list:
    """At most `most` of `points`, evenly spread, the first and the last among them."""
    if len(points) <= most:
        return list(points)
    if most <= 1:
        return points[:1]
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


def steps(points: Sequence[Point], replay: Any = None) -> list[Step]:
    """What happened between each point and the next."""
    found = []
    for start, end in zip(points, points[1:]):
        span = (replay.stops[start.stop], replay.stops[end.stop]) if replay is not None else (0, 0)
        found.append(Step(start, end, span))
    return found


# ---- what it comes to ----------------------------------------------------------------------


@dataclass(frozen=True)
class Moment:
    """A key moment: a step whose luck, or whose decision, moved a seat's chance by more than
    its own margin."""

    step: Step
    seat: int
    kind: str  # "luck" or "decision"
    change: float  # for the seat: the luck, or the decision (a cost is below 0)
    margin: float


def key_moments(found: Sequence[Step], count: int = 3) -> list[Moment]:
    """The `count` biggest changes that exceed their own margin, in game order: a step's luck for
    the seat it moved most, or its decision for the seat that chose."""
    candidates = []
    for step in found:
        if step.choice and step.cost > step.cost_margin:
            candidates.append(Moment(step, step.seat, "decision", -step.cost, step.cost_margin))
        players = len(step.end.chances)
        seat = max(range(players), key=lambda s: (abs(step.luck(s)), -s))
        margin = step.luck_margin(seat)
        if abs(step.luck(seat)) > margin:
            candidates.append(Moment(step, seat, "luck", step.luck(seat), margin))
    candidates.sort(key=lambda m: -abs(m.change))
    return sorted(candidates[:count], key=lambda m: (m.step.start.stop, m.kind))


@dataclass(frozen=True)
class Summary:
    """One seat over the game: its luck in all, its choices and what they cost."""

    seat: int
    luck: float
    choices: int
    cost: float
    costly: int  # choices that cost at least 10 points (beyond their margin)
    blunders: int  # of those, at least 20 points
    accuracy: float | None  # the share of choices within GOOD of the best or its margin (None: no choice)


def summaries(found: Sequence[Step], players: int) -> list[Summary]:
    """Each seat's luck in all and its choices. A choice counts as costly only where its cost is
    beyond its own margin, and as accurate where it is within GOOD of the best or within its
    margin: noise is not told as a mistake."""
    out = []
    for seat in range(players):
        luck = sum(step.luck(seat) for step in found)
        own = [step for step in found if step.choice and step.seat == seat]
        clear = [step.cost for step in own if step.cost > step.cost_margin]
        accurate = sum(step.cost < GOOD or step.cost <= step.cost_margin for step in own)
        out.append(
            Summary(
                seat,
                luck,
                len(own),
                sum(step.cost for step in own),
                sum(cost >= 0.10 for cost in clear),
                sum(cost >= 0.20 for cost in clear),
                accurate / len(own) if own else None,
            )
        )
    return out
