"""Admission by memory (issue 44): `parlour serve` refuses the next player, in words, before the
process would run out of memory, instead of being killed with every table in it.

Each player's session (its app: screens, widgets, their caches) is counted at a budget,
`--session-memory`: 6 MiB by default, twice what one took when measured (tools/small_machine.py:
8 players each at a table with a bot, 71 MiB in all, of which about 48 MiB was the server's
own before any session).
The cap is `--memory-limit`, or else the memory limit of the cgroup the server runs in (a
container's, a systemd unit's MemoryMax), or else none: then nobody is refused for memory.

A new session is let in while what is in use, counted the larger of two ways, leaves room for
it and for one more session in reserve (a table's bots thinking, a burst of frames, Python's
collector behind): the process's resident size now, or its size before any session plus a
budget for each session open (sessions admitted together have not grown yet).
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

from .memory import rss

MIB = 1024 * 1024
SESSION_MEMORY = 6 * MIB  # bytes counted for each player's session
FULL = (
    "The server has no memory left for another player just now (every seat it can hold is taken). "
    "Try again in a little while."
)


def cgroup_limit(proc: Path = Path("/proc/self")) -> int | None:
    """The memory limit of this process's cgroup in bytes (v2 `memory.max`, v1
    `memory.limit_in_bytes`), or None: no cgroup, no limit, or one larger than the machine."""
    try:
        lines = (proc / "cgroup").read_text().splitlines()
        mounts = (proc / "mountinfo").read_text().splitlines()
    except OSError:
        return None
    for line in lines:
        _, controllers, path = line.split(":", 2)
        if controllers == "" or "memory" in controllers.split(","):
            for mount in mounts:
                before, _, after = mount.partition(" - ")
                kind, _, options = after.split(" ", 2)
                v2 = controllers == "" and kind == "cgroup2"
                if v2 or (kind == "cgroup" and "memory" in options.split()[-1].split(",")):
                    name = "memory.max" if v2 else "memory.limit_in_bytes"
                    return _limit(Path(before.split()[4]) / path.lstrip("/") / name)
    return None


def _limit(path: Path) -> int | None:
    try:
        text = path.read_text().strip()
    except OSError:
        return None
    if not text.isdigit():  # "max": none
        return None
    machine = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    return int(text) if int(text) < machine else None  # v1 says "none" with a huge number


class Admission:
    """Whether one more session fits in `limit` bytes (None: no limit), each counted at
    `per_session`; `used` reads the process's resident size (memory.rss; a test gives its own)."""

    def __init__(self, limit: int | None, per_session: int = SESSION_MEMORY, used: Callable[[], int] = rss):
        self.limit, self.per_session, self.used = limit, per_session, used
        self.base = used()  # the server before any session

    def refusal(self, sessions: int) -> str | None:
        """The words for a player asking in when `sessions` are open, if there is no room; None
        when there is."""
        if self.limit is None:
            return None
        counted = max(self.used(), self.base + sessions * self.per_session)
        if counted + 2 * self.per_session <= self.limit:  # this one, and one in reserve
            return None
        return FULL
