"""Bots: players that choose an action from what their seat may see (a view, never the state)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeGuard, runtime_checkable

from .. import registry
from ..game import Game, State, View
from ..records import Action
from .randombot import RandomBot
from .smart import SmartBot


class Bot(Protocol):
    """What every level is: it chooses an action for a seat from that seat's view (a game's
    state, as `game.view` gives it; a playout, which plays a world dealt from a view or a state
    nobody sees, hands it the state), for any game (`choose` is generic in the game's types)."""

    level: str

    def choose(self, game: Game[State, View], view: State | View, seat: int) -> Action: ...


# The capabilities a bot may have beside `choose`, each a Protocol of methods only: whether a bot
# has one is asked of its class (`issubclass(type(bot), ...)`), which Python answers once per class
# and then from its cache (about 0.1 µs; `isinstance` on a Protocol looks at every member each time,
# about 10 µs, and the table asks before every move a bot makes).


@runtime_checkable
class Picks(Protocol):
    """A bot that chooses among the seat's legal actions alone (the random bot): the table gives
    it those, and builds no view for it."""

    def pick(self, actions: list[Action]) -> Action: ...


class Picker(Bot, Picks, Protocol):
    """A bot that picks (see `Picks`)."""


def is_picker(bot: Bot) -> TypeGuard[Picker]:
    """Whether `bot` picks among the legal actions alone."""
    return issubclass(type(bot), Picks)


@runtime_checkable
class Notes(Protocol):
    """A bot with something to say for the log now and then (a program of your own that failed
    and was replaced: parlour/services/outside_bot.py): the table takes it after each of its moves."""

    def take_note(self) -> str | None:
        """The line to add to the log, once (None: nothing to say)."""
        ...


def notes(bot: Bot) -> TypeGuard[Notes]:
    return issubclass(type(bot), Notes)


@runtime_checkable
class Closes(Protocol):
    """A bot that holds something to let go of when its game is over or left (a program of your
    own, which is stopped then)."""

    def close(self) -> None: ...


def closes(bot: Bot) -> TypeGuard[Closes]:
    return issubclass(type(bot), Closes)


Seed = int | str | None
# the levels the menus and --seats offer
LEVELS: dict[str, Callable[[Seed], Bot]] = {"random": RandomBot, "smart": SmartBot}


def _expert(seed: Seed = None) -> Bot:
    from .expert import ExpertBot  # imported when first asked for: the menus never load it

    return ExpertBot(seed)


# levels a caller may ask for by name but the menus offer only for some games (a registry entry's
# `expert`: where it beats `smart` clearly, docs/bots.md has the head-to-head figures)
UNLISTED: dict[str, Callable[[Seed], Bot]] = {"expert": _expert}


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


def make(level: str, seed: Seed = None) -> Bot:
    """A bot of the named level, with its own seeded generator."""
    factory = LEVELS.get(level) or UNLISTED.get(level)
    if factory is None:
        raise ValueError(f"unknown bot level {level!r} (known: {', '.join(LEVELS)})")
    return factory(seed)
