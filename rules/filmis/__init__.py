"""Filmis - Jönssonligan in Wall-Entuna (2-4 players): collect filmis cards from the cornflakes
factory and bank them in your nest before the raid. RULES.md §2."""

from __future__ import annotations

from ..game import Game
from .records import RECORDS
from .state import evolve, initial, redact, result, to_act, view
from .turn import explain, legal_actions, step

GAME = Game(
    id="filmis",
    title="Filmis",
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
