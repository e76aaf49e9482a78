"""A spectator's seat (-1: a seat no player has) sees no hand and no home pile: a negative seat
must not pick the last player's cards by Python's indexing."""

from __future__ import annotations

import pytest

from parlour.rules.bots import make
from parlour.rules.records import HIDDEN
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver


@pytest.mark.parametrize("game, piles", [("garfield", ("hands",)), ("filmis", ("hands", "homes"))])
def test_a_spectator_sees_no_card_of_any_player(game, piles):
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=1)
    driver = TableDriver(table, {seat: make("random", seat) for seat in range(3)})
    held = set()  # the piles the last seat was seen holding cards in
    while driver.step_bot() is not None and table.result() is None:
        seen = table.view(-1)
        for name in piles:
            if getattr(table.state, name)[-1]:
                held.add(name)
            assert all(set(pile) <= {HIDDEN} for pile in getattr(seen, name)), name
    assert held == set(piles)
