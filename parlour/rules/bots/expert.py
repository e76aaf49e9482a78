"""The expert level: it searches. For each legal action it plays the game out many times in
worlds sampled from its seat's view (the hidden cards dealt at random from those it cannot see,
rules/bots/expert_worlds.py), every seat then playing as the smart level, and takes the action
that won most often. Flat Monte Carlo over determinized worlds; every action is tried in the
same worlds with the same dice (common random numbers), so the comparison is fair and cheap.

It never reads more than its seat's view: whatever it is handed, it first takes the view of it,
and the worlds are dealt from that view alone. Where no world can be dealt (a Filmis swap in
progress) it plays as the smart level. A game whose Entry names its own `search` (the Smurf Game,
which hides nothing: parlour/games/smurf/bots/search.py) is played by that instead.
"""

from __future__ import annotations

import random
from typing import Any

from .. import registry
from ..chance import Chance
from ..game import Game, decide
from ..records import Action
from . import expert_worlds
from .smart import SmartBot

PLAYOUTS = 32  # playouts per decision, shared among the actions: under 0.3 s a move (tools/bench.py)
MIN_WORLDS = 4
EVIDENCE = 1.65  # how many standard deviations of the paired differences an action must gain
MAX_ACTIONS = 2_000  # a playout still running after this many actions counts as no win


class ExpertBot:
    level = "expert"

    def __init__(self, seed: int | str | None = None, playouts: int | None = None):
        self._random = random.Random(seed)
        self._smart = SmartBot(self._random.getrandbits(32))
        self.playouts = PLAYOUTS if playouts is None else playouts
        self._asked = playouts  # None: each game's own budget (the Smurf search has its own)
        self._searches: dict[str, Any] = {}  # a game's own search, made at its first decision

    def search(self, game_id: str) -> Any:
        """The game's own search (its Entry's `search`), seeded from this bot's generator; None
        for a game without one."""
        if game_id not in self._searches:
            made = registry.part(game_id, "search")
            self._searches[game_id] = (
                made(random.Random(self._random.getrandbits(32)), self._asked) if made is not None else None
            )
        return self._searches[game_id]

    def sampler(self, game_id: str) -> expert_worlds.Sampler | None:
        """The game's worlds dealt from a view (None: it deals none)."""
        return expert_worlds.sampler(game_id)

    def choose(self, game: Game[Any, Any], view: Any, seat: int) -> Action:
        """An action for `seat`, chosen from its view alone."""
        # handed a whole state by mistake, it still sees only its view
        return self._search(game, game.view(view, seat), seat)

    def _search(self, game: Game[Any, Any], view: Any, seat: int) -> Action:
        actions = game.legal_actions(view, seat)
        if len(actions) == 1:
            return actions[0]
        own = self.search(game.id)
        if own is not None:
            chosen: Action = own.choose(game, view, seat)
            return chosen
        sampler = self.sampler(game.id)
        default = self._smart.choose(game, view, seat)
        if sampler is None or sampler(view, seat, random.Random(0)) is None:
            return default
        mine = actions.index(default)
        gain = [0.0] * len(actions)  # per action: its wins less the smart choice's, world by world
        differ = [0] * len(actions)  # worlds where the two ended differently
        for _ in range(max(MIN_WORLDS, self.playouts // len(actions))):
            world = sampler(view, seat, self._random)
            seed = self._random.getrandbits(32)
            won = [self._playout(game, world, seat, action, seed) for action in actions]
            for i, w in enumerate(won):
                gain[i] += w - won[mine]
                differ[i] += w != won[mine]
        # leave the smart choice only on evidence: a one-sided sign test at about 5 %
        best = max(range(len(actions)), key=lambda i: gain[i])
        if best != mine and gain[best] > EVIDENCE * differ[best] ** 0.5:
            return actions[best]
        return default

    def _playout(self, game: Game[Any, Any], world: Any, seat: int, action: Action, seed: int) -> float:
        """Take `action` in `world`, play on with smart seats; 1/k if `seat` is among k winners."""
        chance = Chance(seed)
        policy = SmartBot(seed)  # every seat's play in this playout, seeded like its dice
        state = decide(game, world, seat, action, chance).state
        for _ in range(MAX_ACTIONS):
            result = game.result(state)
            if result is not None:
                return 1 / len(result.winners) if seat in result.winners else 0.0
            who = game.to_act(state)[0]
            if who is None:  # (only before the set-up: a world's game is under way)
                raise ValueError("a playout needs a game that has been set up")
            # a world is a fiction dealt from the view: its seats may read it whole
            state = decide(game, state, who, policy.choose(game, state, who), chance).state
        return 0.0
