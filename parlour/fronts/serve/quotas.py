"""How much of the server one credential may hold: logged-in connections, tables it set up, names
it owns (in all, and new ones an hour). A key or a personal password is one player; the shared
password (and "open", on loopback) is everyone who holds it, so it gets a larger share, yet never
the whole server: key holders always find room. The operator changes them with `--quota`."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, fields, replace

HOUR = 3600.0
SHARED_CREDS = ("password", "open")  # credentials many people may hold


def is_shared(cred: str) -> bool:
    return cred in SHARED_CREDS


@dataclass(frozen=True)
class Quota:
    connections: int  # logged in at once
    tables: int  # open tables it set up, at once
    tables_per_hour: int  # tables it sets up in an hour
    names: int  # names it owns, in all
    names_per_hour: int  # new names it takes in an hour


PERSONAL = Quota(connections=3, tables=3, tables_per_hour=12, names=20, names_per_hour=10)
SHARED = Quota(connections=48, tables=30, tables_per_hour=120, names=20_000, names_per_hour=600)


@dataclass(frozen=True)
class Quotas:
    personal: Quota = PERSONAL
    shared: Quota = SHARED

    def of(self, cred: str) -> Quota:
        return self.shared if is_shared(cred) else self.personal


def parse(specs: list[str], quotas: Quotas = Quotas()) -> Quotas:
    """`--quota` values, "WHAT=N" for a key or personal password, "shared.WHAT=N" for the shared
    password. Raises ValueError with a sentence for the operator."""
    names = [f.name for f in fields(Quota)]
    for spec in specs:
        what, _, value = spec.partition("=")
        kind, _, what = what.rpartition(".")
        if kind not in ("", "shared") or what not in names or not value.isdigit() or int(value) < 1:
            raise ValueError(
                f"--quota {spec}: give WHAT=N or shared.WHAT=N, N at least 1, WHAT one of {', '.join(names)}"
            )
        field, part = ("shared", quotas.shared) if kind else ("personal", quotas.personal)
        quotas = replace(quotas, **{field: replace(part, **{what: int(value)})})
    return quotas


class Hourly:
    """When each credential did something in the last hour (for the "an hour" quotas)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.times: dict[str, deque[float]] = {}

    def count(self, cred: str) -> int:
        times = self.times.get(cred)
        if not times:
            return 0
        while times and times[0] <= self.clock() - HOUR:
            times.popleft()
        return len(times)

    def add(self, cred: str) -> None:
        self.times.setdefault(cred, deque()).append(self.clock())


class TableQuota:
    """Tables one credential may set up: open at once, and an hour (the lobby asks it)."""

    def __init__(self, quotas: Quotas, clock: Callable[[], float] = time.monotonic) -> None:
        self.quotas, self.hourly = quotas, Hourly(clock)

    def refusal(self, cred: str, open_tables: int, hourly: bool = True) -> str | None:
        """Why `cred`, with `open_tables` open tables it set up, may not set up one more, or None
        (`hourly`: counting the tables set up in the last hour; not for one reopened)."""
        quota = self.quotas.of(cred)
        who, they = ("the players of the shared password have", "they") if is_shared(cred) else ("you have", "you")
        if open_tables >= quota.tables:
            return f"{who} {open_tables} tables open that {they} set up, the most allowed; join one"
        if hourly and self.hourly.count(cred) >= quota.tables_per_hour:
            return f"{who} set up {quota.tables_per_hour} tables in the last hour, the most allowed; join one"
        return None

    def created(self, cred: str) -> None:
        self.hourly.add(cred)
