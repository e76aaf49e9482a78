"""The race's smart bot: it plays its card on the roll that reaches square 20 with it, and keeps it
until then (played early, the card only moves a pawn that would get there later anyway)."""

from __future__ import annotations

import random
from typing import Any

from parlour.rules.game import Game
from parlour.rules.records import Action

from .rules import GOAL, PlayCard


class RaceSmart:
    def __init__(self, rng: random.Random):
        self.rng = rng  # (the smart level's generator: this bot has no chance of its own)

    def choose(self, game: Game, view: Any, seat: int, actions: list[Action]) -> Action:
        card = view.cards[seat]
        wins = card is not None and view.positions[seat] + sum(view.dice) + int(card) >= GOAL
        return PlayCard(wins) if PlayCard(wins) in actions else actions[0]
