"""The smart level: one strategy per game, found in the game registry by `game.id`, each working
from the seat's view alone (the view passed to `choose`, and the legal actions computed from that
view)."""

from __future__ import annotations

import random
from typing import Protocol

from .. import registry
from ..game import Game, State, View
from ..records import Action


class Strategy(Protocol):
    """A game's smart play (the registry names its class, made with the bot's generator):
    one of `actions`, the seat's legal actions in `view` (two or more)."""

    def choose(self, game: Game[State, View], view: State | View, seat: int, actions: list[Action]) -> Action: ...


class SmartBot:
    level = "smart"

    def __init__(self, seed: int | str | None = None):
        self._random = random.Random(seed)
        self._strategies: dict[str, Strategy | None] = {}

    def _strategy(self, game_id: str) -> Strategy | None:
        """This bot's strategy for the game (made once, sharing the bot's generator), or None."""
        if game_id not in self._strategies:
            cls = registry.strategy(game_id)
            self._strategies[game_id] = cls(self._random) if cls is not None else None
        return self._strategies[game_id]

    def choose(self, game: Game[State, View], view: State | View, seat: int) -> Action:
        """An action for `seat`, chosen from its view alone."""
        actions = game.legal_actions(view, seat)
        strategy = self._strategy(game.id) if len(actions) > 1 else None
        if strategy is None:
            return actions[int(self._random.random() * len(actions))]
        return strategy.choose(game, view, seat, actions)
