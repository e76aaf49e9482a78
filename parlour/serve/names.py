"""Which credential owns which name: the first credential to use a name keeps it, across
restarts (a JSON file, owner-only, written atomically). A credential is "key:FINGERPRINT",
"password:NAME" (a password bound to a name), "password" (the shared password) or "open"."""

from __future__ import annotations

import asyncio
import json
import logging
from pathlib import Path

from .files import write_private

log = logging.getLogger("parlour.serve")
MAX_NAMES = 100_000
SHARED = ("password", "open")  # credentials many people may hold
SAVE_DELAY = 0.5  # seconds a new binding may wait to be written with others


def is_shared(cred: str) -> bool:
    return cred in SHARED


class NameBook:
    def __init__(self, path: Path | None):
        self.path = path
        self.owners: dict[str, str] = {}
        self._pending: asyncio.TimerHandle | None = None  # the save to come

        if path is not None and path.exists():
            try:
                data = json.loads(path.read_text(encoding="utf-8"))
                if not isinstance(data, dict) or data.get("version") != 1 or not isinstance(data.get("names"), dict):
                    raise ValueError("not a Parlour name book")
                self.owners = {str(k): str(v) for k, v in data["names"].items()}
            except (OSError, ValueError) as error:
                # refuse to start rather than give every name away
                raise ValueError(f"cannot read the name book {path}: {error}") from None

    def owner(self, name: str) -> str | None:
        return self.owners.get(name.casefold())

    def claim(self, name: str, cred: str) -> bool:
        """True if `cred` may use `name`; the first use binds the name to the credential."""
        key = name.casefold()
        owner = self.owners.get(key)
        if owner is not None:
            return owner == cred
        if len(self.owners) >= MAX_NAMES:
            return False
        self.owners[key] = cred
        self._save_soon()
        return True

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
        data = json.dumps({"version": 1, "names": self.owners}, ensure_ascii=False, sort_keys=True)
        try:
            write_private(self.path, data.encode("utf-8"))
        except OSError as error:
            log.warning("cannot save the name book %s: %s", self.path, error)
