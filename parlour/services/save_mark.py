"""A save's checked end: a small file beside the save, `.NAME.jsonl.end`, saying that the save, of
this size and with these ends (its first line and last bytes, as the list of saves reads them),
ends with an action the rules re-decided. The Writer writes it after each save (it writes only
what the rules decided), and so does the list after reading a save as the loader reads it.

Why: who is to act can be read from a save's last lines alone only when its last action is
whole and is what the rules decide. A last action cut at a line's end, or with a changed die
face, reads as a whole one, yet the loader drops it (or refuses the save), and only re-deciding
it on the state before it (folding the whole save) tells. The list trusts the last lines when
the mark matches what it read, and folds the save as the loader does when it does not: so it
names whoever the opened game names, and reads only the ends of a save played here.

The mark is only ever trusted when it matches: a mark that is missing, stale, torn, hostile or
out of date costs a full read, never a wrong row. It is never fsynced (a crash loses at most the
mark, then the next list reads the save whole once)."""

from __future__ import annotations

import json
import os
import stat
import zlib
from pathlib import Path

# (getattr: flags not on every platform; Windows has neither)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
MAX_BYTES = 512  # of a mark: one short line
FORMAT = "parlour-end"


def mark_path(save: str | os.PathLike) -> Path:
    save = Path(save)
    return save.with_name(f".{save.name}.end")


def sign(size: int, first: bytes, tail: bytes) -> dict:
    """What a mark says of a save of `size` bytes whose first line and last bytes are these. A
    CRC, not a cryptographic digest: it is there to see a crash's or an editor's change (any
    change of a few bytes, a die's face, changes it), not to stand against a forger, who could
    write the mark too; and it costs no OpenSSL at start."""
    return {"format": FORMAT, "size": size, "crc32": zlib.crc32(tail, zlib.crc32(first))}


def matches(save: str | os.PathLike, size: int, first: bytes, tail: bytes) -> bool:
    """True when the save's mark says its end, as read now, was re-decided by the rules."""
    try:
        fd = os.open(mark_path(save), os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC | _NOFOLLOW)
    except (OSError, ValueError):
        return False
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return False
        said = json.loads(os.read(fd, MAX_BYTES))
    except (OSError, ValueError):
        return False
    finally:
        os.close(fd)
    return said == sign(size, first, tail)


def write(save: str | os.PathLike, size: int, first: bytes, tail: bytes) -> None:
    """Mark the save's end as re-decided; a mark that cannot be written is left out (the list
    then reads the save whole). Never follows a link, never writes into anything but a file."""
    data = json.dumps(sign(size, first, tail)).encode() + b"\n"
    try:
        fd = os.open(mark_path(save), os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | _CLOEXEC | _NOFOLLOW, 0o600)
    except (OSError, ValueError):
        return
    try:
        if stat.S_ISREG(os.fstat(fd).st_mode):
            # written over in place, then cut to its length: not cut to nothing first, which
            # makes some file systems (ext4's auto_da_alloc) flush it at close, a few ms a move
            os.pwrite(fd, data, 0)
            os.ftruncate(fd, len(data))
    except OSError:
        pass
    finally:
        os.close(fd)


def is_mark(name: str) -> bool:
    return name.startswith(".") and name.endswith(".jsonl.end")


def save_of(name: str) -> str:
    """The save's name a mark's name belongs to."""
    return name[1 : -len(".end")]
