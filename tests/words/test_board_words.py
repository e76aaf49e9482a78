"""The board told in words (plain mode's `board`): every pawn, and the squares ahead of yours."""

from __future__ import annotations

import pytest

from parlour.rules.table import Table
from parlour.services.seats import SPECTATOR
from parlour.services.words.base import Words
from parlour.services.words.i18n import set_language

AHEAD = {
    "garfield": "Ahead of you: 1 plain space, 2 GARFIELD CHANGES HIS MIND, 3 THE NUMBER 7 BACKWARD",
    "filmis": "Ahead of you: ",
    "smurf": "Going forward: 1, 2, 3, 4, 5 (way into the Acorn area), 6.",
}


@pytest.mark.parametrize("game", sorted(AHEAD))
def test_every_pawn_and_what_lies_ahead(game):
    set_language("en")
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=1)
    words = Words.of(game)
    lines = words.board_lines(table.view(0), 0, table.players)
    text = "\n".join(lines)
    assert all(any(line.startswith(f"{name}") for line in lines) for name in table.players)
    if game == "smurf":
        assert "Going back: 39, 38, 37, 36 (CAT), 35, 34 (way into the Grape area)." in text
    assert AHEAD[game] in text
    watcher = "\n".join(words.board_lines(table.view(SPECTATOR), SPECTATOR, table.players))
    assert "Ahead of you" not in watcher and "Going forward" not in watcher  # a watcher has no pawn


def test_filmis_tells_each_nest_colour_and_the_cards_counted_not_named():
    set_language("en")
    table = Table.new("filmis", ["Ann", "Bob"], seed=1)
    lines = Words.of("filmis").board_lines(table.view(1), 1, table.players)
    assert lines[0].startswith("Ann (red nest): square 0") and lines[1].startswith("Bob (blue nest): square 12")
    assert "0 cards in hand, 0 at home" in lines[0] and "filmis left" in lines[-1]
