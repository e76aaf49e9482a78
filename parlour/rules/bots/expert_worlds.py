"""Worlds for the expert bot: a full game state consistent with one seat's view, with the hidden
cards dealt at random from the cards that seat cannot see.

A sampler reads the view only (never the state the view was made from): the cards a seat cannot
see are the game's whole deck less the cards it can, shuffled into the hidden places (others'
hands, draw piles, face-down discards). Each game module's view decides what is hidden; a
sampler only has to know which places of that view hold HIDDEN cards.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..deck import Deck

if TYPE_CHECKING:
    from parlour.games.filmis.rules.state import State as FilmisState
    from parlour.games.garfield.rules.state import State as GarfieldState


def _unseen(deck: tuple[str, ...], *seen: tuple[str, ...]) -> list[str]:
    """The cards of `deck` not in any of the `seen` piles, as a list to deal from."""
    rest = Counter(deck)
    for pile in seen:
        rest.subtract(pile)
    return list(rest.elements())


def _deal(pool: list[str], count: int) -> tuple[str, ...]:
    dealt = tuple(pool[-count:]) if count else ()
    del pool[len(pool) - count :]
    return dealt


def garfield(view: GarfieldState, seat: int, rng: random.Random) -> GarfieldState:
    """Others' hands, the Player deck (pile and face-down discard) and the Garfield pile."""
    from parlour.games.garfield.rules import cards

    pool = _unseen(cards.PLAYER_DECK, view.hands[seat])
    rng.shuffle(pool)
    hands = tuple(hand if s == seat else _deal(pool, len(hand)) for s, hand in enumerate(view.hands))
    player_deck = Deck(_deal(pool, len(view.player_deck.pile)), _deal(pool, len(view.player_deck.discard)))
    face_up = (view.face_up,) if view.face_up is not None else ()
    garfield_pile = _unseen(cards.GARFIELD_DECK, view.garfield.discard, face_up)
    rng.shuffle(garfield_pile)
    return view._replace(
        hands=hands, player_deck=player_deck, garfield=Deck(tuple(garfield_pile), view.garfield.discard)
    )


def filmis(view: FilmisState, seat: int, rng: random.Random) -> FilmisState | None:
    """Others' hands and home piles and the factory deck. None during a swap (the cards the
    others chose are hidden copies of shown cards: the expert leaves that to the smart level)."""
    from parlour.games.filmis.rules import cards

    if view.swap is not None or view.over:
        return None
    pool = _unseen(cards.DECK, view.hands[seat], view.homes[seat])
    rng.shuffle(pool)
    hands = tuple(h if s == seat else _deal(pool, len(h)) for s, h in enumerate(view.hands))
    homes = tuple(h if s == seat else _deal(pool, len(h)) for s, h in enumerate(view.homes))
    deck = Deck(_deal(pool, len(view.deck.pile)), _deal(pool, len(view.deck.discard)))
    return view._replace(hands=hands, homes=homes, deck=deck)


def filmis_deviations(view: FilmisState, seat: int) -> Callable[[FilmisState], tuple[float, ...]]:
    """How far a world dealt from `view` (by `filmis` above) lies from what the seat expects of
    it: for every other seat, its home pile's points, its hand's, and the James Deans and Whistles
    it holds (hand and home) less their expectation, and the points of the deck's top three cards
    less theirs. Every hidden card is dealt uniformly from the cards the seat has not seen, so each
    expectation is exact (a place of n cards: n times the unseen cards' mean): a playout's result
    less a multiple of these keeps its mean (parlour/services/playouts.py's control variate)."""
    from parlour.games.filmis.rules import cards

    pool = _unseen(cards.DECK, view.hands[seat], view.homes[seat])
    size = len(pool) or 1
    mean = cards.score(pool) / size
    deans, whistles = pool.count(cards.JAMES_DEAN) / size, pool.count(cards.WHISTLE) / size
    others = [s for s in range(len(view.players)) if s != seat]

    def deviations(world: FilmisState) -> tuple[float, ...]:
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

    return deviations


# game id -> sampler (view, seat, rng) -> a full state, or None where it cannot sample
SAMPLERS: dict[str, Callable[[Any, int, random.Random], Any]] = {"garfield": garfield, "filmis": filmis}
# game id -> (view, seat) -> a world's deviations from what the seat expects (a game without: none)
DEVIATIONS: dict[str, Callable[[Any, int], Callable[[Any], tuple[float, ...]]]] = {"filmis": filmis_deviations}
