"""Set-up, options, views and redaction, the save file, and whole games."""

from collections import Counter

import pytest

from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.records import HIDDEN, DiceRolled, Rejected, Shuffled
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver
from tests.helpers import check_common, rigged

from ..rules import GAME, board, cards
from ..rules.records import CardsDrawn, CardTaken, CardUnder, Roll, SwapChosen, TurnBegan
from .arrange import arrange

# ---- the board ----------------------------------------------------------------------


def test_board_layout():
    squares = board.SQUARES
    assert len(squares) == 48
    assert [i for i, k in enumerate(squares) if k == board.NEST] == [0, 12, 24, 36]
    assert [i for i, k in enumerate(squares) if k == board.ARROW_TIP] == [5, 17, 29, 41]
    assert [i for i, k in enumerate(squares) if k == board.CORNFLAKES] == [8, 20, 32, 44]
    assert [i for i, k in enumerate(squares) if k == board.ARROW] == [3, 4, 15, 16, 27, 28, 39, 40]
    assert Counter(squares) == {
        board.NEST: 4,
        board.ARROW: 8,
        board.ARROW_TIP: 4,
        board.CORNFLAKES: 4,
        board.PLAIN: 9,
        board.FILMIS: 6,
        board.EXTRA_ROLL: 3,
        board.DROP: 3,
        board.SWAP: 2,
        board.FINE_OR_SKIP: 3,
        board.GO_HOME: 2,
    }
    # parlour/games/filmis/README.md "The board" (rules version 2): offset 6, where no pawn can land, is plain.
    assert [k for i, k in enumerate(squares) if i % 12 == 6] == [board.PLAIN] * 4
    assert squares[0:12] == (
        board.NEST,
        board.PLAIN,
        board.FILMIS,
        board.ARROW,
        board.ARROW,
        board.ARROW_TIP,
        board.PLAIN,
        board.DROP,
        board.CORNFLAKES,
        board.SWAP,
        board.EXTRA_ROLL,
        board.FINE_OR_SKIP,
    )
    assert squares[12:24] == (
        board.NEST,
        board.FILMIS,
        board.FINE_OR_SKIP,
        board.ARROW,
        board.ARROW,
        board.ARROW_TIP,
        board.PLAIN,
        board.EXTRA_ROLL,
        board.CORNFLAKES,
        board.GO_HOME,
        board.FILMIS,
        board.PLAIN,
    )
    assert squares[24:36] == (
        board.NEST,
        board.DROP,
        board.FILMIS,
        board.ARROW,
        board.ARROW,
        board.ARROW_TIP,
        board.PLAIN,
        board.FINE_OR_SKIP,
        board.CORNFLAKES,
        board.SWAP,
        board.PLAIN,
        board.EXTRA_ROLL,
    )
    assert squares[36:48] == (
        board.NEST,
        board.FILMIS,
        board.DROP,
        board.ARROW,
        board.ARROW,
        board.ARROW_TIP,
        board.PLAIN,
        board.GO_HOME,
        board.CORNFLAKES,
        board.FILMIS,
        board.PLAIN,
        board.PLAIN,
    )


# ---- set-up -------------------------------------------------------------------------------


def test_set_up_shuffles_places_pawns_and_the_highest_opening_roll_starts():
    # Ann and Bob tie on 9, Cid has 2; Ann and Bob roll again: Bob's 4 beats Ann's 2.
    table = rigged(
        "filmis",
        ("Ann", "Bob", "Cid"),
        dice=(3, 6, 3, 6, 1, 1, 1, 1, 2, 2),
        decks={"factory": [cards.JAMES_DEAN, cards.WHISTLE]},
    )
    state = table.state
    assert [e for e in table.events if isinstance(e, DiceRolled)] == [
        DiceRolled(0, (3, 6)),
        DiceRolled(1, (3, 6)),
        DiceRolled(2, (1, 1)),
        DiceRolled(0, (1, 1)),
        DiceRolled(1, (2, 2)),
    ]
    assert table.events[-1] == TurnBegan(1)
    assert state.turn == 1 and table.to_act() == (1,)
    assert state.positions == (0, 12, 24) and state.colours == (0, 1, 2)
    assert state.deck.pile[:2] == (cards.JAMES_DEAN, cards.WHISTLE) and len(state.deck.pile) == 60
    assert Counter(state.deck.pile) == Counter(cards.DECK)
    assert state.hands == ((), (), ()) and state.homes == ((), (), ())


def test_colours_option():
    table = Table.new("filmis", ["Ann", "Bob"], seed=3, options={"colours": ["yellow", "green"]})
    assert table.state.colours == (3, 2) and table.state.positions == (36, 24)
    for bad in (["red"], ["red", "red"], ["red", "pink"], "red"):
        with pytest.raises(Rejected):
            Table.new("filmis", ["Ann", "Bob"], seed=3, options={"colours": bad})
    with pytest.raises(Rejected):
        Table.new("filmis", ["Ann", "Bob"], seed=3, options={"speed": 2})


def test_player_counts():
    for players in (["Ann"], ["A", "B", "C", "D", "E"]):
        with pytest.raises(Rejected):
            Table.new("filmis", players, seed=1)


# ---- views and redaction ------------------------------------------------------------------


def test_view_hides_other_hands_home_piles_and_the_deck_order():
    state = arrange(
        3,
        hands=((cards.SICKAN,), (cards.DORIS, cards.HARRY), ()),
        homes=((cards.BIFFEN,), (cards.JAMES_DEAN,), (cards.WHISTLE, cards.HARRY)),
    )
    seen = GAME.view(state, 1)
    assert seen.hands == ((HIDDEN,), (cards.DORIS, cards.HARRY), ())
    assert seen.homes == ((HIDDEN,), (cards.JAMES_DEAN,), (HIDDEN, HIDDEN))
    assert seen.deck.pile == (HIDDEN,) * len(state.deck.pile)
    assert GAME.view(state, None) == state
    assert GAME.legal_actions(seen, 1) == [] and GAME.legal_actions(GAME.view(state, 0), 0) == [Roll()]


def test_redaction():
    assert GAME.redact(CardsDrawn(0, (cards.SICKAN,)), 1) == CardsDrawn(0, (HIDDEN,))
    assert GAME.redact(CardsDrawn(0, (cards.SICKAN,)), 0) == CardsDrawn(0, (cards.SICKAN,))
    assert GAME.redact(CardTaken(0, 1, True, cards.SICKAN), 1) == CardTaken(0, 1, True, cards.SICKAN)
    assert GAME.redact(CardTaken(0, 1, True, cards.SICKAN), 2) == CardTaken(0, 1, True, HIDDEN)
    assert GAME.redact(CardUnder(0, cards.DORIS), 1) == CardUnder(0, HIDDEN)
    assert GAME.redact(SwapChosen(0, cards.DORIS), 1) == SwapChosen(0, HIDDEN)
    assert GAME.redact(Shuffled("factory", ("A", "B")), 0) == Shuffled("factory", (HIDDEN, HIDDEN))
    assert GAME.redact(Shuffled("factory", ("A", "B")), None) == Shuffled("factory", ("A", "B"))


# ---- the save file ------------------------------------------------------------------------


def _play(seed: int, players: int) -> Table:
    table = Table.new("filmis", ["Ann", "Bob", "Cid", "Dag"][:players], seed=seed)
    TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots()
    return table


def test_save_and_load_round_trip():
    seen = Counter()
    for seed in range(12):
        table = _play(seed, 2 + seed % 3)
        text = log.dumps(table.header, table.events)
        loaded = log.loads(text)
        assert loaded.warnings == []
        assert loaded.events == table.events and loaded.state == table.state
        assert log.dumps(loaded.header, loaded.events) == text
        seen.update(type(e).__name__ for e in table.events)
    # the games above went through every kind of thing a log must replay
    for kind in ("Picked", "SwapBegan", "SwapDone", "CardUnder", "SkipOwed", "HandBanked", "Asked", "Raid"):
        assert seen[kind], kind


def test_rigged_game_saves_and_loads_mid_game():
    table = rigged("filmis", ("Ann", "Bob"), dice=(3, 6, 1, 1, 2, 6, 2), decks={"factory": [cards.SICKAN, cards.DORIS]})
    table.submit(0, Roll())  # Ann: the tip, two cards
    assert table.state.hands[0] == (cards.SICKAN, cards.DORIS)
    loaded = log.loads(log.dumps(table.header, table.events))
    assert loaded.header.rigged and loaded.state == table.state
    resumed = Table.resume(loaded)
    assert resumed.to_act() == (1,)
    check_common(resumed)


# ---- whole games --------------------------------------------------------------------------


def test_500_random_games_all_end_by_a_raid_with_scores_from_the_home_piles():
    endings = Counter()
    for seed in range(500):
        players = 2 + seed % 3
        table = _play(seed, players)
        state, result = table.state, table.result()
        assert state.over and result is not None
        assert result.scores == tuple(cards.score(home) for home in state.homes)
        assert result.winners == tuple(s for s in range(players) if result.scores[s] == max(result.scores))
        assert state.cards_held() == 60
        if state.caller is None:
            assert state.deck.pile == ()
        else:
            assert cards.can_raid(state.hands[state.caller], state.homes[state.caller])
        endings[state.caller is None] += 1
    assert endings[True] and endings[False]  # both endings happen
