"""Wheel turns and cats appearing under pawns, the win, set-up and turn order (parlour/games/smurf/README.md)."""

import pytest

from parlour.rules.records import Acted, DiceRolled, Rejected, Start
from tests.helpers import rigged

from ..rules import GAME
from ..rules.board import ACORN, APPLE, GRAPE, KINDS, STRAWBERRY
from ..rules.records import (
    CatAppeared,
    DirectionAsked,
    DiscReturned,
    GiveUp,
    Move,
    Moved,
    MustGiveUp,
    Roll,
    TurnBegan,
    TurnEnded,
    TurnWheel,
    WheelTurned,
    Won,
)
from .scene import ALL_FOUR, act, counts, scene

FWD, BACK = 1, -1


# ---- wheel turns --------------------------------------------------------------------------


def test_turning_a_wheel_moves_it_one_position_and_ends_the_turn():
    state = scene(3, wheels=(15, 4))
    events, after = act(state, 0, TurnWheel(1))
    assert events == [WheelTurned(1, 0), TurnEnded(0), TurnBegan(1)]
    assert after.wheels == (0, 4) and after.cats == {8, 21, 27, 31}
    events, after = act(after, 1, TurnWheel(2))
    assert events == [WheelTurned(2, 5), TurnEnded(1), TurnBegan(2)]
    assert after.wheels == (0, 5)


def test_a_cat_appears_under_one_pawn_whose_owner_chooses_a_disc():
    # wheel 1 from 0 to 1: the cat on 8 goes, a cat appears on 16 under Bob's pawn
    state = scene(3, positions=(0, 16, 7), held=(counts(), counts(ACORN, APPLE, APPLE), counts(GRAPE)))
    events, after = act(state, 0, TurnWheel(1))
    assert events == [WheelTurned(1, 1), CatAppeared(16, (1,)), MustGiveUp(1)]
    assert GAME.to_act(after) == (1,)
    assert GAME.legal_actions(after, 1) == [GiveUp(ACORN), GiveUp(APPLE)]
    assert GAME.legal_actions(after, 0) == [] and GAME.legal_actions(after, 2) == []
    with pytest.raises(Rejected):
        act(after, 0, Roll(), dice=[1])
    with pytest.raises(Rejected):
        act(after, 1, GiveUp(GRAPE))
    events, after = act(after, 1, GiveUp(APPLE))
    assert events == [DiscReturned(1, APPLE), TurnEnded(0), TurnBegan(1)]
    assert after.held[1] == counts(ACORN, APPLE) and after.circles == (7, 8, 7, 7)
    assert after.positions[1] == 16  # the pawn stays under the cat
    assert GAME.legal_actions(after, 1) == [Roll(), TurnWheel(1), TurnWheel(2)]


def test_a_pawn_holding_one_kind_gives_it_up_without_being_asked():
    state = scene(positions=(0, 16), held=(counts(), counts(GRAPE, GRAPE)))
    events, after = act(state, 0, TurnWheel(1))
    assert events == [WheelTurned(1, 1), CatAppeared(16, (1,)), DiscReturned(1, GRAPE), TurnEnded(0), TurnBegan(1)]
    assert after.held[1] == counts(GRAPE) and after.circles[3] == 7


def test_a_pawn_with_no_disc_loses_nothing():
    state = scene(positions=(0, 16))
    events, after = act(state, 0, TurnWheel(1))
    assert events == [WheelTurned(1, 1), CatAppeared(16, (1,)), TurnEnded(0), TurnBegan(1)]
    assert after.held == state.held


def test_a_cat_appears_under_two_pawns_both_owners_choose_in_any_order():
    # wheel 2 from 0 to 1: cats appear on 21, 23, 27, 29, 31; Bob is on 21, Cid on 29,
    # Dot on 36 (whose cat goes away), Ann in the Apple area at 25
    held = (counts(APPLE), counts(ACORN, STRAWBERRY), counts(APPLE, GRAPE), counts(ACORN, GRAPE))
    state = scene(4, positions=(25, 21, 29, 36), inside=(True, False, False, False), held=held)
    events, after = act(state, 0, TurnWheel(2))
    assert events == [WheelTurned(2, 1), CatAppeared(21, (1,)), MustGiveUp(1), CatAppeared(29, (2,)), MustGiveUp(2)]
    assert GAME.to_act(after) == (1, 2)
    assert GAME.legal_actions(after, 2) == [GiveUp(APPLE), GiveUp(GRAPE)]
    # Cid answers first; the turn waits for Bob
    events, mid = act(after, 2, GiveUp(GRAPE))
    assert events == [DiscReturned(2, GRAPE)]
    assert GAME.to_act(mid) == (1,)
    events, end = act(mid, 1, GiveUp(ACORN))
    assert events == [DiscReturned(1, ACORN), TurnEnded(0), TurnBegan(1)]
    # the other order gives the same state
    _, other = act(after, 1, GiveUp(ACORN))
    _, other = act(other, 2, GiveUp(GRAPE))
    assert other == end
    assert end.held == (counts(APPLE), counts(STRAWBERRY), counts(APPLE), counts(ACORN, GRAPE))
    assert end.discs() == 32


def test_two_pawns_on_the_same_hole_both_lose_a_disc():
    state = scene(3, positions=(0, 16, 16), held=(counts(), counts(ACORN), counts(APPLE)))
    events, after = act(state, 0, TurnWheel(1))
    assert events == [
        WheelTurned(1, 1),
        CatAppeared(16, (1, 2)),
        DiscReturned(1, ACORN),
        DiscReturned(2, APPLE),
        TurnEnded(0),
        TurnBegan(1),
    ]


def test_the_player_turning_the_wheel_can_catch_their_own_pawn():
    state = scene(positions=(16, 0), held=(counts(ACORN, APPLE), counts()))
    events, after = act(state, 0, TurnWheel(1))
    assert events[-1] == MustGiveUp(0) and GAME.to_act(after) == (0,)
    events, after = act(after, 0, GiveUp(ACORN))
    assert events == [DiscReturned(0, ACORN), TurnEnded(0), TurnBegan(1)]


def test_a_hole_that_keeps_showing_a_cat_costs_nothing():
    # wheel 1 from 2 to 3: 8 shows a cat before and after (another cat takes its place), 16 is new
    state = scene(3, positions=(0, 8, 16), wheels=(2, 0), held=(counts(), counts(ACORN), counts(APPLE)))
    assert {8} <= state.cats and 16 not in state.cats
    events, after = act(state, 0, TurnWheel(1))
    assert events == [WheelTurned(1, 3), CatAppeared(16, (2,)), DiscReturned(2, APPLE), TurnEnded(0), TurnBegan(1)]
    assert after.held[1] == counts(ACORN)


# ---- the win ------------------------------------------------------------------------------


def test_exact_count_onto_home_with_four_kinds_wins():
    state = scene(positions=(3, 0), held=(ALL_FOUR, counts(ACORN)))
    events, after = act(state, 0, Roll(), dice=[3])
    assert events == [DiceRolled(0, (3,)), DirectionAsked(0, 3)]
    assert GAME.legal_actions(after, 0) == [Move(FWD, ACORN), Move(FWD), Move(BACK)]
    events, after = act(after, 0, Move(BACK))
    assert events == [Moved(0, 0), Won(0)]
    assert GAME.to_act(after) == () and GAME.legal_actions(after, 0) == []
    result = GAME.result(after)
    assert result.winners == (0,) and result.scores == (4, 1)
    with pytest.raises(Rejected, match="over"):
        act(after, 1, Roll(), dice=[1])


def test_a_forced_move_onto_home_wins_too():
    # from 38 a 2 forward is 39, HOME; back 37, 36 meets the cat on 36: one way, no question
    state = scene(positions=(38, 0), held=(counts(*KINDS, GRAPE), counts()))
    events, after = act(state, 0, Roll(), dice=[2])
    assert events == [DiceRolled(0, (2,)), Moved(0, 0), Won(0)] and after.winner == 0


def test_passing_home_with_four_kinds_does_not_win():
    state = scene(positions=(3, 0), held=(ALL_FOUR, counts()))
    _, after = act(state, 0, Roll(), dice=[5])
    events, after = act(after, 0, Move(BACK))  # 2, 1, 0 (HOME), 39, 38
    assert events == [Moved(0, 38), TurnEnded(0), TurnBegan(1)]
    assert after.winner is None and GAME.result(after) is None


def test_home_without_four_kinds_does_not_win():
    state = scene(positions=(3, 0), held=(counts(ACORN, ACORN, STRAWBERRY, APPLE), counts()))
    _, after = act(state, 0, Roll(), dice=[3])
    events, after = act(after, 0, Move(BACK))
    assert events == [Moved(0, 0), TurnEnded(0), TurnBegan(1)]
    assert after.positions[0] == 0 and after.winner is None


def test_a_pawn_resting_on_home_wins_only_by_entering_it_again():
    state = scene(positions=(0, 5), held=(ALL_FOUR, counts()), wheels=(1, 1))
    events, after = act(state, 0, TurnWheel(1))
    assert after.winner is None and events[-1] == TurnBegan(1)


# ---- set-up and turn order ----------------------------------------------------------------


def test_set_up_highest_opening_roll_starts_ties_roll_again():
    table = rigged("smurf", ("Ann", "Bob", "Cid"), dice=[5, 6, 6, 2, 4])
    assert table.events == [
        Acted(None, Start()),
        DiceRolled(0, (5,)),
        DiceRolled(1, (6,)),
        DiceRolled(2, (6,)),
        DiceRolled(1, (2,)),
        DiceRolled(2, (4,)),
        TurnBegan(2),
    ]
    state = table.state
    assert state.positions == (0, 0, 0) and state.circles == (8, 8, 8, 8)
    assert state.wheels == (0, 0) and state.held == ((0, 0, 0, 0),) * 3
    assert table.to_act() == (2,)
    table.submit(2, TurnWheel(2))
    assert table.to_act() == (0,)  # then to the left, wrapping round


def test_before_set_up_only_the_table_acts():
    state = GAME.initial(("Ann", "Bob"), {})
    assert GAME.to_act(state) == (None,)
    with pytest.raises(Rejected):
        GAME.initial(("Ann", "Bob"), {"fast": True})


def test_a_rigged_table_from_the_opening_roll():
    # Ann starts; a 5 forward lands on the Acorn entry (back 5 meets the cat on 36)
    table = rigged("smurf", dice=[6, 1, 5, 6, 3, 2])
    table.submit(0, Roll())
    assert table.state.inside == (True, False) and table.state.held[0] == counts(ACORN)
    # Bob rolls 6: stop in the Acorn area on the way, or go on to 6
    table.submit(1, Roll())
    assert table.legal_actions(1) == [Move(FWD, ACORN), Move(FWD)]
    table.submit(1, Move(FWD, ACORN))
    assert table.state.held == (counts(ACORN), counts(ACORN)) and table.state.circles[0] == 6
    # Ann leaves with a 3: 5,6,7 or 5,4,3
    table.submit(0, Roll())
    table.submit(0, Move(BACK))
    assert table.state.positions == (3, 5) and table.state.inside == (False, True)
    # Bob turns wheel 1; Ann rolls 2 and comes back in
    table.submit(1, TurnWheel(1))
    table.submit(0, Roll())
    assert table.legal_actions(0) == [Move(FWD, ACORN), Move(BACK)]
    table.submit(0, Move(FWD, ACORN))
    assert table.state.held[0] == counts(ACORN, ACORN) and table.state.circles[0] == 5
