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
import logging
from pathlib import Path
from typing import TYPE_CHECKING

from aiohttp import web

from parlour.compat.aiohttp import name_the_server

from . import cookie, web_page
from .client import BadClient, check_name
from .files import LooseFile
from .logouts import Logouts
from .names import form
from .settings import ServeError, is_loopback
from .slots import OWN_SHARE, TAKEN, enter_in_turn
from .web_gate import TRUSTED, Gate, client_address
from .web_headers import is_address, same_origin, secure, security_headers, static_folder
from .web_session import WebSession

if TYPE_CHECKING:
    from .commons import Commons

log = logging.getLogger("parlour.fronts.serve")

MAX_MESSAGE = 32 * 1024  # bytes of one WebSocket message (a paste is at most paste.MAX_PASTE characters)
MAX_FORM = 4 * 1024  # bytes of a login form
HEARTBEAT = 30.0  # seconds between pings that find a browser gone without a word
CLOSE_WAIT = 1.0  # seconds the server waits for a browser's answer to its close (a newer login waits on it)
KEEPALIVE = 15.0  # seconds an idle HTTP connection (no WebSocket) is kept open
FORM_DEADLINE = 5.0  # seconds a login form's body may take to arrive (it holds no login slot meanwhile)
WEB_NAME_ADVICE = "Type another name below."  # after a name's refusal, above the login form
SERVER = "Parlour"  # the Server header of every answer (not aiohttp's and Python's versions)


class WebDoor:
    """The aiohttp side: pages, login, logout, and each browser's session on a WebSocket."""

    def __init__(self, hub: Commons, state_folder: Path) -> None:
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
        # asyncio's server with aiohttp's handlers, each connection through the gate (web_gate.py)
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
        return bool(host) and (is_address(host) or host in self.names)

    def _refuse_host(self, request: web.Request) -> web.HTTPForbidden:
        self.hub.refusals.info(
            "refused a web request from %s: it names another host (%r)",
            client_address(request),
            request.headers.get("Host", "")[:100],
        )
        return web.HTTPForbidden(text="This server does not answer to that name.")

    async def css(self, request: web.Request) -> web.Response:
        return web.Response(text=web_page.PAGE_CSS, content_type="text/css")

    async def js(self, request: web.Request) -> web.Response:
        return web.Response(text=web_page.PAGE_JS, content_type="application/javascript")

    async def index(self, request: web.Request) -> web.Response:
        if not self._host_allowed(request):
            raise self._refuse_host(request)
        who = self._who(request)
        if who is None:
            return web.Response(text=web_page.login_page(open_door=self.hub.open), content_type="text/html")
        scheme = "wss" if secure(request) else "ws"
        return web.Response(text=web_page.game_page(who[0], f"{scheme}://{request.host}/ws"), content_type="text/html")

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
            text=web_page.login_page(error, name, self.hub.open), content_type="text/html", status=status
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
                self.hub.federation.guard.logged_out(name, cred, self.logins.logouts.count(cred, name))
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
            session = WebSession(self, ws, request, name, cred, login)
            self.sessions.add(session)
            try:
                await session.run()
            finally:
                self.sessions.discard(session)
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
        refusal = hub.full() or hub.over_quota(cred)
        if refusal is not None:
            return refusal
        hub.count_in(cred)
        return None


def _sentence(reason: str) -> str:
    """A refusal's reason (the words an SSH client is told) as a sentence for the login page."""
    return reason[0].upper() + reason[1:] + "."


class _WebLogin:
    """A web login about to be judged, as a holder of a login slot (slots.Holder): it waits
    for its address's turn on `turn`; it holds its slot only while judged, without a pause."""

    def __init__(self, hub: Commons, src: str) -> None:
        self.hub, self.src = hub, src
        self.turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()

    def admitted(self) -> None:
        if not self.turn.done():
            self.turn.set_result(None)

    def evicted(self) -> None:  # (never while judged, which has no pause: while waiting, it is no holder)
        self.hub.refusals.info("closed a login from %s (web) still being judged: room for another address", self.src)
