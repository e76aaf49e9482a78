"""Who is to act after a Garfield log's last events (see rules/tail.py): the seat asked a
question, else the seat whose turn it is; nobody once someone has won."""

from __future__ import annotations

from typing import Sequence

from ..records import Acted, Event, TurnEnded, Won
from ..tail import since_turn_began
from .records import Asked


def to_act_after(events: Sequence[Event]) -> tuple[int, ...] | None:
    if events and type(events[-1]) is Won:  # the game's last event
        return ()
    turn = since_turn_began(events)
    if turn is None:
        return None
    pending = None
    for event in turn[1:]:
        kind = type(event)
        if kind is Asked:
            pending = event.pending
        elif kind is Acted or kind is TurnEnded:
            pending = None
    return (pending.seat,) if pending else (turn[0].seat,)
