"""The game registry: one manifest (`Entry`) per game, the only place outside a game's own folders
that names the games. Everything else (the title screen, the command line's help, plain mode,
simulate, the web page's title, the keymap, the bots' names, the screenshots) reads it.

An entry names each part of a game by its module path, one per layer (rules here, words in the
services, the presenter in the Textual app), so nothing is imported until a game is chosen and
the rules core never imports a layer above it. docs/adding-a-game.md says what a game holds."""

from __future__ import annotations

import importlib
import importlib.util
from functools import cache

# Neither typing nor dataclasses: `parlour --help` lists the games, and those two imports would
# make its start half again as long. (Type checkers read any name TYPE_CHECKING as true.)
TYPE_CHECKING = False
if TYPE_CHECKING:  # the title lists the games without loading any rules
    from typing import Any

    from .game import Game


class Entry:
    """One game's manifest: its parts by module path (imported when the game is chosen), how many
    may play (as its GAME says: the title shows it without importing the rules;
    tests/test_registry.py checks that the two agree), and what the fronts ask of a game beside
    its modules."""

    __slots__ = (
        "id",
        "rules",
        "words",
        "presenter",
        "players",
        "strategy",
        "expert",
        "bot_names",
        "keys",
        "catalogues",
        "styles",
        "chances_games",
    )

    def __init__(
        self,
        id: str,
        *,
        rules: str,
        words: str,
        presenter: str,
        players: tuple[int, int] = (2, 4),
        strategy: str | None = None,
        expert: bool = False,
        bot_names: tuple[str, ...] = (),
        keys: tuple[tuple[str, str], ...] = (),
        catalogues: str | None = None,
        styles: str | None = None,
        chances_games: int = 64,
    ):
        self.id = id
        self.rules = rules  # a module defining GAME (a rules.game.Game)
        self.words = words  # a module defining the game's parlour.services.words.base.Words subclass
        self.presenter = presenter  # a module defining its parlour.tui.games.Presenter subclass
        self.players = players  # the fewest and the most
        self.strategy = strategy  # the smart bot's "module:Class", built with the bot's generator
        self.expert = expert  # the menus offer the `expert` bot (where it beats `smart`: docs/bots.md)
        self.bot_names = bot_names  # the bots' names (a catalogue's `<id>.bot_names` may put its own)
        self.keys = keys  # the game's own key ids and keys, as its presenter binds them (plain mode names them)
        self.catalogues = catalogues  # a folder of <lang>/*.toml (None: its files in parlour/services/words/locale)
        self.styles = styles  # its table's stylesheet: a name in styles/, or a full path (None: none)
        self.chances_games = chances_games  # games the analysis plays on from each option (its chart: fewer)

    def __repr__(self) -> str:
        return f"Entry({self.id!r}, rules={self.rules!r})"


GAMES: dict[str, Entry] = {}
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


class UnknownGame(LookupError):
    def __init__(self, game_id: object):
        known = ", ".join(available())
        super().__init__(f"unknown game {game_id!r} (known: {known})")


@cache
def _available() -> tuple[str, ...]:
    # find_spec reads the file system: once per process is enough (games do not come and go)
    return tuple(gid for gid, entry in GAMES.items() if importable(entry.rules))


def importable(module: str) -> bool:
    """Whether `module` is there to import (without importing it)."""
    try:
        return importlib.util.find_spec(module) is not None
    except ModuleNotFoundError:  # its package is not there either
        return False


def available() -> list[str]:
    """Ids of the games whose rules are in (a listed game without its module is still coming)."""
    return list(_available())


def ids_listed() -> str:
    """The game ids as a command's help lists them: "garfield, filmis or smurf"."""
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
    game: Game[Any, Any] = importlib.import_module(GAMES[game_id].rules).GAME
    return game


def strategy(game_id: str) -> type | None:
    """The smart bot's strategy class for `game_id` (None for a game without one)."""
    found = GAMES.get(game_id)
    if found is None or found.strategy is None:
        return None
    module, name = found.strategy.split(":")
    cls: type = getattr(importlib.import_module(module), name)
    return cls


# The games, in the order the title screen shows them.
register(
    Entry(
        "garfield",
        rules="parlour.rules.garfield",
        words="parlour.services.words.garfield",
        presenter="parlour.tui.games.garfield",
        strategy="parlour.rules.bots.garfield_smart:GarfieldSmart",
        bot_names=("Odie", "Nermal", "Arlene", "Pooky"),
        styles="garfield.tcss",
        # at most: a point stops once its chances are known to ±3 points (playouts valued two rounds
        # on: parlour/services/playouts.py), most long before; a 60-turn game in about 16 s (README)
        chances_games=1200,
    )
)
register(
    Entry(
        "filmis",
        rules="parlour.rules.filmis",
        words="parlour.services.words.filmis",
        presenter="parlour.tui.games.filmis",
        strategy="parlour.rules.bots.filmis_smart:FilmisSmart",
        bot_names=("Rocky", "Sixten", "Loket", "Eva"),  # none shares a card's name
        keys=(("filmis_raid", "w"),),
        styles="filmis.tcss",
        chances_games=1200,  # at most, as Garfield's
    )
)
register(
    Entry(
        "smurf",
        rules="parlour.rules.smurf",
        words="parlour.services.words.smurf",
        presenter="parlour.tui.games.smurf",
        strategy="parlour.rules.bots.smurf_smart:SmurfSmart",
        expert=True,
        bot_names=("Papa Smurf", "Smurfette", "Brainy", "Hefty"),
        keys=(("smurf_wheel1", "w"), ("smurf_wheel2", "e")),
        chances_games=160,  # a game people play in 60 s on one core (README)
    )
)
