"""Each game's look: a presenter module per game, found by game id, imported when needed."""

from __future__ import annotations

import importlib

PRESENTERS = {"garfield": "tui.games.garfield"}


def presenter(game_id: str):
    return importlib.import_module(PRESENTERS[game_id])


def playable() -> list[str]:
    """Games whose rules are in and whose table the app can show."""
    from rules import registry

    return [g for g in registry.available() if g in PRESENTERS]
