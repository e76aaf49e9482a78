"""Which credential owns which name: the first credential to use a name keeps it, across
restarts (a JSON file, owner-only, written atomically). A credential is "key:FINGERPRINT",
"password:NAME" (a password bound to a name), "password" (the shared password) or "open"."""

from __future__ import annotations

import json
import logging
from pathlib import Path

from .files import write_private

log = logging.getLogger("parlour.serve")
MAX_NAMES = 100_000
SHARED = ("password", "open")  # credentials many people may hold


def is_shared(cred: str) -> bool:
    return cred in SHARED


class NameBook:
    def __init__(self, path: Path | None):
        self.path = path
        self.owners: dict[str, str] = {}
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
        self._save()
        return True

    def _save(self) -> None:
        if self.path is None:
            return
        data = json.dumps({"version": 1, "names": self.owners}, ensure_ascii=False, sort_keys=True)
        try:
            write_private(self.path, data.encode("utf-8"))
        except OSError as error:
            log.warning("cannot save the name book %s: %s", self.path, error)
