"""Filmis's manifest: its parts and what the fronts ask of it."""

from ..registry import Entry

ENTRY = Entry(
    "filmis",
    rules="parlour.rules.filmis:GAME",
    words="parlour.services.words.filmis:FilmisWords",
    presenter="parlour.tui.games.filmis:FilmisPresenter",
    strategy="parlour.rules.bots.filmis_smart:FilmisSmart",
    bot_names=("Rocky", "Sixten", "Loket", "Eva"),  # none shares a card's name
    keys=(("filmis_raid", "w"),),
    styles="filmis.tcss",
    chances_games=1200,  # at most, as Garfield's
    order=2,  # the title screen's second
)
