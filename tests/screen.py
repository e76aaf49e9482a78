"""A pyte terminal fed with what a program sends to its screen, and waits for what it shows.
Shared by the SSH clients (tests/ssh) and the browser tabs (tests/web). Nothing waits on the
clock: every wait is for a condition, with a bounded timeout."""

from __future__ import annotations

import asyncio

import pyte
from wcwidth import wcwidth

TIMEOUT = 20.0  # the most any single wait may take before the test fails


class WatchedScreen:
    def __init__(self, width: int, height: int):
        self.screen = pyte.Screen(width, height)
        self.stream = pyte.ByteStream(self.screen)
        self.closed = False
        self._changed = asyncio.Event()
        self._lines: list[str] = []  # the screen's text, line by line, as of the last `text()`

    def feed(self, data: bytes) -> None:
        self.stream.feed(data)
        self._poke()

    def resize(self, width: int, height: int) -> None:
        self.screen.resize(height, width)
        self._poke()

    def close_screen(self) -> None:
        self.closed = True
        self._poke()

    def _poke(self) -> None:
        self._changed.set()
        self._changed = asyncio.Event()

    def text(self) -> str:
        """The screen as text (pyte's `display`), redrawing only the lines pyte marked dirty since
        the last call: a wait looks after every chunk of output, and 50 clients waiting at once
        spent most of their time turning unchanged lines into text."""
        screen = self.screen
        if len(self._lines) != screen.lines:
            self._lines = screen.display
        else:
            for y in screen.dirty:
                if y < screen.lines:
                    self._lines[y] = _line_text(screen, y)
        screen.dirty.clear()
        return "\n".join(self._lines)

    async def wait_for(self, *wanted, timeout: float = TIMEOUT) -> None:
        """Until every one of wanted is on the screen (a string) or holds (predicate(self))."""

        def holds() -> bool:
            text = self.text()
            return all(want in text if isinstance(want, str) else want(self) for want in wanted)

        async def check():
            while not holds():
                if self.closed:
                    raise AssertionError(f"the connection closed; screen:\n{self.text()}")
                await self._changed.wait()

        try:
            await asyncio.wait_for(check(), timeout)
        except TimeoutError:
            raise AssertionError(f"timed out; screen:\n{self.text()}") from None


def _line_text(screen: pyte.Screen, y: int) -> str:
    """Line y of pyte's `display` (a wide character's second cell is skipped, as there)."""
    line, chars, wide = screen.buffer[y], [], False
    for x in range(screen.columns):
        if wide:
            wide = False
            continue
        char = line[x].data
        wide = bool(char) and wcwidth(char[0]) == 2
        chars.append(char)
    return "".join(chars)


def off_the_board(text: str) -> str:
    """The screen's text without the board: right of the board's edge for as long as its rows go,
    then every row whole. A grown board names its squares ("Lasagna +8"), and those names are not
    cards in anyone's hand."""
    rows = text.split("\n")
    edge = rows[0].find("│") if rows else -1
    if edge <= 0:
        return text
    kept, on_board = [], True
    for row in rows:
        on_board = on_board and len(row) > edge and row[edge] == "│"
        kept.append(row[edge + 1 :] if on_board else row)
    return "\n".join(kept)
