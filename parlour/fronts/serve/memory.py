"""Giving back what ended sessions used (issue 27: memory comes back after a session ends).

A closed session's app is a large tangle of reference cycles (app, screens, widgets, their
caches): Python frees it only in a full cyclic collection, which the server's thresholds
(parlour/fronts/serve/ui.py) make rare, and a quiet server never starts one. What is freed goes back to
Python's allocator and from there to the C library's, which keeps it too. So a little after
sessions end, `GiveBack` empties Textual's caches that hold closed apps' objects, runs a full
collection (unless Python ran one since the session ended) and asks glibc to return its free
pages (`malloc_trim`). Rate-limited: a full collection walks every live session's objects, and
every player waits for it (COST_SHARE).

What stays: Python's small-object allocator returns a 1 MiB arena only when every object in it
is free, and objects that outlive a session (other players' frames and games, the name book,
Textual's value caches) are spread over the arenas allocated while it ran, so part of its peak
is kept and reused by the next sessions (docs/serve.md, "Memory after a session").
"""

from __future__ import annotations

import asyncio
import ctypes
import gc
import os
import platform
import time
from collections.abc import Callable

from parlour.compat.textual import forget_closed_widgets

DELAY = 1.0  # seconds after a session ended (sessions often end together: one pass for them all)
GAP = 10.0  # seconds at least between two passes
# ... and at least this many times as long as the last pass took: a full collection walks every
# live object (20 ms with a few players, 0.25 s with 50 at tables, 0.6 s on a loaded machine), and
# every player waits it out, so passes take at most 2 % of the loop (Python's own full
# collections cost as much, at moments of its choosing).
COST_SHARE = 50


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


def _full_collections() -> int:
    """How many full (generation 2) collections Python has run in this process."""
    return int(gc.get_stats()[2]["collections"])


class GiveBack:
    """Call `ended()` when a session (or its app) ends; a pass follows DELAY later, at most one
    per GAP seconds (or COST_SHARE times the last pass's length, if longer). `passes`,
    `collections`, `last_ms` and `last_rss` say what the passes did (tools, tests)."""

    def __init__(self, delay: float = DELAY, gap: float = GAP):
        self.delay, self.gap = delay, gap
        self.trim = _malloc_trim()
        self._due: asyncio.TimerHandle | None = None
        self.last_at = float("-inf")  # the loop's time of the last pass
        self._full_at_end = -1  # Python's count of full collections when a session last ended
        self.passes = 0
        self.collections = 0  # full collections the passes ran
        self.last_ms = 0.0  # how long the last pass held the loop
        self.last_trim_ms = 0.0  # of which malloc_trim
        self.last_rss = (0, 0)  # RSS before and after the last pass

    @property
    def pending(self) -> bool:
        return self._due is not None

    def ended(self) -> None:
        self._full_at_end = _full_collections()
        if self._due is not None:  # (the pass due covers this session too)
            return
        loop = asyncio.get_running_loop()
        gap = max(self.gap, COST_SHARE * self.last_ms / 1000)
        self._due = loop.call_at(max(loop.time() + self.delay, self.last_at + gap), self._pass)

    def now(self) -> None:
        """The pass that is due, at once (tools and tests: not waiting out its spacing)."""
        if self._due is not None:
            self._due.cancel()
            self._pass()

    def _pass(self) -> None:
        self._due = None
        self.last_at = asyncio.get_running_loop().time()
        self.run()

    def run(self, collect: bool = False) -> None:
        """One pass now: Textual's caches of closed apps, a full collection (if Python ran none
        since a session last ended, or `collect`), glibc's free pages."""
        before, start = rss(), time.perf_counter()
        forget_closed_widgets()
        if collect or _full_collections() == self._full_at_end:
            gc.collect()
            self.collections += 1
        collected = time.perf_counter()
        if self.trim is not None:
            self.trim(0)
        end = time.perf_counter()
        self.last_ms = (end - start) * 1000
        self.last_trim_ms = (end - collected) * 1000
        self.last_rss = (before, rss())
        self.passes += 1

    def close(self) -> None:
        if self._due is not None:
            self._due.cancel()
            self._due = None
