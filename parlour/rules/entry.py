"""A game's manifest, `Entry`: what the entry point group `parlour.games` names (the registry,
parlour/rules/registry.py, reads them). A module of its own, importing nothing, so that a game's
package can import it in its `__init__.py` without importing the registry, which imports every
installed game's manifest (that package's too, before its ENTRY is there)."""

from __future__ import annotations


class Entry:
    """One game's manifest: its parts as "module:NAME" (imported when the game is chosen), how many
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
        "order",
        "valuation",
        "worlds",
        "deviations",
        "search",
        "playout",
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
        order: int = 100,
        valuation: str | None = None,
        worlds: str | None = None,
        deviations: str | None = None,
        search: str | None = None,
        playout: str | None = None,
    ):
        self.id = id
        self.rules = rules  # "module:NAME" of its parlour.rules.game.Game
        self.words = words  # "module:NAME" of its parlour.services.words.base.Words subclass
        self.presenter = presenter  # "module:NAME" of its parlour.tui.games.Presenter subclass
        self.players = players  # the fewest and the most
        self.strategy = strategy  # "module:NAME" of the smart bot's class, built with the bot's generator
        self.expert = expert  # the menus offer the `expert` bot (where it beats `smart`: docs/bots.md)
        self.bot_names = bot_names  # the bots' names (a catalogue's `<id>.bot_names` may put its own)
        self.keys = keys  # the game's own key ids and keys, as its presenter binds them (plain mode names them)
        self.catalogues = catalogues  # a folder of <lang>/*.toml (None: its files in parlour/services/words/locale)
        self.styles = styles  # its table's stylesheet: a name in styles/, or a full path (None: none)
        self.chances_games = chances_games  # games the analysis plays on from each option (its chart: fewer)
        self.order = order  # where the title screen lists it: lower first, then by id
        # The hint's, the analysis's and the expert bot's parts, each optional (docs/bots.md):
        self.valuation = valuation  # "module:NAME" of its parlour.rules.bots.valuation.Valuation
        self.worlds = worlds  # "module:NAME" of (view, seat, rng) -> a whole state dealt from the view, or None
        self.deviations = deviations  # "module:NAME" of (view, seat) -> a dealt world's deviations (a control variate)
        self.search = search  # "module:NAME" of the expert's own search class, built with (rng, playouts or None)
        self.playout = playout  # "module:NAME" of (game, state, seed) -> each seat's value: the hint's playout

    def __repr__(self) -> str:
        return f"Entry({self.id!r}, rules={self.rules!r})"
