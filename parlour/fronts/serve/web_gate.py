"""Open connections to the web door, per address and in all, and requests under way per client
address (the one a named reverse proxy forwards, else the peer's).

aiohttp has no such limit: without one, a single address could hold as many silent sockets as
the process has file descriptors. aiohttp closes a connection that has no request under way
after web.KEEPALIVE seconds (one sending its headers slowly too); until then it is idle, and
idle connections are what a flood is made of. So when an address holds PER_ADDRESS connections,
or the door TOTAL, a newcomer is let in by closing the oldest idle one (its address's own, or
anyone's when the door is full): a flood of idle or slow sockets leaves room for real browsers.
Only when every connection has a request under way (a page being served, a login being judged,
a WebSocket) is a newcomer closed as soon as it is accepted.

A reverse proxy's address is believed only when the operator names it (`--trusted-proxy`): its
connections carry everyone's and meet only the cap in all, and the last address it puts in
X-Forwarded-For is the client's, which every limit then counts (requests under way here, the
login back-off and slots in web_door.py). Any other peer's X-Forwarded-For is ignored."""

from __future__ import annotations

import asyncio
import ipaddress
from collections import OrderedDict
from typing import TYPE_CHECKING, cast

from aiohttp import web
from aiohttp.typedefs import Handler

from .guard import source

if TYPE_CHECKING:
    from collections.abc import Callable

    from .logsafe import RateLimited

PER_ADDRESS = 24  # a browser opens ~6 connections to a host, and a family may share an address
TOTAL = 512
TRUSTED = web.AppKey("trusted_proxies", frozenset)  # the named proxies' addresses (Hub.trusted_proxies)


def trusted_peer(peer: str, trusted: frozenset) -> bool:
    try:
        return ipaddress.ip_address(peer) in trusted
    except ValueError:
        return False


def via_proxy(request: web.Request) -> bool:
    """The request came through a reverse proxy the operator named."""
    return trusted_peer(request.remote or "", request.app.get(TRUSTED, frozenset()))


def client_address(request: web.Request) -> str:
    """The browser's source (guard.source): the peer's, or behind a named reverse proxy the last
    address it put in X-Forwarded-For."""
    peer = request.remote or "?"
    forwarded = request.headers.get("X-Forwarded-For", "")
    if forwarded and via_proxy(request):
        last = forwarded.rsplit(",", 1)[-1].strip()
        if 0 < len(last) <= 45:
            peer = last
    return source(peer)


class Gate:
    def __init__(
        self,
        per_address: int = PER_ADDRESS,
        total: int = TOTAL,
        trusted: frozenset[ipaddress.IPv4Address | ipaddress.IPv6Address] = frozenset(),
        log: RateLimited | None = None,
    ) -> None:
        self.per_address, self.total, self.trusted = per_address, total, trusted
        self.log = log  # refusals and sheddings (a rate-limited logger: logsafe.RateLimited)
        self.open: OrderedDict[_Counted, None] = OrderedDict()  # oldest first
        self.sources: dict[str, int] = {}  # open connections per peer address
        self.busy: dict[str, int] = {}  # requests under way per client address
        self.counted_of: dict[object, _Counted] = {}
        self.count = 0
        self.refused = self.shed = 0

    def factory(self, make: Callable[[], asyncio.Protocol]) -> Callable[[], _Counted]:
        """A protocol factory for asyncio's `create_server`: `make()`'s protocols (aiohttp's
        request handlers), each counted from `connection_made` to `connection_lost`."""
        return lambda: _Counted(self, make())

    def _enter(self, conn: _Counted) -> bool:
        """Count a new connection, closing the oldest idle one to make room if its address (or
        the door) is full; False if there is no room (every one has a request under way)."""
        src = conn.src or "?"
        proxy = trusted_peer(conn.peer, self.trusted)
        if not proxy and self.sources.get(src, 0) >= self.per_address:
            room = self._make_room(src)
        elif self.count >= self.total:
            room = self._make_room(None)
        else:
            room = True
        if not room:
            self.refused += 1
            what = "to the door" if proxy or self.count >= self.total else "from its address"
            self._say("refused a web connection from %s: every connection %s has a request under way", src, what)
            return False
        self.open[conn] = None
        self.counted_of[conn.transport] = conn
        self.sources[src] = self.sources.get(src, 0) + 1
        self.count += 1
        return True

    def _make_room(self, src: str | None) -> bool:
        """Close the oldest idle connection (of `src`, or of anyone); False if there is none."""
        victim = next((c for c in self.open if not c.under_way and (src is None or c.src == src)), None)
        if victim is None:
            return False
        self.shed += 1
        self._say(
            "closed an idle web connection from %s: room for a newer one (%s)", victim.src, src or "the door full"
        )
        self._leave(victim)
        if victim.transport is not None:
            victim.transport.abort()
        return True

    def _leave(self, conn: _Counted) -> None:
        if self.open.pop(conn, False) is False:
            return
        self.counted_of.pop(conn.transport, None)
        self.count -= 1
        left = self.sources.get(conn.src or "?", 0) - 1
        if left > 0:
            self.sources[conn.src or "?"] = left
        else:
            self.sources.pop(conn.src or "?", None)

    def _say(self, message: str, *args: object) -> None:
        if self.log is not None:
            self.log.info(message, *args)

    @web.middleware
    async def middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        """Each request under way counts against its client's address (the forwarded one
        behind a named proxy); one beyond PER_ADDRESS is refused. Its connection is not idle
        meanwhile (a WebSocket's, for its whole life)."""
        address = client_address(request)
        if self.busy.get(address, 0) >= self.per_address:
            self._say("refused a web request from %s: %d under way from its address", address, self.per_address)
            raise web.HTTPServiceUnavailable(text="Too many connections from your address at once; try again soon.")
        conn = self.counted_of.get(request.transport)
        self.busy[address] = self.busy.get(address, 0) + 1
        if conn is not None:
            conn.under_way += 1
        try:
            return await handler(request)
        finally:
            if conn is not None:
                conn.under_way -= 1
            left = self.busy[address] - 1
            if left > 0:
                self.busy[address] = left
            else:
                del self.busy[address]


class _Counted(asyncio.Protocol):
    """aiohttp's handler of one connection, counted by the gate (the handler has __slots__, so it
    is wrapped rather than patched; every call asyncio makes is passed on)."""

    def __init__(self, gate: Gate, handler: asyncio.Protocol) -> None:
        self.gate, self.handler = gate, handler
        self.peer = "?"
        self.src: str | None = None
        self.transport: asyncio.Transport | None = None
        self.under_way = 0  # requests being handled (0 or 1: aiohttp takes them one at a time)

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        peer = transport.get_extra_info("peername")
        self.peer = str(peer[0]) if peer else "?"
        self.src = source(self.peer)
        self.transport = cast(asyncio.Transport, transport)  # a stream server's: a Transport
        allowed = self.gate._enter(self)
        self.handler.connection_made(transport)
        if not allowed:
            self.transport.abort()  # (connection_lost follows)

    def connection_lost(self, exc: Exception | None) -> None:
        self.gate._leave(self)
        self.handler.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.handler.data_received(data)

    def eof_received(self) -> bool | None:
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()
