"""textual-serve's private APIs that Parlour relies on (checked by tests/test_compat.py; pinned in
pyproject.toml): a tab's app process started ahead of the tab, and the server's loop of a tab's
messages run with a service of our own. textual-serve is imported with this module: only
`parlour web` imports it."""

from __future__ import annotations

from asyncio.subprocess import Process

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server


class AdoptingService(AppService):
    """An AppService that may take an app process started elsewhere (`ready_process`) instead of
    starting its own, and starts it at the size `process_size` allows. textual-serve starts a
    tab's process in `AppService._open_app_process(width, height)` and keeps it in `_process`, its
    stdin in `_stdin`. Public stand-in: none (`start` always starts a new process)."""

    def process_size(self, width: int, height: int) -> tuple[int, int]:
        """The size a process starts at when a page asks for `width`×`height` (override to bound it)."""
        return width, height

    async def ready_process(self) -> Process | None:
        """A process already running to take, or None to start one (override to give one)."""
        return None

    async def _open_app_process(self, width: int = 80, height: int = 24) -> Process:
        width, height = self.process_size(width, height)
        process = await self.ready_process()
        if process is None:
            return await super()._open_app_process(width, height)
        self._process, self._stdin = process, process.stdin
        await self.set_terminal_size(width, height)
        return process


async def start_process(service: AppService, width: int, height: int) -> Process:
    """Start the app process of a service that is not a tab's yet (a spare: no page to talk to).
    Public stand-in: none (`AppService.start` also starts reading its output for a page)."""
    return await service._open_app_process(width, height)


async def serve_tab(server: Server, websocket: web.WebSocketResponse, service: AppService) -> None:
    """textual-serve's loop of one tab (`Server._process_messages`): the page's messages to the
    app until the socket closes. Public stand-in: none (`Server.handle_websocket` makes its own
    AppService)."""
    await server._process_messages(websocket, service)
