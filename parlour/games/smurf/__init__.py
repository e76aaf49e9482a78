"""The Smurf Game's manifest: its parts and what the fronts ask of it."""

import os

from parlour.rules.entry import Entry

ENTRY = Entry(
    "smurf",
    rules=f"{__name__}.rules:GAME",
    words=f"{__name__}.words:SmurfWords",
    presenter=f"{__name__}.table:SmurfPresenter",
    strategy=f"{__name__}.bots.smart:SmurfSmart",
    expert=True,
    bot_names=("Papa Smurf", "Smurfette", "Brainy", "Hefty"),
    keys=(("smurf_wheel1", "w"), ("smurf_wheel2", "e")),
    catalogues=os.path.join(os.path.dirname(os.path.abspath(__file__)), "locale"),  # locale/<lang>/smurf.toml
    chances_games=160,  # a game people play in 60 s on one core (README)
    order=3,  # the title screen's third
    search=f"{__name__}.bots.search:SmurfSearch",
    playout=f"{__name__}.bots.search:playout",
)
