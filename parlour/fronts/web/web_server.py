"""textual-serve's server with Parlour's page: no web font or script from outside, a title that
names the game, addresses taken from the request (so the page works under any host name), and one
app process started ahead of the next tab."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from asyncio.subprocess import Process
from typing import Any
from urllib.parse import urlsplit

import aiohttp_jinja2
from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.download_manager import DownloadManager
from textual_serve.server import Server, to_int

from parlour.compat.textual_serve import AdoptingService, serve_tab, start_process

from .page import TEMPLATES, is_loopback, page_title

log = logging.getLogger("parlour.fronts.web")


async def _nowhere(*_args: object, **_kwargs: object) -> None:
    """Output of a spare process before any tab takes it: nobody to send it to yet."""


class Spare:
    """One app process started before it is needed. Starting Python and Textual is most of the
    time from opening the page to the title screen; a tab that takes the spare skips it, and the
    next spare starts at once. The spare draws at 80×24 and redraws when the page sends its size."""

    def __init__(self, command: str, downloads: DownloadManager) -> None:
        self._starter = AppService(
            command, write_bytes=_nowhere, write_str=_nowhere, close=_nowhere, download_manager=downloads
        )
        self._next: asyncio.Task[Process] | None = None

    def refill(self) -> None:
        self._next = asyncio.ensure_future(start_process(self._starter, 80, 24))

    async def take(self) -> Process | None:
        """The spare (waiting for it if it is still starting), or None if it died."""
        task, self._next = self._next, None
        self.refill()
        if task is None:
            return None
        with contextlib.suppress(Exception):
            process = await task
            if process.returncode is None:
                return process
        return None

    async def close(self) -> None:
        task, self._next = self._next, None
        if task is not None:
            process = await task
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await process.wait()


# The largest screen a tab may ask for: far beyond what a screen shows at any font size, and
# small enough that drawing it costs a few MB (a tab asking 100000x100000 took 2.4 GB).
MAX_WIDTH, MAX_HEIGHT = 500, 200


def bounded(value: object, most: int, default: int) -> int:
    """A size a page sent (in the query or a `resize` message: anything JSON may hold), as a
    whole number from 1 to `most`; `default` for what is not a number."""
    try:
        number = int(value)  # type: ignore[call-overload]
    except (TypeError, ValueError, OverflowError):
        return default
    return max(1, min(most, number))


class TabService(AdoptingService):
    """A tab's app process: the spare when there is one. Its size is bounded however asked."""

    def __init__(self, spare: Spare, *args: Any, **kwargs: Any):
        super().__init__(*args, **kwargs)
        self.spare = spare

    def process_size(self, width: int, height: int) -> tuple[int, int]:
        return bounded(width, MAX_WIDTH, 80), bounded(height, MAX_HEIGHT, 24)

    async def ready_process(self) -> Process | None:
        return await self.spare.take()

    async def set_terminal_size(self, width: object, height: object) -> None:
        await super().set_terminal_size(bounded(width, MAX_WIDTH, 80), bounded(height, MAX_HEIGHT, 24))


def host_name(request: web.Request) -> str:
    """The name the request was sent to (its Host header, without the port), "" if none."""
    host = request.headers.get("Host", "").lower()
    host = host.rsplit(":", 1)[0] if not host.endswith("]") else host
    return host.strip("[]").rstrip(".")


def from_own_page(request: web.Request) -> bool:
    """Its Origin is the host it was sent to: a page of this server, not another site's script
    (a WebSocket is not bound by the browser's same-origin rule: the server must check)."""
    origin = request.headers.get("Origin")
    return bool(origin) and urlsplit(origin).netloc.lower() == request.headers.get("Host", "").lower()


class WebServer(Server):
    def __init__(self, command: str, host: str, port: int):
        super().__init__(command, host=host, port=port, title=page_title(), templates_path=TEMPLATES)
        self.spare = Spare(command, self.download_manager)
        self.loopback_only = is_loopback(host)

    def _check(self, request: web.Request) -> None:
        """On loopback (no --public) only a loopback name is served: a site a local browser visits
        cannot reach the server under a name of its own (DNS rebinding) and play, start games or
        resume saves through it."""
        if self.loopback_only and not is_loopback(host_name(request)):
            raise web.HTTPForbidden(text="Use http://127.0.0.1 or http://localhost.")

    @aiohttp_jinja2.template("page.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        self._check(request)
        scheme = "wss" if request.secure else "ws"
        return {
            "title": self.title,
            "font_size": max(8, min(32, to_int(request.query.get("fontsize", "16"), 16))),
            "websocket_url": f"{scheme}://{request.host}{request.app.router['websocket'].url_for()}",
            "static_url": "/static/",
        }

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """As textual-serve's, with a TabService: the tab's keys in, its screen out; only from
        this server's own page."""
        self._check(request)
        if not from_own_page(request):
            raise web.HTTPForbidden(text="Not from this server's page.")
        websocket = web.WebSocketResponse(heartbeat=15)
        width = bounded(to_int(request.query.get("width", "80"), 80), MAX_WIDTH, 80)
        height = bounded(to_int(request.query.get("height", "24"), 24), MAX_HEIGHT, 24)
        service: TabService | None = None
        try:
            await websocket.prepare(request)
            service = TabService(
                self.spare,
                self.command,
                write_bytes=websocket.send_bytes,
                write_str=websocket.send_str,
                close=websocket.close,
                download_manager=self.download_manager,
            )
            await service.start(width, height)
            await serve_tab(self, websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception as error:  # one tab's failure is logged; the server and other tabs go on
            log.exception(error)
        finally:
            if service is not None:
                await service.stop()
        return websocket

    async def on_startup(self, app: web.Application) -> None:
        self.spare.refill()
        host = f"[{self.host}]" if ":" in self.host else self.host  # an IPv6 address
        self.console.print(
            f"Parlour in a browser: open http://{host}:{self.port}/ (each tab is a player). Ctrl+C stops.",
            highlight=False,
        )

    async def on_shutdown(self, app: web.Application) -> None:
        await self.spare.close()
