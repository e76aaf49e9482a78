"""Views hide the cards once per change (parlour/games/filmis/rules/state.py `_hidden` remembers the hands,
home piles and deck all hidden by their identity): every seat's view must still be exactly the
masking of the state it is asked about, whichever seat, table or state was asked before."""

from __future__ import annotations

import random

from parlour.rules.records import HIDDEN
from parlour.rules.table import Table
from tests.helpers import RandomPlayer

from ..rules import GAME


def masked(piles, seat):
    """Every pile hidden but `seat`'s own: the view's rule, written out plainly."""
    return tuple(pile if i == seat else (HIDDEN,) * len(pile) for i, pile in enumerate(piles))


def check_views(state) -> None:
    for seat in (0, 1, 2, 3, -1, 7):  # the players, a spectator and a seat nobody has
        seen = GAME.view(state, seat)
        if state.over:
            assert (seen.hands, seen.homes) == (state.hands, state.homes)
        else:
            assert seen.hands == masked(state.hands, seat), (seat, seen.hands, state.hands)
            assert seen.homes == masked(state.homes, seat), (seat, seen.homes, state.homes)
        assert seen.deck.pile == (HIDDEN,) * len(state.deck.pile)
        assert seen.deck.discard == (HIDDEN,) * len(state.deck.discard)
        assert seen._replace(hands=state.hands, homes=state.homes, deck=state.deck, swap=state.swap) == state


def test_every_seat_sees_the_masking_of_the_state_asked_about_while_two_tables_take_turns():
    # two games played in turn, views asked for every seat after every action: a memo that
    # answered by seat, or by the last state rather than the piles asked about, shows stale cards
    tables = [Table.new("filmis", ["Ann", "Bob", "Cid"][:n], seed=n) for n in (2, 3)]
    players = [RandomPlayer(random.Random(n)) for n in (2, 3)]
    while any(table.result() is None for table in tables):
        for table, player in zip(tables, players):
            if table.result() is None:
                seat = table.to_act()[0]
                table.submit(seat, player.choose(table.game, table.view(seat), seat))
                check_views(table.state)
    for table in tables:
        check_views(table.state)  # laid down: nothing hidden


def test_equal_piles_made_anew_are_masked_alike_and_a_changed_pile_at_once():
    state = Table.new("filmis", ["Ann", "Bob"], seed=4).state
    state = state._replace(hands=(("HARRY",), ("DORIS", "SICKAN")), homes=((), ("BIFFEN",)))
    first = GAME.view(state, 0)
    assert first.hands == (("HARRY",), (HIDDEN, HIDDEN)) and first.homes == ((), (HIDDEN,))
    grown = state._replace(hands=(("HARRY",), ("DORIS", "SICKAN", "HARRY")))
    assert GAME.view(grown, 0).hands == (("HARRY",), (HIDDEN, HIDDEN, HIDDEN))
    assert GAME.view(grown, 1).hands == ((HIDDEN,), ("DORIS", "SICKAN", "HARRY"))
    assert GAME.view(state, 1).hands == ((HIDDEN,), ("DORIS", "SICKAN"))


def test_a_deck_changed_alone_is_hidden_anew():
    # the set-up shuffle changes the deck and nothing else the view hides
    table = Table.new("filmis", ["Ann", "Bob"], seed=5)
    before = GAME.initial(table.players, {})
    after = GAME.evolve(before, next(e for e in table.events if type(e).__name__ == "Shuffled"))
    assert (after.hands, after.homes) == (before.hands, before.homes)
    for state in (before, after):
        check_views(state)
