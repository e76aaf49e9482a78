"""The raid (called, or the deck running out), scoring, and the turn's start."""

import pytest

from parlour.rules.game import Result
from parlour.rules.records import HIDDEN, Rejected

from ..rules import GAME, cards
from ..rules.cards import BIFFEN, DORIS, HARRY, JAMES_DEAN, SICKAN, VANHEDEN, WALL_ENBERG, WHISTLE
from ..rules.records import CallRaid, CardsDrawn, PassTurn, Raid, RefuseFine, Roll, TurnBegan, TurnEnded, TurnSkipped
from .arrange import act, arrange, kinds


def test_values_and_counts():
    assert cards.TOTAL == 60
    assert cards.VALUES == {
        JAMES_DEAN: 10,
        SICKAN: 5,
        DORIS: 4,
        VANHEDEN: 3,
        HARRY: 2,
        BIFFEN: 0,
        WALL_ENBERG: -2,
        WHISTLE: 0,
    }
    assert cards.score((WALL_ENBERG, WALL_ENBERG, HARRY)) == -2


@pytest.mark.parametrize(
    "hand, home",
    [
        ((WHISTLE, JAMES_DEAN), ()),
        ((), (WHISTLE, JAMES_DEAN)),
        ((WHISTLE,), (JAMES_DEAN,)),
        ((JAMES_DEAN,), (WHISTLE,)),
    ],
)
def test_raid_may_be_called_with_whistle_and_james_dean_in_hand_or_home(hand, home):
    state = arrange(hands=(hand, ()), homes=(home, ()))
    assert GAME.legal_actions(state, 0) == [Roll(), CallRaid()]
    assert GAME.legal_actions(GAME.view(state, 0), 0) == [Roll(), CallRaid()]


@pytest.mark.parametrize("hand, home", [((WHISTLE,), ()), ((JAMES_DEAN,), (SICKAN,)), ((), ())])
def test_no_raid_without_both(hand, home):
    state = arrange(hands=(hand, ()), homes=(home, ()))
    assert GAME.legal_actions(state, 0) == [Roll()]
    with pytest.raises(Rejected):
        act(state, 0, CallRaid())


def test_raid_called_ends_the_game_and_scores_home_piles_only():
    # Ann calls the raid but Bob wins: hands are laid down and do not count.
    state = arrange(
        hands=((WHISTLE, SICKAN, SICKAN), (JAMES_DEAN,)),
        homes=((JAMES_DEAN, WALL_ENBERG), (DORIS, DORIS, HARRY, VANHEDEN)),
    )
    after, events = act(state, 0, CallRaid())
    assert events == [Raid(0, state.hands, state.homes)]
    assert after.over and GAME.to_act(after) == ()
    assert GAME.result(after) == Result((1,), (8, 13), "Ann called a raid")
    assert GAME.legal_actions(after, 0) == [] and GAME.legal_actions(after, 1) == []
    with pytest.raises(Rejected):
        act(after, 1, Roll())


def test_raid_only_at_the_start_of_the_turn():
    state = arrange(positions=(5, 30), hands=((WHISTLE, JAMES_DEAN), ()), top=(SICKAN,))
    asked, _ = act(state, 0, Roll(), dice=(1, 2))  # cornflakes question
    assert CallRaid() not in GAME.legal_actions(asked, 0)
    assert GAME.legal_actions(state, 1) == []  # not Bob's turn


def test_draw_that_empties_the_deck_ends_the_game():
    # Two cards left; the tip's small die says 3: Ann takes what is left and the raid follows.
    state = arrange(hands=((), ()), homes=((), ()), top=())
    rest = state.deck.pile
    state = arrange(hands=((), rest[2:]), homes=((), ()), top=rest[:2])
    assert len(state.deck.pile) == 2
    after, events = act(state, 0, Roll(), dice=(2, 6, 3))
    assert events[-2:] == [CardsDrawn(0, rest[:2]), Raid(None, (rest[:2], rest[2:]), ((), ()))]
    assert after.over and after.deck.pile == () and after.hands[0] == rest[:2]
    assert GAME.result(after) == Result((0, 1), (0, 0), "the factory ran out of filmis cards: automatic raid")


def test_filmis_draw_of_the_last_card_ends_the_game():
    full = arrange().deck.pile
    state = arrange(homes=(full[1:30], full[30:]), top=full[:1])
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert events[-2:] == [CardsDrawn(0, full[:1]), Raid(None, (full[:1], ()), (full[1:30], full[30:]))]
    assert GAME.result(after).scores == (cards.score(full[1:30]), cards.score(full[30:]))


def test_scores_with_wall_enberg_and_a_shared_win():
    state = arrange(
        3,
        hands=((WHISTLE,), (SICKAN, SICKAN), ()),
        homes=((JAMES_DEAN, WALL_ENBERG, WALL_ENBERG), (DORIS, VANHEDEN, HARRY, BIFFEN, WALL_ENBERG), (WALL_ENBERG,)),
    )
    after, _ = act(state, 0, CallRaid())
    assert GAME.result(after) == Result((1,), (6, 7, -2), "Ann called a raid")


def test_tie_for_the_highest_score_shares_the_win():
    state = arrange(
        3,
        hands=((WHISTLE,), (), ()),
        homes=((JAMES_DEAN, WALL_ENBERG), (SICKAN, VANHEDEN), (DORIS, HARRY, WALL_ENBERG)),
    )
    after, _ = act(state, 0, CallRaid())
    assert GAME.result(after) == Result((0, 1), (8, 8, 4), "Ann called a raid")


def test_hands_and_home_piles_are_laid_down_after_the_raid():
    state = arrange(hands=((WHISTLE,), (SICKAN,)), homes=((JAMES_DEAN,), (DORIS,)))
    assert GAME.view(state, 0).hands[1] == (HIDDEN,) and GAME.view(state, 0).homes[1] == (HIDDEN,)
    after, _ = act(state, 0, CallRaid())
    seen = GAME.view(after, 0)
    assert seen.hands == ((WHISTLE,), (SICKAN,)) and seen.homes == ((JAMES_DEAN,), (DORIS,))
    assert set(seen.deck.pile) == {HIDDEN}


# ---- an owed skip at the start of a turn --------------------------------------------------


def test_owed_skip_may_be_taken_or_a_raid_called_instead():
    state = arrange(hands=((WHISTLE,), ()), homes=((JAMES_DEAN,), ()), skips=(1, 0))
    assert GAME.legal_actions(state, 0) == [PassTurn(), CallRaid()]
    with pytest.raises(Rejected):
        act(state, 0, Roll())
    after, events = act(state, 0, PassTurn())
    assert kinds(events) == ["TurnSkipped", "TurnEnded", "TurnBegan"]
    assert after.skips == (0, 0) and after.turn == 1 and after.positions == state.positions
    raided, events = act(state, 0, CallRaid())
    assert events == [Raid(0, state.hands, state.homes)] and raided.over


def test_two_owed_skips_are_both_taken():
    # Bob already owes a skip; Ann refuses a fine: Bob's turn and then Ann's are skipped. Each
    # is asked (its only answer is to pass), as a seat that could raid would be.
    state = arrange(positions=(5, 34), hands=((HARRY,), ()), skips=(0, 1))
    asked, _ = act(state, 0, Roll(), dice=(3, 3))
    after, events = act(asked, 0, RefuseFine())
    assert kinds(events) == ["SkipOwed", "TurnEnded", "TurnBegan"]
    assert after.turn == 1 and GAME.legal_actions(after, 1) == [PassTurn()]
    after, events = act(after, 1, PassTurn())
    assert events == [TurnSkipped(1), TurnEnded(1), TurnBegan(0)]
    assert GAME.legal_actions(after, 0) == [PassTurn()]
    after, events = act(after, 0, PassTurn())
    assert events == [TurnSkipped(0), TurnEnded(0), TurnBegan(1)]
    assert after.turn == 1 and after.skips == (0, 0) and GAME.legal_actions(after, 1) == [Roll()]
