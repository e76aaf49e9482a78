"""Save/load through rules.log, a whole game to the win, and evolve on events that do not fit
(the invariants after every event of Hypothesis-drawn games are checked by the shared state
machine, parlour/games/smurf/tests/test_machine.py)."""

import random

import pytest

from parlour.rules import log
from parlour.rules.table import Table
from tests.helpers import play_random

from ..rules import GAME, board
from ..rules.records import Move, Roll
from ..rules.state import evolve
from .test_machine import check_state


def test_save_and_load_round_trip_and_resume():
    table = Table.new("smurf", ["Ann", "Bob", "Cid"], seed=7)
    play_random(table, random.Random(7), max_actions=400)
    text = log.dumps(table.header, table.events)
    loaded = log.loads(text)
    assert loaded.warnings == [] and loaded.events == table.events and loaded.state == table.state
    # the loaded game goes on, and its log loads again
    resumed = Table.resume(loaded)
    play_random(resumed, random.Random(8), max_actions=100)
    again = log.loads(log.dumps(resumed.header, resumed.events))
    assert again.state == resumed.state and len(resumed.events) > len(table.events)


def test_a_finished_game_loads_with_its_result():
    table = Table.new("smurf", ["Ann", "Bob"], seed=3)
    play_random(table, random.Random(3))
    result = table.result()
    assert result is not None
    folded = GAME.initial(table.players, {})
    for event in table.events:  # every event of a whole game, up to the win
        folded = evolve(folded, event)
        check_state(folded)
    assert folded == table.state
    loaded = log.loads(log.dumps(table.header, table.events))
    assert GAME.result(loaded.state) == result
    winner = result.winners[0]
    assert loaded.state.positions[winner] == board.HOME
    assert len(loaded.state.kinds_held(winner)) == 4


def test_a_rigged_game_saves_its_rig_and_loads():
    from tests.helpers import rigged

    table = rigged("smurf", dice=[6, 1, 5, 6])
    table.submit(0, Roll())
    table.submit(1, Roll())
    table.submit(1, Move(1, "ACORN"))
    loaded = log.loads(log.dumps(table.header, table.events))
    assert loaded.header.rigged and loaded.state == table.state


def test_a_log_with_a_changed_die_is_refused():
    table = Table.new("smurf", ["Ann", "Bob"], seed=11)
    play_random(table, random.Random(11), max_actions=60)
    lines = log.dumps(table.header, table.events).splitlines(keepends=True)
    # find a turn's die roll (after the opening) and change its face
    for i, line in enumerate(lines[1:], 1):
        if '"DiceRolled"' in line and i > 4:
            face = int(line.split('"dice":[')[1][0])
            lines[i] = line.replace(f'"dice":[{face}]', f'"dice":[{face % 6 + 1}]')
            break
    else:
        raise AssertionError("no die roll found")
    with pytest.raises(log.LogError, match="does not follow from the rules"):
        log.loads("".join(lines))


def test_evolve_never_raises_on_events_that_do_not_fit():
    from ..rules.records import (
        DirectionAsked,
        DiscReturned,
        DiscTaken,
        Moved,
        MustGiveUp,
        TurnBegan,
        WentIn,
        WheelTurned,
        Won,
    )

    state = Table.new("smurf", ["Ann", "Bob"], seed=1).state
    odd = [
        Moved(5, 3),
        Moved(0, 40),
        Moved(-1, 2),
        WentIn(0, "PEAR"),
        DiscTaken(3, "ACORN"),
        DiscReturned(0, "ACORN"),
        DiscTaken(0, "PEAR"),
        WheelTurned(3, 1),
        WheelTurned(1, 16),
        MustGiveUp(9),
        TurnBegan(4),
        Won(7),
        DirectionAsked(0, 9),
        DirectionAsked(0, 0),
        DirectionAsked(0, -3),
        DirectionAsked(0, "6"),
    ]
    for event in odd:
        assert evolve(state, event) == state, event
    empty = state
    for _ in range(9):
        empty = evolve(empty, DiscTaken(0, "ACORN"))
    assert empty.circles[0] == 0 and empty.held[0][0] == 8 and empty.discs() == 32
