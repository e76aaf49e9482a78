"""The Smurf Game (2-4 players): gather four different food baskets and come HOME by exact count,
while the cats on two wheels block the path. RULES.md §3; the board layout is reconstructed."""

from __future__ import annotations

from ..game import Game
from .records import RECORDS
from .state import evolve, initial, redact, result, to_act, view
from .turn import explain, legal_actions, step

GAME = Game(
    id="smurf",
    title="The Smurf Game",
    min_players=2,
    max_players=4,
    records=RECORDS,
    initial=initial,
    to_act=to_act,
    legal_actions=legal_actions,
    step=step,
    evolve=evolve,
    view=view,
    redact=redact,
    result=result,
    explain=explain,
)
