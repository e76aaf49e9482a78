"""Bots: players that choose an action from what their seat may see (a view, never the state)."""

from __future__ import annotations

from .randombot import RandomBot
from .smart import SmartBot

LEVELS = {"random": RandomBot, "smart": SmartBot}


def make(level: str, seed: int | str | None = None):
    """A bot of the named level, with its own seeded generator."""
    try:
        return LEVELS[level](seed)
    except KeyError:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})") from None
