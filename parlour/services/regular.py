"""Files taken for what they are (saves, the keymap): opened for reading only if they are regular
files no larger than a limit, measured before anything is read. A FIFO is never waited on, and
a device (a link to /dev/zero or /dev/urandom) or a folder is never read."""

from __future__ import annotations

import os
import stat

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)  # (getattr: not on every platform; Windows has none)


class NotRegular(ValueError):
    """Not a regular file: a FIFO, a device, a folder."""


class TooLarge(ValueError):
    """A regular file larger than the limit."""


def open_regular(path: str | os.PathLike, limit: int) -> int:
    """A descriptor of `path` for reading (blocking), if it is a regular file of at most `limit`
    bytes; else NotRegular or TooLarge, or the OSError (or ValueError, for a NUL in the name)
    opening it raised."""
    # O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC)
    try:
        found = os.fstat(fd)
        if not stat.S_ISREG(found.st_mode):
            raise NotRegular(path)
        if found.st_size > limit:
            raise TooLarge(path)
        os.set_blocking(fd, True)
    except BaseException:
        os.close(fd)
        raise
    return fd
