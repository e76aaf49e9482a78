"""Filmis's manifest: its parts and what the fronts ask of it."""

import os

from parlour.rules.entry import Entry

ENTRY = Entry(
    "filmis",
    rules=f"{__name__}.rules:GAME",
    words=f"{__name__}.words:FilmisWords",
    presenter=f"{__name__}.table:FilmisPresenter",
    strategy=f"{__name__}.bots:FilmisSmart",
    bot_names=("Rocky", "Sixten", "Loket", "Eva"),  # none shares a card's name
    keys=(("filmis_raid", "w"),),
    catalogues=os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),  # locale/<lang>/filmis.toml
    styles=os.path.join(os.path.dirname(os.path.abspath(__file__)), "filmis.tcss"),
    chances_games=1200,  # at most, as Garfield's
    order=2,  # the title screen's second
    valuation=f"{__name__}.bots.valuation:VALUATION",
    worlds=f"{__name__}.bots.worlds:worlds",
    deviations=f"{__name__}.bots.worlds:deviations",
)
