"""The Tailend, step by step: rings gained and lost, swaps that cross nothing, the win."""

import pytest

from parlour.rules.records import Rejected

from ..rules import cards as C
from ..rules.records import FollowGarfield, Lasagna, PlayCard
from .scenario import act, dice, kinds, table, turns

TO_37 = (12, 6, 10, 9)  # 0 -> 12 -> 18 -> 28 -> 37, all plain spaces
AROUND = (4, 11, 6, 10, 9)  # 37 -> 1 (passing the Tailend: a ring) -> 12 -> 18 -> 28 -> 37


def both(*totals):
    """Ann and Bob each roll these totals in turn (Ann first)."""
    return dice(*[t for total in totals for t in (total, total)])


def at_37(**kw):
    t = table(rolls=both(*TO_37) + kw.pop("then", []), **kw)
    turns(t, *[0, 1] * len(TO_37))
    assert t.state.positions == (37, 37) and t.state.rings == (0, 0)
    return t


def test_landing_on_the_tailend_earns_a_ring():
    t = at_37(then=[1, 1])
    events = act(t, 0)
    assert kinds(events)[2:4] == ["Moved", "RingGained"]
    s = t.state
    assert s.positions == (39, 37) and s.rings == (1, 0) and s.centre == 9


def test_passing_the_tailend_earns_a_ring():
    t = at_37(then=[1, 3])
    act(t, 0)
    s = t.state
    assert s.positions == (1, 37) and s.rings == (1, 0) and s.centre == 9


def test_back_7_from_space_3_loses_a_ring_over_the_tailend():
    # Ann passes the Tailend onto 1 (a ring), Bob waits on 37 (1+1 = 2 -> 39: a ring too),
    # then Ann rolls 1+1 onto 3 (BACK_7): 3 -> 36 steps from 39 to 38 and loses the ring;
    # 36 is "changes mind", which ends the turn.
    t = at_37(then=[1, 3, 1, 1, 1, 1], garfield=(C.G_NAPPING, C.G_PLUS_2))
    turns(t, 0, 1)
    assert t.state.rings == (1, 1)
    events = act(t, 0)
    assert "RingLost" in kinds(events)
    s = t.state
    assert s.positions == (36, 39) and s.rings == (0, 1) and s.centre == 9
    assert s.face_up == C.G_PLUS_2 and s.turn == 1


def test_moving_back_without_a_ring_loses_nothing():
    t = table(garfield=(C.G_BACKWARD,), rolls=[3])
    events = act(t, 0)
    assert "RingLost" not in kinds(events) and t.state.positions == (37, 0) and t.state.rings == (0, 0)


def test_a_swap_of_places_crosses_nothing():
    # Ann passes the Tailend onto 1 with a ring; Bob, on 37 without one, puts 1 over ...and
    # changes places: he lands beyond the Tailend and she goes back over it, yet no ring moves.
    t = at_37(
        then=[1, 3],
        coins=[True],
        hands=[(C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_TEN), (C.PUT_ONE_OVER_SWAP, C.NAP_ATTACK, C.BLINDFOLD)],
    )
    act(t, 0)
    assert t.state.positions == (1, 37) and t.state.rings == (1, 0)
    events = act(t, 1, PlayCard(C.PUT_ONE_OVER_SWAP))
    assert "RingGained" not in kinds(events) and "RingLost" not in kinds(events)
    s = t.state
    assert s.positions == (37, 1) and s.rings == (1, 0) and s.centre == 9


def test_garfield_swap_exchanges_rings_too_and_crosses_nothing():
    # Ann passes the Tailend onto 5 ("changes mind": a ring, and G_SWAP comes up for Bob, who
    # is on 37 without a ring). Bob swaps: places and rings change hands, nothing is crossed.
    t = at_37(then=dice(8), garfield=(C.G_NAPPING, C.G_SWAP, C.G_PLUS_2))
    act(t, 0)
    assert t.state.positions == (5, 37) and t.state.rings == (1, 0) and t.state.face_up == C.G_SWAP
    events = act(t, 1)
    assert kinds(events)[1] == "PlacesSwapped"
    assert "RingGained" not in kinds(events) and "RingLost" not in kinds(events)
    s = t.state
    assert s.positions == (37, 5) and s.rings == (0, 1) and s.centre == 9
    assert s.face_up == C.G_PLUS_2 and s.turn == 0


def test_the_third_ring_ends_the_game_at_once():
    # Both race three laps; Ann's third ring comes as she passes the Tailend on the way to 1:
    # the game ends on 39 and nothing after that happens (no more moves, no more turns).
    t = table(rolls=both(*TO_37, *AROUND, *AROUND) + dice(4))
    turns(t, *[0, 1] * (len(TO_37) + 2 * len(AROUND)))
    assert t.state.rings == (2, 2) and t.state.positions == (37, 37)
    events = act(t, 0)
    assert kinds(events)[-3:] == ["Moved", "RingGained", "Won"]
    s = t.state
    assert s.winner == 0 and s.positions == (39, 37) and s.rings == (3, 2) and s.centre == 5
    assert t.to_act() == () and t.result().winners == (0,)
    with pytest.raises(Rejected, match="over"):
        t.submit(1, FollowGarfield())


def test_rolling_twice_counts_a_tailend_crossing_on_the_first_roll():
    # G_ROLL_TWICE all game; Ann keeps her Lasagna until 37, then plays it: 4 (over the
    # Tailend onto 1: a ring) and 11 onto 12; only 12 is followed.
    hands = [(C.LASAGNA, C.NAP_ATTACK, C.BLINDFOLD), (C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_TEN)]
    t = table(hands=hands, garfield=(C.G_ROLL_TWICE,), rolls=both(*TO_37) + dice(4, 11))
    for _ in TO_37:
        act(t, 0)
        act(t, 0, Lasagna(False))
        act(t, 1)
        act(t, 1, Lasagna(False))  # Bob has no Lasagna, but is asked all the same
    assert t.state.positions == (37, 37)
    act(t, 0)
    events = act(t, 0, Lasagna(True))
    assert "RingGained" in kinds(events)
    s = t.state
    assert s.positions == (12, 37) and s.rings == (1, 0) and s.turn == 1
