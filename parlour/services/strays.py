"""Temporary files a save left when it was killed while writing (`.NAME.xxxx.tmp` beside the save,
parlour/services/saves.py `write_whole`), removed once they are older than STRAY_AFTER: a save
being written now is younger. Removed at every start of the app and of plain mode, when the list
of saves is read, and beside each save written whole (the engine's `save` targets too)."""

from __future__ import annotations

import os
import time
from pathlib import Path

STRAY_AFTER = 60.0  # seconds: a temporary file this old belongs to a save that never finished


def is_stray(name: str, target: str | None = None) -> bool:
    """True for a save's temporary file's name (`target`'s only, when given)."""
    return name.endswith(".tmp") and name.startswith(f".{target}." if target else ".")


def remove_if_old(entry: os.DirEntry, now: float) -> None:
    try:
        if now - entry.stat(follow_symlinks=False).st_mtime > STRAY_AFTER:
            os.unlink(entry.path)
    except OSError:  # gone already, or not ours to remove
        pass


def remove_strays(folder: Path, target: str | None = None) -> None:
    """Remove the old temporary files in `folder` (only `target`'s, when given); a folder that
    cannot be read is left as it is."""
    now = time.time()
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                if is_stray(entry.name, target):
                    remove_if_old(entry, now)
    except OSError:
        pass
