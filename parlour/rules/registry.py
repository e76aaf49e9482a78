"""The game registry: one manifest (`Entry`) per game, found through the entry point group
`parlour.games` of the installed distributions (parlour's own three games are found the same way:
pyproject.toml names them). Everything else (the title screen, the command line's help, plain
mode, simulate, the web page's title, the keymap, the bots' names, the screenshots) reads it.

An entry names each part of a game as "module:NAME", as an entry point names its object, so
nothing is imported until a game is chosen and the rules core never imports a layer above it.
docs/adding-a-game.md says what a game holds and how it is installed."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from functools import cache

from .entry import Entry as Entry  # (parlour/rules/entry.py: a game's __init__.py imports it there)

# Neither typing nor dataclasses: `parlour --help` lists the games, and those two imports would
# make its start half again as long. (Type checkers read any name TYPE_CHECKING as true.)
TYPE_CHECKING = False
if TYPE_CHECKING:  # the title lists the games without loading any rules
    from typing import Any

    from .game import Game


GROUP = "parlour.games"  # the entry point group: `<id> = "module:NAME"` of the game's Entry
GAMES: dict[str, Entry] = {}
SKIPPED: dict[str, str] = {}  # an installed game that could not be read: its id and why
# The folders of the games' own catalogues kept outside parlour/services/words/locale (read for every
# text looked up: kept here as a tuple, made anew when a game comes or goes).
CATALOGUES: tuple[str, ...] = ()


def register(entry: Entry) -> None:
    """Add a game (or put a new entry in place of one with the same id)."""
    GAMES[entry.id] = entry
    _changed()


def unregister(game_id: str) -> None:
    """Take a game out again (a test's game, once its test is done)."""
    GAMES.pop(game_id, None)
    _changed()


def _changed() -> None:
    global CATALOGUES
    CATALOGUES = tuple(e.catalogues for e in GAMES.values() if e.catalogues is not None)
    _available.cache_clear()
    part.cache_clear()


class UnknownGame(LookupError):
    def __init__(self, game_id: object):
        known = ", ".join(available())
        why = f"; installed but not read: {SKIPPED[game_id]}" if isinstance(game_id, str) and game_id in SKIPPED else ""
        if not GAMES:  # metadata from before the entry points (an install older than its pyproject.toml)
            why += f"; no game is installed: install Parlour again (pip install -e .) to read its {GROUP} entry points"
        super().__init__(f"unknown game {game_id!r} (known: {known}){why}")


def load(target: str) -> Any:
    """The object a "module:NAME" names (importing its module)."""
    module, _, name = target.partition(":")
    return getattr(importlib.import_module(module), name)


def installed() -> list[tuple[str, str, str]]:
    """(distribution, id, "module:NAME") of each entry point in GROUP, of the first distribution of
    each name on sys.path, as importlib.metadata.entry_points(group=GROUP) finds them. Read here
    without importlib.metadata: importing it more than doubled the start of `parlour --help`."""
    found, seen = [], set()
    for folder in sys.path:
        try:
            names = sorted(os.listdir(folder or "."))
        except OSError:  # a zip, or a folder that is not there
            continue
        for name in names:
            if not name.endswith((".dist-info", ".egg-info")):
                continue
            dist = name.rsplit(".", 1)[0].split("-")[0].lower().replace(".", "_")  # "a.b-1.0.dist-info": a_b
            if dist in seen:
                continue
            seen.add(dist)
            try:
                with open(os.path.join(folder or ".", name, "entry_points.txt"), encoding="utf-8") as text:
                    lines = text.read().splitlines()
            except OSError:  # a distribution without entry points
                continue
            section = None
            for line in lines:
                line = line.strip()
                if line.startswith("["):
                    section = line.strip("[]").strip()
                elif section == GROUP and "=" in line:
                    game_id, target = (part.strip() for part in line.split("=", 1))
                    found.append((dist, game_id, target.split("[")[0].strip()))
    return found


def discover() -> None:
    """Register every installed game, in its entries' `order`, then by id. One that cannot be read
    is left out, and SKIPPED says why."""
    found: list[Entry] = []
    for dist, game_id, target in installed():
        try:
            entry = load(target)
        except Exception as error:  # an outside package's fault must not stop Parlour from starting
            SKIPPED[game_id] = f"{dist}: {target}: {type(error).__name__}: {error}"
            continue
        if not isinstance(entry, Entry) or entry.id != game_id:
            SKIPPED[game_id] = f"{dist}: {target} is not the Entry of {game_id!r}"
            continue
        SKIPPED.pop(game_id, None)
        found.append(entry)
    for entry in sorted(found, key=lambda entry: (entry.order, entry.id)):
        register(entry)


@cache
def _available() -> tuple[str, ...]:
    # find_spec reads the file system: once per process is enough (games do not come and go)
    return tuple(gid for gid, entry in GAMES.items() if importable(entry.rules))


def importable(target: str) -> bool:
    """Whether the module of a "module:NAME" (or a module) is there to import (without importing it)."""
    try:
        return importlib.util.find_spec(target.partition(":")[0]) is not None
    except ModuleNotFoundError:  # its package is not there either
        return False


def available() -> list[str]:
    """Ids of the games whose rules are in (a listed game without its module is still coming)."""
    return list(_available())


def ids_listed() -> str:
    """The game ids as a command's help lists them: "a, b or c"."""
    ids = list(GAMES)
    return ids[-1] if len(ids) < 2 else f"{', '.join(ids[:-1])} or {ids[-1]}"


def entry(game_id: str) -> Entry:
    """The manifest of `game_id`; raises UnknownGame for anything else."""
    found = GAMES.get(game_id) if isinstance(game_id, str) else None
    if found is None:
        raise UnknownGame(game_id)
    return found


def get(game_id: str) -> Game[Any, Any]:
    """The Game for `game_id`; raises UnknownGame for anything else."""
    if not isinstance(game_id, str) or game_id not in _available():
        raise UnknownGame(game_id)
    game: Game[Any, Any] = load(GAMES[game_id].rules)
    return game


@cache
def part(game_id: str, name: str) -> Any:
    """A game's optional part its Entry names in the field `name` ("valuation", "worlds",
    "deviations", "search", "playout"), loaded; None for a game that gives none. Kept once loaded:
    the playouts ask for it in every playout."""
    found = GAMES.get(game_id)
    target = getattr(found, name) if found is not None else None
    return load(target) if target is not None else None


def strategy(game_id: str) -> type | None:
    """The smart bot's strategy class for `game_id` (None for a game without one)."""
    found = GAMES.get(game_id)
    if found is None or found.strategy is None:
        return None
    cls: type = load(found.strategy)
    return cls


discover()
