"""Log lines a client cannot forge or multiply: whatever a client chose (names, TERM, reasons) is
escaped so no control character or newline reaches serve.log or the operator's terminal, and a
line is cut at MAX_LINE characters; each kind of line is rate-limited (`LineBudget`), a flood of
refusals is summed up instead of written line by line, and the file rotates (`PrivateRotatingFileHandler`)."""

from __future__ import annotations

import logging
import logging.handlers
import time
from collections.abc import Callable
from io import TextIOWrapper
from pathlib import Path

from .files import open_private_append


def escape(text: object) -> str:
    """`text` with every control character (C0, DEL, C1) and line/paragraph separator written as
    a visible escape (\\x1b, \\n, \\u2028); printable text, Unicode letters included, unchanged."""
    out = []
    for ch in str(text):
        code = ord(ch)
        if code < 0x20 or 0x7F <= code < 0xA0 or ch in "\u2028\u2029" or ch == "\\":
            out.append("\\\\" if ch == "\\" else f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")
        else:
            out.append(ch)
    return "".join(out)


MAX_LINE = 1000  # characters of one message (a 200 KB TERM is not written whole)


class EscapingFormatter(logging.Formatter):
    """The message (format and arguments) escaped; below ERROR cut at MAX_LINE. An error's
    message (a failed app's traceback) and a traceback, written by the server itself, are kept
    whole (they are rate-limited like every line, by LineBudget)."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        message = escape(record.message)
        if len(message) > MAX_LINE and record.levelno < logging.ERROR:
            message = f"{message[:MAX_LINE]}… ({len(message) - MAX_LINE} more characters)"
        record.message = message
        return super().formatMessage(record)


class LineBudget(logging.Filter):
    """Each kind of line (its format string) at most `burst` at once, then `rate` a second: a
    client that causes one line again and again (a refused TERM, a paste too long, session after
    session) cannot fill the disk. How many were left out is said on the next line of that kind
    that is written. On the server's logger, so every line, whoever causes it, is counted."""

    def __init__(
        self, rate: float = 1.0, burst: float = 60, clock: Callable[[], float] = time.monotonic, kinds: int = 1000
    ) -> None:
        super().__init__()
        self.rate, self.burst, self.clock, self.most_kinds = rate, burst, clock, kinds
        self.kinds: dict[str, list] = {}  # format -> [tokens, when, lines left out]

    def filter(self, record: logging.LogRecord) -> bool:
        key, now = str(record.msg), self.clock()
        kind = self.kinds.get(key)
        if kind is None:
            if len(self.kinds) >= self.most_kinds:  # formats are the code's own; this is a backstop
                self.kinds.clear()
            kind = self.kinds[key] = [self.burst, now, 0]
        kind[0] = min(self.burst, kind[0] + (now - kind[1]) * self.rate)
        kind[1] = now
        if kind[0] < 1:
            kind[2] += 1
            return False
        kind[0] -= 1
        if kind[2]:
            record.msg = f"({kind[2]} lines like this one were not written) {record.msg}"
            kind[2] = 0
        return True


class RateLimited:
    """At most `per_window` lines per `window` seconds; the rest are counted and reported in one
    line when the next window opens."""

    def __init__(
        self,
        logger: logging.Logger,
        per_window: int = 20,
        window: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.logger, self.per_window, self.window, self.clock = logger, per_window, window, clock
        self.start = clock()
        self.written = self.dropped = 0

    def info(self, message: str, *args: object) -> None:
        now = self.clock()
        if now - self.start >= self.window:
            if self.dropped:
                self.logger.info("%d more such lines in the last %d s were not written", self.dropped, self.window)
            self.start, self.written, self.dropped = now, 0, 0
        if self.written < self.per_window:
            self.written += 1
            self.logger.info(message, *args)
        else:
            self.dropped += 1


LOG_FILES = 5  # serve.log and its four older parts


class PrivateRotatingFileHandler(logging.handlers.RotatingFileHandler):
    """A log file created owner-only (0600), and tightened if it was looser; it rotates
    (serve.log.1 … serve.log.4) so that all of its parts hold at most `total` bytes."""

    def __init__(self, path: Path, total: int):
        super().__init__(path, maxBytes=max(1024, total // LOG_FILES), backupCount=LOG_FILES - 1, encoding="utf-8")

    def _open(self) -> TextIOWrapper:  # (logging.FileHandler's own opener, which the standard library overrides too)
        return open_private_append(Path(self.baseFilename))
