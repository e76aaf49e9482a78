"""A deck drawn from or discarded to is made without the class call (rules/deck.py): it must be
an ordinary Deck all the same."""

from __future__ import annotations

from dataclasses import FrozenInstanceError

import pytest

from parlour.rules.deck import Deck


@pytest.mark.parametrize(
    "made, expected",
    [
        (lambda deck: deck.drawn(2), Deck(("c",), ("x",))),
        (lambda deck: deck.discarded(("y", "z")), Deck(("a", "b", "c"), ("x", "y", "z"))),
    ],
)
def test_a_deck_drawn_or_discarded_is_an_ordinary_frozen_deck(made, expected):
    before = Deck(("a", "b", "c"), ("x",))
    deck = made(before)
    assert type(deck) is Deck and deck == expected and hash(deck) == hash(expected)
    assert repr(deck) == repr(expected) and len(deck) == len(expected)
    assert deck.masked() == expected.masked() and deck.reshuffled(("q",)) == Deck(("q",), ())
    with pytest.raises(FrozenInstanceError):
        deck.pile = ()
    assert before == Deck(("a", "b", "c"), ("x",))  # the deck it was made from is unchanged
