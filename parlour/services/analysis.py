"""Who was winning when: each player's chance to win from the start of each turn of a saved game,
estimated by playing the game on from there many times with smart seats (the dice and decks
drawn afresh, rules/bots/playout.py), and the key moments, where a chance moved most.

A finished game watched with every hand open is played on from the whole state; a game watched
as one seat saw it (an unfinished one always is) only from that seat's view, the cards it cannot
see dealt at random as the expert bot deals them (rules/bots/expert_worlds.py). Long games are
sampled: at most MOST_POINTS turns are estimated, evenly spread. Each estimate says how many
games were played on and its 95 % interval. No Textual here: `parlour replay --text --analysis`,
plain mode and the replay screen's chart all use it.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from math import sqrt
from typing import Any

from parlour.rules import registry
from parlour.rules.bots.expert_worlds import SAMPLERS
from parlour.rules.bots.playout import play_on, shares
from parlour.rules.game import Game

DEFAULT_GAMES = 64  # games played on from each turn, for a game whose registry entry does not say
MOST_POINTS = 60  # turns estimated at most: a longer game is sampled evenly
PLAYOUT_LIMIT = 1_500  # actions a playout may take; one still running then counts as a draw
Z = 1.96  # the 95 % interval


def games_on(game_id: str) -> int:
    """Games played on from each turn: the game's registry entry's `chances_games` (for the
    built-in games enough for a margin of about 10 points, and quick enough, README)."""
    entry = registry.GAMES.get(game_id)
    return entry.chances_games if entry is not None else DEFAULT_GAMES


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


def estimate(
    game: Game, state: Any, games: int, seed: int, *, seat: int | None = None, turn: int = 0, stop: int = 0
) -> Chances | None:
    """Each seat's chance to win from `state`, by playing on `games` times with smart seats. With
    `seat`, only that seat's view of `state` is read (the hidden cards dealt at random for each
    game played on); None where that game cannot deal such worlds just now (a Filmis swap)."""
    players = len(state.players)
    result = game.result(state)
    if result is not None:
        won = shares(result, players)
        return Chances(turn, stop, won, 0, won, won, end=True)
    rng = random.Random(seed)
    sampler = None
    if seat is not None:
        state = game.view(state, seat)
        sampler = SAMPLERS.get(game.id)
        if sampler is not None and sampler(state, seat, random.Random(0)) is None:
            return None
    totals = [0.0] * players
    for _ in range(games):
        world = sampler(state, seat, rng) if sampler is not None and seat is not None else state
        _, result = play_on(game, world, rng.getrandbits(32), limit=PLAYOUT_LIMIT)
        won = shares(result, players) if result is not None else (1 / players,) * players
        for s in range(players):
            totals[s] += won[s]
    chances = tuple(total / games for total in totals)
    bounds = [wilson(p, games) for p in chances]
    return Chances(turn, stop, chances, games, tuple(b[0] for b in bounds), tuple(b[1] for b in bounds))


class Analysis:
    """The chances of a replayed game (parlour/services/replay.py `Replay`) at the turns it estimates,
    as seen by `eyes` (None: the whole state, only for a finished game)."""

    def __init__(
        self, replay, eyes: int | None = None, *, games: int | None = None, most: int | None = None, seed: int = 0
    ):
        self.replay = replay
        self.eyes = eyes
        self.games = games or games_on(replay.game.id)
        self.seed = seed
        self.points = _sample(list(enumerate(replay.turns, start=1)), most or MOST_POINTS)  # (turn, stop)
        if replay.finished:
            self.points.append((len(replay.turns) + 1, len(replay.stops) - 1))

    def __len__(self) -> int:
        return len(self.points)

    def at(self, index: int) -> Chances | None:
        """The chances at the `index`th point estimated."""
        turn, stop = self.points[index]
        state = self.replay.state_at(stop)
        return estimate(
            self.replay.game, state, self.games, self.seed * 1_000_003 + stop, seat=self.eyes, turn=turn, stop=stop
        )

    def run(self, progress: Callable[[int, int], None] | None = None) -> Iterator[Chances]:
        """Every point's chances in turn order (a point that cannot be estimated is left out);
        `progress(done, total)` after each."""
        for index in range(len(self.points)):
            found = self.at(index)
            if progress is not None:
                progress(index + 1, len(self.points))
            if found is not None:
                yield found


def _sample(points: list, most: int) -> list:
    """At most `most` of `points`, evenly spread, the first and the last among them."""
    if len(points) <= most:
        return list(points)
    if most <= 1:
        return points[:1]
    step = (len(points) - 1) / (most - 1)
    return [points[round(i * step)] for i in range(most)]


@dataclass(frozen=True)
class Moment:
    """A key moment: between two points estimated, one seat's chance moved by this much."""

    seat: int
    before: Chances
    after: Chances

    @property
    def change(self) -> float:
        return self.after.chances[self.seat] - self.before.chances[self.seat]


def key_moments(points: list[Chances], count: int = 3) -> list[Moment]:
    """The `count` stretches where some seat's chance moved most (one moment a stretch: the seat
    it moved most for), in game order."""
    moments = []
    for before, after in zip(points, points[1:]):
        seat = max(range(len(before.chances)), key=lambda s: abs(after.chances[s] - before.chances[s]))
        moments.append(Moment(seat, before, after))
    moments.sort(key=lambda m: -abs(m.change))
    return sorted(moments[:count], key=lambda m: m.before.stop)
