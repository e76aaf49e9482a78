"""The Smurf Game (2-4 players): gather four different food baskets and come HOME by exact count,
while the cats on two wheels block the path. parlour/games/smurf/README.md; the board layout is reconstructed."""

from __future__ import annotations

from parlour.rules.game import Game

from . import state, tail, turn
from .records import RECORDS

GAME = Game(
    id="smurf",
    title="The Smurf Game",
    min_players=2,
    max_players=4,
    records=RECORDS,
    initial=state.initial,
    to_act=state.to_act,
    legal_actions=turn.legal_actions,
    step=turn.step,
    evolve=state.evolve,
    view=state.view,
    redact=state.redact,
    result=state.result,
    explain=turn.explain,
    to_act_after=tail.to_act_after,
)
