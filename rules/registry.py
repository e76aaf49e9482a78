"""The game registry: game id -> where its rules and its smart bot live, imported only when asked
for. (The presenters are a tui matter: tui keeps its own registry keyed by the same ids.)"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # the title lists the games without loading any rules
    from .game import Game


@dataclass(frozen=True, slots=True)
class Entry:
    """One game: the module whose `GAME` is its rules, the smart bot's strategy class, and how
    many may play (as its GAME says: the title shows it without importing every game's rules;
    tests/test_registry.py checks that the two agree)."""

    rules: str  # a module defining GAME
    strategy: str  # "module:Class", built with the bot's random generator
    players: tuple[int, int] = (2, 4)  # the fewest and the most


# Listed in the order the title screen shows them.
GAMES: dict[str, Entry] = {
    "garfield": Entry("parlour.rules.garfield", "parlour.rules.bots.garfield_smart:GarfieldSmart"),
    "filmis": Entry("parlour.rules.filmis", "parlour.rules.bots.filmis_smart:FilmisSmart"),
    "smurf": Entry("parlour.rules.smurf", "parlour.rules.bots.smurf_smart:SmurfSmart"),
}

MODULES = {game_id: entry.rules for game_id, entry in GAMES.items()}  # game id -> rules module


class UnknownGame(LookupError):
    def __init__(self, game_id: object):
        known = ", ".join(available())
        super().__init__(f"unknown game {game_id!r} (known: {known})")


@cache
def _available() -> tuple[str, ...]:
    # find_spec reads the file system: once per process is enough (games do not come and go)
    return tuple(gid for gid, entry in GAMES.items() if importlib.util.find_spec(entry.rules) is not None)


def available() -> list[str]:
    """Ids of the games whose rules are in (a listed game without its module is still coming)."""
    return list(_available())


def get(game_id: str) -> Game:
    """The Game for `game_id`; raises UnknownGame for anything else."""
    if not isinstance(game_id, str) or game_id not in _available():
        raise UnknownGame(game_id)
    game: Game = importlib.import_module(GAMES[game_id].rules).GAME
    return game


def strategy(game_id: str) -> type | None:
    """The smart bot's strategy class for `game_id` (None for a game without one)."""
    entry = GAMES.get(game_id)
    if entry is None:
        return None
    module, name = entry.strategy.split(":")
    found: type = getattr(importlib.import_module(module), name)
    return found
