"""The random bot: picks uniformly among its seat's legal actions."""

from __future__ import annotations

import random

from ..game import Game
from ..records import Action


class RandomBot:
    level = "random"

    def __init__(self, seed: int | str | None = None):
        self._random = random.Random(seed)

    def choose(self, game: Game, view, seat: int) -> Action:
        """An action for `seat`, chosen from its view alone."""
        actions = game.legal_actions(view, seat)
        return actions[int(self._random.random() * len(actions))]
