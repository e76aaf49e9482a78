"""Which credential owns which name: the first credential to use a name keeps it, across
restarts (a JSON file, owner-only, written atomically). A credential is "key:FINGERPRINT",
"password:NAME" (a password bound to a name), "password" (the shared password) or "open".

A name is kept under its NFKC case-folded form; a new name whose look-alike skeleton
(parlour/fronts/serve/lookalike.py) is that of a name already owned is refused, so "Аnn" (Cyrillic А)
cannot be taken while "Ann" is owned. A book written before skeletons is read as it is: each of
its names stays with its owner, even two that look alike."""

from __future__ import annotations

import asyncio
import json
import logging
import unicodedata
from collections import Counter
from pathlib import Path
from typing import TYPE_CHECKING

from .files import write_private
from .quotas import Hourly, Quota

if TYPE_CHECKING:
    from collections.abc import Callable

log = logging.getLogger("parlour.fronts.serve")
MAX_NAMES = 100_000
SAVE_DELAY = 0.5  # seconds a new binding may wait to be written with others


def form(name: str) -> str:
    """The key a name is owned under: NFKC, case-folded ("ANN", "Ａｎｎ" are "ann")."""
    return unicodedata.normalize("NFKC", name).casefold()


def words(outcome: str, name: str, quota: Quota | None = None) -> str | None:
    """What a player is told when `name` is not theirs to use: `outcome` is "owned", "look:TWIN",
    "full", "names" or "hour" (the name book's, here or in the broker: broker.py), or "ok"."""
    if outcome == "ok":
        return None
    if outcome == "owned":
        return f"The name {name} belongs to another player here."
    if outcome.startswith("look:"):
        return f"The name {name} looks like the name {outcome[5:]}, which is taken here."
    if outcome == "full":
        return "This server's book of names is full: no new name can be taken; use one you used before."
    assert quota is not None  # "names" and "hour" come only where a credential has quotas
    if outcome == "names":
        return f"Your login already owns {quota.names} names, as many as one login may here; use one of them."
    return (
        f"Your login took {quota.names_per_hour} new names in the last hour, as many as "
        f"one login may; use one of them, or a new one later."
    )


class NameBook:
    def __init__(
        self, path: Path | None, quota: Callable[[str], Quota] | None = None, hourly: Hourly | None = None
    ) -> None:
        """`quota(cred)` gives a credential's quotas.Quota (names, names_per_hour), `hourly` a
        quotas.Hourly counting new names; without them a credential may own any number."""
        self.path = path
        self.quota, self.hourly = quota, hourly
        self.owners: dict[str, str] = {}
        self.looks: dict[str, str] = {}  # skeleton: the first owned form that has it
        self.counts: Counter[str] = Counter()  # names per credential
        self._pending: asyncio.TimerHandle | None = None  # the save to come

        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("names"), dict):
                    raise ValueError("not a Parlour name book")
                for key, cred in sorted(data["names"].items()):  # casefolded keys before NFKC: re-keyed
                    self.owners.setdefault(form(str(key)), str(cred))
            except (OSError, ValueError) as error:
                # refuse to start rather than give every name away
                raise ValueError(f"cannot read the name book {path}: {error}") from None
        if self.owners:
            from .lookalike import skeleton

            for key, cred in self.owners.items():
                self.looks.setdefault(skeleton(key), key)
                self.counts[cred] += 1

    def owner(self, name: str) -> str | None:
        return self.owners.get(form(name))

    def claim(self, name: str, cred: str) -> bool:
        """True if `cred` may use `name`; the first use binds the name to the credential."""
        return self.refusal(name, cred) is None

    def refusal(self, name: str, cred: str) -> str | None:
        """Why `cred` may not use `name` (a sentence for the player), or None: then it may, and
        the first use binds the name to the credential."""
        from .lookalike import skeleton

        key = form(name)
        owner = self.owners.get(key)
        if owner is not None:
            return None if owner == cred else words("owned", name)
        look = skeleton(name)
        twin = self.looks.get(look)
        if twin is not None:
            return words(f"look:{twin}", name)
        if len(self.owners) >= MAX_NAMES:
            return words("full", name)
        if self.quota is not None:
            quota = self.quota(cred)
            if self.counts[cred] >= quota.names:
                return words("names", name, quota)
            if self.hourly is not None and self.hourly.count(cred) >= quota.names_per_hour:
                return words("hour", name, quota)
            if self.hourly is not None:
                self.hourly.add(cred)
        self.owners[key] = cred
        self.looks[look] = key
        self.counts[cred] += 1
        self._save_soon()
        return None

    def _save_soon(self) -> None:
        """Save within SAVE_DELAY: the names bound meanwhile (a crowd connecting at once) are
        written together, not the whole book once per name with the event loop waiting on the
        disk each time. A `kill -9` may lose the bindings of that last moment; `flush` at a stop."""
        if self.path is None or self._pending is not None:
            return
        try:
            self._pending = asyncio.get_running_loop().call_later(SAVE_DELAY, self.flush)
        except RuntimeError:  # no event loop (a tool, a test): now
            self._write()

    def flush(self) -> None:
        """Write the book now if a name was bound since it was last written (a save is due)."""
        if self._pending is None:
            return
        self._pending.cancel()
        self._pending = None
        self._write()

    def _write(self) -> None:
        if self.path is None:  # a book in memory only: _save_soon schedules no write for it
            return
        data = json.dumps({"version": 1, "names": self.owners}, ensure_ascii=False, sort_keys=True)
        try:
            write_private(self.path, data.encode("utf-8"))
        except OSError as error:
            log.warning("cannot save the name book %s: %s", self.path, error)
