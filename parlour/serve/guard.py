"""Who may try to log in, and how often: per source address, a cap on connections still
logging in, and a back-off on failed logins that grows with each failure and is forgotten after
a quiet while. Nothing here knows about SSH; the clock is passed in (tests drive it)."""

from __future__ import annotations

import ipaddress
import time
from dataclasses import dataclass

FREE_FAILURES = 3  # failures from one address before any wait (a player mistyping)
BASE_DELAY = 1.0  # the wait after the first failure beyond the free ones, doubling after each
MAX_DELAY = 8.0  # (below the login timeout, so one waiting try still gets an answer)
FORGET_AFTER = 15 * 60.0  # seconds without a failure after which an address starts afresh
MAX_ADDRESSES = 10_000  # addresses remembered at most (the oldest are forgotten first)


def source(peer: str) -> str:
    """The source a limit counts: the address, or its /64 for IPv6 (one host's usual share)."""
    try:
        address = ipaddress.ip_address(peer)
    except ValueError:
        return str(peer)
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(address)


@dataclass
class _Record:
    failures: int = 0
    last: float = 0.0  # time of the last failure
    ready: float = 0.0  # the earliest time the next try is judged


class Backoff:
    """Failed logins per source. `turn(src)` reserves the next try's time (tries from one source
    are judged one after another, however many connections it opens); `failed`/`succeeded`
    record the outcome."""

    def __init__(self, clock=time.monotonic, free: int = FREE_FAILURES, base: float = BASE_DELAY,
                 cap: float = MAX_DELAY, forget: float = FORGET_AFTER):
        self.clock, self.free, self.base, self.cap, self.forget = clock, free, base, cap, forget
        self.records: dict[str, _Record] = {}

    def _record(self, src: str) -> _Record | None:
        record = self.records.get(src)
        if record is not None and self.clock() - record.last > self.forget:
            del self.records[src]
            return None
        return record

    def delay(self, failures: int) -> float:
        over = failures - self.free
        return 0.0 if over < 0 else min(self.cap, self.base * 2 ** over)

    def turn(self, src: str) -> float:
        """Seconds this try must wait before it is judged (0 for a source without failures)."""
        record = self._record(src)
        if record is None or record.failures < self.free:
            return 0.0
        now = self.clock()
        start = max(now, record.ready)
        record.ready = start + self.delay(record.failures)  # a concurrent try queues behind this one
        return start - now

    def failed(self, src: str) -> int:
        """Record a failure; returns the source's failures so far."""
        record = self._record(src)
        if record is None:
            if len(self.records) >= MAX_ADDRESSES:
                del self.records[min(self.records, key=lambda k: self.records[k].last)]
            record = self.records[src] = _Record()
        record.failures += 1
        record.last = now = self.clock()
        record.ready = max(record.ready, now + self.delay(record.failures))
        return record.failures

    def succeeded(self, src: str) -> None:
        self.records.pop(src, None)


class Slots:
    """Connections still logging in, per source and in all; `take` refuses beyond the caps."""

    def __init__(self, per_source: int, total: int):
        self.per_source, self.total = per_source, total
        self.counts: dict[str, int] = {}

    def take(self, src: str) -> bool:
        if self.counts.get(src, 0) >= self.per_source or sum(self.counts.values()) >= self.total:
            return False
        self.counts[src] = self.counts.get(src, 0) + 1
        return True

    def give_back(self, src: str) -> None:
        left = self.counts.get(src, 0) - 1
        if left > 0:
            self.counts[src] = left
        else:
            self.counts.pop(src, None)
