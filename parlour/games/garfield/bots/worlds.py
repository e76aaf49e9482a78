"""Garfield's worlds for the expert bot and the hint (parlour/rules/bots/expert_worlds.py reads
them through the game's Entry): a full state consistent with one seat's view."""

from __future__ import annotations

import random

from parlour.rules.bots.expert_worlds import deal, unseen
from parlour.rules.deck import Deck

from ..rules import cards
from ..rules.state import State


def worlds(view: State, seat: int, rng: random.Random) -> State:
    """Others' hands, the Player deck (pile and face-down discard) and the Garfield pile."""
    pool = unseen(cards.PLAYER_DECK, view.hands[seat])
    rng.shuffle(pool)
    hands = tuple(hand if s == seat else deal(pool, len(hand)) for s, hand in enumerate(view.hands))
    player_deck = Deck(deal(pool, len(view.player_deck.pile)), deal(pool, len(view.player_deck.discard)))
    face_up = (view.face_up,) if view.face_up is not None else ()
    garfield_pile = unseen(cards.GARFIELD_DECK, view.garfield.discard, face_up)
    rng.shuffle(garfield_pile)
    return view._replace(
        hands=hands, player_deck=player_deck, garfield=Deck(tuple(garfield_pile), view.garfield.discard)
    )
