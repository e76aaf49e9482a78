"""A bracketed paste, bounded before Textual sees it. Textual's xterm parser keeps a paste one
character per list entry until its end marker arrives, so a paste that never ends (or a huge
one) would grow without bound. `PasteGuard` sits between the client's decoded keystrokes and the
parser: it passes a paste on up to MAX_PASTE characters or MAX_PASTE_SECONDS, then writes the
end marker itself and drops the rest of that paste (until the client's own end marker)."""

from __future__ import annotations

import time
from collections.abc import Callable

START, END = "\x1b[200~", "\x1b[201~"
MAX_PASTE = 4096  # characters of one paste (a name, a line of chat; a game needs no more)
MAX_PASTE_SECONDS = 3.0  # a paste still open this long is ended at the next keystroke; a paste
# ended here has the rest of it dropped until the client ends it, or this long after it began

OUTSIDE, INSIDE, SKIPPING = "outside", "inside", "skipping"  # SKIPPING: ended here, the rest dropped


class PasteGuard:
    """`feed(text)` returns the text to hand on. Markers split across reads are found: the last
    few characters received are kept to be searched with the next text."""

    def __init__(
        self, most: int | None = None, seconds: float | None = None, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.most = MAX_PASTE if most is None else most
        self.seconds = MAX_PASTE_SECONDS if seconds is None else seconds
        self.clock = clock
        self.state = OUTSIDE
        self.size = 0  # characters of the open paste handed on
        self.began = 0.0
        self.ended = 0  # pastes this guard ended (cut short) itself
        self.recent = ""  # the last characters received after the last marker (a marker may straddle)

    def feed(self, text: str) -> str:
        if self.state == SKIPPING and self.clock() - self.began >= self.seconds:
            self.state = OUTSIDE  # a client that never ends its paste gets its keys back
        window, new = self.recent + text, len(self.recent)  # window[new:] is what has not been handed on
        out, pos = [], 0
        while True:
            marker = START if self.state == OUTSIDE else END
            at = window.find(marker, pos)
            out.append(self._body(window[max(pos, new) : len(window) if at < 0 else max(at, new)]))
            if at < 0:
                break
            part = window[max(at, new) : at + len(marker)]  # what of the marker was not handed on yet
            if self.state == OUTSIDE:
                self.state, self.size, self.began = INSIDE, 0, self.clock()
                out.append(part)
            else:
                if self.state == INSIDE:
                    out.append(part)
                self.state = OUTSIDE
            pos = at + len(marker)
        self.recent = window[max(pos, len(window) - len(END) + 1) :]
        return "".join(out)

    def _body(self, body: str) -> str:
        if self.state == OUTSIDE or not body:
            return body
        if self.state == SKIPPING:
            return ""
        room = 0 if self.clock() - self.began >= self.seconds else self.most - self.size
        if len(body) <= room:
            self.size += len(body)
            return body
        self.state = SKIPPING
        self.ended += 1
        return body[: max(0, room)] + END
