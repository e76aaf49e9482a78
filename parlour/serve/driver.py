"""A Textual driver whose terminal is one SSH channel, for an app running inside the server.

The server owns the channel: it hands the player's keystrokes (already decoded to text) and
window sizes to the session's `Channel`, and the `ChannelDriver` of the app parses the keys with
Textual's own xterm parser and writes the app's output back through the channel. No signals, no
threads and no file descriptors: everything runs on the server's event loop, in the app's own
context (the driver is made and started by the app, so its callbacks carry the app's context).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from textual import events
from textual.driver import Driver
from textual.geometry import Size

from ..compat.textual import xterm_parser

MAX_BACKLOG = 64 * 1024  # characters of keystrokes waiting for the app; beyond this they are dropped
CHUNK = 256  # characters parsed at a time; more only while the app has few messages waiting
BUSY = 64  # messages waiting in the app's queue that make the driver hold back keystrokes
# What starts and ends application mode on the player's terminal (what Textual's Linux driver
# writes, less the queries this driver does not answer: in-band resize and mouse pixels).
START = ("\x1b[?1049h"  # the alternate screen
         "\x1b[?25l"  # no cursor
         "\x1b[?1004h"  # focus in/out reports
         "\x1b[>25u"  # kitty keyboard: disambiguate, all keys, associated text (as the Linux driver)
         "\x1b[?2026$p"  # does the terminal do synchronized output?
         "\x1b[?2004h"  # bracketed paste
         "\x1b[?7l")  # no line wrap
STOP = "\x1b[?2004l\x1b[?7h\x1b[<u\x1b[?1049l\x1b[?25h\x1b[?1004l"


class Channel:
    """One session's terminal as its app sees it. `write` takes the app's output (bytes) to the
    client; the server calls `keys` and `resize`. Keystrokes wait here (within MAX_BACKLOG, the
    rest dropped) until the app's driver takes them, a little at a time, so a huge paste cannot
    flood the app's message queue. After `close` nothing more is written or delivered."""

    def __init__(self, write: Callable[[bytes], None], width: int, height: int):
        self._write = write
        self.size = (width, height)
        self.driver: ChannelDriver | None = None
        self.waiting = ""
        self.closed = False
        self.dropped = False  # some keystrokes were dropped (the app was that far behind)

    def write(self, data: bytes) -> None:
        if not self.closed:
            self._write(data)

    def keys(self, text: str) -> None:
        if self.closed or not text:
            return
        room = MAX_BACKLOG - len(self.waiting)
        self.dropped = self.dropped or len(text) > room
        self.waiting += text[:max(0, room)]
        if self.driver is not None:
            self.driver.pump()

    def take(self, most: int) -> str:
        text, self.waiting = self.waiting[:most], self.waiting[most:]
        return text

    def resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        if self.driver is not None and not self.closed:
            self.driver.resized()

    def close(self) -> None:
        self.closed = True
        self.waiting = ""


class ChannelDriver(Driver):
    """Textual's side of a `Channel` (the app's `channel` attribute). Output is gathered and sent
    once per turn of the event loop (a frame is written in many pieces)."""

    def __init__(self, app, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        self.channel: Channel = app.channel
        self._parser = xterm_parser(debug)
        self._out: list[str] = []
        self._flush_soon: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._pumping: asyncio.TimerHandle | None = None
        self._input = False

    # ---- output --------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        self._out.append(data)
        if self._flush_soon is None:
            self._flush_soon = self._loop.call_soon(self.flush)

    def flush(self) -> None:
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        if self._out:
            data = "".join(self._out)
            self._out.clear()
            self.channel.write(data.encode("utf-8", "replace"))

    # ---- input ---------------------------------------------------------------------------------

    def send_message(self, message) -> None:
        """On the loop already (Textual's drivers post from their input threads)."""
        self._app.post_message(message)

    def pump(self) -> None:
        """Parse waiting keystrokes, CHUNK at a time while the app keeps up; else come back soon."""
        if self._pumping is not None:
            return
        while self._input and self.channel.waiting and self._app.message_queue_size < BUSY:
            for event in self._parser.feed(self.channel.take(CHUNK)):
                self.process_message(event)
        if self._input and self.channel.waiting:
            self._pumping = self._loop.call_later(0.01, self._pump_again)
        if self._tick is None:  # a lone Escape is a key once nothing follows it for a moment
            self._tick = self._loop.call_later(0.11, self._on_tick)

    def _pump_again(self) -> None:
        self._pumping = None
        self.pump()

    def _on_tick(self) -> None:
        self._tick = None
        if self._input:
            for event in self._parser.tick():
                self.process_message(event)

    def resized(self) -> None:
        size = Size(*self.channel.size)
        self.send_message(events.Resize(size, size))

    # ---- application mode ----------------------------------------------------------------------

    def _get_terminal_size(self) -> tuple[int, int]:
        return self.channel.size

    def start_application_mode(self) -> None:
        self.channel.driver = self
        self._input = True
        self.write(START)
        self.flush()
        self.resized()
        self.pump()

    def disable_input(self) -> None:
        self._input = False
        for handle in (self._tick, self._pumping):
            if handle is not None:
                handle.cancel()
        self._tick = self._pumping = None

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
        self.flush()

    def close(self) -> None:
        self.disable_input()
        if self.channel.driver is self:
            self.channel.driver = None
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
