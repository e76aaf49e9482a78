"""Rolling and moving: the direction choice, cats blocking, food areas (parlour/games/smurf/README.md)."""

import pytest

from parlour.rules.records import DiceRolled, Rejected

from ..rules import GAME
from ..rules.board import ACORN, APPLE, GRAPE, STRAWBERRY
from ..rules.records import (
    DirectionAsked,
    DiscTaken,
    Move,
    Moved,
    Roll,
    Stayed,
    TurnBegan,
    TurnEnded,
    TurnWheel,
    WentIn,
)
from .scene import act, counts, scene

FWD, BACK = 1, -1


def test_a_cat_blocks_one_direction_and_not_the_other():
    # wheel 1 at 0 shows a cat on 8 only: from 10 a roll of 3 cannot go back past it
    state = scene(positions=(10, 0))
    events, after = act(state, 0, Roll(), dice=[3])
    assert events == [DiceRolled(0, (3,)), Moved(0, 13), TurnEnded(0), TurnBegan(1)]
    assert after.positions == (13, 0)


def test_with_the_cat_gone_both_directions_are_offered():
    state = scene(positions=(10, 0), wheels=(1, 0))  # wheel 1 at 1: the cat is on 16, not 8
    events, after = act(state, 0, Roll(), dice=[3])
    assert events == [DiceRolled(0, (3,)), DirectionAsked(0, 3)]
    assert GAME.legal_actions(after, 0) == [Move(FWD), Move(BACK)]
    assert GAME.legal_actions(after, 1) == []
    events, after = act(after, 0, Move(BACK))
    assert events == [Moved(0, 7), TurnEnded(0), TurnBegan(1)]


def test_a_cat_blocks_landing_as_well_as_passing():
    state = scene(positions=(10, 0))  # cat on 8
    _, land = act(state, 0, Roll(), dice=[2])  # back 2 lands on 8; forward to 12 is free
    assert land.positions[0] == 12
    _, pass_ = act(state, 0, Roll(), dice=[4])  # back 4 passes 8; forward to 14 = Strawberry entry
    assert pass_.positions[0] == 14 and pass_.inside[0]


def test_both_directions_blocked_the_pawn_stays():
    # wheel 1 at 2 shows cats on 8, 10, 12, 18; the pawn stands under the cat on 10
    state = scene(positions=(10, 0), wheels=(2, 0))
    events, after = act(state, 0, Roll(), dice=[2])
    assert events == [DiceRolled(0, (2,)), Stayed(0, 2), TurnEnded(0), TurnBegan(1)]
    assert after.positions == (10, 0) and after.turn == 1


def test_a_pawn_under_a_cat_may_leave_either_way():
    state = scene(positions=(10, 0), wheels=(2, 0))
    _, after = act(state, 0, Roll(), dice=[1])
    assert GAME.legal_actions(after, 0) == [Move(FWD), Move(BACK)]


def test_blocked_in_a_food_area_the_pawn_stays_inside():
    # in the Strawberry area (entry 14); wheel 1 at 13: cats on 8, 10, 12, 16
    state = scene(positions=(14, 0), inside=(True, False), held=(counts(STRAWBERRY), counts()), wheels=(13, 0))
    events, after = act(state, 0, Roll(), dice=[3])  # 14,15,16 and 14,13,12 both meet a cat
    assert events[1] == Stayed(0, 3)
    assert after.positions[0] == 14 and after.inside[0]


def test_entering_a_food_area_without_exact_count():
    state = scene(positions=(2, 0))
    events, after = act(state, 0, Roll(), dice=[5])
    assert events == [DiceRolled(0, (5,)), DirectionAsked(0, 5)]
    # forward: stop at the Acorn entry (5) on the way, or the full count to 7; back: to 37
    assert GAME.legal_actions(after, 0) == [Move(FWD, ACORN), Move(FWD), Move(BACK)]
    events, after = act(after, 0, Move(FWD, ACORN))
    assert events == [Moved(0, 5), WentIn(0, ACORN), DiscTaken(0, ACORN), TurnEnded(0), TurnBegan(1)]
    assert after.positions[0] == 5 and after.inside[0]
    assert after.held[0] == counts(ACORN) and after.circles == (7, 8, 8, 8)


def test_passing_a_food_area_without_stopping_is_allowed():
    state = scene(positions=(2, 0))
    _, after = act(state, 0, Roll(), dice=[5])
    events, after = act(after, 0, Move(FWD))
    assert events[0] == Moved(0, 7) and not after.inside[0] and after.held[0] == counts()


def test_landing_on_an_entry_goes_into_the_food_area():
    state = scene(positions=(2, 0))
    _, after = act(state, 0, Roll(), dice=[3])
    assert GAME.legal_actions(after, 0) == [Move(FWD, ACORN), Move(BACK)]
    events, after = act(after, 0, Move(FWD, ACORN))
    assert events[:3] == [Moved(0, 5), WentIn(0, ACORN), DiscTaken(0, ACORN)]


def test_a_cat_beyond_the_entry_does_not_stop_the_pawn_going_in():
    # wheel 1 at 1: a cat on 16. From 11 a 6 forward would meet it at 16, but the pawn may stop
    # at the Strawberry entry (14) first; backward a 6 lands on the Acorn entry (5).
    state = scene(positions=(11, 0), wheels=(1, 0))
    _, after = act(state, 0, Roll(), dice=[6])
    assert GAME.legal_actions(after, 0) == [Move(FWD, STRAWBERRY), Move(BACK, ACORN)]
    with pytest.raises(Rejected):
        act(after, 0, Move(FWD))


def test_a_cat_before_the_entry_blocks_going_in():
    state = scene(positions=(9, 0))  # cat on 8, between the pawn and the Acorn entry
    _, after = act(state, 0, Roll(), dice=[4])  # back: 8 blocked; forward: 10..13 free
    assert after.positions[0] == 13 and not after.inside[0]


def test_an_empty_food_circle_gives_nothing():
    state = scene(positions=(2, 0), held=(counts(), counts(*[ACORN] * 8)))
    assert state.circles[0] == 0
    _, after = act(state, 0, Roll(), dice=[3])
    events, after = act(after, 0, Move(FWD, ACORN))
    assert events == [Moved(0, 5), WentIn(0, ACORN), TurnEnded(0), TurnBegan(1)]
    assert after.inside[0] and after.held[0] == counts() and after.circles[0] == 0


def test_leaving_a_food_area_the_first_step_is_onto_the_entry():
    state = scene(positions=(5, 0), inside=(True, False), held=(counts(ACORN), counts()))
    _, after = act(state, 0, Roll(), dice=[3])  # 5,6,7 forward or 5,4,3 back
    assert GAME.legal_actions(after, 0) == [Move(FWD), Move(BACK)]
    events, after = act(after, 0, Move(FWD))
    assert events == [Moved(0, 7), TurnEnded(0), TurnBegan(1)]
    assert after.positions[0] == 7 and not after.inside[0] and after.held[0] == counts(ACORN)


def test_leaving_a_food_area_cats_still_block():
    state = scene(positions=(5, 0), inside=(True, False))
    events, after = act(state, 0, Roll(), dice=[4])  # forward 5,6,7,8: the cat on 8
    assert events[1:] == [Moved(0, 2), TurnEnded(0), TurnBegan(1)]
    assert not after.inside[0]


def test_leaving_with_a_one_the_pawn_stands_on_the_entry_outside():
    # both ways end on the entry square: one choice, so no question; no re-entry this turn
    state = scene(positions=(5, 0), inside=(True, False), held=(counts(ACORN), counts()))
    events, after = act(state, 0, Roll(), dice=[1])
    assert events == [DiceRolled(0, (1,)), Moved(0, 5), TurnEnded(0), TurnBegan(1)]
    assert after.positions[0] == 5 and not after.inside[0] and after.held[0] == counts(ACORN)


def test_coming_back_into_the_same_food_area_on_a_later_turn():
    state = scene(positions=(5, 0), inside=(True, False), held=(counts(ACORN), counts()))
    _, after = act(state, 0, Roll(), dice=[2])  # leave to 6 (or 4)
    _, after = act(after, 0, Move(FWD))
    _, after = act(after, 1, TurnWheel(1))  # wheel 1 to 1: the cat leaves 8
    _, after = act(after, 0, Roll(), dice=[1])  # from 6: back 1 is the Acorn entry
    assert GAME.legal_actions(after, 0) == [Move(FWD), Move(BACK, ACORN)]
    _, after = act(after, 0, Move(BACK, ACORN))
    assert after.inside[0] and after.held[0] == counts(ACORN, ACORN)


def test_a_pawn_in_a_food_area_may_turn_a_wheel_and_stay():
    state = scene(positions=(25, 0), inside=(True, False), held=(counts(APPLE), counts()))
    events, after = act(state, 0, TurnWheel(2))
    assert after.positions[0] == 25 and after.inside[0] and after.held == state.held


def test_moving_round_past_home_wraps_the_loop():
    state = scene(positions=(38, 0), wheels=(0, 1))  # wheel 2 at 1: 36 and 38 free
    _, after = act(state, 0, Roll(), dice=[6])
    # forward 39, 0 (HOME), 1..4; back 37..32, with the Grape entry (34) on the way
    assert GAME.legal_actions(after, 0) == [Move(FWD), Move(BACK, GRAPE), Move(BACK)]
    events, after = act(after, 0, Move(FWD))
    assert events[0] == Moved(0, 4)


def test_move_before_rolling_and_bad_wheels_are_refused():
    state = scene()
    for action in (Move(FWD), TurnWheel(0), TurnWheel(3)):
        with pytest.raises(Rejected):
            act(state, 0, action)
    with pytest.raises(Rejected, match="not your turn"):
        act(state, 1, Roll(), dice=[1])
    _, asked = act(scene(positions=(2, 0)), 0, Roll(), dice=[5])
    with pytest.raises(Rejected, match="choose a direction"):
        act(asked, 0, Roll())


def test_a_refused_move_says_why():
    _, asked = act(scene(positions=(11, 0), wheels=(1, 0)), 0, Roll(), dice=[6])
    with pytest.raises(Rejected, match="the cat on square 16 blocks the way forward"):
        act(asked, 0, Move(FWD))
    with pytest.raises(Rejected, match="ends in a food area"):
        act(asked, 0, Move(BACK))
    with pytest.raises(Rejected, match="does not reach the GRAPE area's entry"):
        act(asked, 0, Move(FWD, GRAPE))
    with pytest.raises(Rejected, match="direction is 1"):
        act(asked, 0, Move(0))
