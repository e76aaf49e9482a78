"""Properties checked after every event of many played games: the 32 discs are conserved, the
fold of the log is the live state, every record round-trips through the codec, and
legal_actions lists exactly what decide accepts. Plus save/load through rules.log."""

import json
import random

import pytest

from hypothesis import given, strategies as st

from rules import log
from rules.chance import Chance
from rules.codec import encode
from rules.game import decide
from rules.records import Rejected
from rules.smurf import GAME, board, wheels
from rules.smurf.records import GiveUp, Move, Roll, TurnWheel
from rules.smurf.state import State, evolve
from rules.table import Table
from tests.helpers import check_common, play_random, round_trips

NAMES = ("Ann", "Bob", "Cid", "Dot")

# every action the game knows, and some it does not allow at all
CANDIDATES = ([Roll()] + [TurnWheel(w) for w in (0, 1, 2, 3)]
              + [Move(d, food) for d in (1, -1, 0) for food in (None,) + board.KINDS]
              + [GiveUp(kind) for kind in board.KINDS])


def check_state(state: State) -> None:
    assert state.discs() == board.DISCS == 32
    assert all(0 <= n <= board.DISCS_PER_KIND for n in state.circles)
    assert all(n >= 0 for hand in state.held for n in hand)
    for seat, (square, inside) in enumerate(zip(state.positions, state.inside)):
        assert 0 <= square < board.SIZE
        assert not inside or square in board.FOOD_AT  # a pawn in a food area sits at its entry
    assert all(0 <= r < wheels.POSITIONS for r in state.wheels)


def state_from_json(data: dict) -> State:
    """The state back from the JSON the engine shows for a view (lists become tuples)."""
    def tuples(value):
        return tuple(map(tuples, value)) if isinstance(value, list) else value
    assert data["type"] == "State" and set(data) == {"type", *State._fields}
    return State(**{name: tuples(data[name]) for name in State._fields})


def check_exact_legality(state: State, seats) -> None:
    """decide accepts an action exactly when legal_actions lists it (and views agree)."""
    for seat in seats:
        legal = GAME.legal_actions(state, seat)
        assert GAME.legal_actions(GAME.view(state, seat), seat) == legal
        assert len(set(legal)) == len(legal)
        for action in CANDIDATES:
            try:
                decide(GAME, state, seat, action, Chance(1))
                accepted = True
            except Rejected:
                accepted = False
            assert accepted == (action in legal), (seat, action, legal)


@given(seed=st.integers(0, 2**31), players=st.integers(2, 4),
       choices=st.lists(st.integers(0, 2**16), min_size=1, max_size=150))
def test_invariants_after_every_event(seed, players, choices):
    table = Table.new("smurf", NAMES[:players], seed=seed)
    folded = GAME.initial(table.players, {})
    for event in table.events:
        folded = evolve(folded, event)
    for choice in choices:
        if table.result() is not None:
            break
        waiting = table.to_act()
        check_exact_legality(table.state, tuple(waiting) + ((waiting[0] + 1) % players,))
        seat = waiting[choice % len(waiting)]
        legal = table.legal_actions(seat)
        assert legal, "someone must always be able to act"
        for event in table.submit(seat, legal[(choice // 5) % len(legal)]):
            folded = evolve(folded, event)  # after every single event
            check_state(folded)
            assert round_trips(GAME, event), event
            assert GAME.redact(event, seat) == event
        assert folded == table.state
        check_common(table)  # log.fold of the whole log == live state; codec of actions
        assert state_from_json(json.loads(json.dumps(encode(table.state)))) == table.state
    assert log.loads(log.dumps(table.header, table.events)).state == table.state


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
    from rules.smurf.records import (DiscReturned, DiscTaken, Moved, MustGiveUp, TurnBegan,
                                     WentIn, WheelTurned, Won)
    state = Table.new("smurf", ["Ann", "Bob"], seed=1).state
    odd = [Moved(5, 3), Moved(0, 40), Moved(-1, 2), WentIn(0, "PEAR"), DiscTaken(3, "ACORN"),
           DiscReturned(0, "ACORN"), DiscTaken(0, "PEAR"), WheelTurned(3, 1), WheelTurned(1, 16),
           MustGiveUp(9), TurnBegan(4), Won(7)]
    for event in odd:
        assert evolve(state, event) == state, event
    empty = state
    for _ in range(9):
        empty = evolve(empty, DiscTaken(0, "ACORN"))
    assert empty.circles[0] == 0 and empty.held[0][0] == 8 and empty.discs() == 32
