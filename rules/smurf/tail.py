"""Who is to act after a Smurf log's last events (see rules/tail.py): the seats that owe a disc,
else the seat whose turn it is; nobody once someone has come home."""

from __future__ import annotations

from typing import Sequence

from ..records import Event, TurnEnded, Won
from ..tail import since_turn_began
from .records import DiscReturned, MustGiveUp


def to_act_after(events: Sequence[Event]) -> tuple[int, ...] | None:
    if events and type(events[-1]) is Won:  # the game's last event
        return ()
    turn = since_turn_began(events)
    if turn is None:
        return None
    owing: tuple[int, ...] = ()
    for event in turn[1:]:
        kind = type(event)
        if kind is MustGiveUp:
            owing = owing if event.seat in owing else owing + (event.seat,)
        elif kind is DiscReturned:
            owing = tuple(seat for seat in owing if seat != event.seat)
        elif kind is TurnEnded:
            owing = ()
    return owing or (turn[0].seat,)
