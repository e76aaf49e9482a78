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
    # enough for a margin of about 10 points, quick enough for a 60-turn game in 20 s (README)
    chances_games=200,
    order=1,  # the title screen's first
)
