"""A browser tab's WebSocket as a session's transport (session_runner.py): textual-serve's JSON
messages from the page (keys, window sizes, pings) checked and read at the session's pace, the
app's screen sent back as binary frames, one per turn; a browser that does not take its screen,
or floods its input, is cut off. The web door (web_door.py) logs the browser in and opens it."""

from __future__ import annotations

import asyncio
import json
import logging
import struct
from typing import TYPE_CHECKING, Any, Protocol

from aiohttp import WSMsgType, web

from .channel import STOP
from .client import C1_TO_REPLACEMENT, check_size, client_locale, terminal_environ
from .gametable import Member
from .limits import IDLE, MAX_UNSENT, READ_BURST, READ_RATE, READ_SIZE, RESIZE_BURST, RESIZE_RATE, WINDOW
from .pace import Bucket
from .session_runner import SessionRunner
from .web_gate import client_address

if TYPE_CHECKING:
    from .channel import Channel
    from .commons import Commons

log = logging.getLogger("parlour.fronts.serve")

MAX_PING = 64  # characters of a page's ping payload echoed back
# Bytes a browser held to its input pace may keep waiting unread in the socket (beyond aiohttp's
# own 64 KiB): half an SSH client's window. A browser sends a few bytes a key and one message a
# paste; more is a flood, cut off rather than read through at the pace for minutes.
MAX_QUEUED = WINDOW // 2


class Door(Protocol):
    """What a session needs of its door (web_door.WebDoor)."""

    hub: Commons


def browser_env(request: web.Request) -> dict[str, str]:
    """The locale a browser asks for (its first Accept-Language), as an SSH client's LANG."""
    first = request.headers.get("Accept-Language", "")[:64].split(",")[0].strip().lower()
    return {"LANG": "sv_SE.UTF-8" if first.startswith("sv") else "en_GB.UTF-8"}


class WebSession(SessionRunner):
    """One browser tab's player, from its WebSocket's opening to its end."""

    door = " (web)"
    says_failure = False  # (the tab shows the app's last screen; its WebSocket closes)

    def __init__(self, door: Door, ws: web.WebSocketResponse, request: web.Request, name: str, cred: str, login: str):
        super().__init__(door.hub, name, cred, client_address(request), login)
        self.ws, self.request = ws, request
        self.out: list[bytes] = []
        self.unsent = 0
        self.more = asyncio.Event()
        self.logged_out = False  # its player logged out (in this tab or another): it closes

    # ---- output: the app's screen, sent in one frame per turn; a browser that does not take it is cut off

    def write(self, data: bytes) -> None:
        if self.cut.is_set():
            return
        self.out.append(data)
        self.unsent += len(data)
        transport = self.request.transport
        held = transport.get_write_buffer_size() if transport is not None else 0
        if self.unsent + held > MAX_UNSENT:
            self.cut_off(f"does not read its screen (more than {MAX_UNSENT} bytes unsent)")
            return
        self.more.set()

    def cut_off(self, why: str) -> None:
        """End this browser's session at once: its unsent output and whatever it queued (the rest
        of a message, aiohttp's buffer, the socket's) are dropped, never read through."""
        if self.cut.is_set():
            return
        log.info("%s %s: disconnected", self.name, why)
        self.out.clear()
        self.cut.set()
        transport = self.request.transport
        if transport is not None:
            transport.abort()

    def queued(self) -> int:
        """Bytes the browser sent that wait unread in this server's socket (aiohttp stops reading
        once its own buffer holds 64 KiB, so these are beyond that)."""
        transport = self.request.transport
        sock = transport.get_extra_info("socket") if transport is not None else None
        if sock is None:
            return 0
        try:
            import fcntl
            import termios

            return struct.unpack("i", fcntl.ioctl(sock.fileno(), termios.FIONREAD, b"\0" * 4))[0]
        except (ImportError, OSError, ValueError):  # not a POSIX socket, or closed meanwhile
            return 0

    async def _send(self) -> None:
        try:
            while True:
                await self.more.wait()
                self.more.clear()
                while self.out:
                    data = b"".join(self.out)
                    self.out.clear()
                    await self.ws.send_bytes(data)  # waits while the socket's buffer is full
                    self.unsent -= len(data)
        except (ConnectionError, RuntimeError):  # the browser is gone (aiohttp: RuntimeError once closing)
            self.cut.set()

    # ---- the session -------------------------------------------------------------------------

    def log_out(self) -> None:
        """Its player logged out: the session ends, and the tab is told why."""
        self.logged_out = True
        if self.task is not None:
            self.task.cancel()

    def farewell(self) -> str | None:
        if self.logged_out:
            return STOP + "\r\nYou logged out: this tab is closed. Log in again to play.\r\n"
        if self.kicked():
            return STOP + "\r\nYou logged in again from another place: this tab is closed.\r\n"
        if self.hub.stopping:
            return STOP + "\r\nThe Parlour server is restarting; your game is saved. Reload the page in a moment.\r\n"
        return None

    async def say(self, text: str) -> None:
        self.out.clear()  # (the app's output is not sent after it)
        try:
            if not self.ws.closed:
                await asyncio.wait_for(self.ws.send_bytes(text.encode("utf-8")), 2)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass

    async def play(self) -> None:
        request = self.request
        width, height = check_size(_int(request.query.get("width")), _int(request.query.get("height")))
        lang, ascii_only, _ = client_locale(browser_env(request))
        log.info("%s connected from %s (web, %dx%d, %s)", self.name, self.src, width, height, lang)
        environ = terminal_environ("xterm-256color", {"COLORTERM": "truecolor"})
        await self.run_app(width, height, lang, ascii_only, environ)

    def bound(self, channel: Channel) -> list[asyncio.Task[Any]]:
        return [asyncio.create_task(self._send())]

    async def keys_in(self, channel: Channel, member: Member) -> str | None:
        """textual-serve's messages from the page: keys ("stdin"), window sizes ("resize"), pings.
        Each is checked before use; anything else is ignored. Returns "idle" after the idle
        timeout without a key (the page's own pings do not count)."""
        pace = Bucket(READ_RATE, READ_BURST)
        resizes = Bucket(RESIZE_RATE, RESIZE_BURST)
        loop = asyncio.get_running_loop()
        idle = self.hub.settings.idle_timeout
        last_key = loop.time()
        while True:
            left = last_key + idle - loop.time()
            if left <= 0:
                log.info("%s was idle for %d s: disconnected", member.name, idle)
                return IDLE
            try:
                message = await asyncio.wait_for(self.ws.receive(), left)
            except TimeoutError:
                continue
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR):
                return None
            if message.type != WSMsgType.TEXT or channel.closed:
                continue
            kind, data = parse(message.data)
            if kind == "stdin":
                last_key = loop.time()
                if not await self._type(channel, data, pace):
                    return None
                channel.log_cut(member.name)
                continue
            if kind == "resize":
                if not resizes.take():
                    self.cut_off(f"sent window changes faster than {RESIZE_RATE} a second")
                    return None
                channel.resize(*data)
            elif kind == "ping":
                await self.ws.send_str(json.dumps(["pong", data]))
            wait = pace.wait(len(message.data))
            if wait:  # (the pace of one client's input: its next message waits)
                await asyncio.sleep(wait)

    async def _type(self, channel: Channel, text: str, pace: Bucket) -> bool:
        """A `stdin` message's text to the channel as SSH's reads reach it: READ_SIZE characters
        at a time, each at the session's pace, a turn of the loop between them (keys and pastes
        alike). A browser that keeps more than MAX_QUEUED bytes waiting unread in the socket while
        it is held to its pace is cut off: what it queued is dropped, not read through. False
        once the session is over."""
        for at in range(0, len(text), READ_SIZE):
            if channel.closed or self.cut.is_set():
                return False
            channel.keys(text[at : at + READ_SIZE])
            wait = pace.wait(min(READ_SIZE, len(text) - at))
            if wait and self.queued() > MAX_QUEUED:
                self.cut_off(f"sends faster than {READ_RATE} bytes a second and has more than {MAX_QUEUED} waiting")
                return False
            await asyncio.sleep(wait)  # (the pace of one client's input; at least the loop's next turn)
        return not self.cut.is_set()


def _int(value: object) -> int | None:
    """A whole number from a query string, or None (check_size turns None into the default)."""
    if isinstance(value, str) and value.isascii() and value.isdigit() and len(value) <= 6:
        return int(value)
    return None


def parse(text: str) -> tuple[str | None, Any]:
    """One of textual-serve's messages from a page: ("stdin", text), ("resize", (width, height)),
    ("ping", short text); (None, None) for anything else. Never raises."""
    try:
        envelope = json.loads(text)
    except (ValueError, RecursionError):
        return None, None
    if not isinstance(envelope, list) or len(envelope) != 2 or not isinstance(envelope[0], str):
        return None, None
    kind, data = envelope
    if kind == "stdin" and isinstance(data, str):
        return kind, data.translate(C1_TO_REPLACEMENT)
    if kind == "resize" and isinstance(data, dict):
        return kind, check_size(data.get("width"), data.get("height"))
    if kind == "ping" and isinstance(data, str) and len(data) <= MAX_PING:
        return kind, data
    return None, None
