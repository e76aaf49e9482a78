"""The Smurf Game (2-4 players): gather four different food baskets and come HOME by exact count,
while the cats on two wheels block the path. docs/smurf.md; the board layout is reconstructed."""

from __future__ import annotations

from ..game import Game
from . import state, tail, turn
from .records import RECORDS

GAME = Game.from_modules("smurf", "The Smurf Game", RECORDS, state, turn, tail)
