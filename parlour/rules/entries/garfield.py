"""Garfield's manifest: its parts and what the fronts ask of it."""

from ..registry import Entry

ENTRY = Entry(
    "garfield",
    rules="parlour.rules.garfield:GAME",
    words="parlour.services.words.garfield:GarfieldWords",
    presenter="parlour.tui.games.garfield:GarfieldPresenter",
    strategy="parlour.rules.bots.garfield_smart:GarfieldSmart",
    bot_names=("Odie", "Nermal", "Arlene", "Pooky"),
    styles="garfield.tcss",
    # at most: a point stops once its chances are known to ±3 points (playouts valued two rounds
    # on: parlour/services/playouts.py), most long before; a 60-turn game in about 16 s (README)
    chances_games=1200,
    order=1,  # the title screen's first
)
