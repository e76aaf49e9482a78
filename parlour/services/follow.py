"""Watching a game another window plays: its save read again each time it grows, as replay
reads it (parlour/services/save_lock.py says who holds it). Read only: nothing is written here."""

from __future__ import annotations

import os
from pathlib import Path

from parlour.rules.log import Loaded

from . import save_lock, saves


class Follow:
    """A save followed as it grows: `poll()` gives it again, loaded, when it has changed."""

    def __init__(self, path: str | os.PathLike):
        self.path = Path(path)
        self._stamp: tuple[int, int] | None = None

    def poll(self) -> Loaded | None:
        """The save read again if it changed since the last poll, else None. Raises
        saves.SaveError as `saves.read` does (a save replaced by a broken one)."""
        try:
            found = os.stat(self.path)
            stamp = (found.st_size, found.st_mtime_ns)
        except OSError:
            stamp = None
        if stamp is not None and stamp == self._stamp:
            return None
        loaded = saves.read(self.path)
        self._stamp = stamp
        return loaded

    def let_go(self) -> bool:
        """True once nobody holds the save any more (its window left, or its process ended)."""
        return save_lock.holder(self.path) is None
