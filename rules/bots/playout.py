"""Playing a game on from a position with smart seats: what the searching bot, the hint and the
analysis of a saved game all do to estimate a chance to win.

A playout takes a full state (a real one where nothing is hidden, or a world dealt from a seat's
view), a seeded chance source (the dice and decks drawn afresh) and a policy that plays every
seat, and plays until the game ends or a limit of actions is reached.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..chance import Chance
from ..game import Game, Result, decide
from .smart import SmartBot

MAX_ACTIONS = 2_000  # a playout still running after this many actions is left unfinished


def play_on(
    game: Game, state: Any, seed: int, *, limit: int = MAX_ACTIONS, stop: Callable[[Any, int], bool] | None = None
) -> tuple[Any, Result | None]:
    """Play `state` on with smart seats and the dice of `seed`: the state reached and its result
    (None when the game did not end within `limit` actions, or `stop(state, actions)` said so)."""
    chance = Chance(seed)
    policy = SmartBot(seed)  # every seat's play, seeded like the dice
    for done in range(limit):
        result = game.result(state)
        if result is not None:
            return state, result
        if stop is not None and stop(state, done):
            return state, None
        who = game.to_act(state)[0]
        if who is None:  # (only before the set-up: a playout's game is under way)
            raise ValueError("a playout needs a game that has been set up")
        # a playout's state is the real one (nothing hidden) or a world dealt from a view
        state = decide(game, state, who, policy.choose(game, state, who), chance).state
    return state, game.result(state)


def shares(result: Result | None, players: int) -> tuple[float, ...]:
    """Each seat's share of a win: 1/k for each of k winners, 0 for the rest (and for everyone
    in a game that did not end)."""
    if result is None:
        return (0.0,) * players
    return tuple(1 / len(result.winners) if s in result.winners else 0.0 for s in range(players))
