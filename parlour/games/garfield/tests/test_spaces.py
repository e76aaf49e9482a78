"""Every space kind, the decks running out, the opening roll (parlour/games/garfield/README.md)."""

from parlour.rules.chance import Chance, Rig
from parlour.rules.deck import Deck
from parlour.rules.game import decide
from parlour.rules.records import DiceRolled, Shuffled
from tests.helpers import rigged

from ..rules import GAME, board, cards as C
from ..rules.records import Discard, FollowGarfield, Lasagna, PlayCard
from .scenario import DEFAULT_HANDS, QUIET, act, dice, kinds, table, turns

LASAGNA_HAND = (C.LASAGNA, C.NAP_ATTACK, C.BLINDFOLD)


def test_the_board_matches_the_house_rules_table():
    assert len(board.SPACES) == 40 and board.SPACES[0] == board.START and board.SPACES[39] == board.TAILEND
    where = {kind: [i for i, k in enumerate(board.SPACES) if k == kind] for kind in set(board.SPACES)}
    assert where[board.BACK_7] == [3, 19, 30] and where[board.RED] == [6, 16, 25]
    assert where[board.GREEN] == [4, 13, 22] and where[board.LASAGNA_8] == [10, 24, 34]
    assert where[board.TAKE_2] == [15, 31] and where[board.TAKE_1] == [7, 9, 21, 27, 35]
    assert len(where[board.CHANGES_MIND]) == 12 and len(where[board.PLAIN]) == 7


def test_opening_roll_highest_starts_and_ties_roll_again():
    # Ann 3+3 and Bob 4+2 tie; Cid 1+1 is out; the re-roll: Ann 1+1, Bob 2+2: Bob starts.
    t = rigged("garfield", ["Ann", "Bob", "Cid"], dice=[3, 3, 4, 2, 1, 1, 1, 1, 2, 2])
    rolls = [(e.seat, e.dice) for e in t.events if isinstance(e, DiceRolled)]
    assert rolls == [(0, (3, 3)), (1, (4, 2)), (2, (1, 1)), (0, (1, 1)), (1, (2, 2))]
    assert t.state.turn == 1 and t.to_act() == (1,)


def test_set_up_deals_three_and_turns_up_one_garfield_card():
    t = table(players=4)
    s = t.state
    assert s.hands == DEFAULT_HANDS and len(s.player_deck.pile) == 17 - 12
    assert s.face_up == C.G_NAPPING and len(s.garfield.pile) == 14 and s.garfield.discard == ()
    assert s.positions == (0,) * 4 and s.rings == (0,) * 4 and s.centre == 10


def test_plain_space_does_nothing():
    t = table(rolls=[6, 6])
    act(t, 0)
    assert t.state.positions == (12, 0) and t.state.hands[0] == QUIET and t.state.turn == 1


def test_changes_mind_tosses_garfield_and_ends_the_turn():
    t = table(garfield=(C.G_NAPPING, C.G_PLUS_2), rolls=[1, 1])
    events = act(t, 0)
    assert kinds(events)[-4:] == ["GarfieldTossed", "GarfieldTurnedUp", "TurnEnded", "TurnBegan"]
    s = t.state
    assert s.positions == (2, 0) and s.face_up == C.G_PLUS_2 and s.garfield.discard == (C.G_NAPPING,)
    assert s.turn == 1


def test_changes_mind_takes_away_a_just_for_you_card_only_once():
    # Ann faced G_GIVE_OR_LOSE, gave a card, rolled onto "changes mind": that tossed the card;
    # the newly turned up G_PLUS_2 stays for Bob.
    t = table(garfield=(C.G_GIVE_OR_LOSE, C.G_PLUS_2, C.G_ONE_DIE), rolls=[1, 1])
    act(t, 0)
    act(t, 0, Discard(C.NAP_ATTACK))
    s = t.state
    assert s.face_up == C.G_PLUS_2 and s.garfield.discard == (C.G_GIVE_OR_LOSE,)


def test_take_1_and_take_2():
    t = table(pile=(C.LASAGNA, C.PUT_ONE_OVER_SWAP, C.NAP_ATTACK), rolls=dice(7, 12, 8))
    act(t, 0)  # 7: TAKE_1
    assert t.state.hands[0] == QUIET + (C.LASAGNA,)
    act(t, 1)  # Bob 12
    act(t, 0)  # 7 + 8 = 15: TAKE_2
    assert t.state.positions == (15, 12)
    assert t.state.hands[0] == QUIET + (C.LASAGNA, C.PUT_ONE_OVER_SWAP, C.NAP_ATTACK)


def test_an_empty_player_pile_takes_the_shuffled_discards():
    # 4 players: 5 cards left. Four Nap attacks/blindfolds onto TAKE_1 leave 1 card and 4 in the
    # discard pile; Ann's TAKE_2 takes the last card, the discards are shuffled, she takes one.
    hands = [
        (C.NAP_ATTACK, C.LASAGNA, C.LASAGNA),
        (C.NAP_ATTACK, C.LASAGNA, C.LASAGNA),
        (C.NAP_ATTACK, C.LASAGNA, C.LASAGNA),
        (C.BLINDFOLD, C.BLINDFOLD, C.PUT_ONE_OVER_TEN),
    ]
    t = table(players=4, hands=hands, rolls=dice(7, 9, 7, 9, 8))
    for seat in range(4):
        act(t, seat, PlayCard(hands[seat][0]))
    s = t.state
    assert len(s.player_deck.pile) == 1 and len(s.player_deck.discard) == 4
    events = act(t, 0)  # 7 + 8 = 15: TAKE_2
    assert kinds(events)[3:6] == ["CardsDrawn", "Shuffled", "CardsDrawn"]
    shuffled = next(e for e in events if isinstance(e, Shuffled))
    assert sorted(shuffled.order) == sorted((C.NAP_ATTACK,) * 3 + (C.BLINDFOLD,))
    s = t.state
    assert len(s.hands[0]) == 2 + 1 + 2 and len(s.player_deck.pile) == 3 and s.player_deck.discard == ()


def test_taking_from_an_empty_pile_and_empty_discards_takes_nothing():
    t = table(players=4, rolls=dice(7, 9, 7, 9, 8))
    turns(t, 0, 1, 2, 3)  # four TAKE_1s: 1 card left, nothing discarded
    act(t, 0)  # TAKE_2: one card, then nothing
    s = t.state
    assert len(s.hands[0]) == 3 + 1 + 1 and s.player_deck.pile == () and s.player_deck.discard == ()
    assert sum(map(len, s.hands)) == 17


def test_back_7_moves_back_follows_that_space_and_ends_the_turn():
    # 12, then 7 more onto 19 (BACK_7) -> 12 (plain): the turn ends there.
    t = table(rolls=dice(12, 2, 7), garfield=(C.G_NAPPING, C.G_NAPPING))  # Bob's 2 changes his mind
    turns(t, 0, 1)
    events = act(t, 0)
    assert [e.to for e in events if type(e).__name__ == "Moved"] == [19, 12]
    assert t.state.positions == (12, 2) and t.state.turn == 1


def test_back_7_ends_the_turn_even_with_a_doubles_bonus_due():
    # G_DOUBLES_AGAIN: Ann 6+6 onto 12, bonus 1+2 onto 15 (TAKE_2); Bob 2+5 onto 7 (TAKE_1);
    # Ann 2+2 onto 19 (BACK_7) back to 12, and her turn ends: no bonus roll.
    t = table(garfield=(C.G_DOUBLES_AGAIN,), rolls=[6, 6, 1, 2, 2, 5, 2, 2, 6, 6])
    act(t, 0)
    assert t.state.positions == (15, 0)
    act(t, 1)
    events = act(t, 0)
    assert sum(isinstance(e, DiceRolled) for e in events) == 1
    assert t.state.positions == (12, 7) and t.state.turn == 1


def test_lasagna_8_with_a_lasagna_moves_eight_more_and_ends_the_turn():
    t = table(hands=[LASAGNA_HAND, QUIET], rolls=[4, 6])
    act(t, 0)
    assert t.legal_actions(0) == [Lasagna(True), Lasagna(False)]
    act(t, 0, Lasagna(True))
    s = t.state
    assert s.positions == (18, 0) and s.hands[0] == (C.NAP_ATTACK, C.BLINDFOLD) and s.turn == 1
    assert s.player_deck.discard == (C.LASAGNA,)


def test_lasagna_8_declined_or_without_lasagna_stays():
    t = table(hands=[LASAGNA_HAND, QUIET], rolls=[4, 6])
    act(t, 0)
    act(t, 0, Lasagna(False))
    assert t.state.positions == (10, 0) and t.state.hands[0] == LASAGNA_HAND
    t = table(rolls=[4, 6])
    events = act(t, 0)  # without a Lasagna the question is put all the same; "no" is its only answer
    assert kinds(events)[-1] == "Asked" and t.legal_actions(0) == [Lasagna(False)]
    act(t, 0, Lasagna(False))
    assert t.state.positions == (10, 0) and t.state.turn == 1


def test_lasagna_8_ends_the_turn_before_a_doubles_bonus():
    t = table(garfield=(C.G_DOUBLES_AGAIN,), hands=[LASAGNA_HAND, QUIET], rolls=[5, 5, 1, 2])
    act(t, 0)
    act(t, 0, Lasagna(True))
    assert t.state.positions == (18, 0) and t.state.turn == 1


def test_red_with_a_lasagna_rolls_again_as_garfield_says():
    # G_PLUS_2 applies to the second roll too: 1+3+2 = 6 (RED), then 5+5+2 = 12 more to 18.
    t = table(garfield=(C.G_PLUS_2,), hands=[LASAGNA_HAND, QUIET], rolls=[1, 3, 5, 5])
    act(t, 0)
    act(t, 0, Lasagna(True))
    assert t.state.positions == (18, 0) and t.state.turn == 1


def test_red_roll_again_is_plain_when_garfield_was_ignored():
    t = table(garfield=(C.G_PLUS_2,), hands=[LASAGNA_HAND, QUIET], rolls=[3, 3, 5, 5])
    act(t, 0, PlayCard(C.NAP_ATTACK))  # 3+3 = 6, no +2
    act(t, 0, Lasagna(True))  # 5+5 = 10, no +2: RED again; no Lasagna left, so the answer is no
    assert t.legal_actions(0) == [Lasagna(False)]
    act(t, 0, Lasagna(False))
    assert t.state.positions == (16, 0) and t.state.turn == 1


def test_red_declined_ends_the_turn():
    t = table(hands=[LASAGNA_HAND, QUIET], rolls=[3, 3])
    act(t, 0)
    act(t, 0, Lasagna(False))
    assert t.state.positions == (6, 0) and t.state.turn == 1 and t.state.hands[0] == LASAGNA_HAND


def test_green_discards_a_card_of_the_players_choice():
    t = table(rolls=[1, 3])
    act(t, 0)
    assert t.legal_actions(0) == [Discard(C.BLINDFOLD), Discard(C.NAP_ATTACK), Discard(C.PUT_ONE_OVER_TEN)]
    act(t, 0, Discard(C.BLINDFOLD))
    s = t.state
    assert s.positions == (4, 0) and s.hands[0] == (C.NAP_ATTACK, C.PUT_ONE_OVER_TEN)
    assert s.player_deck.discard == (C.BLINDFOLD,) and s.turn == 1


def test_green_with_no_cards_loses_nothing():
    poor = (C.PUT_ONE_OVER_SWAP, C.PUT_ONE_OVER_TEN, C.PUT_ONE_OVER_TWICE)
    t = table(hands=[poor, QUIET], coins=[False] * 3, rolls=dice(12, 6, 10) + [1, 3])
    for card in poor:
        act(t, 0, PlayCard(card))
        act(t, 1)
    events = act(t, 0)
    assert "Asked" not in kinds(events) and t.state.positions[0] == 4 and t.state.turn == 1


def test_the_last_garfield_card_turned_up_reshuffles_the_sand_box():
    # Built directly: a whole game of "changes mind" landings would be needed to get here.
    state = GAME.initial(("Ann", "Bob"), {})._replace(
        turn=0,
        garfield=Deck((C.G_PLUS_2,), (C.G_SWAP, C.G_ONE_DIE)),
        face_up=C.G_NAPPING,
        faced=C.G_NAPPING,
        hands=(QUIET, QUIET),
    )
    turn = decide(GAME, state, 0, FollowGarfield(), Chance(0, Rig(dice=[1, 1])))
    names = kinds(turn.events)
    assert names[names.index("GarfieldTurnedUp") + 1] == "Shuffled"
    s = turn.state
    assert s.face_up == C.G_PLUS_2 and s.garfield.discard == ()
    assert sorted(s.garfield.pile) == sorted((C.G_SWAP, C.G_ONE_DIE, C.G_NAPPING))


def test_a_chain_lasagna_8_past_the_tailend_onto_changes_mind():
    # 12, 18, 28, then 6 onto 34 (LASAGNA_8): 8 more passes the Tailend (a ring) onto 2.
    hands = [LASAGNA_HAND, QUIET]
    t = table(hands=hands, garfield=(C.G_NAPPING, C.G_PLUS_2), rolls=dice(12, 12, 6, 6, 10, 10, 6))
    turns(t, 0, 1, 0, 1, 0, 1)
    act(t, 0)
    events = act(t, 0, Lasagna(True))
    assert "RingGained" in kinds(events)
    s = t.state
    assert s.positions == (2, 28) and s.rings == (1, 0) and s.face_up == C.G_PLUS_2 and s.turn == 1
