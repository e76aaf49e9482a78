"""Playing a game on from a position with smart seats: what the searching bot, the hint and the
analysis of a saved game all do to estimate a chance to win.

A playout takes a full state (a real one where nothing is hidden, or a world dealt from a seat's
view), a seeded chance source (the dice and decks drawn afresh) and a policy that plays every
seat, and plays until the game ends or a limit of actions is reached. Keyed by turn, each turn
draws its dice from its own seed (the playout's and the turn's number), so playouts with the same
seed from two points of one game throw the same dice in every turn after both.
"""

from __future__ import annotations

from collections.abc import Callable

from ..chance import Chance
from ..game import Game, Result, State, View, decide
from ..records import Action, TurnBegan
from .smart import SmartBot

MAX_ACTIONS = 2_000  # a playout still running after this many actions is left unfinished


def turn_seed(seed: int, turn: int) -> int:
    """The seed of turn `turn`'s dice and cards in the playout seeded `seed`."""
    return seed * 1_000_003 + turn


def play_on(
    game: Game[State, View],
    state: State,
    seed: int,
    *,
    limit: int = MAX_ACTIONS,
    stop: Callable[[State, int], bool] | None = None,
    turn: int | None = None,
    first: Action | None = None,
) -> tuple[State, Result | None]:
    """Play `state` on with smart seats and the dice of `seed`: the state reached and its result
    (None when the game did not end within `limit` actions, or `stop(state, actions)` said so).
    `first`: the seat to act takes it first, then smart plays. `turn`: the turn `state` is in;
    each turn's dice are then drawn from `turn_seed(seed, turn)`."""
    chance = Chance(seed if turn is None else turn_seed(seed, turn))
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
        action = first if first is not None else policy.choose(game, state, who)
        first = None
        # a playout's state is the real one (nothing hidden) or a world dealt from a view
        turned = decide(game, state, who, action, chance)
        state = turned.state
        if turn is not None and TurnBegan in map(type, turned.events):
            turn += 1
            chance.reseed(turn_seed(seed, turn))
    return state, game.result(state)


def shares(result: Result | None, players: int) -> tuple[float, ...]:
    """Each seat's share of a win: 1/k for each of k winners, 0 for the rest (and for everyone
    in a game that did not end)."""
    if result is None:
        return (0.0,) * players
    return tuple(1 / len(result.winners) if s in result.winners else 0.0 for s in range(players))
