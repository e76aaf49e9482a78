"""A game that folds in place (rules/game.py `InPlace`) folds a whole log at once with
`evolve.fold` (loads and replays, rules/log.py `fold_events`): the same state as event by event."""

from __future__ import annotations

import pytest

from parlour.rules import registry
from parlour.rules.bots import make
from parlour.rules.log import fold_events
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver


@pytest.mark.parametrize("game_id", ["garfield", "filmis", "smurf"])
@pytest.mark.parametrize("seed", [3, 8])
def test_folding_a_whole_log_gives_the_state_event_by_event(game_id, seed):
    table = Table.new(game_id, ["Ann", "Bob", "Cid"], seed=seed)
    TableDriver(table, {s: make("random", f"{seed}/{s}") for s in range(3)}).play_bots()
    game = registry.get(game_id)
    start = game.initial(["Ann", "Bob", "Cid"], {})
    one_by_one = start
    for event in table.events:
        one_by_one = game.evolve(one_by_one, event)
    assert one_by_one == table.state
    assert fold_events(game, start, table.events) == table.state
    half = len(table.events) // 2  # from a state in the middle, as a load folds before its tail
    middle = fold_events(game, start, table.events[:half])
    assert fold_events(game, middle, table.events[half:]) == table.state
    if game_id != "filmis":  # Garfield and the Smurf game fold in place
        assert game.evolve.fold(start, table.events) == table.state
