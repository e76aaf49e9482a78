"""Giving back what ended sessions used (issue 27: memory comes back after a session ends),
without stalling anyone (issue 41).

A closed session's app is a large tangle of reference cycles (app, screens, widgets, their
styles): Python frees such a tangle only in a full cyclic collection, which walks every live
object of every player (1.2 s with 30 at tables on a loaded machine, 390,000 objects), and every
player waits it out. So the cycles are broken instead: each app hands over its own parts as it
closes (parlour/fronts/serve/ui.py), and a little after sessions end, `GiveBack` empties their
`__dict__`s, so reference counting frees the app, as it frees everything without cycles. What
the start loaded, and what lives on, is frozen after each pass (`gc.freeze`): Python's own
collections walk only what is new since, never the whole heap. A full collection runs only when
nobody is connected (nobody waits for it), or with `collect` (tools). Then the pass empties
Textual's caches that hold closed apps' objects and asks glibc to return its free pages
(`malloc_trim`). Rate-limited (COST_SHARE).

What stays: Python's small-object allocator returns a 1 MiB arena only when every object in it
is free, and objects that outlive a session (other players' frames and games, the name book,
Textual's value caches) are spread over the arenas allocated while it ran, so part of its peak
is kept and reused by the next sessions (docs/serve.md, "Memory after a session"). The few
cycles left outside an app's own parts (its SSH connection's, a dialog frozen while it was
open, a game's screen once its game is over) wait, frozen, for a moment when nobody is
connected: on a server that is never empty they are kept (a bound on them is still to find; a
rule "collect in full once the frozen objects doubled" stalled the loop 7 s with 70 players)
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import os
import platform
import time
from collections.abc import Callable, Iterable

from parlour.compat.textual import empty_caches, forget_closed_widgets

DELAY = 1.0  # seconds after a session ended (sessions often end together: one pass for them all)
GAP = 10.0  # seconds at least between two passes
# ... and at least this many times as long as the last pass took: a full collection walks every
# live object (20 ms with a few players, 0.25 s with 50 at tables, 0.6 s on a loaded machine), and
# every player waits it out, so passes take at most 2 % of the loop (Python's own full
# collections cost as much, at moments of its choosing).
COST_SHARE = 50
PERIOD = 30.0  # seconds between passes while anyone is connected, whatever starts or ends


def _malloc_trim() -> Callable[[int], int] | None:
    """glibc's malloc_trim, or None elsewhere (musl, macOS: nothing to ask)."""
    if platform.system() != "Linux" or platform.libc_ver()[0] != "glibc":
        return None
    try:
        trim: Callable[[int], int] = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    return trim


def rss() -> int:
    """This process's resident memory in bytes (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except (OSError, ValueError, IndexError):
        return 0


class GiveBack:
    """Call `ended(parts)` when a session's app (or a session) ends, with the objects whose cycles
    are to be broken (`ui.Ui.parts`), and `started()` when an app is up; a pass follows DELAY later,
    at most one per GAP seconds (or COST_SHARE times the last pass's length, if longer).
    `connected()` says how many are connected (none: a pass may run a full collection, nobody waits).
    `passes`, `collections`, `broken`, `last_ms` and `last_rss` say what the passes did (tools, tests)."""

    def __init__(self, delay: float = DELAY, gap: float = GAP, connected: Callable[[], int] = lambda: 0):
        self.delay, self.gap, self.connected = delay, gap, connected
        self.trim = _malloc_trim()
        self._due: asyncio.TimerHandle | None = None
        self._parts: list[Iterable[object]] = []  # closed apps' parts, their cycles to break
        self.last_at = float("-inf")  # the loop's time of the last pass
        self.passes = 0
        self.collections = 0  # full collections the passes ran
        self.broken = 0  # objects whose references the passes emptied
        self.last_ms = 0.0  # how long the last pass held the loop
        self.last_trim_ms = 0.0  # of which malloc_trim
        self.last_collect_ms = 0.0  # of which the collection
        self.last_step_ms = 0.0  # the longest step that freed one closed app
        self.last_rss = (0, 0)  # RSS before and after the last pass

    @property
    def pending(self) -> bool:
        return self._due is not None

    def ended(self, parts: Iterable[object] = ()) -> None:
        self._parts.append(parts)
        self._soon()

    def started(self) -> None:
        """An app is up: what its start made lives on, and is frozen at the next pass."""
        self._soon()

    def _soon(self) -> None:
        if self._due is not None:  # (the pass due covers this one too)
            return
        loop = asyncio.get_running_loop()
        gap = max(self.gap, COST_SHARE * self.last_ms / 1000)
        self._due = loop.call_at(max(loop.time() + self.delay, self.last_at + gap), self._pass)

    def now(self) -> None:
        """The pass that is due, at once (tools and tests: not waiting out its spacing)."""
        if self._due is not None:
            self._due.cancel()
            self._due = None
            self.last_at = asyncio.get_running_loop().time()
            self.run()

    def _pass(self) -> None:
        """The pass, in steps: each closed app's parts emptied in a turn of the loop of its own
        (freeing an app is tens of thousands of deallocations: 20 at once held the loop for
        hundreds of ms), then the rest (`run`) in one more."""
        loop = asyncio.get_running_loop()
        self._due = None
        self.last_at = loop.time()
        if self._parts:
            began = time.perf_counter()
            self._break(self._parts.pop())
            self.last_step_ms = max(self.last_step_ms, (time.perf_counter() - began) * 1000)
            self._due = loop.call_later(0, self._pass)  # (after what the loop has ready now)
            return
        self.run()
        if self.connected():  # (what play makes and keeps is frozen too: Python runs no full collection)
            self._due = loop.call_later(max(PERIOD, COST_SHARE * self.last_ms / 1000), self._pass)

    def run(self, collect: bool = False) -> None:
        """One pass now: closed apps' cycles broken, Textual's caches of closed apps emptied, a
        full collection if nobody is connected (or `collect`), else only the young generations';
        what lives on frozen; glibc's free pages."""
        before, start = rss(), time.perf_counter()
        forget_closed_widgets()
        self._break_cycles()
        collecting = time.perf_counter()
        if collect or not self.connected():
            gc.unfreeze()  # (what was frozen is walked too: the one pass that finds its cycles)
            gc.collect()
            gc.freeze()
            self.collections += 1
        else:
            gc.collect(1)  # (the older generation is what the last pass froze, and since)
            gc.freeze()
        collected = time.perf_counter()
        if self.trim is not None:
            self.trim(0)
        end = time.perf_counter()
        self.last_ms = (end - start) * 1000
        self.last_trim_ms = (end - collected) * 1000
        self.last_collect_ms = (collected - collecting) * 1000
        self.last_rss = (before, rss())
        self.passes += 1

    def _break_cycles(self) -> None:
        while self._parts:
            self._break(self._parts.pop())

    def _break(self, parts: Iterable[object]) -> None:
        """Empty a closed app's parts, so that reference counting frees them (an object without
        a `__dict__` is left as it is)."""
        for part in parts:
            attributes = getattr(part, "__dict__", None)  # (getattr: any object, slotted ones have none)
            if isinstance(attributes, dict):
                empty_caches(part)
                attributes.clear()
                self.broken += 1

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None
