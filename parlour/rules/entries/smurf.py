"""The Smurf Game's manifest: its parts and what the fronts ask of it."""

from ..registry import Entry

ENTRY = Entry(
    "smurf",
    rules="parlour.rules.smurf:GAME",
    words="parlour.services.words.smurf:SmurfWords",
    presenter="parlour.tui.games.smurf:SmurfPresenter",
    strategy="parlour.rules.bots.smurf_smart:SmurfSmart",
    expert=True,
    bot_names=("Papa Smurf", "Smurfette", "Brainy", "Hefty"),
    keys=(("smurf_wheel1", "w"), ("smurf_wheel2", "e")),
    chances_games=160,  # a game people play in 60 s on one core (README)
    order=3,  # the title screen's third
)
