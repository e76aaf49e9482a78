"""The expert level in The Smurf Game: a flat Monte Carlo search over the whole state (the game
hides nothing, so the world is the board itself).

For each legal action it plays the game on a few turns from the state that action leads to,
every seat playing as the smart level, and values the position reached by each seat's chance to
win the race home (`race`, from the smart level's tables of expected turns). Every action is
tried with the same dice (common random numbers: the comparison is paired and fair), drawn from
a generator seeded by the bot's own, so a game between seeded bots is reproducible. It takes
the action with the best total; between equals, the smart choice.
"""

from __future__ import annotations

import random
from math import erf, sqrt

from parlour.rules.bots.smart import SmartBot
from parlour.rules.chance import Chance
from parlour.rules.game import Game, decide
from parlour.rules.records import Action

from ..rules.records import Roll
from ..rules.state import State
from .smart import CAP, WAIT_LIMIT, Here, Search, _mask

PLAYOUTS = 60  # playouts per decision, shared among the actions (three at a turn's start)
HORIZON = 24  # actions played on before the race is valued (about five turns of each of two seats)
SPREAD = 1.2  # the spread of a pawn's turns left, per square root of the turns it expects
LONGEST = 60.0  # expected turns beyond this count as this (a goal out of reach for now)


def race(state: State, seat: int) -> float:
    """`seat`'s chance to win from `state`, from each pawn's expected turns left (the smart
    level's tables): pairwise, the chance that it needs fewer turns than each rival (a normal
    approximation, a turn's head start to whoever moves first), normalised over the seats."""
    if state.winner is not None:
        return 1.0 if state.winner == seat else 0.0
    values = Search.of(state.circles).values
    n = len(state.players)
    left = [min(LONGEST, values[(state.positions[s], state.inside[s], _mask(state.held[s]))]) for s in range(n)]
    strength = []
    for s in range(n):
        p = 1.0
        for o in range(n):
            if o != s:
                ahead = ((o - state.turn) % n) - ((s - state.turn) % n)  # > 0: s moves before o
                lead = left[o] - left[s] + (0.5 if ahead > 0 else -0.5)
                spread = SPREAD * sqrt(left[s] + left[o]) + 1.0
                p *= 0.5 * (1.0 + erf(lead / (spread * sqrt(2.0))))
        strength.append(p)
    total = sum(strength)
    return strength[seat] / total if total else 1.0 / n


class SmurfSearch:
    """The flat Monte Carlo search (`choose`), and each action's estimated chance (`estimates`)."""

    def __init__(self, rng: random.Random, playouts: int | None = None, horizon: int | None = None):
        self._random = rng
        self._smart = SmartBot(rng.getrandbits(32))
        self.playouts = PLAYOUTS if playouts is None else playouts
        self.horizon = HORIZON if horizon is None else horizon
        self._waited: dict[int, tuple[Here | None, int]] = {}  # seat -> (place and discs, own turns there)

    def choose(self, game: Game[State, State], state: State, seat: int) -> Action:
        actions = game.legal_actions(state, seat)
        if len(actions) == 1:
            return actions[0]
        if type(actions[0]) is Roll and self._waited_too_long(state, seat):
            return self._smart.choose(game, state, seat)  # which rolls whenever a roll could move it
        return self.weigh(game, state, seat, actions)[0]

    def _waited_too_long(self, state: State, seat: int) -> bool:
        """A game must end (docs/bots.md): after WAIT_LIMIT own turns at one place with the same
        discs, the search leaves the turn's start to the smart level, as that level does itself."""
        here: Here = (state.positions[seat], state.inside[seat], state.held[seat])
        place, waited = self._waited.get(seat, (None, 0))
        waited = waited + 1 if place == here else 1
        self._waited[seat] = (here, waited)
        return waited > WAIT_LIMIT

    def weigh(
        self, game: Game[State, State], state: State, seat: int, actions: list[Action]
    ) -> tuple[Action, list[float]]:
        """The action chosen among `actions` and each one's estimated chance to win."""
        default = self._smart.choose(game, state, seat)
        totals = self.estimates(game, state, seat, actions)
        mine = actions.index(default)
        best = max(range(len(actions)), key=lambda i: (totals[i], i == mine))
        return actions[best], totals

    def estimates(self, game: Game[State, State], state: State, seat: int, actions: list[Action]) -> list[float]:
        """Per action, `seat`'s mean chance to win over the playouts, each action with the same dice."""
        worlds = max(1, self.playouts // len(actions))
        totals = [0.0] * len(actions)
        for _ in range(worlds):
            seed = self._random.getrandbits(32)
            for i, action in enumerate(actions):
                totals[i] += self._playout(game, state, seat, action, seed)
        return [t / worlds for t in totals]

    def _playout(self, game: Game[State, State], state: State, seat: int, action: Action, seed: int) -> float:
        chance = Chance(seed)
        state = decide(game, state, seat, action, chance).state
        return race(ahead(game, state, chance, SmartBot(seed), self.horizon), seat)


def ahead(game: Game[State, State], state: State, chance: Chance, policy: SmartBot, horizon: int = HORIZON) -> State:
    """`state` played on `horizon` actions by `policy` for every seat (fewer if someone wins), then
    to the start of a turn, where the race is valued (a roll waiting for its direction answered):
    the search's playout, and the hint's in this game (parlour/services/playouts.py)."""
    for _ in range(horizon):
        if state.winner is not None:
            break
        who = game.to_act(state)[0]
        if who is None:  # (only before the set-up: a playout's game is under way)
            raise ValueError("a playout needs a game that has been set up")
        state = decide(game, state, who, policy.choose(game, state, who), chance).state
    while state.winner is None and (state.rolled is not None or state.owing):
        who = game.to_act(state)[0]
        if who is None:
            raise ValueError("a playout needs a game that has been set up")
        state = decide(game, state, who, policy.choose(game, state, who), chance).state
    return state


assert CAP > LONGEST


def playout(game: Game[State, State], state: State, seed: int) -> tuple[float, ...]:
    """The hint's and the analysis's playout in this game (the game's Entry names it for
    parlour/services/playouts.py): the search's playout, then every seat's race."""
    reached = ahead(game, state, Chance(seed), SmartBot(seed))
    return tuple(race(reached, s) for s in range(len(state.players)))
