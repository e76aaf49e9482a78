"""A Textual driver whose terminal is one SSH channel, for an app running inside the server.

The server owns the channel: it hands the player's keystrokes (already decoded to text) and
window sizes to the session's `Channel`, and the `ChannelDriver` of the app parses the keys with
Textual's own xterm parser and writes the app's output back through the channel. No signals, no
threads and no file descriptors: everything runs on the server's event loop, in the app's own
context (the driver is made and started by the app, so its callbacks carry the app's context).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Callable
from typing import Any

from textual import events
from textual.driver import Driver
from textual.geometry import Size
from textual.message import Message

from parlour.compat.textual import xterm_parser

from . import cpu
from .pace import Bucket
from .paste import PasteGuard

log = logging.getLogger("parlour.fronts.serve")

MAX_BACKLOG = 64 * 1024  # characters of keystrokes waiting for the app; beyond this they are dropped
CHUNK = 256  # characters parsed at a time; more only while the app has few messages waiting
# Characters parsed in one turn of the event loop every player shares; the rest waits for the next
# turn. Textual's parser takes 2-18 µs a character (a paste's inside the least, keys the most; a
# busy 2-core machine), so one turn costs a few ms however much a client sent at once.
PUMP_MOST = 2 * CHUNK
BUSY = 64  # messages waiting in the app's queue that make the driver hold back keystrokes
# Keys a session's app is handed a second, and at once after a pause; beyond, up to KEYS_HELD
# wait their turn (a fast player's keys arrive a little late, not lost), the rest are dropped (a
# held key's repeats, a flood). Each key costs the loop every player shares a handler and a repaint.
KEYS_PER_SECOND = 10
KEY_BURST = 20
KEYS_HELD = 20
RESIZES_PER_SECOND = 4  # window sizes a session's app is handed a second; between them only the last counts
# What starts and ends application mode on the player's terminal (what Textual's Linux driver
# writes, less the queries this driver does not answer: in-band resize and mouse pixels).
START = (
    "\x1b[?1049h"  # the alternate screen
    "\x1b[?25l"  # no cursor
    "\x1b[?1004h"  # focus in/out reports
    "\x1b[>25u"  # kitty keyboard: disambiguate, all keys, associated text (as the Linux driver)
    "\x1b[?2026$p"  # does the terminal do synchronized output?
    "\x1b[?2004h"  # bracketed paste
    "\x1b[?7l"
)  # no line wrap
# What gives a player's terminal back as it was, on every way out (the app's own stop, the
# server's stop, the idle timeout, a second login taking over): every mode START or the app may
# have set is turned back (mouse reports of each kind too, though served apps run without the
# mouse), the kitty keyboard entry START pushed is popped, colours are reset, the normal screen
# and its cursor come back, and lines wrap again.
STOP = (
    "\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l"  # mouse reports, every kind
    "\x1b[?2004l"  # bracketed paste
    "\x1b[?1004l"  # focus reports
    "\x1b[<u"  # the kitty keyboard entry START pushed
    "\x1b[0m"  # default colours
    "\x1b[?1049l"  # the normal screen
    "\x1b[?25h"  # the cursor
    "\x1b[?7h"
)  # line wrap


class Channel:
    """One session's terminal as its app sees it. `write` takes the app's output (bytes) to the
    client; the server calls `keys` and `resize`. Keystrokes wait here (within MAX_BACKLOG, the
    rest dropped) until the app's driver takes them, a little at a time, so a huge paste cannot
    flood the app's message queue; a bracketed paste is bounded here (parlour/fronts/serve/paste.py)
    before Textual's parser sees it, and keys beyond KEYS_PER_SECOND are dropped. Window sizes
    are coalesced: the app gets at most RESIZES_PER_SECOND, the last size always. After `close`
    nothing more is written or delivered."""

    def __init__(self, write: Callable[[bytes], None], width: int, height: int):
        self._write = write
        self.size = (width, height)
        self.driver: ChannelDriver | None = None
        self.waiting = ""
        self.closed = False
        self.dropped = False  # some keystrokes were dropped (the app was that far behind)
        self.paste = PasteGuard()
        self.keys_allowed = Bucket(KEYS_PER_SECOND, KEY_BURST)
        self.cpu = cpu.meter()  # what its app's tasks cost the loop (parlour/fronts/serve/cpu.py)
        self.keys_dropped = 0  # keys beyond the rate, dropped
        self._cut_told = False  # the line about dropped keystrokes is written once per session
        self._wanted_size = self.size
        self._resize: asyncio.TimerHandle | None = None
        self._resized_at = float("-inf")

    def write(self, data: bytes) -> None:
        if not self.closed:
            self._write(data)

    def log_cut(self, name: str) -> None:
        """Once a session, in the log, after keys (from either door) were dropped or a paste cut."""
        if (self.dropped or self.paste.ended) and not self._cut_told:
            self._cut_told = True
            log.info(
                "%s sent more than %d characters at once, or too long a paste: the rest is dropped", name, MAX_BACKLOG
            )

    def keys(self, text: str) -> None:
        if self.closed or not text:
            return
        text = self.paste.feed(text)
        room = MAX_BACKLOG - len(self.waiting)
        self.dropped = self.dropped or len(text) > room
        self.waiting += text[: max(0, room)]
        if self.driver is not None:
            self.driver.pump()

    def take(self, most: int) -> str:
        text, self.waiting = self.waiting[:most], self.waiting[most:]
        return text

    def resize(self, width: int, height: int) -> None:
        """The client's window changed: the app gets the newest size, at most RESIZES_PER_SECOND
        times a second (a redraw of the whole screen each time)."""
        self._wanted_size = (width, height)
        if self.closed or self._resize is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self._resized_at + 1 / RESIZES_PER_SECOND - loop.time())
        self._resize = loop.call_later(delay, self._apply_size)

    def _apply_size(self) -> None:
        self._resize = None
        self._resized_at = asyncio.get_running_loop().time()
        if self.closed or self._wanted_size == self.size:
            return
        self.size = self._wanted_size
        if self.driver is not None:
            self.driver.resized()

    def close(self) -> None:
        self.closed = True
        self.waiting = ""
        if self._resize is not None:
            self._resize.cancel()
            self._resize = None


class ChannelDriver(Driver):
    """Textual's side of a `Channel` (the app's `channel` attribute). Output is gathered and sent
    once per turn of the event loop (a frame is written in many pieces)."""

    def __init__(self, app: Any, *, debug: bool = False, mouse: bool = True, size: tuple[int, int] | None = None):
        super().__init__(app, debug=debug, mouse=mouse, size=size)
        # Our own references, not the base class's `_app` and `_loop` (private to Textual's drivers)
        self.app = app
        self.loop = asyncio.get_running_loop()
        self.channel: Channel = app.channel
        self._parser = xterm_parser(debug)
        self._out: list[str] = []
        self._flush_soon: asyncio.Handle | None = None
        self._tick: asyncio.TimerHandle | None = None
        self._pumping: asyncio.Handle | None = None
        self._held: deque = deque()  # events waiting for the key rate (see KEYS_HELD)
        self._releasing: asyncio.TimerHandle | None = None
        self._input = False

    # ---- output --------------------------------------------------------------------------------

    def write(self, data: str) -> None:
        self._out.append(data)
        if self._flush_soon is None:
            self._flush_soon = self.loop.call_soon(self.flush)

    def flush(self) -> None:
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
        if self._out:
            data = "".join(self._out)
            self._out.clear()
            self.channel.write(data.encode("utf-8", "replace"))

    # ---- input ---------------------------------------------------------------------------------

    def send_message(self, message: Message) -> None:
        """On the loop already (Textual's drivers post from their input threads)."""
        self.app.post_message(message)

    def pump(self) -> None:
        """Parse waiting keystrokes, CHUNK at a time while the app keeps up and at most PUMP_MOST
        in this turn of the loop; the rest in the next turn (or soon, if the app is behind)."""
        if self._pumping is not None:
            return
        parsed = 0
        while self._input and self.channel.waiting and self.app.message_queue_size < BUSY and parsed < PUMP_MOST:
            text = self.channel.take(CHUNK)
            parsed += len(text)
            for event in self._parser.feed(text):
                self._deliver(event)
        if self._input and self.channel.waiting:
            if parsed >= PUMP_MOST:  # the loop's next turn: the other sessions' work goes first
                self._pumping = self.loop.call_soon(self._pump_again)
            else:
                self._pumping = self.loop.call_later(0.01, self._pump_again)
        # A lone Escape is a key once nothing follows it for a moment (the parser's ESCDELAY, 0.1 s,
        # from when it was parsed): the tick counts from the last keys parsed, or an Escape parsed
        # in a later turn (the app busy) outlived a tick that came too soon, and waited for the next key.
        if parsed and self._tick is not None:
            self._tick.cancel()
            self._tick = None
        if self._tick is None:
            self._tick = self.loop.call_later(0.11, self._on_tick)

    def _pump_again(self) -> None:
        self._pumping = None
        self.pump()

    def _on_tick(self) -> None:
        self._tick = None
        if self._input:
            for event in self._parser.tick():
                self._deliver(event)

    def _deliver(self, event: Message) -> None:
        """An event from the parser to the app. A key beyond the session's rate waits its turn
        (and what follows it, to keep the order), up to KEYS_HELD; beyond, it is dropped (its
        app would spend the loop that every player shares on it)."""
        if self._held or (isinstance(event, events.Key) and not self._key_allowed()):
            if len(self._held) >= KEYS_HELD:
                self.channel.keys_dropped += 1
                return
            self._held.append(event)
            if self._releasing is None:
                self._releasing = self.loop.call_later(self._pause(), self._release)
            return
        self.process_message(event)

    def _key_allowed(self) -> bool:
        """A key may go to the app now: its session is within its share of the CPU while the loop
        is busy (cpu.py) and within the key rate (which this spends)."""
        return cpu.held_for(self.channel.cpu) == 0 and self.channel.keys_allowed.take()

    def _pause(self) -> float:
        """Until a held key may go: the key rate's step, or longer while the session's app has
        used more than its share of the CPU."""
        return min(1.0, max(1 / KEYS_PER_SECOND, cpu.held_for(self.channel.cpu)))  # (looked at again each second)

    def _release(self) -> None:
        """Held events to the app, as the key rate and the session's CPU share allow."""
        self._releasing = None
        while self._held:
            if isinstance(self._held[0], events.Key) and not self._key_allowed():
                break
            self.process_message(self._held.popleft())
        if self._held:
            self._releasing = self.loop.call_later(self._pause(), self._release)

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
        for handle in (self._tick, self._pumping, self._releasing):
            if handle is not None:
                handle.cancel()
        self._tick = self._pumping = self._releasing = None
        self._held.clear()

    def stop_application_mode(self) -> None:
        self.disable_input()
        self.write(STOP)
        self.flush()

    def close(self) -> None:
        self.disable_input()
        # the parser and its parse generator hold each other and the last key (whose sender is the
        # app): emptied, the closed app is freed by reference counting (parlour/fronts/serve/memory.py)
        vars(self._parser).clear()
        if self.channel.driver is self:
            self.channel.driver = None
        if self._flush_soon is not None:
            self._flush_soon.cancel()
            self._flush_soon = None
