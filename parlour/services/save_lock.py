"""One writer per save: whoever appends to a save holds its lock, and the lock dies with them.

The lock is a POSIX record lock (`fcntl.lockf`) on a small file beside the save, `.NAME.lock`.
Beside the save, not on it: the save itself is replaced by a rename after an undo (a new file, so
a lock on the old one would be lost), and the lock file stays put. A POSIX lock, not `flock`:
it is what NFS carries to its server (NLM for version 3, the protocol itself for version 4),
where `flock` is only local on some systems. The kernel drops the lock when its process ends,
however it ends, so a lock left by a dead process is taken over at once, without asking.

The file also holds a line of JSON saying who holds it (front, host, process, since when), for
the words a second window shows; the OS lock is the truth and the words only tell it. POSIX
locks do not keep one process from itself, so this process's own locks are kept in `_mine` too
(and their files never opened twice: closing any descriptor of a file drops its POSIX lock).
"""

from __future__ import annotations

import errno
import json
import os
import threading
import time
import weakref
from pathlib import Path

from parlour.rules.records import record

# (getattr: flags not on every platform; Windows has neither)
_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
MAX_BYTES = 8192  # of a lock file read back: its line of JSON is shorter (a path is at most 4,096)

# What this process is, for the words another window shows: "app", "plain", "engine" or "served"
# (held.front_<id> in the catalogues), set once by the front that starts.
FRONTS = ("app", "plain", "engine", "served")
front = ""


def use_front(name: str) -> None:
    """Name this process's front (one of FRONTS) in the locks it takes from now on."""
    global front
    front = name


@record(slots=False)
class Holder:
    """Who holds a save, as its lock file says (each part empty or 0 when it does not say)."""

    front: str = ""
    host: str = ""
    pid: int = 0
    since: float = 0.0  # seconds since the epoch

    def words(self, name: str) -> str:
        """ "smurf.jsonl is open elsewhere (plain mode on ada, process 4242, since 14:03): ..."."""
        from .words.i18n import t

        where = t(f"held.front_{self.front}") if self.front in FRONTS else t("held.someone")
        if self.host:
            where += " " + t("held.on_host", host=self.host)
        parts = [where]
        if self.pid:
            parts.append(t("held.process", pid=self.pid))
        if self.since:
            parts.append(t("held.since", when=_when(self.since)))
        return t("held.elsewhere", name=name, where=", ".join(parts))


class Held(ValueError):
    """The save is held by another process (or another game in this one); `holder` says whom."""

    def __init__(self, path: Path, holder: Holder):
        super().__init__(holder.words(path.name))
        self.path, self.holder = path, holder


def lock_path(save: str | os.PathLike) -> Path:
    save = Path(save)
    return save.with_name(f".{save.name}.lock")


class SaveLock:
    """A save held by this process, until `release` (or until this object or the process ends).
    `problem` is why it could not be made (a read-only folder, a file system without locks):
    then it is not held, and nothing may be written to the save."""

    def __init__(self, save: Path, fd: int | None, holder: Holder, problem: str | None = None):
        self.save, self.holder, self.problem = save, holder, problem
        self._fd = fd
        self._keep = False  # the lock file says where the game went: kept when let go
        self._closer = weakref.finalize(self, _close, fd) if fd is not None else None

    @property
    def held(self) -> bool:
        return self._fd is not None

    def moved(self, to: Path) -> None:
        """The game is saved at `to` from now on (written elsewhere, the disk here full): the
        lock file keeps saying so once it is let go, so the list of saves shows `to` and marks
        this save as left behind (`moved_to`). Written in place: a file already holding its
        line takes no more room on most file systems, so this works on the full disk too."""
        if self._fd is None:
            return
        said = {**self.holder.__dict__, "moved_to": str(Path(to).absolute())}
        try:
            _write(self._fd, said)
            self._keep = True
        except OSError:
            pass  # no room even for that: the list shows the old save as it is

    def release(self) -> None:
        """Let the save go: the lock file is removed, then unlocked (see `take` for why in that order)."""
        with _mutex:
            if self._fd is None:
                return
            if _mine.get(_key(self.save)) is self:
                del _mine[_key(self.save)]
            if not self._keep:
                try:
                    os.unlink(lock_path(self.save))
                except OSError:
                    pass
            self._fd = None
            if self._closer is not None:
                self._closer()


_mutex = threading.Lock()
_mine: weakref.WeakValueDictionary[str, SaveLock] = weakref.WeakValueDictionary()


def take(save: str | os.PathLike) -> SaveLock:
    """Hold `save` (it need not exist yet). Raises Held when another process, or another game
    in this one, holds it; a lock that cannot be made at all comes back with its `problem`."""
    save = Path(save)
    if not save.name:  # "." or "/": no file to hold (reading or writing it fails, saying why)
        return SaveLock(save, None, Holder(), "it names a folder, not a file")
    path = lock_path(save)
    with _mutex:
        mine = _mine.get(_key(save))
        if mine is not None and mine.held:
            raise Held(save, mine.holder)
        for _ in range(8):
            try:
                fd = os.open(path, os.O_RDWR | os.O_CREAT | _CLOEXEC | _NOFOLLOW, 0o600)
            except OSError as error:
                return SaveLock(save, None, Holder(), _no_lock(error))
            try:
                _lock(fd)
            except OSError as error:
                holder = _read(fd) if error.errno in (errno.EACCES, errno.EAGAIN) else None
                os.close(fd)
                if holder is None:
                    return SaveLock(save, None, Holder(), _no_lock(error))
                raise Held(save, holder) from None
            # Its last holder may have removed the file between our open and our lock: then we
            # hold a file nobody else will open, and try again with the one the folder names.
            if _same_file(fd, path):
                break
            os.close(fd)
        else:
            return SaveLock(save, None, Holder(), "its lock file keeps changing")
        holder = Holder(front, _host(), os.getpid(), time.time())
        try:  # the words only: a full disk keeps the lock, without them
            _write(fd, holder.__dict__)
        except OSError:
            pass
        lock = SaveLock(save, fd, holder)
        _mine[_key(save)] = lock
        return lock


def holder(save: str | os.PathLike) -> Holder | None:
    """Who holds `save` now (this process included), or None when nobody does."""
    save = Path(save)
    if not save.name:
        return None
    with _mutex:
        mine = _mine.get(_key(save))
        if mine is not None and mine.held:
            return mine.holder
        try:
            fd = os.open(lock_path(save), os.O_RDWR | _CLOEXEC | _NOFOLLOW)
        except OSError:
            return None  # no lock file: nobody (a holder keeps its file)
        try:
            try:
                _lock(fd)
            except OSError as error:
                return _read(fd) if error.errno in (errno.EACCES, errno.EAGAIN) else None
            return None  # free (closing the file below lets it go again)
        finally:
            os.close(fd)


def moved_to(save: str | os.PathLike) -> Path | None:
    """Where a save's game went when it was written elsewhere (`SaveLock.moved`), or None."""
    if not Path(save).name:
        return None
    with _mutex:
        mine = _mine.get(_key(Path(save)))
        if mine is not None and mine.held:
            return None  # played here now (and its file must not be opened: see the top)
    try:
        fd = os.open(lock_path(save), os.O_RDONLY | os.O_NONBLOCK | _CLOEXEC | _NOFOLLOW)
    except OSError:
        return None
    try:
        said = json.loads(os.pread(fd, MAX_BYTES, 0))
    except (OSError, ValueError):
        return None
    finally:
        os.close(fd)  # (never a file this process holds: closing it would let its lock go)
    to = said.get("moved_to") if isinstance(said, dict) else None
    return Path(to) if isinstance(to, str) and to and "\0" not in to else None


def _write(fd: int, said: dict) -> None:
    data = json.dumps(said).encode() + b"\n"
    os.pwrite(fd, data, 0)
    os.ftruncate(fd, len(data))


def _lock(fd: int) -> None:
    import fcntl

    fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)


def _read(fd: int) -> Holder:
    """The holder a lock file names (what it does not say, or says wrongly, left empty)."""
    try:
        said = json.loads(os.pread(fd, MAX_BYTES, 0))
    except (OSError, ValueError):
        return Holder()
    if not isinstance(said, dict):
        return Holder()
    front, host, pid, since = (said.get(k) for k in ("front", "host", "pid", "since"))
    return Holder(
        front if front in FRONTS else "",
        _printable(host),
        pid if type(pid) is int and pid > 0 else 0,
        float(since) if isinstance(since, (int, float)) and 0 < since < 1e11 else 0.0,
    )


def _printable(text: object) -> str:
    """A name from a lock file, as words: any other process may have written it."""
    if not isinstance(text, str):
        return ""
    return "".join(c for c in text[:64] if c.isprintable())


def _same_file(fd: int, path: Path) -> bool:
    try:
        here, named = os.fstat(fd), os.stat(path, follow_symlinks=False)
    except OSError:
        return False
    return (here.st_dev, here.st_ino) == (named.st_dev, named.st_ino)


def _key(save: Path) -> str:
    return os.path.realpath(lock_path(save))


def _close(fd: int) -> None:
    try:
        os.close(fd)
    except OSError:
        pass


def _no_lock(error: OSError) -> str:
    if error.errno in (errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOSYS):
        return "this file system cannot lock it"
    return f"no lock can be made beside it: {error.strerror or error}"


def _host() -> str:
    """This machine's name, as socket.gethostname() gives it on POSIX (uname's node name), without
    importing socket: plain mode's first prompt waits on each import."""
    if hasattr(os, "uname"):
        return os.uname().nodename
    import socket  # Windows

    return socket.gethostname()


def _when(since: float) -> str:
    """A time as a player reads it: the hour today, else the day too."""
    then = time.localtime(since)
    today = time.localtime()
    shown = "%H:%M" if then[:3] == today[:3] else "%Y-%m-%d %H:%M"
    return time.strftime(shown, then)
