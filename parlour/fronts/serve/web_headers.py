"""What every answer of the web door (web_door.py) carries, and where a request comes from: the
security headers (a strict CSP, no framing, no sniffing, no caching but of textual-serve's static
files), the Origin check that refuses another site's page, and whether it came over HTTPS."""

from __future__ import annotations

import ipaddress
import logging
from pathlib import Path
from urllib.parse import urlsplit

from aiohttp import web
from aiohttp.typedefs import Handler

from .web_gate import via_proxy

log = logging.getLogger("parlour.fronts.serve")


def static_folder() -> Path:
    """textual-serve's own static files: xterm.js, its CSS and the Roboto Mono font."""
    import textual_serve

    return Path(textual_serve.__file__).resolve().parent / "static"


CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; font-src 'self'; "
    "img-src 'self' data:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
)
# (styles 'unsafe-inline': xterm.js adds its own <style> elements; no script may run inline.)
HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Frame-Options": "DENY",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "same-origin",  # (with no-referrer a form sends Origin: null)
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


@web.middleware
async def security_headers(request: web.Request, handler: Handler) -> web.StreamResponse:
    """The headers every answer carries, errors and redirects too; no traceback to a browser."""
    try:
        response = await handler(request)
    except web.HTTPException as error:
        _headers(request, error)
        raise
    except Exception:  # it goes to the server log
        log.exception("web request %s failed", request.path)
        response = web.Response(status=500, text="Something went wrong on the server. It has been logged.")
    _headers(request, response)
    return response


def _headers(request: web.Request, response: web.StreamResponse) -> None:
    for key, value in HEADERS.items():
        response.headers.setdefault(key, value)
    if not request.path.startswith("/static/"):
        response.headers.setdefault("Cache-Control", "no-store")


def same_origin(request: web.Request) -> bool:
    """The request comes from a page of this server: its Origin names the host it was sent to.
    A page elsewhere (another site's script opening our WebSocket or posting our forms) fails."""
    origin = request.headers.get("Origin")
    if not origin or origin == "null":
        return False
    return urlsplit(origin).netloc.lower() == request.host.lower()


def secure(request: web.Request) -> bool:
    """Reached over HTTPS (directly, or through a named reverse proxy that says so)."""
    if request.secure:
        return True
    return via_proxy(request) and request.headers.get("X-Forwarded-Proto", "").lower() == "https"


def is_address(host: str) -> bool:
    """An IP address rather than a name (no DNS: a web site cannot make one point here)."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True
