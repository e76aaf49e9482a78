"""Who may try to log in, and how often: per source address, a back-off on failed logins that
grows with each failure and is forgotten after a quiet while; per password (a name's own, or the
shared one), a budget of guesses a minute from anywhere. Nothing here knows about SSH; the clock
is passed in (tests drive it). The login slots are in `slots.py`."""

from __future__ import annotations

import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

FREE_FAILURES = 3  # failures from one address before any wait (a player mistyping)
BASE_DELAY = 1.0  # the wait after the first failure beyond the free ones, doubling after each
MAX_DELAY = 8.0  # (below the login timeout, so one waiting try still gets an answer)
FORGET_AFTER = 15 * 60.0  # seconds without a failure after which an address starts afresh
MAX_ADDRESSES = 10_000  # addresses remembered at most (the oldest are forgotten first)
MAX_TARGETS = 16  # names one address's record remembers its failures at (to forgive them)
GUESS_BURST = 5  # password tries at one password before its budget applies
GUESS_RATE = 25 / 60.0  # tries a second at one password from anywhere after that: with the burst,
# at most 30 in any minute, whatever the number of addresses guessing
KNOWN_FOR = 7 * 24 * 3600.0  # an address that logged in with a password passes its lock this long
WAITING_TRIES = 64  # tries waiting out a back-off at once, from everywhere


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
    targets: dict = field(default_factory=dict)  # failures per name tried (at most MAX_TARGETS names)
    waiting_until: float = 0.0  # a try waits out its back-off until then


class Backoff:
    """Failed logins per source. `turn(src)` reserves the next try's time (tries from one source
    are judged one after another, however many connections it opens); `failed`/`succeeded`
    record the outcome. The queue is bounded: one try waits per source at a time (so none waits
    more than MAX_DELAY) and WAITING_TRIES in all; `turn` refuses one more."""

    def __init__(
        self,
        clock: Callable[[], float] = time.monotonic,
        free: int = FREE_FAILURES,
        base: float = BASE_DELAY,
        cap: float = MAX_DELAY,
        forget: float = FORGET_AFTER,
    ) -> None:
        self.clock, self.free, self.base, self.cap, self.forget = clock, free, base, cap, forget
        self.records: dict[str, _Record] = {}
        self.waits: list[float] = []  # when each try waiting now is judged

    def _record(self, src: str) -> _Record | None:
        record = self.records.get(src)
        if record is not None and self.clock() - record.last > self.forget:
            del self.records[src]
            return None
        return record

    def delay(self, failures: int) -> float:
        over = failures - self.free
        return 0.0 if over < 0 else min(self.cap, self.base * 2**over)

    def turn(self, src: str, target: str = "", known: bool = False) -> float | None:
        """Seconds this try (at the password `target`) must wait before it is judged: 0 for a
        source without failures, and for the owner's try from an address she logged in from
        (`known`) unless that address failed at that very password (guessers there at other
        names do not hold her up); None if it may not wait (the queue is full: refuse it)."""
        record = self._record(src)
        if record is None or record.failures < self.free:
            return 0.0
        if known and record.targets.get(target, 0) < self.free:
            return 0.0
        now = self.clock()
        self.waits = [t for t in self.waits if t > now]
        start = max(now, record.ready)
        if start > now:
            if record.waiting_until > now or len(self.waits) >= WAITING_TRIES:
                return None
            record.waiting_until = start
            self.waits.append(start)
        record.ready = start + self.delay(record.failures)  # a concurrent try queues behind this one
        return start - now

    def failed(self, src: str, target: str = "") -> int:
        """Record a failure at `target` (the name tried); returns the source's failures so far."""
        record = self._record(src)
        if record is None:
            if len(self.records) >= MAX_ADDRESSES:
                del self.records[min(self.records, key=lambda k: self.records[k].last)]
            record = self.records[src] = _Record()
        record.failures += 1
        if target in record.targets or len(record.targets) < MAX_TARGETS:
            record.targets[target] = record.targets.get(target, 0) + 1
        record.last = now = self.clock()
        record.ready = max(record.ready, now + self.delay(record.failures))
        return record.failures

    def succeeded(self, src: str, target: str = "") -> None:
        """A good login at `target` forgives only the failures at that same name (a typo before
        it): logging in as oneself between guesses at another's name must not reset them."""
        record = self._record(src)
        if record is None:
            return
        record.failures -= record.targets.pop(target, 0)
        if record.failures <= 0:
            del self.records[src]


class Guesses:
    """Password tries at one password (a name's own, or the shared one), from any address: a
    bucket of GUESS_BURST tries refilled at GUESS_RATE a second. A try is judged only if it takes
    one; while the bucket is empty the password is locked (a key still logs in, and it opens
    again as the guessing stops). A good login gives its try back, so the owner's own logins
    never count against the password, and its address is known for that password for a week:
    from there the owner passes the lock (its tries still wait out that address's back-off),
    so guessing from elsewhere does not keep a player out of her own login."""

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, burst: int = GUESS_BURST, rate: float = GUESS_RATE
    ) -> None:
        self.clock, self.burst, self.rate = clock, burst, rate
        self.buckets: dict[str, list[float]] = {}  # target: [tries left, when counted, refused]
        self.known: OrderedDict[tuple[str, str], float] = OrderedDict()  # (source, target): last good login

    def _bucket(self, target: str) -> list[float]:
        now = self.clock()
        bucket = self.buckets.get(target)
        if bucket is None:
            if len(self.buckets) >= MAX_ADDRESSES:  # forget the fullest (the least guessed at)
                del self.buckets[max(self.buckets, key=lambda k: self.buckets[k][0])]
            bucket = self.buckets[target] = [float(self.burst), now, 0]
        bucket[0] = min(float(self.burst), bucket[0] + (now - bucket[1]) * self.rate)
        bucket[1] = now
        return bucket

    def known_at(self, target: str, src: str) -> bool:
        """True if `src` logged in with the password `target` lately (its owner's address)."""
        seen = self.known.get((src, target))
        return seen is not None and self.clock() - seen < KNOWN_FOR

    def take(self, target: str, src: str = "") -> bool:
        """True if a try at `target` from `src` may be judged now (and counts it); False while
        locked, unless `src` logged in with that password lately."""
        if self.known_at(target, src):
            return True
        bucket = self._bucket(target)
        if bucket[0] >= 1:
            bucket[0] -= 1
            return True
        bucket[2] += 1
        return False

    def refused(self, target: str) -> int:
        """Tries refused at `target` while it was locked, since its last good login."""
        bucket = self.buckets.get(target)
        return int(bucket[2]) if bucket else 0

    def give_back(self, target: str, src: str = "") -> None:
        """A good login at `target` from `src`: its try back, and the address known."""
        self.known.pop((src, target), None)
        self.known[(src, target)] = self.clock()
        if len(self.known) > MAX_ADDRESSES:
            self.known.popitem(last=False)  # the longest unseen
        bucket = self._bucket(target)
        bucket[0] = min(float(self.burst), bucket[0] + 1)
        bucket[2] = 0
        if bucket[0] >= self.burst:
            del self.buckets[target]
