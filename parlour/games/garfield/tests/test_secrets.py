"""No seat reads another's hand from the shape of the game (parlour/games/garfield/README.md, "Secrets are kept by the
shape of the game too"): pairs of games that differ only in other seats' hands show a seat the
same events, and each leak that once was is named below."""

from hypothesis import given, settings, strategies as st

from parlour.rules.records import Shuffled
from tests.secrets import check_twins, seen, shared_out

from ..rules import GAME, cards as C
from ..rules.records import Asked, CardGiven, Discard, Give, Lasagna
from .scenario import QUIET, act, table


def reveals(events_a, events_b, observer) -> bool:
    """The observer is shown a card that may differ: one given to it, or one drawn after the
    Player discards (which hold others' cards) were shuffled back in."""
    return any(
        isinstance(e, Shuffled) and e.deck == "player" or isinstance(e, CardGiven) and e.to == observer
        for e in events_a + events_b
    )


def rehidden(state, observer, order):
    """`state` with the other seats' hands dealt again from `order` (sizes kept)."""
    others = [s for s in range(len(state.players)) if s != observer]
    hands = list(state.hands)
    for seat, hand in zip(others, shared_out([state.hands[s] for s in others], order)):
        hands[seat] = hand
    return state._replace(hands=tuple(hands))


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), players=st.integers(2, 4), prefix=st.integers(0, 40), data=st.data())
def test_other_hands_never_change_what_a_seat_sees(seed, players, prefix, data):
    check_twins(
        GAME,
        data,
        seed=seed,
        players=players,
        prefix=prefix,
        piles=lambda state, seat: (state.hands[seat],),
        rehidden=rehidden,
        reveals=reveals,
    )


# ---- the leaks that once were, one by one -------------------------------------------------
# Two rigged games alike in everything but Ann's hand; Ann takes the same public actions in
# both. Every other seat must see the same events (and the same seat deciding).

MIXED = (C.LASAGNA, C.NAP_ATTACK, C.BLINDFOLD)
ONE_KIND = (C.LASAGNA, C.LASAGNA, C.LASAGNA)


def same_for_the_others(hands_a, hands_b, answers, **rig):
    """Ann begins her turn (following Garfield) and answers the question she is put with
    answers[0] in the first game and answers[1] in the second."""
    games = [table(hands=hands, players=len(hands), **rig) for hands in (hands_a, hands_b)]
    for t, answer in zip(games, answers):
        assert isinstance(act(t, 0)[-1], Asked)  # the question is put in both games
        assert answer in t.legal_actions(0)
        act(t, 0, answer)
    for observer in range(1, len(hands_a)):
        assert seen(GAME, games[0].events, observer) == seen(GAME, games[1].events, observer)


def test_red_is_asked_whether_or_not_ann_holds_a_lasagna():
    same_for_the_others([MIXED, QUIET], [QUIET, QUIET], [Lasagna(False)] * 2, rolls=[3, 3])


def test_lasagna_8_is_asked_whether_or_not_ann_holds_a_lasagna():
    same_for_the_others([MIXED, QUIET], [QUIET, QUIET], [Lasagna(False)] * 2, rolls=[4, 6])


def test_advance_7_is_asked_whether_or_not_ann_holds_a_lasagna():
    same_for_the_others([MIXED, QUIET], [QUIET, QUIET], [Lasagna(False)] * 2, garfield=(C.G_ADVANCE_7,), rolls=[6, 6])


def test_roll_twice_is_asked_whether_or_not_ann_holds_a_lasagna():
    same_for_the_others([MIXED, QUIET], [QUIET, QUIET], [Lasagna(False)] * 2, garfield=(C.G_ROLL_TWICE,), rolls=[6, 6])


def test_green_is_asked_whether_or_not_the_hand_is_all_one_kind():
    same_for_the_others([ONE_KIND, QUIET], [QUIET, QUIET], [Discard(C.LASAGNA), Discard(C.BLINDFOLD)], rolls=[1, 3])


def test_give_left_is_asked_whether_or_not_the_hand_is_all_one_kind():
    # Bob receives the card (he sees which); Cid, the third seat, must not learn more.
    games = []
    for hand, card in ((ONE_KIND, C.LASAGNA), (QUIET, C.BLINDFOLD)):
        t = table(
            players=3,
            hands=[hand, QUIET, (C.NAP_ATTACK, C.PUT_ONE_OVER_SWAP, C.PUT_ONE_OVER_TWICE)],
            garfield=(C.G_GIVE_LEFT,),
            rolls=[6, 6],
        )
        assert isinstance(act(t, 0)[-1], Asked)
        act(t, 0, Give(card))
        games.append(t)
    assert seen(GAME, games[0].events, 2) == seen(GAME, games[1].events, 2)
