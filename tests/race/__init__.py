"""A fourth game that lives in the tests: a tiny race (two dice, first to square 20, one hidden
card, one question), added as this one folder and one registration: `registry.register(ENTRY)`
(tests/race/test_fourth_game.py does it for each test, and takes it back after). It proves that
the fronts read the registry (docs/adding-a-game.md)."""

from __future__ import annotations

from pathlib import Path

from parlour.rules.registry import Entry

ENTRY = Entry(
    "race",
    rules="tests.race.rules",
    words="tests.race.words",
    presenter="tests.race.table",
    bot_names=("Dasher", "Dancer", "Comet", "Cupid"),
    keys=(("race_keep", "x"),),
    catalogues=str(Path(__file__).resolve().parent / "locale"),
    chances_games=8,
)
