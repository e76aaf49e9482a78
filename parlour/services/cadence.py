"""Playing on at a pace on a slow machine (issue 44): a frame that would come late is skipped,
not queued, and the pace is kept.

The replay plays on at a speed (actions a second) by a repeating timer. Where drawing a step
takes longer than the time between two ticks (a tenth of a core: 0.8 s a frame), the timer
drops the ticks it missed, and the game would play on ever slower than its speed. Each tick
asks `Cadence.steps` instead: one step when it is on time, and when it comes late every step
due since the last tick at once, so only the last of them is drawn.

The bots' pause needs no such thing: a bot's move is due its delay after the move before it was
made (the screen's timer starts then, not once that move is drawn), so a slow frame is part of
the pause rather than added to it (tui/screens/game.py)."""

from __future__ import annotations

import time

now = time.monotonic  # the clock (a test rigs it)
JITTER = 0.25  # of a step: a tick this much early still takes its step


class Cadence:
    """Ticks at `rate` a second, counted from the moment it is made."""

    def __init__(self, rate: float):
        self.rate = rate
        self.last = now()
        self.owed = 0.0  # steps due and not yet taken (less than one, between ticks on time)

    def steps(self) -> int:
        """How many steps to take at this tick: one on time (give or take the timer's jitter),
        more when it comes late; never none."""
        moment = now()
        self.owed += (moment - self.last) * self.rate
        self.last = moment
        steps = max(1, int(self.owed + JITTER))
        self.owed = max(-0.5, self.owed - steps)  # (a tick a little early is made up for after it)
        return steps
