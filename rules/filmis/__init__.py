"""Filmis - Jönssonligan in Wall-Entuna (2-4 players): collect filmis cards from the cornflakes
factory and bank them in your nest before the raid. docs/filmis.md."""

from __future__ import annotations

from ..game import Game
from . import state, tail, turn
from .records import RECORDS

# Rules version 2: see rules/versions.py for what changed.
GAME = Game.from_modules("filmis", "Filmis", RECORDS, state, turn, tail, rules_version=2)
