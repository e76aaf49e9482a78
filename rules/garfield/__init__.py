"""Garfield (2-4 players): race three laps around Garfield; the third ring wins. docs/garfield.md."""

from __future__ import annotations

from ..game import Game
from . import state, tail, turn
from .records import RECORDS

# Rules version 2: see rules/versions.py for what changed.
GAME = Game.from_modules("garfield", "Garfield", RECORDS, state, turn, tail, rules_version=2)
