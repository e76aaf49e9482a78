"""Garfield's manifest: its parts and what the fronts ask of it."""

import os

from parlour.rules.entry import Entry

ENTRY = Entry(
    "garfield",
    rules=f"{__name__}.rules:GAME",
    words=f"{__name__}.words:GarfieldWords",
    presenter=f"{__name__}.table:GarfieldPresenter",
    strategy=f"{__name__}.bots:GarfieldSmart",
    bot_names=("Odie", "Nermal", "Arlene", "Pooky"),
    catalogues=os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),  # locale/<lang>/garfield.toml
    styles=os.path.join(os.path.dirname(os.path.abspath(__file__)), "garfield.tcss"),
    # at most: a point stops once its chances are known to ±3 points (playouts valued two rounds
    # on: parlour/services/playouts.py), most long before; a 60-turn game in about 16 s (README)
    chances_games=1200,
    order=1,  # the title screen's first
    valuation=f"{__name__}.bots.valuation:VALUATION",
    worlds=f"{__name__}.bots.worlds:worlds",
)
