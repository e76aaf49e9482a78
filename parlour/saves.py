"""Save files on disk: the event log written append-only (flushed after every action, so a crash
loses nothing) and read back with every check in rules.log. No pickle, no eval."""

from __future__ import annotations

import os
from pathlib import Path

from rules import log
from rules.records import Event

MAX_BYTES = 32 * 1024 * 1024


class SaveError(ValueError):
    """A save that cannot be read or written; the message is meant for the player."""


def read(path: str | os.PathLike) -> log.Loaded:
    """Load and check a save file, or raise SaveError saying what is wrong with it."""
    path = Path(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SaveError(f"{path.name}: too large to be a Parlour save ({size} bytes)")
        text = path.read_bytes().decode("utf-8")
    except UnicodeDecodeError:
        raise SaveError(f"{path.name}: not a Parlour save (not UTF-8 text)") from None
    except OSError as error:
        raise SaveError(f"{path.name}: cannot be read ({error.strerror or error})") from None
    try:
        return log.loads(text)
    except log.LogError as error:
        raise SaveError(f"{path.name}: {error}") from None


class Writer:
    """Keeps a game's save file in step with its log: call `sync` after every accepted action."""

    def __init__(self, path: str | os.PathLike, header: log.Header, events: list[Event]):
        self.path = Path(path)
        tmp = self.path.with_name(self.path.name + ".tmp")
        tmp.write_text(log.dumps(header, events), encoding="utf-8")  # whole file, then rename:
        os.replace(tmp, self.path)  # a resumed save never keeps a torn tail
        self.written = len(events)

    def sync(self, events: list[Event]) -> None:
        """Append the events not yet on disk, flush and fsync."""
        if len(events) == self.written:
            return
        lines = "".join(log.event_line(seq, e) for seq, e in enumerate(events[self.written:], self.written + 1))
        with self.path.open("a", encoding="utf-8") as file:
            file.write(lines)
            file.flush()
            os.fsync(file.fileno())
        self.written = len(events)


def write(path: str | os.PathLike, header: log.Header, events: list[Event]) -> None:
    """Write a whole log to `path` (replacing what was there)."""
    try:
        Writer(path, header, events)
    except OSError as error:
        raise SaveError(f"{Path(path).name}: cannot be written ({error.strerror or error})") from None
