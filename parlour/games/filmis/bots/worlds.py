"""Filmis's worlds for the expert bot and the hint, and their deviations for the hint's control
variate (parlour/rules/bots/expert_worlds.py reads both through the game's Entry)."""

from __future__ import annotations

import random
from collections.abc import Callable

from parlour.rules.bots.expert_worlds import deal, unseen
from parlour.rules.deck import Deck

from ..rules import cards
from ..rules.state import State


def worlds(view: State, seat: int, rng: random.Random) -> State | None:
    """Others' hands and home piles and the factory deck. None during a swap (the cards the
    others chose are hidden copies of shown cards: the expert leaves that to the smart level)."""
    if view.swap is not None or view.over:
        return None
    pool = unseen(cards.DECK, view.hands[seat], view.homes[seat])
    rng.shuffle(pool)
    hands = tuple(h if s == seat else deal(pool, len(h)) for s, h in enumerate(view.hands))
    homes = tuple(h if s == seat else deal(pool, len(h)) for s, h in enumerate(view.homes))
    deck = Deck(deal(pool, len(view.deck.pile)), deal(pool, len(view.deck.discard)))
    return view._replace(hands=hands, homes=homes, deck=deck)


def deviations(view: State, seat: int) -> Callable[[State], tuple[float, ...]]:
    """How far a world dealt from `view` (by `worlds` above) lies from what the seat expects of
    it: for every other seat, its home pile's points, its hand's, and the James Deans and Whistles
    it holds (hand and home) less their expectation, and the points of the deck's top three cards
    less theirs. Every hidden card is dealt uniformly from the cards the seat has not seen, so each
    expectation is exact (a place of n cards: n times the unseen cards' mean): a playout's result
    less a multiple of these keeps its mean (parlour/services/playouts.py's control variate)."""
    pool = unseen(cards.DECK, view.hands[seat], view.homes[seat])
    size = len(pool) or 1
    mean = cards.score(pool) / size
    deans, whistles = pool.count(cards.JAMES_DEAN) / size, pool.count(cards.WHISTLE) / size
    others = [s for s in range(len(view.players)) if s != seat]

    def deviated(world: State) -> tuple[float, ...]:
        found: list[float] = []
        for s in others:
            home, hand = world.homes[s], world.hands[s]
            held = len(home) + len(hand)
            found += (
                cards.score(home) - len(home) * mean,
                cards.score(hand) - len(hand) * mean,
                home.count(cards.JAMES_DEAN) + hand.count(cards.JAMES_DEAN) - held * deans,
                home.count(cards.WHISTLE) + hand.count(cards.WHISTLE) - held * whistles,
            )
        top = world.deck.pile[:3]
        found.append(cards.score(top) - len(top) * mean)
        return tuple(found)

    return deviated
