"""A fourth game kept outside Parlour: a tiny race (two dice, first to square 20, one hidden card,
one question) in this one folder, its own distribution (pyproject.toml). Parlour finds it, as it
finds its own three, through the entry point group `parlour.games`, which names ENTRY below.
tests/race/test_fourth_game.py installs it from outside the repository as `parlour_race` and
plays it through every front (docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path

from parlour.rules.entry import Entry

ENTRY = Entry(
    "race",
    rules=f"{__name__}.rules:GAME",  # each part as "module:NAME", in this package whatever its name
    words=f"{__name__}.words:RaceWords",
    presenter=f"{__name__}.table:RacePresenter",
    strategy=f"{__name__}.bots:RaceSmart",
    bot_names=("Dasher", "Dancer", "Comet", "Cupid"),
    keys=(("race_keep", "x"),),
    catalogues=str(Path(__file__).resolve().parent / "locale"),
    chances_games=8,
)
