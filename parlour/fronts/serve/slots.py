"""Connections still logging in: a few per address and per site, a cap in all, and fairness
when the cap is reached, so that no set of silent or slow connections from other addresses
locks a fresh address out (as OpenSSH's MaxStartups drops unauthenticated connections).

- When every slot is taken, a newcomer from a site holding fewer slots than the busiest site
  takes the busiest site's oldest slot, once that one has been logging in for EVICT_AFTER
  seconds (a real login is done well within that; the newcomer waits until then, or until a
  slot is given back): that connection is closed, told why. A fresh address
  thus always gets in, however many silent sockets other addresses hold; a crowd logging in at
  once (a class told "go") waits its turn instead, none of it shed (issue 41).
- A site is an IPv4 address, or an IPv6 /48 (what one customer is usually given): a host with a
  /61, or a /48 of its own, holds at most `per_site` slots, not 4 per /64.
- A newcomer whose own address (or site) holds its share waits, its bytes unread, for one of
  them to finish (people behind one NAT), at most WAIT seconds and WAITING_PER_SITE of them per
  site; past that it is refused, told why. A waiting connection holds no slot, so waiting
  ones lock nobody out.

Both doors enter by `Slots.enter`: an SSH connection from its first byte, a web login once its
form is read and its back-off waited out. Nothing here knows about SSH or the web: a holder is
any `Holder`, which the door closes or resumes when told."""

from __future__ import annotations

import asyncio
import ipaddress
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Protocol

WAIT = 5.0  # seconds a connection may wait for its address's turn to log in
WAITING_PER_SITE = 12  # connections waiting at once from one site (a crowd behind one NAT)
EVICT_AFTER = 3.0  # seconds a connection logs in before a newcomer may take its slot
WAITING_SHARE = 4  # connections waiting in all, per slot (a crowd from many addresses at once)


def site(src: str) -> str:
    """The site a source belongs to: an IPv6 /64 source's /48, or the source itself."""
    try:
        network = ipaddress.ip_network(src, strict=False)
    except ValueError:
        return src
    if network.version == 6 and network.prefixlen > 48:
        return str(network.supernet(new_prefix=48))
    return src


class Holder(Protocol):
    """What holds a slot or waits for one (an SSH connection, a web login about to be judged)."""

    def admitted(self) -> None:
        """Its wait is over: it holds a slot now."""

    def evicted(self) -> None:
        """Its slot went to a newcomer from a less busy site (it holds none now): it is closed,
        told why, and says so in the log."""


TAKEN, WAITING, OWN_SHARE, FULL = "taken", "waiting", "own share", "full"  # what `Slots.enter` did


class Slots:
    def __init__(
        self, per_source: int, total: int, per_site: int | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.per_source, self.total, self.clock = per_source, total, clock
        self.per_site = per_site if per_site is not None else 2 * per_source
        self.holders: OrderedDict[Holder, str] = OrderedDict()  # oldest first: holder -> source
        self.since: dict[Holder, float] = {}  # holder -> when it took its slot
        self.sources: dict[str, int] = {}
        self.sites: dict[str, int] = {}
        self.waiting: OrderedDict[Holder, str] = OrderedDict()  # first come first served

    def _fits(self, src: str) -> bool:
        return (
            self.sources.get(src, 0) < self.per_source
            and self.sites.get(site(src), 0) < self.per_site
            and len(self.holders) < self.total
        )

    def _take(self, holder: Holder, src: str) -> None:
        self.holders[holder] = src
        self.since[holder] = self.clock()
        self.sources[src] = self.sources.get(src, 0) + 1
        self.sites[site(src)] = self.sites.get(site(src), 0) + 1

    def take(self, holder: Holder, src: str) -> bool:
        """True if `holder` (from `src`) got a slot now."""
        if not self._fits(src):
            return False
        self._take(holder, src)
        return True

    def enter(self, holder: Holder, src: str) -> str:
        """A slot for `holder`, the one way in for both doors: TAKEN (at once, or with the
        busiest site's oldest holder evicted to make room), WAITING (its address or site holds
        its share: `holder.admitted()` when one of them finishes), else refused: OWN_SHARE (its
        address holds its share and enough wait already) or FULL (every slot is taken, by sites
        no busier than its own)."""
        if self.take(holder, src):
            return TAKEN
        own = self.own_share_taken(src)
        victim = None if own else self.victim(src)
        if victim is not None:
            self.give_back(victim, admit=False)  # (the slot is the newcomer's, not a waiter's)
            victim.evicted()
            self._take(holder, src)
            return TAKEN
        if self.wait(holder, src):
            return WAITING
        return OWN_SHARE if own else FULL

    def victim(self, src: str) -> Holder | None:
        """When every slot is taken: the oldest holder of the site holding the most slots, if that
        site holds more than `src`'s does and that holder has been logging in for EVICT_AFTER
        seconds (the newcomer may have its slot), else None (the newcomer waits its turn)."""
        if len(self.holders) < self.total or not self.holders:
            return None
        busiest = max(self.sites, key=self.sites.__getitem__)
        if self.sites[busiest] <= self.sites.get(site(src), 0):
            return None
        oldest = next(h for h, s in self.holders.items() if site(s) == busiest)
        return oldest if self.clock() - self.since[oldest] >= EVICT_AFTER else None

    def own_share_taken(self, src: str) -> bool:
        """True if `src`'s address or site holds all it may (not the server being full)."""
        return self.sources.get(src, 0) >= self.per_source or self.sites.get(site(src), 0) >= self.per_site

    def wait(self, holder: Holder, src: str) -> bool:
        """Queue `holder` for a slot; False if its site already has WAITING_PER_SITE waiting, or
        WAITING_SHARE times as many wait as there are slots (then it is refused)."""
        here = site(src)
        if (
            sum(1 for s in self.waiting.values() if site(s) == here) >= WAITING_PER_SITE
            or len(self.waiting) >= WAITING_SHARE * self.total
        ):
            return False
        self.waiting[holder] = src
        if not self.own_share_taken(src):  # (the server is full: a login too slow may make room)
            self._evict_later(holder, src, EVICT_AFTER)
        return True

    def _evict_later(self, holder: Holder, src: str, delay: float) -> None:
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # (no loop: the parts' tests)
            return
        loop.call_later(delay, self._evict_for, holder, src)

    def _evict_for(self, holder: Holder, src: str) -> None:
        """A holder still waiting for a full server: a slot now if a login has been under way
        EVICT_AFTER (the oldest of the busiest site is evicted), else a look again in a second."""
        if holder not in self.waiting:
            return
        victim = self.victim(src)
        if victim is None:
            self._evict_later(holder, src, 1.0)
            return
        del self.waiting[holder]
        self.give_back(victim, admit=False)
        victim.evicted()
        self._take(holder, src)
        holder.admitted()

    def give_back(self, holder: Holder, admit: bool = True) -> list[Holder]:
        """`holder` finished logging in, or left (waiting or not); returns the waiting holders
        that now have a slot, in the order they came (none if not `admit`: the slot is for the
        newcomer that made room)."""
        self.waiting.pop(holder, None)
        self.since.pop(holder, None)
        src = self.holders.pop(holder, None)
        if src is None:
            return []
        for counts, key in ((self.sources, src), (self.sites, site(src))):
            if counts[key] > 1:
                counts[key] -= 1
            else:
                del counts[key]
        admitted = []
        for waiter, wsrc in list(self.waiting.items()) if admit else ():
            if self._fits(wsrc):
                del self.waiting[waiter]
                self._take(waiter, wsrc)
                admitted.append(waiter)
        return admitted


async def enter_in_turn(slots: Slots, holder: Holder, src: str, turn: asyncio.Future) -> str:
    """`slots.enter` for a holder that can wait where it is (a coroutine): WAITING becomes up to
    WAIT seconds awaiting `turn` (which its `admitted` sets), then TAKEN, or OWN_SHARE or FULL
    (why it is refused once its wait is over)."""
    outcome = slots.enter(holder, src)
    if outcome != WAITING:
        return outcome
    try:
        async with asyncio.timeout(WAIT):
            await asyncio.shield(turn)
        return TAKEN
    except TimeoutError:
        for waiter in slots.give_back(holder):  # (admitted at the last moment: the slot goes on)
            waiter.admitted()
        return OWN_SHARE if slots.own_share_taken(src) else FULL
