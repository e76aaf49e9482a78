"""Save files on disk: the event log written append-only (flushed after every action, so a crash
loses nothing) and read back with every check in rules.log. No pickle, no eval.

Files are taken for what they are: only regular files are read or replaced (a FIFO, a device or
a directory under a save's name is refused, never opened for reading or written over), a file
larger than a save may be (`log.MAX_BYTES`, blank lines and all) is refused by its size before
anything is read, its lines are each bounded, and new files are created exclusively (O_EXCL)
with unique temporary names, so two games started at once never share a file. The list of
saves (`survey`) reads the ends of each save its mark vouches for (save_mark.py) and reads the
others as the loader does, never waits on one file, and removes the temporary files a killed
save left behind."""

from __future__ import annotations

import contextlib
import errno
import io
import os
import stat
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, BinaryIO

from parlour.rules import log
from parlour.rules.records import Event

from . import regular, save_mark, strays
from .collector import collections_every

if TYPE_CHECKING:
    from .save_lock import SaveLock

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)  # (getattr: not on every platform; Windows has none)
# Every save is the owner's alone, new or rewritten (mkstemp makes 0600 too): a save holds every
# hand of a hot-seat game and the players' names, nothing other users of the machine need.
MODE = 0o600


class SaveError(ValueError):
    """A save that cannot be read or written; the message is meant for the player."""


def read(path: str | os.PathLike) -> log.Loaded:
    """Load and check a save file, or raise SaveError saying what is wrong with it."""
    return _load(Path(path), log.load_lines)


def read_then_check(path: str | os.PathLike, recent: int = 0) -> log.Loaded:
    """A save file read to show its game at once, with `check` still to run to its end before
    anything acts on it (rules/log.py `open_lines` has the ruling); `check` raises SaveError
    with the message `read` would give. Raises SaveError for what it finds wrong already."""
    path = Path(path)
    loaded = _load(path, lambda lines, whole: log.open_lines(lines, recent, whole))
    if loaded.check is not None:  # (open_lines always leaves one)
        loaded.check = _named(path, loaded.check)
    return loaded


def _load(path: Path, load: Callable[[Iterable[bytes], bytes | None], log.Loaded]) -> log.Loaded:
    """`load(lines, whole)` on the file's lines (`bounded_lines`) and, for a file no larger
    than a save may be, its whole text, read at once (rules/log.py reads a log as written in
    bulk, and the lines only when it is not)."""
    # no cyclic collection while a save loads: tens of thousands of objects that live on, no cycles
    with _open_regular(path) as file, collections_every(0):
        try:
            whole = file.read(log.MAX_BYTES + 1)
            if len(whole) > log.MAX_BYTES:  # grew since it was measured: refused all the same
                raise SaveError(_too_large(path))
            whole = log.without_padding(whole)
            if whole.count(b"\n") > log.MAX_LINES:  # counted at C speed, not read line by line
                raise SaveError(f"{path.name}: {log.TOO_MANY_LINES}")
            return load(bounded_lines(io.BytesIO(whole)), whole)
        except log.LogError as error:
            raise SaveError(f"{path.name}: {error}") from None
        except OSError as error:
            raise SaveError(f"{path.name}: cannot be read ({_reason(error)})") from None


def _named(path: Path, steps: Iterator[None]) -> Iterator[None]:
    try:
        yield from steps
    except log.LogError as error:
        raise SaveError(f"{path.name}: {error}") from None


TAIL_BYTES = 16 * 1024  # of a save's end that `glance` reads: many turns of any game


def glance(path: str | os.PathLike) -> log.Glance:
    """A save's header and who is to act, for the list of saves: read from its first line and
    its last TAIL_BYTES only when its mark (save_mark.py) says that end is what the rules
    decided, so a list of hundreds of long games shows at once. Else (no mark, a cut, torn or
    changed end) the save is read as the loader reads it, and who acts is what the opened game
    says (the loader may drop its last action); it is then marked, if it was read whole, so the
    next list reads its ends only. Nothing more is checked: `read` checks everything when the
    save is opened. Raises SaveError as `read` does, naming the line."""
    path = Path(path)
    vouched, _, ends = _glance_ends(path)
    return vouched if vouched is not None else _glance_whole(path, ends)


Ends = tuple[int, bytes, bytes, bool]  # a save's size, first line, last bytes, and if those were cut


def _glance_ends(path: Path) -> tuple[log.Glance | None, log.Glance | None, Ends]:
    """What a save's ends say when its mark vouches for them (`glance`), else None; what they
    seem to say (None: they do not tell); and the ends, for `_glance_whole`."""
    ends = _read_ends(path)
    size, first, tail, cut = ends
    lines = [line + b"\n" for line in tail.split(b"\n")]
    lines[-1] = lines[-1][:-1]  # after the last newline: empty, or a line torn while saving
    found = log.glance(first, lines[1:] if cut else lines)  # (cut: the first is a line's end)
    vouched = found is not None and save_mark.matches(path, size, first, tail)
    return found if vouched else None, found, ends


def _glance_whole(path: Path, ends: Ends) -> log.Glance:
    """Who acts in a save read as the loader reads it (its last action re-decided, as the opened
    game's is); marked if nothing was dropped and its `ends` are still as they were read."""
    from parlour.rules import registry

    loaded = read_then_check(path, 1)
    if not loaded.warnings and _read_ends(path) == ends:  # nothing dropped: its end is the rules'
        save_mark.write(path, *ends[:3])
    return log.Glance(loaded.header, registry.get(loaded.header.game).to_act(loaded.state))


def _read_ends(path: Path) -> Ends:
    """A save's size, its first line (bounded) and its last TAIL_BYTES from the line after it
    on (what the list reads of a save, and what its mark signs), and whether those were cut
    from a longer save (then they begin inside a line)."""
    with _open_regular(path) as file:
        try:
            first = next(bounded_lines(file), b"")
            start, size = file.tell(), os.fstat(file.fileno()).st_size
            cut = size - start > TAIL_BYTES
            file.seek(size - TAIL_BYTES if cut else start)
            return size, first, file.read(TAIL_BYTES), cut
        except OSError as error:
            raise SaveError(f"{path.name}: cannot be read ({_reason(error)})") from None


def _too_large(path: Path) -> str:
    return f"{path.name}: {log.TOO_LARGE}"


def _open_regular(path: Path) -> BinaryIO:
    """`path` opened for reading if it is a regular file no larger than a save may be
    (`log.MAX_BYTES` of file, blank lines and all, measured before anything is read), else
    SaveError; never blocks on a FIFO."""
    try:
        fd = regular.open_regular(path, log.MAX_BYTES)
    except regular.NotRegular:
        raise SaveError(f"{path.name or path}: not a Parlour save (not a regular file)") from None
    except regular.TooLarge:
        raise SaveError(_too_large(path)) from None
    except (OSError, ValueError) as error:
        raise SaveError(f"{path.name}: cannot be read ({_reason(error)})") from None
    return os.fdopen(fd, "rb")


def bounded_lines(file: BinaryIO, limit: int = log.MAX_LINE_BYTES) -> Iterator[bytes]:
    """The file's lines (with their newline), each at most `limit` + 2 bytes: a longer line comes
    cut to `limit` + 1 bytes (plus its newline, if it had one) and the rest is read and dropped."""
    while True:
        line = file.readline(limit + 1)
        if not line:
            return
        if len(line) > limit and not line.endswith(b"\n"):
            ended = False
            while chunk := file.readline(1 << 16):
                if chunk.endswith(b"\n"):
                    ended = True
                    break
            line += b"\n" if ended else b""
        yield line


def listed(folder: Path, now: float | None = None) -> list[tuple[Path, float]]:
    """The saves in `folder` (`*.jsonl`) with their modification times, newest first. On the way,
    a temporary file a save left when it was killed while writing (`.NAME.xxxx.tmp`, see
    `write_whole`) is removed once it is old (parlour/services/strays.py), and so is the mark of
    a save deleted since (save_mark.py). A folder that cannot be read lists nothing."""
    import time

    now = time.time() if now is None else now
    found, marks = [], []
    try:
        with os.scandir(folder) as entries:
            for entry in entries:
                name = entry.name
                if strays.is_stray(name):
                    strays.remove_if_old(entry, now)
                elif name.endswith(".jsonl"):
                    found.append((Path(entry.path), _modified(entry)))
                elif save_mark.is_mark(name):
                    marks.append(name)
    except OSError:  # no folder yet, or not a folder, or not readable
        return []
    names = {path.name for path, _ in found}
    for name in marks:
        if save_mark.save_of(name) not in names:  # its save was deleted: the mark goes too
            with contextlib.suppress(OSError):
                os.unlink(folder / name)
    found += _written_elsewhere(folder, {path for path, _ in found})
    return sorted(found, key=lambda row: row[1], reverse=True)


def _written_elsewhere(folder: Path, listed: set[Path]) -> list[tuple[Path, float]]:
    """The games in `listed` written elsewhere since (a full disk, `w`), where they went: a save
    out of this folder that goes on listed with the others (save_lock.moved_to)."""
    from .save_lock import moved_to

    found, seen = [], set(listed)
    for path in listed:
        to = moved_to(path)
        if to is None or to in seen:
            continue
        try:
            found.append((to, os.stat(to).st_mtime))
        except OSError:  # gone since: the old save is all there is
            continue
        seen.add(to)
    return found


def folder_problem(folder: Path) -> str | None:
    """Why saves cannot be kept in `folder` (it, or a folder above it, is a file; it cannot be
    read), for the player; None when it is a folder, or is not made yet and can be."""
    try:
        if os.path.isdir(folder):
            os.scandir(folder).close()
            return None
    except OSError as error:
        return f"{folder}: cannot be read ({_reason(error)})"
    for place in (folder, *folder.parents):
        if os.path.lexists(place):
            return None if os.path.isdir(place) else f"{place} is not a folder, so saves cannot be kept in {folder}"
    return None


LIST_WITHIN = 2.0  # seconds the list of saves may take: a save not glanced by then is listed as such
_LISTERS = 4  # saves glanced at once: one that hangs (a stalled disk) holds up only its lister


def survey(folder: Path, within: float | None = None) -> list[tuple[Path, float, log.Glance | SaveError]]:
    """Each save in `folder` (`listed`), newest first, with what `glance` found in it or the
    SaveError saying why it cannot be; a save not glanced within `within` seconds (LIST_WITHIN)
    gets a SaveError saying it could not be read in time, so no one file holds up the list.
    Every save's ends are read first, then the saves whose marks do not vouch for them are read
    whole: one of those not read in time is listed as its ends seem (as the list did before
    marks, the first time a folder of old saves is listed), and its reading goes on, so the
    next list has its mark. Glances run in daemon threads: one left reading when time is up
    never keeps the program from ending."""
    import queue
    import threading

    found = listed(folder)
    paths: queue.SimpleQueue[Path] = queue.SimpleQueue()
    for path, _ in found:
        paths.put(path)
    whole: queue.SimpleQueue[tuple[Path, Ends]] = queue.SimpleQueue()  # the saves to read whole
    seen: dict[Path, log.Glance | BaseException] = {}
    seeming: dict[Path, log.Glance] = {}  # what the ends of a save to read whole seem to say
    all_seen = threading.Event()

    def lister() -> None:
        ends: Ends | None
        while True:  # every save's ends first; then (every lister) the saves to read whole
            try:
                path = paths.get_nowait()
                ends = None
            except queue.Empty:
                try:
                    path, ends = whole.get_nowait()
                except queue.Empty:
                    return
            try:
                if ends is not None:
                    seen[path] = _glance_whole(path, ends)
                else:
                    vouched, seems, ends = _glance_ends(path)
                    if vouched is not None:
                        seen[path] = vouched
                    else:
                        if seems is not None:
                            seeming[path] = seems
                        whole.put((path, ends))
                        continue
            except BaseException as error:  # a SaveError is listed; anything else is raised below
                seen[path] = error
            if len(seen) == len(found):
                all_seen.set()

    if found:
        for _ in range(min(_LISTERS, len(found))):
            threading.Thread(target=lister, name="parlour-list", daemon=True).start()
        all_seen.wait(LIST_WITHIN if within is None else within)
    rows = []
    for path, modified in found:
        got = seen.get(path) or seeming.get(path)
        if got is None:
            got = SaveError(f"{path.name}: cannot be read in time (it may be on a slow disk, or too large)")
        if not isinstance(got, (log.Glance, SaveError)):
            raise got  # a bug, not the save's
        rows.append((path, modified, got))
    return rows


def _modified(entry: os.DirEntry) -> float:
    try:
        return entry.stat().st_mtime
    except OSError:  # a dangling link: the link's own time
        try:
            return entry.stat(follow_symlinks=False).st_mtime
        except OSError:
            return 0.0


def new_path(folder: Path, stem: str) -> Path:
    """A new save file's path, `stem.jsonl` (or `stem-2.jsonl`, ...), created empty with O_EXCL so
    no other game can take it. If the folder cannot be written, the path is returned anyway:
    the Writer reports the problem and keeps trying."""
    first = folder / f"{stem}.jsonl"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for n in range(1, 10_000):
            path = first if n == 1 else folder / f"{stem}-{n}.jsonl"
            try:
                os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL | _CLOEXEC, MODE))
                return path
            except FileExistsError:
                continue
    except OSError:
        pass
    return first


class Writer:
    """Keeps a game's save file in step with its log: call `sync` after every accepted action.

    A write that fails (a full disk, a read-only folder) never raises: `problem` says what is
    wrong, the bytes already saved are left as they were (a half-written append is cut off
    again), and the next `sync` tries again with everything not yet on disk."""

    def __init__(
        self,
        path: str | os.PathLike,
        header: log.Header,
        events: list[Event],
        *,
        on_disk: bool = False,
        lock: SaveLock | None = None,
        kept: int = 0,
    ):
        """`on_disk`: the file was just loaded and gives back exactly `events`: the next actions are
        appended to it when its last line is whole (a long game is not written out again on
        resuming). `kept`: else, how many of `events` a reload of the file gives back all the
        same (a resumed save written whole again: a torn one; moves lost are counted after
        them). `lock`: the save's lock (save_lock.py), taken when it was opened; without one,
        the Writer takes it. Nothing is written to a save whose lock is not held here."""
        self.path = Path(path)
        self.header = header
        self.written = 0  # events on disk
        self.kept = len(events) if on_disk else kept  # the first events a reload of the file gives back
        self.size: int | None = None  # bytes on disk known good; None: the whole file is still to write
        self.problem: str | None = None
        self.lock = lock
        self._let_go = False  # held elsewhere, or closed: never taken (again): another may have written since
        if on_disk and self._hold() and (size := _ends_a_line(self.path)) is not None:
            self.written, self.size = len(events), size
        else:
            self.sync(events)

    def _hold(self) -> bool:
        """True when this Writer holds its save's lock (taking it if it may); else `problem` says why."""
        if self.lock is not None and self.lock.held:
            return True
        if self._let_go:
            return False  # (`problem` says why)
        from .save_lock import Held, take  # only when saving: `parlour engine` starts without it

        try:
            self.lock = take(self.path)
        except Held as held:
            self._let_go = True
            self.problem = f"{held} This game is not saved here: write it elsewhere to keep it."
            return False
        if self.lock.held:
            return True
        self.problem = f"{self.path.name}: cannot be saved ({self.lock.problem}); the game goes on"
        return False

    def close(self) -> None:
        """The game is left: let its save go (another window may take it); nothing is written after."""
        self._let_go = True
        if self.problem is None:
            self.problem = f"{self.path.name}: not saved any more (the game was left)"
        if self.lock is not None:
            self.lock.release()

    def sync(self, events: list[Event]) -> bool:
        """Write the events not yet on disk (flushed and fsynced); False if that failed."""
        if not self._hold():
            return False
        wrote = self.size is None or len(events) > self.written
        try:
            if self.size is None:
                self.size = write_whole(self.path, log.dumps(self.header, events))
                self.written = len(events)
            elif wrote:
                self._append(events, self.size)
        except (OSError, SaveError) as error:
            self.problem = (
                f"{self.path.name}: cannot be saved ({_reason(error)}); the game goes on, "
                "and saving starts again when it can"
            )
            return False
        self.problem = None
        self.kept = len(events)
        if wrote:
            mark(self.path)
        return True

    def rewrite(self, events: list[Event]) -> bool:
        """Replace the save by this (shorter) log, atomically (after an undo): a crash at any moment
        leaves either the old save or the new one, whole. Appending then goes on from it."""
        self.size, self.kept = None, 0  # until it is replaced, the file holds moves taken back
        return self.sync(events)

    def _append(self, events: list[Event], size: int) -> None:
        """Append to a file whose first `size` bytes are known good."""
        data = "".join(log.event_line(seq, e) for seq, e in enumerate(events[self.written :], self.written + 1)).encode(
            "utf-8"
        )
        fd = os.open(self.path, os.O_WRONLY | _CLOEXEC)
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                raise SaveError("not a regular file any more")
            try:
                os.ftruncate(fd, size)  # drop what a failed attempt may have left
                os.lseek(fd, size, os.SEEK_SET)
                _write_all(fd, data)
                os.fsync(fd)
            except OSError:
                try:
                    os.ftruncate(fd, size)
                except OSError:
                    pass
                raise
        finally:
            os.close(fd)
        self.size = size + len(data)
        self.written = len(events)


def _ends_a_line(path: Path) -> int | None:
    """The size of a regular file whose last byte ends a line (appending after it is safe), else None."""
    try:
        with open(path, "rb") as file:
            if not stat.S_ISREG(os.fstat(file.fileno()).st_mode):
                return None
            size = file.seek(0, os.SEEK_END)
            if size == 0:
                return None
            file.seek(size - 1)
            return size if file.read(1) == b"\n" else None
    except OSError:
        return None


# How tempfile.mkstemp opens its file: new (never one already there, nor through a link), for this user only.
_TEMPORARY = os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0) | _CLOEXEC


def _temporary_beside(path: Path) -> tuple[int, str]:
    """A new file `.NAME.xxxxxxxx.tmp` beside `path` (the name strays.py knows), open, as
    tempfile.mkstemp makes one: importing tempfile loads shutil and its compressors, and plain
    mode writes its save before its first prompt."""
    for _ in range(100):
        tmp = os.path.join(path.parent, f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(tmp, _TEMPORARY, 0o600), tmp
        except FileExistsError:
            continue
    raise FileExistsError(errno.EEXIST, "no free temporary name beside it", str(path))


def write_whole(path: Path, text: str) -> int:
    """Replace `path` by a file holding `text`, atomically: written to a uniquely named temporary
    file beside it, fsynced, then renamed over it. Only a regular file (or nothing) is replaced.
    Returns the bytes written."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            raise SaveError("it is not a regular file, so it is not replaced")
    except FileNotFoundError:
        pass
    data = text.encode("utf-8")
    fd, tmp = _temporary_beside(path)
    try:
        try:
            _write_all(fd, data)
            os.fsync(fd)
        finally:
            os.close(fd)
        os.replace(tmp, path)
        _sync_folder(path.parent)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    strays.remove_strays(path.parent, path.name)  # what an earlier write, killed, left beside it
    return len(data)


def _sync_folder(folder: Path) -> None:
    """Make a rename in `folder` durable: until the folder itself is fsynced, a crash may forget
    the new name (and with it a new save, or its rewrite). A file system that cannot fsync a
    folder (some network ones) is taken as it is."""
    try:
        fd = os.open(folder, os.O_RDONLY | _CLOEXEC)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError as error:
        if error.errno not in (errno.EINVAL, errno.ENOTSUP, errno.EBADF):
            raise
    finally:
        os.close(fd)


def write(path: str | os.PathLike, header: log.Header, events: list[Event]) -> None:
    """Write a whole log to `path` (replacing a regular file that was there)."""
    path = Path(path)
    try:
        write_whole(path, log.dumps(header, events))
    except (OSError, ValueError) as error:
        raise SaveError(f"{path.name or path}: cannot be written ({_reason(error)})") from None
    mark(path)


def mark(path: Path) -> None:
    """Mark a save just written from a game's log (every action in it decided by the rules) as
    ending so (save_mark.py): the list of saves then reads who acts from its last lines."""
    try:
        size, first, tail, _ = _read_ends(path)
    except SaveError:
        return
    save_mark.write(path, size, first, tail)


def _write_all(fd: int, data: bytes) -> None:
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _reason(error: Exception) -> str:
    """An OSError's own words ("Permission denied", without the path); any other error's message."""
    return (error.strerror if isinstance(error, OSError) else None) or str(error)
