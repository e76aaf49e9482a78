"""The web door of `parlour serve`: the same lobby and tables to browsers, beside SSH.

A browser logs in through a form (the same names and passwords as SSH, parlour/fronts/serve/cookie.py
for the cookie) and then opens a WebSocket; its player is one more session of the server: a
Parlour app in this process on the same `Channel`/`ChannelDriver` as an SSH session, its screen
sent as binary WebSocket frames to textual-serve's xterm.js page, its keys and window sizes
received as textual-serve's JSON messages. The limits are the SSH door's (docs/serve.md): the
same login back-off, guesses, slots and quotas, the same bounds on keys, pastes, sizes and unsent
output. The WebSocket is refused unless its Origin is this server (no cross-site hijacking)."""

from __future__ import annotations

import asyncio
import ipaddress
import json
import logging
import struct
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.typedefs import Handler

from parlour.compat.aiohttp import name_the_server

from . import cookie, webpage
from .channel import MAX_BACKLOG, STOP
from .client import C1_TO_REPLACEMENT, BadClient, check_name, check_size, client_locale
from .files import LooseFile
from .logouts import Logouts
from .names import form, is_shared
from .pace import Bucket
from .server import (
    MAX_UNSENT,
    READ_BURST,
    READ_RATE,
    READ_SIZE,
    RESIZE_BURST,
    RESIZE_RATE,
    WINDOW,
    ServeError,
    is_loopback,
    terminal_environ,
)
from .slots import OWN_SHARE, TAKEN, enter_in_turn
from .tables import Member
from .webgate import TRUSTED, Gate, client_address, via_proxy

if TYPE_CHECKING:
    from parlour.services.wire import ToServer

    from .channel import Channel
    from .server import Hub
    from .ui import Ui

log = logging.getLogger("parlour.fronts.serve")

MAX_MESSAGE = 32 * 1024  # bytes of one WebSocket message (a paste is at most paste.MAX_PASTE characters)
MAX_FORM = 4 * 1024  # bytes of a login form
HEARTBEAT = 30.0  # seconds between pings that find a browser gone without a word
MAX_PING = 64  # characters of a page's ping payload echoed back
CLOSE_WAIT = 1.0  # seconds the server waits for a browser's answer to its close (a newer login waits on it)
KEEPALIVE = 15.0  # seconds an idle HTTP connection (no WebSocket) is kept open
FORM_DEADLINE = 5.0  # seconds a login form's body may take to arrive (it holds no login slot meanwhile)
WEB_NAME_ADVICE = "Type another name below."  # after a name's refusal, above the login form
SERVER = "Parlour"  # the Server header of every answer (not aiohttp's and Python's versions)
# Bytes a browser held to its input pace may keep waiting unread in the socket (beyond aiohttp's
# own 64 KiB): half an SSH client's window. A browser sends a few bytes a key and one message a
# paste; more is a flood, cut off rather than read through at the pace for minutes.
MAX_QUEUED = WINDOW // 2

# The browser login (the cookie's login id) each web session's task plays under: a reloaded tab
# may take over its own seat from a shared credential. An SSH session's task has none.
_LOGINS: weakref.WeakKeyDictionary[asyncio.Task[Any], str] = weakref.WeakKeyDictionary()


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


class WebDoor:
    """The aiohttp side: pages, login, logout, and each browser's session on a WebSocket."""

    def __init__(self, hub: Hub, state_folder: Path) -> None:
        self.hub = hub
        try:
            logouts = Logouts(state_folder / "web_logouts")
        except (LooseFile, ValueError) as error:
            raise ServeError(f"refusing the web door's logouts: {error}") from None
        self.logins = cookie.Logins(cookie.secret_key(state_folder), self._password_of, logouts=logouts)
        self.runner: web.AppRunner | None = None
        self.port = 0
        self.listener: asyncio.AbstractServer | None = None
        self.gate = Gate(trusted=hub.trusted_proxies, log=hub.refusals)
        settings = hub.settings
        self.names = {n.lower().rstrip(".") for n in (settings.web_host or settings.host, *settings.web_names)}
        self.sockets: set[web.WebSocketResponse] = set()
        self.sessions: set[WebSession] = set()  # the browsers playing (a logout closes its player's)

    def _password_of(self, cred: str) -> str | None:
        if cred == "open":
            return "" if self.hub.open else None
        if self.hub.passwords is None:
            return None
        if cred == "password":
            return self.hub.passwords.get(None)
        if cred.startswith("password:"):
            return self.hub.passwords.get(cred.partition(":")[2])
        return None

    def app(self) -> web.Application:
        app = web.Application(middlewares=[security_headers, self.gate.middleware], client_max_size=MAX_FORM)
        app[TRUSTED] = self.hub.trusted_proxies
        app.router.add_get("/", self.index)
        app.router.add_post("/login", self.login)
        app.router.add_post("/logout", self.logout)
        app.router.add_get("/ws", self.websocket)
        app.router.add_get("/parlour.css", self.css)
        app.router.add_get("/parlour.js", self.js)
        app.router.add_static("/static/", static_folder(), follow_symlinks=False)
        return app

    async def start(self, host: str, port: int) -> None:
        name_the_server(SERVER)
        self.runner = web.AppRunner(  # (lingering 0: a body not read is not waited for, a slow form's neither)
            self.app(),
            access_log=None,
            handle_signals=False,
            shutdown_timeout=5,
            keepalive_timeout=KEEPALIVE,
            lingering_time=0,
        )
        await self.runner.setup()
        # asyncio's server with aiohttp's handlers, each connection through the gate (webgate.py)
        assert self.runner.server is not None  # made by setup
        self.listener = await asyncio.get_running_loop().create_server(
            self.gate.factory(self.runner.server),
            host,
            port,
            backlog=128,
            reuse_port=self.hub.settings.reuse_port or None,
        )
        self.port = self.listener.sockets[0].getsockname()[1]  # (port 0: the one the system chose)

    async def stop_listening(self) -> None:
        if self.listener is not None:
            self.listener.close()  # (not wait_closed: it would wait for every player to leave)
            self.listener = None

    async def close(self) -> None:
        for ws in list(self.sockets):
            await ws.close(message=b"the server is restarting")
        if self.runner is not None:
            await self.runner.cleanup()

    # ---- pages ---------------------------------------------------------------------------------

    def _who(self, request: web.Request) -> tuple[str, str, str] | None:
        return self.logins.check(request.cookies.get(cookie.NAME))

    def _host_allowed(self, request: web.Request) -> bool:
        """The request names this server: a web site cannot reach the door under a name of its
        own (DNS rebinding: a page whose name now points here would load the pages and post
        logins as a page of this server). Without credentials only a loopback name is served;
        with them also an IP address, the --web-host and each --web-name (a proxy's name)."""
        host = request.headers.get("Host", "").lower()  # (not request.host: without one it asks the DNS)
        host = host.rsplit(":", 1)[0] if not host.endswith("]") else host  # (no port; "[::1]" kept whole)
        host = host.strip("[]").rstrip(".")
        if is_loopback(host):
            return True
        if self.hub.open:
            return False
        return bool(host) and (_is_address(host) or host in self.names)

    def _refuse_host(self, request: web.Request) -> web.HTTPForbidden:
        self.hub.refusals.info(
            "refused a web request from %s: it names another host (%r)",
            client_address(request),
            request.headers.get("Host", "")[:100],
        )
        return web.HTTPForbidden(text="This server does not answer to that name.")

    async def css(self, request: web.Request) -> web.Response:
        return web.Response(text=webpage.PAGE_CSS, content_type="text/css")

    async def js(self, request: web.Request) -> web.Response:
        return web.Response(text=webpage.PAGE_JS, content_type="application/javascript")

    async def index(self, request: web.Request) -> web.Response:
        if not self._host_allowed(request):
            raise self._refuse_host(request)
        who = self._who(request)
        if who is None:
            return web.Response(text=webpage.login_page(open_door=self.hub.open), content_type="text/html")
        scheme = "wss" if secure(request) else "ws"
        return web.Response(text=webpage.game_page(who[0], f"{scheme}://{request.host}/ws"), content_type="text/html")

    async def login(self, request: web.Request) -> web.Response:
        """The form: a name and a password, judged as an SSH login is (back-off per address, the
        guesses at each password, the login slots and the credential's quota of connections).
        A login takes a slot only once its form is read and its back-off waited out."""
        if not self._host_allowed(request):
            raise self._refuse_host(request)
        if not same_origin(request):
            raise web.HTTPForbidden(text="A login comes from this server's own page.")
        src = client_address(request)
        form = await self._read_form(request, src)
        if isinstance(form, web.Response):
            return form
        name, password = form
        hub = self.hub
        if not hub.open:
            wait = hub.backoff_turn(src, hub.password_of(name), " (web)")
            if isinstance(wait, str):
                return self._form(_sentence(wait), name, status=429)
            if wait:
                await asyncio.sleep(wait)  # (holding no slot)
        holder = await self._slot(src)
        if isinstance(holder, str):
            return self._form(_sentence(holder), name, status=503)
        try:
            return await self._judge(request, src, name, password)
        finally:
            for waiter in hub.logging_in.give_back(holder):
                waiter.admitted()

    async def _read_form(self, request: web.Request, src: str) -> tuple[str, str] | web.Response:
        """The form's name (checked) and password, read within FORM_DEADLINE; or the answer."""
        try:
            async with asyncio.timeout(FORM_DEADLINE):
                form = await request.post()
        except TimeoutError:
            self.hub.refusals.info(
                "refused a login from %s (web): its form did not arrive within %g s", src, FORM_DEADLINE
            )
            return self._form("The login form came too slowly; try again.", status=408)
        except (ValueError, web.HTTPException):
            return self._form("That login form was not right.", status=400)
        except ConnectionError:  # the browser left before sending it all (nobody reads the answer)
            return self._form("That login form was not all sent.", status=400)
        name, password = form.get("name", ""), form.get("password", "")
        if not isinstance(name, str) or not isinstance(password, str) or len(password) > 256:
            return self._form("That login form was not right.", status=400)
        try:
            return check_name(name, WEB_NAME_ADVICE), password
        except BadClient as error:
            return self._form(str(error), name="", status=400)

    async def _slot(self, src: str) -> _WebLogin | str:
        """A login slot for a web login about to be judged, as an SSH connection gets one
        (slots.Slots.enter: a wait for its address's turn, an eviction when full); or why not."""
        holder = _WebLogin(self.hub, src)
        outcome = await enter_in_turn(self.hub.logging_in, holder, src, holder.turn)
        if outcome == TAKEN:
            return holder
        return self.hub.slot_refusal(src, outcome == OWN_SHARE, " (web)")

    async def _judge(self, request: web.Request, src: str, name: str, password: str) -> web.Response:
        """The login, holding its slot; raises the redirect that sets the cookie."""
        hub = self.hub
        if hub.open:
            cred = "open"
        else:
            target = hub.password_of(name)
            if not hub.guesses.take(target, src):
                hub.refusals.info(
                    "refused %s from %s (web): %s is locked after too many wrong passwords", name, src, target
                )
                return self._form(
                    "Too many wrong passwords have been tried for this login lately: wait a few minutes.",
                    name,
                    status=429,
                )
            checked = hub.check_password(name, password)
            if checked is None:
                failures = hub.backoff.failed(src, target)
                hub.refusals.info("refused %s from %s (web): wrong password (%d recent failures)", name, src, failures)
                return self._form("Wrong name or password.", name, status=403)
            hub.backoff.succeeded(src, target)
            hub.guesses.give_back(target, src)
            cred = checked
        refusal = await hub.name_refusal(name, cred)
        if refusal is not None:
            hub.refusals.info("refused %s from %s (web): %s", name, src, refusal)
            return self._form(refusal, status=403)
        response = web.HTTPSeeOther("/")
        response.set_cookie(
            cookie.NAME,
            self.logins.make(name, cred),
            max_age=cookie.LIFETIME,
            path="/",
            httponly=True,
            samesite="Strict",
            secure=secure(request),
        )
        log.info("%s logged in on the web door from %s", name, src)
        raise response

    def _form(self, error: str, name: str = "", status: int = 200) -> web.Response:
        return web.Response(
            text=webpage.login_page(error, name, self.hub.open), content_type="text/html", status=status
        )

    async def logout(self, request: web.Request) -> web.Response:
        """Every cookie of the player stops working, for good, and the player's open tabs close."""
        if not self._host_allowed(request):
            raise self._refuse_host(request)
        if not same_origin(request):
            raise web.HTTPForbidden(text="A logout comes from this server's own page.")
        player = self.logins.revoke(request.cookies.get(cookie.NAME))
        if player is not None:
            name, cred = player
            log.info("%s logged out on the web door from %s", name, client_address(request))
            self.close_tabs(name, cred)
            if self.hub.federation is not None:  # and in every other worker
                self.hub.federation.logged_out(name, cred, self.logins.logouts.count(cred, name))
        response = web.HTTPSeeOther("/")
        response.del_cookie(cookie.NAME, path="/")
        raise response

    def close_tabs(self, name: str, cred: str) -> None:
        """The player logged out: its open tabs here close."""
        for session in list(self.sessions):
            if session.cred == cred and form(session.name) == form(name):
                session.log_out()

    def heard_logout(self, name: str, cred: str, count: int) -> None:
        """The player logged out through another worker: its cookies are refused here too, at once."""
        self.logins.logouts.heard(cred, name, count)
        self.close_tabs(name, cred)

    # ---- a browser's session -------------------------------------------------------------------

    async def websocket(self, request: web.Request) -> web.StreamResponse:
        if not self._host_allowed(request):
            raise self._refuse_host(request)
        if not same_origin(request):
            self.hub.refusals.info(
                "refused a WebSocket from %s: Origin %r is not this server",
                client_address(request),
                request.headers.get("Origin", "")[:100],
            )
            raise web.HTTPForbidden(text="Not from this server's page.")
        who = self._who(request)
        if who is None:
            raise web.HTTPForbidden(text="Log in first.")
        name, cred, login = who
        hub = self.hub
        refusal = await hub.name_refusal(name, cred)  # (bound to another login since this one?)
        if refusal is not None:
            hub.refusals.info("refused %s's WebSocket from %s: %s", name, client_address(request), refusal)
            raise web.HTTPForbidden(text=refusal)
        refusal = self._admit(cred)
        if refusal is not None:
            hub.refusals.info("refused %s's WebSocket from %s: %s", name, client_address(request), refusal)
            raise web.HTTPServiceUnavailable(text=refusal)
        ws = web.WebSocketResponse(heartbeat=HEARTBEAT, max_msg_size=MAX_MESSAGE, compress=False, timeout=CLOSE_WAIT)
        try:
            await ws.prepare(request)
            self.sockets.add(ws)
            await WebSession(self, ws, request, name, cred, login).run()
        except (asyncio.CancelledError, ConnectionError):
            pass
        except Exception:  # never a traceback to the browser: it goes to the server log
            log.exception("web session of %s failed", name)
        finally:
            self.sockets.discard(ws)
            self.hub.count_out(cred)
            if not ws.closed:
                await ws.close()
        return ws

    def _admit(self, cred: str) -> str | None:
        """Count a logged-in connection, as the SSH door does; or why not."""
        hub = self.hub
        if hub.stopping:
            return "the server is restarting"
        if hub.in_all() >= hub.settings.max_connections:
            return "the Parlour server is full; try later"
        quota = hub.settings.quotas.of(cred).connections
        if hub.held_by(cred) >= quota:
            who = "the shared password's players have" if is_shared(cred) else "your login has"
            return f"{who} {quota} connections here already, the most allowed; close one first"
        hub.count_in(cred)
        return None


def _sentence(reason: str) -> str:
    """A refusal's reason (the words an SSH client is told) as a sentence for the login page."""
    return reason[0].upper() + reason[1:] + "."


class _WebLogin:
    """A web login about to be judged, as a holder of a login slot (slots.Holder): it waits
    for its address's turn on `turn`; it holds its slot only while judged, without a pause."""

    def __init__(self, hub: Hub, src: str) -> None:
        self.hub, self.src = hub, src
        self.turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def admitted(self) -> None:
        if not self.turn.done():
            self.turn.set_result(None)

    def evicted(self) -> None:  # (never while judged, which has no pause: while waiting, it is no holder)
        self.hub.refusals.info("closed a login from %s (web) still being judged: room for another address", self.src)


def browser_env(request: web.Request) -> dict[str, str]:
    """The locale a browser asks for (its first Accept-Language), as an SSH client's LANG."""
    first = request.headers.get("Accept-Language", "")[:64].split(",")[0].strip().lower()
    return {"LANG": "sv_SE.UTF-8" if first.startswith("sv") else "en_GB.UTF-8"}


class WebSession:
    """One browser tab's player, from its WebSocket's opening to its end."""

    def __init__(
        self, door: WebDoor, ws: web.WebSocketResponse, request: web.Request, name: str, cred: str, login: str
    ):
        self.door, self.hub, self.ws, self.request = door, door.hub, ws, request
        self.name, self.cred, self.login = name, cred, login
        self.src = client_address(request)
        self.cut = asyncio.Event()  # the browser is gone, or does not take its screen's output
        self.out: list[bytes] = []
        self.unsent = 0
        self.more = asyncio.Event()
        self.task: asyncio.Task[Any] | None = None
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

    async def run(self) -> None:
        hub, name = self.hub, self.name
        task = self.task = asyncio.current_task()
        assert task is not None  # (aiohttp runs each request's handler in a task)
        hub.sessions.add(task)
        self.door.sessions.add(self)
        try:
            again = hub.playing.get(name.casefold()) is not None  # a session for a session: no more memory
            refusal = None if again else hub.memory_refusal(name, self.src, " (web)")
            if refusal is not None:
                await self._say(f"{refusal}\r\n")
            elif await self._take_over(task):
                await self._play(task)
        finally:
            hub.sessions.discard(task)
            self.door.sessions.discard(self)
            if self.logged_out:
                await self._say(STOP + "\r\nYou logged out: this tab is closed. Log in again to play.\r\n")
            elif task in self.hub.kicked:
                await self._say(STOP + "\r\nYou logged in again from another place: this tab is closed.\r\n")
            elif hub.stopping:
                await self._say(
                    STOP + "\r\nThe Parlour server is restarting; your game is saved. Reload the page in a moment.\r\n"
                )
            hub.played(name, task)

    async def _say(self, text: str) -> None:
        try:
            if not self.ws.closed:
                await asyncio.wait_for(self.ws.send_bytes(text.encode("utf-8")), 2)
        except (TimeoutError, ConnectionError, RuntimeError):
            pass

    async def _take_over(self, task: asyncio.Task[Any]) -> bool:
        """A second login as the same player closes the first, as over SSH; with a shared
        credential only the same browser login may (a reloaded tab), else the first keeps it."""
        other = self.hub.playing.get(self.name.casefold())
        if other is not None:
            if is_shared(self.cred) and _LOGINS.get(other) != self.login:
                log.info("refused %s from %s (web): already playing from another connection", self.name, self.src)
                await self._say(f"{self.name} is playing from another connection. If that is you, close it first.\r\n")
                return False
            log.info("%s logged in again from %s (web): the older connection is closed", self.name, self.src)
            self.hub.kicked.add(other)
            other.cancel()
            await asyncio.wait({other}, timeout=10)
        if not await self.hub.play_here(self.name, self.cred, self.login):
            log.info("refused %s from %s (web): already playing through another worker", self.name, self.src)
            await self._say(f"{self.name} is playing from another connection. If that is you, close it first.\r\n")
            return False
        _LOGINS[task] = self.login
        self.hub.playing[self.name.casefold()] = task
        return True

    async def _play(self, task: asyncio.Task[Any]) -> None:
        from .channel import Channel
        from .ui import Ui

        hub, name, request = self.hub, self.name, self.request
        width, height = check_size(_int(request.query.get("width")), _int(request.query.get("height")))
        env = browser_env(request)
        lang, ascii_only, _ = client_locale(env)
        log.info("%s connected from %s (web, %dx%d, %s)", name, self.src, width, height, lang)
        channel = Channel(self.write, width, height)
        outbox: asyncio.Queue[ToServer] = asyncio.Queue()
        environ = terminal_environ("xterm-256color", {"COLORTERM": "truecolor"})
        ui = Ui(name, channel, lang, ascii_only, environ, outbox.put_nowait)
        member = None
        sender = asyncio.create_task(self._send())
        try:
            hub.uis.add(ui)
            member = Member(name, self.cred, ui.link.deliver)
            async with hub.starting:
                ui_task = ui.start(hub.lobby.listing(member))
                hello = asyncio.ensure_future(outbox.get())
                try:
                    await asyncio.wait({hello, ui_task}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    hello.cancel()
                if not hello.cancelled():
                    hub.lobby.handle(member, hello.result())
                    hub.giveback.started()
            tasks: list[asyncio.Task[Any]] = [
                asyncio.create_task(self._keys_in(channel, member)),
                asyncio.create_task(self._link(outbox, member)),
                asyncio.create_task(self.cut.wait()),
                sender,
                ui_task,
            ]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for one in tasks[:-2]:
                    one.cancel()
            keys = tasks[0]
            if keys.done() and not keys.cancelled() and keys.exception() is None and keys.result() == "idle":
                channel.close()
                await self._flush_and_say(STOP + "\r\nIdle for too long: disconnected. Your seat is kept.\r\n")
        finally:
            if member is not None:
                hub.lobby.leave(member)
                log.info("%s left", name)
            channel.close()
            sender.cancel()
            ender = asyncio.ensure_future(self._end_ui(ui))
            hub.closing.add(ender)
            ender.add_done_callback(hub.closing.discard)

    async def _flush_and_say(self, text: str) -> None:
        self.out.clear()
        await self._say(text)

    async def _end_ui(self, ui: Ui) -> None:
        try:
            await ui.close()
        finally:
            self.hub.uis.discard(ui)
            self.hub.giveback.ended(ui.parts)

    async def _link(self, outbox: asyncio.Queue, member: Member) -> None:
        while True:
            self.hub.lobby.handle(member, await outbox.get())

    async def _keys_in(self, channel: Channel, member: Member) -> str | None:
        """textual-serve's messages from the page: keys ("stdin"), window sizes ("resize"), pings.
        Each is checked before use; anything else is ignored. Returns "idle" after the idle
        timeout without a key (the page's own pings do not count)."""
        pace = Bucket(READ_RATE, READ_BURST)
        resizes = Bucket(RESIZE_RATE, RESIZE_BURST)
        loop = asyncio.get_running_loop()
        idle = self.hub.settings.idle_timeout
        last_key = loop.time()
        told = False
        while True:
            left = last_key + idle - loop.time()
            if left <= 0:
                log.info("%s was idle for %d s: disconnected", member.name, idle)
                return "idle"
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
                if (channel.dropped or channel.paste.ended) and not told:
                    told = True
                    log.info(
                        "%s sent more than %d characters at once, or too long a paste: the rest is dropped",
                        member.name,
                        MAX_BACKLOG,
                    )
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


def _is_address(host: str) -> bool:
    """An IP address rather than a name (no DNS: a web site cannot make one point here)."""
    try:
        ipaddress.ip_address(host)
    except ValueError:
        return False
    return True


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
