"""A rigged scenario for every square kind, the arrow tip rules and the cornflakes shortcut.

Seats 0 and 1 play red (nest 0) and blue (nest 12) unless a test says otherwise. Dice are listed
as (small die 1-3, big die 1-6) pairs; a lone face after a tip is the 1-3 roll for cards."""

import pytest

from parlour.rules.records import DiceRolled, Picked, Rejected

from ..rules import GAME, board
from ..rules.cards import BIFFEN, DORIS, HARRY, JAMES_DEAN, SICKAN, VANHEDEN, WALL_ENBERG
from ..rules.records import (
    Asked,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    Enter,
    HandBanked,
    Moved,
    PassTurn,
    PayFine,
    Pending,
    RefuseFine,
    Roll,
    SkipOwed,
    TurnBegan,
    TurnEnded,
)
from .arrange import act, arrange, kinds

TOP = (SICKAN, DORIS, HARRY, VANHEDEN)


def test_plain_square_does_nothing_and_the_turn_passes():
    state = arrange(positions=(32, 12), hands=((HARRY,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert board.SQUARES[34] == board.PLAIN
    assert after.positions == (34, 12)
    assert after.hands == ((HARRY,), ()) and after.deck == state.deck
    assert events == [DiceRolled(0, (1, 1)), Moved(0, 34), TurnEnded(0), TurnBegan(1)]
    assert after.turn == 1 and after.pending is None


def test_arrow_square_before_the_tip_is_ordinary():
    state = arrange(top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 2))
    assert board.SQUARES[3] == board.ARROW
    assert after.positions == (3, 12) and after.hands == ((), ())
    assert after.turn == 1


def test_filmis_square_takes_the_top_card():
    state = arrange(top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert board.SQUARES[2] == board.FILMIS
    assert CardsDrawn(0, (SICKAN,)) in events
    assert after.positions == (2, 12) and after.hands == ((SICKAN,), ())
    assert after.deck.pile == state.deck.pile[1:]
    assert after.turn == 1


def test_arrow_tip_stops_a_longer_roll_and_rolls_the_small_die_for_cards():
    state = arrange(top=TOP)
    after, events = act(state, 0, Roll(), dice=(2, 6, 3))  # 8 squares, but the tip is at 5
    assert events[:4] == [
        DiceRolled(0, (2, 6)),
        Moved(0, 5),
        DiceRolled(0, (3,)),
        CardsDrawn(0, (SICKAN, DORIS, HARRY)),
    ]
    assert after.positions == (5, 12) and after.hands == ((SICKAN, DORIS, HARRY), ())
    assert after.turn == 1


def test_arrow_tip_reached_exactly():
    state = arrange(top=TOP)
    after, _ = act(state, 0, Roll(), dice=(1, 4, 1))
    assert after.positions == (5, 12) and after.hands == ((SICKAN,), ())


def test_occupied_tip_stops_the_pawn_but_gives_no_cards():
    # Bob already stands at red's tip; Ann reaches it too and must leave without cards. No small
    # die is rolled (the strict chance source would refuse an extra roll).
    state = arrange(positions=(0, 5), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 6))
    assert after.positions == (5, 5)
    assert after.hands == ((), ()) and after.deck == state.deck
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]
    assert after.turn == 1


def test_pawn_leaves_the_tip_clockwise_on_its_next_turn():
    state = arrange(positions=(5, 12), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert after.positions == (7, 12)  # DROP with an empty hand: nothing
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]


def test_every_move_stops_at_the_tip_so_offset_six_is_never_landed_on():
    # parlour/games/filmis/README.md: the square after each tip cannot be reached, so it holds nothing special.
    landed = set()
    for start in range(board.SIZE):
        for roll in range(2, 10):
            for k in range(1, roll + 1):
                square = (start + k) % board.SIZE
                if board.SQUARES[square] == board.ARROW_TIP or k == roll:
                    landed.add(square)
                    break
    unreachable = set(range(board.SIZE)) - landed
    assert {s % board.QUARTER for s in unreachable} == {board.TIP_OFFSET + 1}
    assert {board.SQUARES[s] for s in unreachable} == {board.PLAIN}


# ---- cornflakes ---------------------------------------------------------------------------


def test_cornflakes_exactly_may_go_into_the_factory():
    state = arrange(positions=(5, 12), top=TOP)
    asked, events = act(state, 0, Roll(), dice=(1, 2))  # a 3 from the tip: back on cornflakes
    assert board.SQUARES[8] == board.CORNFLAKES
    assert asked.positions == (8, 12)
    assert events[-1] == Asked(Pending(0, "cornflakes"))
    assert GAME.to_act(asked) == (0,)
    assert GAME.legal_actions(asked, 0) == [Enter(True), Enter(False)]
    after, events = act(asked, 0, Enter(True), dice=(2,))
    assert events[:3] == [Moved(0, 5), DiceRolled(0, (2,)), CardsDrawn(0, (SICKAN, DORIS))]
    assert after.positions == (5, 12) and after.hands == ((SICKAN, DORIS), ())
    assert after.turn == 1 and after.pending is None


def test_cornflakes_declined_stays():
    state = arrange(positions=(5, 12), top=TOP)
    asked, _ = act(state, 0, Roll(), dice=(1, 2))
    after, events = act(asked, 0, Enter(False))
    assert after.positions == (8, 12) and after.hands == ((), ())
    assert kinds(events) == ["TurnEnded", "TurnBegan"] and after.turn == 1


def test_cornflakes_with_an_occupied_tip_cannot_go_in():
    state = arrange(positions=(6, 5), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert after.positions == (8, 5) and after.hands == ((), ())
    assert after.pending is None and after.turn == 1
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]


def test_cornflakes_only_when_landing_exactly():
    state = arrange(positions=(31, 12), top=TOP)
    after, _ = act(state, 0, Roll(), dice=(1, 2))  # passes 32, lands on the plain 34
    assert after.positions == (34, 12) and after.pending is None


# ---- nests --------------------------------------------------------------------------------


def test_passing_own_nest_stops_there_banks_the_hand_and_moves_again():
    state = arrange(positions=(44, 12), hands=((HARRY, DORIS), ()), homes=((SICKAN,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 6, 1, 2))  # 9 from 44: the nest is at step 4
    assert events[:5] == [DiceRolled(0, (3, 6)), Moved(0, 0), HandBanked(0, 2), DiceRolled(0, (1, 2)), Moved(0, 3)]
    assert after.positions == (3, 12)
    assert after.hands == ((), ()) and after.homes == ((SICKAN, HARRY, DORIS), ())
    assert after.turn == 1


def test_reaching_own_nest_exactly_banks_and_moves_again():
    state = arrange(positions=(46, 12), hands=((HARRY,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1, 1, 1))
    assert after.homes == ((HARRY,), ()) and after.hands == ((SICKAN,), ())  # then FILMIS on 2
    assert after.positions == (2, 12)


def test_leaving_own_nest_does_not_bank():
    state = arrange(hands=((HARRY,), ()), top=TOP)
    after, _ = act(state, 0, Roll(), dice=(1, 2))
    assert after.homes == ((), ()) and after.hands == ((HARRY,), ())


def test_opponents_nest_takes_a_blind_pick_from_their_home_pile():
    state = arrange(positions=(5, 30), homes=((), (JAMES_DEAN, HARRY, DORIS)), hands=((), (SICKAN,)), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 4), picks=(1,))
    assert events[:4] == [DiceRolled(0, (3, 4)), Moved(0, 12), Picked(0, 1), CardTaken(0, 1, True, HARRY)]
    assert after.hands == ((HARRY,), (SICKAN,)) and after.homes == ((), (JAMES_DEAN, DORIS))
    assert after.positions == (12, 30) and after.turn == 1


def test_opponents_nest_with_an_empty_home_pile_takes_from_the_hand():
    state = arrange(positions=(5, 30), hands=((), (SICKAN, BIFFEN)), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 4), picks=(0,))
    assert CardTaken(0, 1, False, SICKAN) in events
    assert after.hands == ((SICKAN,), (BIFFEN,)) and after.homes == ((), ())


def test_opponents_nest_without_cards_gives_nothing():
    state = arrange(positions=(5, 30), hands=((DORIS,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 4))  # no pick is drawn
    assert after.hands == ((DORIS,), ()) and after.positions == (12, 30)
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]


def test_passing_an_opponents_nest_does_nothing():
    state = arrange(positions=(10, 30), homes=((), (JAMES_DEAN,)), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 2))  # 10 -> 13, over Bob's nest at 12
    assert board.SQUARES[13] == board.FILMIS
    assert after.positions == (13, 30) and after.homes == ((), (JAMES_DEAN,))
    assert after.hands == ((SICKAN,), ())
    assert not any(isinstance(e, (CardTaken, Picked)) for e in events)


def test_nest_of_a_colour_nobody_plays_is_plain():
    state = arrange(positions=(20, 12), hands=((HARRY,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 3))
    assert after.positions == (24, 12) and after.hands == ((HARRY,), ())
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]


def test_chosen_colours_move_the_nests():
    # Ann plays green (nest 24), Bob red (nest 0): Ann's pawn banks at 24, not at 0.
    state = arrange(positions=(20, 0), hands=((HARRY,), ()), top=TOP, colours=("green", "red"))
    assert state.colours == (2, 0)
    after, events = act(state, 0, Roll(), dice=(3, 6, 1, 1))
    assert events[1:3] == [Moved(0, 24), HandBanked(0, 1)]
    assert after.homes == ((HARRY,), ()) and after.positions == (26, 0)


# ---- go home, extra roll, chains ----------------------------------------------------------


def test_go_home_banks_the_hand_and_moves_again():
    state = arrange(positions=(17, 30), hands=((DORIS, HARRY), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 3, 1, 2))
    assert board.SQUARES[21] == board.GO_HOME
    assert events[:6] == [
        DiceRolled(0, (1, 3)),
        Moved(0, 21),
        Moved(0, 0),
        HandBanked(0, 2),
        DiceRolled(0, (1, 2)),
        Moved(0, 3),
    ]
    assert after.positions == (3, 30)
    assert after.homes == ((DORIS, HARRY), ()) and after.hands == ((), ())


def test_extra_roll_moves_on():
    state = arrange(positions=(17, 30), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1, 1, 2))
    assert board.SQUARES[19] == board.EXTRA_ROLL
    assert events[:4] == [DiceRolled(0, (1, 1)), Moved(0, 19), DiceRolled(0, (1, 2)), Moved(0, 22)]
    assert after.positions == (22, 30) and after.hands == ((SICKAN,), ())  # 22 is FILMIS


def test_chain_extra_roll_onto_go_home_onto_filmis():
    state = arrange(positions=(17, 30), hands=((BIFFEN,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1, 1, 1, 1, 1))
    assert [e for e in events if isinstance(e, Moved)] == [Moved(0, 19), Moved(0, 21), Moved(0, 0), Moved(0, 2)]
    assert after.homes == ((BIFFEN,), ()) and after.hands == ((SICKAN,), ())
    assert after.positions == (2, 30) and after.turn == 1


# ---- fine or skip, drop -------------------------------------------------------------------


def test_fine_paid_puts_the_card_under_the_deck():
    state = arrange(positions=(5, 30), hands=((HARRY, WALL_ENBERG), ()), top=TOP)
    asked, events = act(state, 0, Roll(), dice=(3, 3))
    assert board.SQUARES[11] == board.FINE_OR_SKIP
    assert events[-1] == Asked(Pending(0, "fine"))
    assert GAME.legal_actions(asked, 0) == [PayFine(HARRY), PayFine(WALL_ENBERG), RefuseFine()]
    after, events = act(asked, 0, PayFine(WALL_ENBERG))
    assert events[0] == CardUnder(0, WALL_ENBERG)
    assert after.hands == ((HARRY,), ()) and after.deck.pile[-1] == WALL_ENBERG
    assert after.deck.pile[:-1] == state.deck.pile
    assert after.skips == (0, 0) and after.turn == 1


def test_fine_refused_skips_the_next_turn():
    state = arrange(positions=(5, 34), hands=((HARRY,), ()), top=TOP)
    asked, _ = act(state, 0, Roll(), dice=(3, 3))
    after, events = act(asked, 0, RefuseFine())
    assert events[0] == SkipOwed(0)
    assert after.skips == (1, 0) and after.hands == ((HARRY,), ()) and after.turn == 1
    # Bob plays; Ann passes (her only answer: she cannot raid) and Bob plays again.
    again, events = act(after, 1, Roll(), dice=(1, 1))
    assert kinds(events)[-2:] == ["TurnEnded", "TurnBegan"] and again.turn == 0
    assert GAME.legal_actions(again, 0) == [PassTurn()]
    again, events = act(again, 0, PassTurn())
    assert kinds(events) == ["TurnSkipped", "TurnEnded", "TurnBegan"]
    assert events[-1] == TurnBegan(1) and again.turn == 1 and again.skips == (0, 0)
    assert again.positions == (11, 36)


def test_fine_without_cards_skips_the_next_turn_without_asking():
    state = arrange(positions=(5, 30), top=TOP)
    after, events = act(state, 0, Roll(), dice=(3, 3))
    assert kinds(events) == ["DiceRolled", "Moved", "SkipOwed", "TurnEnded", "TurnBegan"]
    assert after.skips == (1, 0) and after.pending is None


def test_drop_asks_which_card():
    state = arrange(positions=(5, 30), hands=((HARRY, DORIS, HARRY), ()), top=TOP)
    asked, events = act(state, 0, Roll(), dice=(1, 1))
    assert board.SQUARES[7] == board.DROP
    assert GAME.legal_actions(asked, 0) == [Drop(DORIS), Drop(HARRY)]
    after, events = act(asked, 0, Drop(HARRY))
    assert after.hands == ((DORIS, HARRY), ()) and after.deck.pile[-1] == HARRY
    assert after.turn == 1


def test_drop_with_one_kind_of_card_is_still_asked():
    # Changed on purpose: dropping at once told the others the hand was all one kind.
    state = arrange(positions=(5, 30), hands=((BIFFEN, BIFFEN), ()), top=TOP)
    asked, events = act(state, 0, Roll(), dice=(1, 1))
    assert events[2] == Asked(Pending(0, "drop")) and GAME.legal_actions(asked, 0) == [Drop(BIFFEN)]
    after, events = act(asked, 0, Drop(BIFFEN))
    assert events[0] == CardUnder(0, BIFFEN)
    assert after.hands == ((BIFFEN,), ()) and after.turn == 1


def test_drop_with_no_hand_does_nothing():
    state = arrange(positions=(5, 30), homes=((DORIS,), ()), top=TOP)
    after, events = act(state, 0, Roll(), dice=(1, 1))
    assert kinds(events) == ["DiceRolled", "Moved", "TurnEnded", "TurnBegan"]
    assert after.homes == ((DORIS,), ()) and after.deck == state.deck


def test_answers_are_only_what_is_asked():
    state = arrange(positions=(5, 30), hands=((HARRY, DORIS), ()), top=TOP)
    asked, _ = act(state, 0, Roll(), dice=(1, 1))
    for seat, action in ((0, Drop(SICKAN)), (0, Roll()), (1, Drop(HARRY)), (0, PayFine(HARRY))):
        with pytest.raises(Rejected):
            act(asked, seat, action)
