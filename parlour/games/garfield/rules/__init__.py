"""Garfield (2-4 players): race three laps around Garfield; the third ring wins. parlour/games/garfield/README.md."""

from __future__ import annotations

from parlour.rules.game import Game

from . import state, tail, turn
from .records import RECORDS

GAME = Game(
    id="garfield",
    title="Garfield",
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
    rules_version=2,  # see rules/versions.py for what changed
)
