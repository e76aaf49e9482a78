"""Open connections to the web door, per address and in all (logged in or not, WebSockets too).

aiohttp has no such limit: without one, a single address could hold as many silent sockets as
the process has file descriptors (each is closed after web.KEEPALIVE seconds, but may be opened
again at once). A connection beyond the cap is closed as soon as it is accepted. A peer on
loopback is a reverse proxy carrying everyone's connections: it meets only the cap in all."""

from __future__ import annotations

import asyncio

from .guard import source

PER_ADDRESS = 24  # a browser opens ~6 connections to a host, and a family may share an address
TOTAL = 512


class Gate:
    def __init__(self, per_address: int = PER_ADDRESS, total: int = TOTAL):
        self.per_address, self.total = per_address, total
        self.sources: dict[str, int] = {}
        self.count = 0
        self.refused = 0

    def factory(self, make):
        """A protocol factory for asyncio's `create_server`: `make()`'s protocols (aiohttp's
        request handlers), each counted from `connection_made` to `connection_lost`."""
        return lambda: _Counted(self, make())

    def _enter(self, src: str) -> bool:
        """Count a connection from `src`; False if it is one too many."""
        from .server import is_loopback

        over = self.count >= self.total or (self.sources.get(src, 0) >= self.per_address and not is_loopback(src))
        self.sources[src] = self.sources.get(src, 0) + 1
        self.count += 1
        self.refused += over
        return not over

    def _leave(self, src: str) -> None:
        self.count -= 1
        left = self.sources.get(src, 0) - 1
        if left > 0:
            self.sources[src] = left
        else:
            self.sources.pop(src, None)


class _Counted(asyncio.Protocol):
    """aiohttp's handler of one connection, counted by the gate (the handler has __slots__, so it
    is wrapped rather than patched; every call asyncio makes is passed on)."""

    def __init__(self, gate: Gate, handler):
        self.gate, self.handler = gate, handler
        self.src: str | None = None

    def connection_made(self, transport) -> None:
        peer = transport.get_extra_info("peername")
        self.src = src = source(str(peer[0]) if peer else "?")
        allowed = self.gate._enter(src)
        self.handler.connection_made(transport)
        if not allowed:
            transport.abort()  # (connection_lost follows and gives the count back)

    def connection_lost(self, exc) -> None:
        if self.src is not None:
            self.gate._leave(self.src)
            self.src = None
        self.handler.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        self.handler.data_received(data)

    def eof_received(self):
        return self.handler.eof_received()

    def pause_writing(self) -> None:
        self.handler.pause_writing()

    def resume_writing(self) -> None:
        self.handler.resume_writing()
