"""Private files of the server (host key, name bindings, logs): owner-only, written atomically,
and refused when others can read them, as OpenSSH refuses loose key files."""

from __future__ import annotations

import os
import stat
from io import TextIOWrapper
from pathlib import Path


class LooseFile(Exception):
    """A secret file others may read or change; the message says how to fix it."""


def check_private(path: Path) -> None:
    """Raise LooseFile if group or others have any access to `path` (a secret)."""
    mode = stat.S_IMODE(path.stat().st_mode)
    if mode & 0o077:
        how = "writable" if mode & 0o022 else "readable"
        raise LooseFile(f"{path} is {how} by others (mode {mode:o}); run: chmod 600 {path}")


def write_private(path: Path, data: bytes) -> None:
    """Write `data` to `path` (mode 0600) atomically: readers see the old file or the new one,
    never a half; a leftover temporary file from a crash is replaced, never trusted."""
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    try:
        tmp.unlink()
    except FileNotFoundError:
        pass
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(fd, "wb") as file:
            file.write(data)
            file.flush()
            os.fsync(file.fileno())
        os.chmod(tmp, 0o600)  # whatever the umask
        os.replace(tmp, path)
    except BaseException:
        try:
            tmp.unlink()
        except FileNotFoundError:
            pass
        raise


def open_private_append(path: Path) -> TextIOWrapper:
    """A text file opened for appending, created 0600 (and tightened if it was looser)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    os.fchmod(fd, 0o600)
    return os.fdopen(fd, "a", encoding="utf-8", buffering=1)
