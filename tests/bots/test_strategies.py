"""The smart level's choices in positions where the right answer is plain."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from parlour.rules.bots import make
from parlour.rules.table import Table

# ---- Garfield -----------------------------------------------------------------------------


def _garfield(players=3, *, seat=0, positions=None, rings=None, hand=(), face_up=None, pending=None):
    from parlour.games.garfield.rules import cards

    table = Table.new("garfield", ["Ann", "Bob", "Cid", "Dee"][:players], seed=1)
    state = table.state
    hands = tuple(tuple(hand) if s == seat else state.hands[s][:2] for s in range(players))
    state = state._replace(
        turn=seat,
        pending=pending,
        hands=hands,
        positions=tuple(positions or (0,) * players),
        rings=tuple(rings or (0,) * players),
        face_up=face_up or cards.G_NAPPING,
        faced=face_up or cards.G_NAPPING,
    )
    return table.game, state


def _smart(game, state, seat=0):
    return make("smart", 1).choose(game, game.view(state, seat), seat)


def test_garfield_swaps_places_and_rings_with_the_leader():
    from parlour.games.garfield.rules.records import Pending, SwapWith

    game, state = _garfield(positions=(5, 10, 30), rings=(0, 2, 1), pending=Pending(0, "swap_rings", True, 0, False))
    assert _smart(game, state) == SwapWith(1)


def test_garfield_swaps_places_only_with_the_pawn_nearest_the_tailend():
    from parlour.games.garfield.rules.records import Pending, SwapWith

    game, state = _garfield(positions=(5, 10, 37), rings=(0, 2, 1), pending=Pending(0, "swap_places", False, 0, False))
    assert _smart(game, state) == SwapWith(2)


def test_garfield_leader_dodges_a_swap_with_a_nap_attack():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import FollowGarfield, PlayCard

    hand = (cards.NAP_ATTACK, cards.LASAGNA)
    game, state = _garfield(positions=(20, 5, 6), rings=(2, 0, 0), hand=hand, face_up=cards.G_SWAP)
    assert _smart(game, state) == PlayCard(cards.NAP_ATTACK)
    # ...but the last player takes the swap gladly
    game, state = _garfield(positions=(5, 20, 6), rings=(0, 2, 0), hand=hand, face_up=cards.G_SWAP)
    assert _smart(game, state) == FollowGarfield()


def test_garfield_plays_a_card_against_lose_a_turn_but_follows_a_plain_card():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import FollowGarfield, PlayCard

    hand = (cards.NAP_ATTACK, cards.LASAGNA)
    game, state = _garfield(hand=hand, face_up=cards.G_LOSE_TURN, positions=(12, 0, 0))
    assert _smart(game, state) == PlayCard(cards.NAP_ATTACK)
    game, state = _garfield(hand=hand, face_up=cards.G_NAPPING, positions=(12, 0, 0))
    assert _smart(game, state) == FollowGarfield()


def test_garfield_keeps_the_lasagna_when_a_card_must_go():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import Discard, Pending

    hand = (cards.LASAGNA, cards.PUT_ONE_OVER_TEN, cards.BLINDFOLD)
    game, state = _garfield(hand=hand, positions=(4, 0, 0), pending=Pending(0, "green", True, 0, False))
    assert _smart(game, state) == Discard(cards.PUT_ONE_OVER_TEN)


def test_garfield_gives_up_a_cheap_card_rather_than_lose_a_turn():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import Discard, LoseTurn, Pending

    pending = Pending(0, "give_or_lose", True, 0, False)
    game, state = _garfield(
        hand=(cards.PUT_ONE_OVER_TEN, cards.LASAGNA),
        positions=(12, 0, 0),
        face_up=cards.G_GIVE_OR_LOSE,
        pending=pending,
    )
    assert _smart(game, state) == Discard(cards.PUT_ONE_OVER_TEN)
    assert _smart(game, state) != LoseTurn()


def test_garfield_spends_a_lasagna_on_lasagna_8_to_win():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import Lasagna, Pending

    pending = Pending(0, "lasagna_8", True, 0, False)
    game, state = _garfield(hand=(cards.LASAGNA,), positions=(34, 0, 0), rings=(2, 0, 0), pending=pending)
    assert _smart(game, state) == Lasagna(True)


# ---- Filmis -------------------------------------------------------------------------------


def _filmis(hand=(), home=(), rival_home_size=3, pending=None):
    from parlour.games.filmis.rules import cards

    table = Table.new("filmis", ["Ann", "Bob"], seed=1)
    state = table.state
    rival = tuple([cards.HARRY] * rival_home_size)
    rest = Counter(cards.DECK)
    for pile in (tuple(hand), tuple(home), rival):
        rest.subtract(pile)
    deck = replace(state.deck, pile=tuple(sorted(rest.elements())), discard=())
    return table.game, state._replace(
        hands=(tuple(hand), ()), homes=(tuple(home), rival), turn=0, pending=pending, swap=None, skips=(0, 0), deck=deck
    )


def test_filmis_raids_when_far_ahead_and_not_when_behind():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import CallRaid, Roll

    hand = (cards.WHISTLE, cards.JAMES_DEAN)
    game, ahead = _filmis(hand, home=(cards.JAMES_DEAN, cards.SICKAN, cards.SICKAN), rival_home_size=3)
    assert _smart(game, ahead) == CallRaid()
    game, behind = _filmis(hand, home=(cards.WALL_ENBERG,), rival_home_size=6)
    assert _smart(game, behind) == Roll()


def test_filmis_drops_the_wall_enberg():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import Drop, Pending

    hand = (cards.SICKAN, cards.WALL_ENBERG, cards.HARRY)
    game, state = _filmis(hand, pending=Pending(0, "drop"))
    assert _smart(game, state) == Drop(cards.WALL_ENBERG)


def test_filmis_swap_takes_the_best_card():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import Shown, SwapTake
    from parlour.games.filmis.rules.state import Swap

    game, state = _filmis((cards.HARRY,))
    shown = (Shown(0, False, (cards.HARRY,)), Shown(1, True, (cards.BIFFEN, cards.JAMES_DEAN, cards.WALL_ENBERG)))
    state = state._replace(swap=Swap(0, shown, (None, None)))
    assert _smart(game, state) == SwapTake(cards.JAMES_DEAN)


# ---- The Smurf Game -------------------------------------------------------------------------


def _smurf(**changes):
    table = Table.new("smurf", ["Ann", "Bob"], seed=1)
    state = table.state
    changes["turn"] = 0
    return table.game, state._replace(**changes) if hasattr(state, "_replace") else replace(state, **changes)


def test_smurf_turns_the_wheel_that_opens_its_way():
    from parlour.games.smurf.rules.records import TurnWheel

    # in the acorn area with an acorn; the cat on square 8 (wheel 1 at 0) blocks the way on
    game, state = _smurf(
        positions=(5, 0), inside=(True, False), held=((1, 0, 0, 0), (0, 0, 0, 0)), circles=(7, 8, 8, 8), wheels=(0, 0)
    )
    assert 8 in state.cats
    assert _smart(game, state) == TurnWheel(1)


def test_smurf_goes_home_by_the_exact_count_with_four_kinds():
    from parlour.games.smurf.rules.records import Move

    game, state = _smurf(
        positions=(37, 0),
        inside=(False, False),
        held=((1, 1, 1, 1), (0, 0, 0, 0)),
        circles=(7, 7, 7, 7),
        wheels=(0, 0),
        rolled=3,
    )
    assert Move(1, None) in game.legal_actions(state, 0)
    assert _smart(game, state) == Move(1, None)


def test_smurf_gives_up_a_duplicate_disc():
    from parlour.games.smurf.rules.records import GiveUp

    game, state = _smurf(
        positions=(8, 0), inside=(False, False), held=((1, 2, 0, 0), (0, 0, 0, 0)), circles=(7, 6, 8, 8), owing=(0,)
    )
    assert _smart(game, state) == GiveUp("STRAWBERRY")


def test_garfield_rolls_again_on_red_unless_garfield_says_backward():
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import Lasagna, Pending

    pending = Pending(0, "lasagna_red", True, 0, False)
    for red in (6, 16, 25):
        game, napping = _garfield(
            hand=(cards.LASAGNA,), positions=(red, 0, 0), rings=(1, 0, 0), face_up=cards.G_NAPPING, pending=pending
        )
        assert _smart(game, napping) == Lasagna(True)
        game, backward = _garfield(
            hand=(cards.LASAGNA,), positions=(red, 0, 0), rings=(1, 0, 0), face_up=cards.G_BACKWARD, pending=pending
        )
        assert _smart(game, backward) == Lasagna(False)
