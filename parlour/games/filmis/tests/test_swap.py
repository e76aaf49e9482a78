"""The filmis swap (filmisbyte): shown sets, simultaneous choices, taking from the left."""

import pytest

from parlour.rules.records import HIDDEN, Rejected

from ..rules import GAME, board
from ..rules.cards import BIFFEN, DORIS, HARRY, JAMES_DEAN, SICKAN, VANHEDEN, WALL_ENBERG, WHISTLE
from ..rules.records import Roll, Shown, SwapBegan, SwapChosen, SwapDone, SwapTake, Take, TurnBegan
from .arrange import act, arrange, kinds

TOP = (SICKAN, DORIS, HARRY, VANHEDEN)
TO_SWAP = (1, 3)  # from red's tip (5), 4 squares: the SWAP square 9


def test_swap_square():
    assert board.SQUARES[9] == board.SWAP and board.SQUARES[33] == board.SWAP


def test_swap_with_two_players():
    state = arrange(positions=(5, 30), hands=((HARRY, DORIS), (SICKAN, BIFFEN)), top=TOP)
    swapping, events = act(state, 0, Roll(), dice=TO_SWAP)
    assert events[-1] == SwapBegan(0, (Shown(0, False, (DORIS, HARRY)), Shown(1, False, (BIFFEN, SICKAN))))
    assert GAME.to_act(swapping) == (0, 1)  # both choose at once
    assert GAME.legal_actions(swapping, 0) == [SwapTake(BIFFEN), SwapTake(SICKAN)]
    assert GAME.legal_actions(swapping, 1) == [SwapTake(DORIS), SwapTake(HARRY)]
    # The shown hands are public during the swap.
    assert GAME.view(swapping, 1).swap.shown[0].cards == (DORIS, HARRY)
    assert GAME.view(swapping, 1).hands[0] == (HIDDEN, HIDDEN)

    half, events = act(swapping, 1, SwapTake(DORIS))
    assert events == [SwapChosen(1, DORIS)]
    assert GAME.to_act(half) == (0,) and GAME.legal_actions(half, 1) == []
    assert GAME.view(half, 0).swap.chosen == (None, HIDDEN)  # Bob's choice stays secret
    assert GAME.view(half, 1).swap.chosen == (None, DORIS)
    assert GAME.redact(events[0], 0) == SwapChosen(1, HIDDEN)

    after, events = act(half, 0, SwapTake(SICKAN))
    assert events[:2] == [SwapChosen(0, SICKAN), SwapDone((Take(0, 1, False, SICKAN), Take(1, 0, False, DORIS)))]
    assert after.hands == ((HARRY, SICKAN), (BIFFEN, DORIS))
    assert after.swap is None and after.turn == 1 and events[-1] == TurnBegan(1)
    assert after.cards_held() == 60


def test_swap_with_three_players_one_showing_the_home_pile():
    # Cid has no hand: he shows his home pile. Ann takes from Bob, Bob from Cid's pile, Cid from Ann.
    state = arrange(
        3,
        positions=(5, 30, 40),
        hands=((HARRY, DORIS), (SICKAN,), ()),
        homes=((), (WHISTLE,), (JAMES_DEAN, BIFFEN)),
        top=TOP,
    )
    swapping, events = act(state, 0, Roll(), dice=TO_SWAP)
    assert events[-2:] == [
        SwapBegan(
            0, (Shown(0, False, (DORIS, HARRY)), Shown(1, False, (SICKAN,)), Shown(2, True, (BIFFEN, JAMES_DEAN)))
        ),
        SwapChosen(0, SICKAN),
    ]  # only one kind on offer: chosen at once
    assert GAME.to_act(swapping) == (1, 2)
    assert GAME.legal_actions(swapping, 1) == [SwapTake(BIFFEN), SwapTake(JAMES_DEAN)]
    assert GAME.legal_actions(swapping, 2) == [SwapTake(DORIS), SwapTake(HARRY)]
    # Cid's home pile is shown to all while the swap lasts (but stays hidden in the piles).
    assert GAME.view(swapping, 0).swap.shown[2].cards == (BIFFEN, JAMES_DEAN)
    assert GAME.view(swapping, 0).homes[2] == (HIDDEN, HIDDEN)

    half, _ = act(swapping, 2, SwapTake(HARRY))
    after, events = act(half, 1, SwapTake(JAMES_DEAN))
    assert SwapDone((Take(0, 1, False, SICKAN), Take(1, 2, True, JAMES_DEAN), Take(2, 0, False, HARRY))) in events
    assert after.hands == ((DORIS, SICKAN), (JAMES_DEAN,), (HARRY,))
    assert after.homes == ((), (WHISTLE,), (BIFFEN,))
    assert after.turn == 1 and after.cards_held() == 60


def test_swap_with_four_players_one_without_cards_left_out():
    # Dag has no cards: he takes no part; Cid takes from Ann (the next one taking part).
    state = arrange(
        4, positions=(5, 30, 40, 20), hands=((HARRY, DORIS), (SICKAN, BIFFEN), (WALL_ENBERG, VANHEDEN), ()), top=TOP
    )
    swapping, events = act(state, 0, Roll(), dice=TO_SWAP)
    assert [s.seat for s in swapping.swap.shown] == [0, 1, 2]
    assert GAME.to_act(swapping) == (0, 1, 2)
    assert GAME.legal_actions(swapping, 3) == []
    with pytest.raises(Rejected):
        act(swapping, 3, SwapTake(HARRY))
    assert GAME.legal_actions(swapping, 2) == [SwapTake(DORIS), SwapTake(HARRY)]
    s1, _ = act(swapping, 2, SwapTake(DORIS))
    s2, _ = act(s1, 0, SwapTake(BIFFEN))
    with pytest.raises(Rejected):  # not on offer: Bob takes from Cid
        act(s2, 1, SwapTake(HARRY))
    after, events = act(s2, 1, SwapTake(VANHEDEN))
    assert after.hands == ((HARRY, BIFFEN), (SICKAN, VANHEDEN), (WALL_ENBERG, DORIS), ())
    assert after.turn == 1 and after.swap is None


def test_swap_choices_come_from_the_shown_cards_before_anyone_took():
    # Ann takes Bob's only card, Bob takes Ann's: both from what was shown at the start.
    state = arrange(positions=(5, 30), hands=((HARRY,), (SICKAN,)), top=TOP)
    after, events = act(state, 0, Roll(), dice=TO_SWAP)
    assert kinds(events)[-4:] == ["SwapChosen", "SwapDone", "TurnEnded", "TurnBegan"]
    assert after.hands == ((SICKAN,), (HARRY,))


def test_swap_with_fewer_than_two_taking_part_does_nothing():
    state = arrange(3, positions=(5, 30, 40), hands=((HARRY,), (), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=TO_SWAP)
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]
    assert after.hands == ((HARRY,), (), ()) and after.turn == 1


def test_lander_without_cards_takes_no_part():
    state = arrange(3, positions=(5, 30, 40), hands=((), (HARRY, DORIS), (SICKAN, BIFFEN)), top=TOP)
    swapping, _ = act(state, 0, Roll(), dice=TO_SWAP)
    assert GAME.to_act(swapping) == (1, 2) and swapping.turn == 0
    s1, _ = act(swapping, 1, SwapTake(SICKAN))
    after, _ = act(s1, 2, SwapTake(DORIS))
    assert after.hands == ((), (HARRY, SICKAN), (BIFFEN, DORIS)) and after.turn == 1
