"""Who is to act after a Filmis log's last events (see rules/tail.py): during a filmis swap the
players still choosing, else the seat asked a question, else the seat whose turn it is; nobody
after the raid."""

from __future__ import annotations

from collections.abc import Sequence

from parlour.rules import tail
from parlour.rules.records import Acted, Event, TurnEnded

from .records import Asked, Pending, Raid, SwapBegan, SwapChosen, SwapDone


def to_act_after(events: Sequence[Event]) -> tuple[int, ...] | None:
    return tail.to_act_after(events, Raid, _in_turn)


def _in_turn(seat: int, events: Sequence[Event]) -> tuple[int, ...]:
    pending: Pending | None = None
    swap: dict[int, str | None] | None = None  # seat -> chosen card (None: still choosing), in shown order
    for event in events:
        if type(event) is Asked:
            pending = event.pending
        elif type(event) is Acted:
            pending = None
        elif type(event) is TurnEnded:
            pending = swap = None
        elif type(event) is SwapBegan:
            swap = {shown.seat: None for shown in event.shown}
        elif type(event) is SwapChosen:
            if swap is not None and event.seat in swap:
                swap[event.seat] = event.card
        elif type(event) is SwapDone:
            swap = None
    if swap is not None:
        return tuple(seat for seat, card in swap.items() if card is None)
    return (pending.seat,) if pending else (seat,)
