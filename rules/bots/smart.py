"""The smart level: one strategy per game, chosen by `game.id`, each working from the seat's view
alone (the view passed to `choose`, and the legal actions computed from that view)."""

from __future__ import annotations

import importlib
import random

from ..game import Game
from ..records import Action

# game id -> (module, class) of its strategy; imported when first needed
STRATEGIES = {
    "garfield": ("rules.bots.garfield_smart", "GarfieldSmart"),
    "filmis": ("rules.bots.filmis_smart", "FilmisSmart"),
    "smurf": ("rules.bots.smurf_smart", "SmurfSmart"),
}


class SmartBot:
    level = "smart"

    def __init__(self, seed: int | str | None = None):
        self._random = random.Random(seed)
        self._strategies: dict[str, object] = {}

    def _strategy(self, game_id: str):
        if game_id not in self._strategies:
            module, name = STRATEGIES[game_id]
            self._strategies[game_id] = getattr(importlib.import_module(module), name)(self._random)
        return self._strategies[game_id]

    def choose(self, game: Game, view, seat: int) -> Action:
        """An action for `seat`, chosen from its view alone."""
        actions = game.legal_actions(view, seat)
        if len(actions) == 1 or game.id not in STRATEGIES:
            return actions[int(self._random.random() * len(actions))]
        return self._strategy(game.id).choose(game, view, seat, actions)
