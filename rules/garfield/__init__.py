"""Garfield (2-4 players): race three laps around Garfield; the third ring wins. RULES.md §1."""

from __future__ import annotations

from ..game import Game
from .records import RECORDS
from .state import initial, evolve, redact, result, to_act, view
from .turn import explain, legal_actions, step

GAME = Game(
    id="garfield",
    title="Garfield",
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
