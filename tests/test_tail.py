"""Who is to act, read from a log's last events alone (rules/tail.py), agrees with the folded
state all through whole games of every game: swaps, questions, owed discs and the end."""

import pytest

from parlour.rules import registry
from parlour.rules.bots import make
from parlour.rules.records import TurnBegan
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver


@pytest.mark.parametrize("game_id", ["garfield", "filmis", "smurf"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_last_events_tell_who_acts_as_the_fold_does(game_id, players):
    game = registry.get(game_id)
    told_by_kind = set()
    for seed in range(4 if game_id != "smurf" else 1):
        names = ["Ann", "Bob", "Cid", "Dee"][:players]
        table = Table.new(game_id, names, seed=seed)
        TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots()
        assert table.result() is not None
        state, began = game.initial(table.players, {}), None
        for i, event in enumerate(table.events):
            state = game.evolve(state, event)
            began = i if isinstance(event, TurnBegan) else began
            expected = game.to_act(state)
            for start in (i, i - 1, i - 3, began):  # the last events, from various starts
                if start is None or start < 0:
                    continue
                told = game.to_act_after(table.events[start : i + 1])
                assert told is None or told == expected, (i, start, told, expected)
                if start == began:
                    assert told == expected  # from a turn's beginning on they always tell
                    told_by_kind.add(len(expected) if expected != (None,) else None)
        assert game.to_act_after(table.events) == ()  # the game is over
    assert 1 in told_by_kind  # (and the end, just above)
