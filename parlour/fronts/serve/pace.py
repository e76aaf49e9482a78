"""A token bucket: what bounds one session's share of the server (keys a second, bytes read a
second, window changes a second). Nothing here knows about SSH; the clock is passed in."""

from __future__ import annotations

import time
from collections.abc import Callable


class Bucket:
    """`rate` tokens a second, at most `burst` saved up. `take(n)` spends n if there are that many
    (False if not: the caller drops or coalesces); `wait(n)` spends n now and says how long the
    caller should pause before its next step so that it keeps to the rate."""

    def __init__(self, rate: float, burst: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.rate, self.burst, self.clock = rate, burst, clock
        self.tokens = burst
        self.last = clock()

    def _fill(self) -> None:
        now = self.clock()
        self.tokens = min(self.burst, self.tokens + (now - self.last) * self.rate)
        self.last = now

    def take(self, n: float = 1) -> bool:
        self._fill()
        if self.tokens < n:
            return False
        self.tokens -= n
        return True

    def wait(self, n: float) -> float:
        self._fill()
        self.tokens -= n
        return 0.0 if self.tokens >= 0 else -self.tokens / self.rate
