"""Every Player card, and the one-card-per-turn rule with its Lasagna exception (parlour/games/garfield/README.md)."""

import pytest

from parlour.rules.records import CoinFlipped, DiceRolled, Rejected

from ..rules import cards as C
from ..rules.records import FollowGarfield, Lasagna, PlayCard, SwapWith
from .scenario import DEFAULT_HANDS, QUIET, act, kinds, table

SWAPPER = (C.PUT_ONE_OVER_SWAP, C.PUT_ONE_OVER_TWICE, C.LASAGNA)


def test_turn_start_offers_garfield_or_one_non_lasagna_card():
    t = table(hands=[(C.LASAGNA, C.NAP_ATTACK, C.NAP_ATTACK), QUIET])
    assert t.legal_actions(0) == [FollowGarfield(), PlayCard(C.NAP_ATTACK)]
    assert t.legal_actions(1) == []


def test_nap_attack_ignores_garfield_but_a_just_for_you_card_is_still_tossed():
    t = table(garfield=(C.G_LOSE_TURN, C.G_PLUS_2), rolls=[6, 6])
    act(t, 0, PlayCard(C.NAP_ATTACK))
    s = t.state
    assert s.positions == (12, 0) and s.turn == 1
    assert s.hands[0] == (C.BLINDFOLD, C.PUT_ONE_OVER_TEN)
    assert s.player_deck.discard == (C.NAP_ATTACK,)
    assert s.face_up == C.G_PLUS_2 and s.garfield.discard == (C.G_LOSE_TURN,)


def test_blindfold_rolls_on_while_even_and_follows_only_the_last_space():
    # 12 (even) -> 12, 12 (even) -> 24 (LASAGNA_8, not followed), 2 (even) -> 26 (changes mind,
    # not followed), 11 (odd) -> 37: plain, and the turn ends.
    t = table(hands=[(C.BLINDFOLD, C.LASAGNA, C.NAP_ATTACK), QUIET], rolls=[6, 6, 6, 6, 1, 1, 5, 6])
    events = act(t, 0, PlayCard(C.BLINDFOLD))
    assert sum(isinstance(e, DiceRolled) for e in events) == 4
    s = t.state
    assert s.positions == (37, 0) and s.turn == 1 and s.face_up == C.G_NAPPING


def test_put_one_over_swap_face_up_changes_places_only():
    t = table(first=1, hands=[SWAPPER, QUIET], coins=[True], rolls=[6, 6])
    act(t, 1)  # Bob to 12
    events = act(t, 0, PlayCard(C.PUT_ONE_OVER_SWAP))
    assert CoinFlipped(0, True) in events and "DiceRolled" not in kinds(events)
    s = t.state
    assert s.positions == (12, 0) and s.turn == 1
    assert s.player_deck.discard == (C.PUT_ONE_OVER_SWAP,)


def test_put_one_over_swap_asks_whom_with_three_players_and_no_second_card():
    t = table(players=3, hands=[SWAPPER, QUIET, DEFAULT_HANDS[2]], coins=[True])
    act(t, 0, PlayCard(C.PUT_ONE_OVER_SWAP))
    assert t.legal_actions(0) == [SwapWith(1), SwapWith(2)]
    with pytest.raises(Rejected):
        t.submit(0, PlayCard(C.PUT_ONE_OVER_TWICE))  # one Player card per turn
    act(t, 0, SwapWith(2))
    assert t.state.turn == 1


def test_put_one_over_face_down_stays_and_ends_the_turn():
    t = table(coins=[False])
    events = act(t, 0, PlayCard(C.PUT_ONE_OVER_TEN))
    assert "DiceRolled" not in kinds(events) and "Moved" not in kinds(events)
    s = t.state
    assert s.positions == (0, 0) and s.turn == 1
    assert s.player_deck.discard == (C.PUT_ONE_OVER_TEN,)


def test_put_one_over_ten_moves_ten_and_follows_the_space():
    # 10 is LASAGNA_8: with a Lasagna in hand the space makes its offer.
    t = table(hands=[(C.PUT_ONE_OVER_TEN, C.LASAGNA, C.NAP_ATTACK), QUIET], coins=[True])
    events = act(t, 0, PlayCard(C.PUT_ONE_OVER_TEN))
    assert t.state.positions == (10, 0)
    assert events[-1].pending.kind == "lasagna_8"


def test_put_one_over_twice_rolls_twice_and_follows_the_final_space():
    t = table(hands=[SWAPPER, QUIET], coins=[True], rolls=[3, 4, 5, 6])
    act(t, 0, PlayCard(C.PUT_ONE_OVER_TWICE))
    s = t.state
    assert s.positions == (18, 0)  # 7 (TAKE_1) was passed through, not followed
    assert s.hands[0] == (C.PUT_ONE_OVER_SWAP, C.LASAGNA) and s.turn == 1


def test_lasagna_is_the_exception_to_one_card_per_turn():
    # Nap attack, then on RED a Lasagna buys another roll: two Player cards in one turn.
    t = table(hands=[(C.NAP_ATTACK, C.LASAGNA, C.BLINDFOLD), QUIET], rolls=[3, 3, 6, 6])
    act(t, 0, PlayCard(C.NAP_ATTACK))
    assert t.legal_actions(0) == [Lasagna(True), Lasagna(False)]
    act(t, 0, Lasagna(True))
    s = t.state
    assert s.positions == (18, 0) and s.hands[0] == (C.BLINDFOLD,)
    assert s.player_deck.discard == (C.NAP_ATTACK, C.LASAGNA)
