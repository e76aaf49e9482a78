"""The game registry: game id -> the module that defines it, imported only when asked for."""

from __future__ import annotations

import importlib
import importlib.util

from .game import Game

# Listed in the order the title screen shows them.
MODULES = {
    "garfield": "rules.garfield",
    "filmis": "rules.filmis",
    "smurf": "rules.smurf",
}


class UnknownGame(LookupError):
    def __init__(self, game_id: object):
        known = ", ".join(available())
        super().__init__(f"unknown game {game_id!r} (known: {known})")


def available() -> list[str]:
    """Ids of the games whose rules are in (a listed game without its module is still coming)."""
    return [gid for gid, module in MODULES.items() if importlib.util.find_spec(module) is not None]


def get(game_id: str) -> Game:
    """The Game for `game_id`; raises UnknownGame for anything else."""
    if not isinstance(game_id, str) or game_id not in MODULES or game_id not in available():
        raise UnknownGame(game_id)
    return importlib.import_module(MODULES[game_id]).GAME
