"""Who is to act, read from a log's last events alone: the list of saves shows it for hundreds
of saves without replaying any (a save is checked in full when it is opened).

Each game's `to_act_after(events)` (in its tail.py) gives `to_act` of the state its last events
lead to. What `to_act` looks at is set afresh when a turn begins, so the events from the last
TurnBegan on are enough; before one, they do not tell. A property test holds each game's answer
to `to_act` of the folded state, for every prefix of many games.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .records import Event, TurnBegan


def to_act_after(
    events: Sequence[Event], ending: type, in_turn: Callable[[int, Sequence[Event]], tuple[int, ...]]
) -> tuple[int, ...] | None:
    """Nobody after the game's `ending` event (always its last); else `in_turn(seat, after)` for
    the last turn begun (its seat and the events after its TurnBegan); else None: they do not tell."""
    if events and type(events[-1]) is ending:
        return ()
    for i in range(len(events) - 1, -1, -1):
        event = events[i]
        if type(event) is TurnBegan:
            return in_turn(event.seat, events[i + 1 :])
    return None
