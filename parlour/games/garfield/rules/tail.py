"""Who is to act after a Garfield log's last events (see rules/tail.py): the seat asked a
question, else the seat whose turn it is; nobody once someone has won."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.rules import tail
from parlour.rules.records import Acted, Event, TurnEnded, Won

from .records import Asked


def to_act_after(events: Sequence[Event]) -> tuple[int, ...] | None:
    return tail.to_act_after(events, Won, _in_turn)


def _in_turn(seat: int, events: Sequence[Event]) -> tuple[int, ...]:
    pending = None
    for event in events:
        if type(event) is Asked:
            pending = event.pending
        elif type(event) is Acted or type(event) is TurnEnded:
            pending = None
    return (pending.seat,) if pending else (seat,)
