"""Who is to act after a Smurf log's last events (see rules/tail.py): the seats that owe a disc,
else the seat whose turn it is; nobody once someone has come home."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.rules import tail
from parlour.rules.records import Event, TurnEnded, Won

from .records import DiscReturned, MustGiveUp


def to_act_after(events: Sequence[Event]) -> tuple[int, ...] | None:
    return tail.to_act_after(events, Won, _in_turn)


def _in_turn(seat: int, events: Sequence[Event]) -> tuple[int, ...]:
    owing: tuple[int, ...] = ()
    for event in events:
        if type(event) is MustGiveUp:
            owing = owing if event.seat in owing else owing + (event.seat,)
        elif type(event) is DiscReturned:
            owing = tuple(s for s in owing if s != event.seat)
        elif type(event) is TurnEnded:
            owing = ()
    return owing or (seat,)
