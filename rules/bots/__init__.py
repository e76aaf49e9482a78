"""Bots: players that choose an action from what their seat may see (a view, never the state)."""

from __future__ import annotations

from .. import registry
from .randombot import RandomBot
from .smart import SmartBot

LEVELS = {"random": RandomBot, "smart": SmartBot}  # the levels the menus and --seats offer


def _expert(seed=None):
    from .expert import ExpertBot  # imported when first asked for: the menus never load it

    return ExpertBot(seed)


# levels a caller may ask for by name but the menus offer only for some games (a registry entry's
# `expert`: where it beats `smart` clearly, docs/bots.md has the head-to-head figures)
UNLISTED = {"expert": _expert}


def searched(game_id: str | None) -> bool:
    """Whether the menus offer `expert` for the game."""
    entry = registry.GAMES.get(game_id) if game_id is not None else None
    return entry is not None and entry.expert


def levels(game_id: str | None = None) -> list[str]:
    """The levels the menus and --seats offer for a game: LEVELS, and `expert` where it is worth it."""
    return [*LEVELS, *(["expert"] if searched(game_id) else [])]


def known(level: str) -> bool:
    """Whether `make` builds this level (a save may name any of them)."""
    return level in LEVELS or level in UNLISTED


def make(level: str, seed: int | str | None = None):
    """A bot of the named level, with its own seeded generator."""
    factory = LEVELS.get(level) or UNLISTED.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return factory(seed)
