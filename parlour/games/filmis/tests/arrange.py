"""Filmis test helpers: a state arranged card by card, and one action carried out with exactly
the chance outcomes a test names (a strict source: an outcome the test did not give fails)."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from parlour.rules.chance import Chance, Rig
from parlour.rules.game import decide
from parlour.rules.records import Acted

from ..rules import GAME, cards
from ..rules.state import State

NAMES = ("Ann", "Bob", "Cid", "Dag")


def arrange(
    players: int = 2, *, positions=None, hands=None, homes=None, top=(), turn: int = 0, skips=None, colours=None
) -> State:
    """A state at the start of `turn`'s turn. Cards in hands and home piles come out of the 60;
    the deck is `top` (top first) followed by the rest in a fixed order, so 60 are conserved."""
    options = {"colours": list(colours)} if colours else {}
    state = GAME.initial(NAMES[:players], options)
    hands = tuple(tuple(h) for h in (hands or ((),) * players))
    homes = tuple(tuple(h) for h in (homes or ((),) * players))
    rest = Counter(cards.DECK)
    for pile in hands + homes + (tuple(top),):
        rest.subtract(pile)
    assert all(n >= 0 for n in rest.values()), "more of a card than the game has"
    pile = tuple(top) + tuple(sorted(rest.elements()))
    return state._replace(
        positions=tuple(positions) if positions else state.positions,
        hands=hands,
        homes=homes,
        deck=replace(state.deck, pile=pile, discard=()),
        skips=tuple(skips) if skips else state.skips,
        turn=turn,
    )


def act(state: State, seat: int, action, *, dice=(), picks=()):
    """Carry out `action` with exactly these dice faces and blind picks, all of which must be
    used. Returns (new state, events after the Acted)."""
    chance = Chance(0, Rig(list(dice), [], {}, list(picks)), strict=True)
    turn = decide(GAME, state, seat, action, chance)
    assert chance.exhausted(), "the rules did not use every forced outcome"
    assert turn.events[0] == Acted(seat, action)
    return turn.state, turn.events[1:]


def kinds(events) -> list[str]:
    return [type(e).__name__ for e in events]
