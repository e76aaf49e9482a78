"""textual-serve's server with Parlour's page: no web font or script from outside, a title that
names the game, and addresses taken from the request (so the page works under any host name)."""

from __future__ import annotations

from typing import Any

import aiohttp_jinja2
from aiohttp import web
from textual_serve.server import Server, to_int

from . import PAGE_TITLE, TEMPLATES


class WebServer(Server):
    def __init__(self, command: str, host: str, port: int):
        super().__init__(command, host=host, port=port, title=PAGE_TITLE, templates_path=TEMPLATES)

    @aiohttp_jinja2.template("page.html")
    async def handle_index(self, request: web.Request) -> dict[str, Any]:
        scheme = "wss" if request.secure else "ws"
        return {
            "title": self.title,
            "font_size": max(8, min(32, to_int(request.query.get("fontsize", "16"), 16))),
            "websocket_url": f"{scheme}://{request.host}{request.app.router['websocket'].url_for()}",
            "static_url": "/static/",
        }

    async def on_startup(self, app: web.Application) -> None:
        self.console.print(f"Parlour in a browser: open http://{self.host}:{self.port}/ "
                           f"(each tab is a player). Ctrl+C stops.", highlight=False)
