"""The random bot: picks uniformly among its seat's legal actions."""

from __future__ import annotations

import random
from math import floor

from ..game import Game, State, View
from ..records import Action


class RandomBot:
    level = "random"

    def __init__(self, seed: int | str | None = None):
        self._random = random.Random(seed)
        self._next = self._random.random  # looked up once: `pick` is called for most moves of a game

    def choose(self, game: Game[State, View], view: State | View, seat: int) -> Action:
        """An action for `seat`, chosen from its view alone."""
        return self.pick(game.legal_actions(view, seat))

    def pick(self, actions: list[Action]) -> Action:
        """One of the seat's legal actions, uniformly: all this bot needs to know (so the driver
        hands it the list, and builds no view for it: parlour/services/table_driver.py)."""
        return actions[floor(self._next() * len(actions))]  # (= int(): chance.py)
