"""Log lines a client cannot forge: whatever a client chose (names, TERM, reasons) is escaped so
no control character or newline reaches serve.log or the operator's terminal; and a flood of
refusals is summed up instead of written line by line."""

from __future__ import annotations

import logging
import time
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


class EscapingFormatter(logging.Formatter):
    """The message (format and arguments) escaped; a traceback, written by the server itself,
    is kept as it is."""

    def formatMessage(self, record: logging.LogRecord) -> str:
        record.message = escape(record.message)
        return super().formatMessage(record)


class RateLimited:
    """At most `per_window` lines per `window` seconds; the rest are counted and reported in one
    line when the next window opens."""

    def __init__(self, logger: logging.Logger, per_window: int = 20, window: float = 60.0, clock=time.monotonic):
        self.logger, self.per_window, self.window, self.clock = logger, per_window, window, clock
        self.start = clock()
        self.written = self.dropped = 0

    def info(self, message: str, *args) -> None:
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


class PrivateFileHandler(logging.FileHandler):
    """A log file created owner-only (0600), and tightened if it was looser."""

    def __init__(self, path: Path):
        super().__init__(path, encoding="utf-8")

    def _open(self):
        return open_private_append(Path(self.baseFilename))
