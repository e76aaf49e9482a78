"""Questions with one possible answer (parlour/games/garfield/README.md, "Secrets are kept by the shape of the game
too"): the rules put a question even when the hand leaves only one answer, so that the others
learn nothing from whether it is put. A table may still answer such a question by itself for a
player who is alone at the screen; this finds that answer."""

from __future__ import annotations

from .game import Game, State, View
from .records import Action


def only_action(game: Game[State, View], state: State, seat: int) -> Action | None:
    """The one legal action of `seat` now, if it has exactly one (else None). Uses only what
    the seat may see."""
    actions = game.legal_actions(game.view(state, seat), seat)
    return actions[0] if len(actions) == 1 else None
