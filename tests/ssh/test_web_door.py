"""The web door of `parlour serve` seen by a hostile or careless client (aiohttp's, no browser):
the login, its cookie, the Origin check, the security headers and the per-session limits."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import asyncssh
import pytest
import yarl

from parlour.fronts.serve import cookie
from parlour.fronts.serve.quotas import parse
from parlour.fronts.serve.server import Hub, ServeError, Settings

from .harness import TIMEOUT, connect, member, server, until, write

PASSWORDS = "ann:ann-secret\nbob:bob-secret\nshared-one\n"


def url(hub, path: str = "/") -> str:
    return f"http://127.0.0.1:{hub.web.port}{path}"


def origin(hub) -> dict:
    return {"Origin": f"http://127.0.0.1:{hub.web.port}"}


async def log_in(session, hub, name: str, password: str, headers: dict | None = None):
    return await session.post(
        url(hub, "/login"),
        data={"name": name, "password": password},
        headers=origin(hub) if headers is None else headers,
        allow_redirects=False,
    )


class WebTerm:
    """A browser's session, as textual-serve's page speaks it."""

    def __init__(self, ws):
        self.ws = ws
        self.raw = bytearray()

    async def until(self, text: str) -> None:
        async def read():
            while text.encode() not in self.raw:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.raw.extend(message.data)
                elif message.type != aiohttp.WSMsgType.TEXT:
                    raise AssertionError(f"closed before {text!r}: {bytes(self.raw[-300:])!r}")

        await asyncio.wait_for(read(), TIMEOUT)

    async def closed(self) -> None:
        async def read():
            while not self.ws.closed:
                message = await self.ws.receive()
                if message.type == aiohttp.WSMsgType.BINARY:
                    self.raw.extend(message.data)

        await asyncio.wait_for(read(), TIMEOUT)


async def open_ws(session, hub, width=100, height=30, headers=None) -> WebTerm:
    ws = await session.ws_connect(
        url(hub, f"/ws?width={width}&height={height}"), headers=origin(hub) if headers is None else headers
    )
    return WebTerm(ws)


async def soon(predicate) -> None:
    """Until predicate() holds (a state outside the lobby, which wakes no waiter: polled)."""

    async def poll():
        while not predicate():
            await asyncio.sleep(0.02)  # (polling a condition, not waiting out a guess)

    await asyncio.wait_for(poll(), TIMEOUT)


def client(jar=None) -> aiohttp.ClientSession:
    """A client that keeps cookies of an address (127.0.0.1), as a browser does."""
    return aiohttp.ClientSession(cookie_jar=jar or aiohttp.CookieJar(unsafe=True))


@pytest.fixture
def passwords(tmp_path):
    return write(tmp_path / "passwords", PASSWORDS)


async def test_the_login_sets_a_signed_httponly_strict_cookie_and_the_page_has_the_security_headers(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        page = await session.get(url(hub))
        assert page.status == 200 and 'name="password"' in await page.text()
        csp = page.headers["Content-Security-Policy"]
        assert "frame-ancestors 'none'" in csp and "default-src 'none'" in csp and "script-src 'self'" in csp
        assert page.headers["X-Frame-Options"] == "DENY" and page.headers["X-Content-Type-Options"] == "nosniff"
        assert "http" not in csp  # nothing from outside the machine
        wrong = await log_in(session, hub, "Ann", "bob-secret")
        assert wrong.status == 403 and cookie.NAME not in wrong.cookies
        right = await log_in(session, hub, "Ann", "ann-secret")
        assert right.status == 303
        set_cookie = right.headers["Set-Cookie"]
        assert (
            "HttpOnly" in set_cookie and "SameSite=Strict" in set_cookie and f"Max-Age={cookie.LIFETIME}" in set_cookie
        )
        page = await session.get(url(hub))
        assert 'id="terminal"' in await page.text() and "/static/js/textual.js" in await page.text()
        for asset in ("/static/js/textual.js", "/static/css/xterm.css", "/parlour.js", "/parlour.css"):
            assert (await session.get(url(hub, asset))).status == 200
        assert (await session.get(url(hub, "/static/../server.py"))).status in (403, 404)


async def test_a_tampered_or_revoked_cookie_is_no_login(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        good = session.cookie_jar.filter_cookies(yarl.URL(url(hub)))[cookie.NAME].value
        payload, signature = good.split(".")
        forged = cookie._b64(json.dumps(["Bob", "password:bob", 2**40, "x"]).encode()) + "." + signature
        for bad in (forged, payload + ".AAAA", "x" * 5000, "", "a.b.c", good[:-2]):
            assert hub.web.logins.check(bad) is None
        assert hub.web.logins.check(good)[:2] == ("Ann", "password:ann")
        assert (
            await session.post(url(hub, "/logout"), headers={"Origin": "http://evil.example"}, allow_redirects=False)
        ).status == 403
        out = await session.post(url(hub, "/logout"), headers=origin(hub), allow_redirects=False)
        assert out.status == 303
        assert hub.web.logins.check(good) is None  # revoked, even if a copy of it is kept


async def test_a_changed_password_ends_its_browser_logins(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        good = session.cookie_jar.filter_cookies(yarl.URL(url(hub)))[cookie.NAME].value
        hub.passwords["ann"] = "a-new-one"
        assert hub.web.logins.check(good) is None


async def test_the_websocket_and_the_forms_refuse_other_origins(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        for headers in ({}, {"Origin": "http://evil.example"}, {"Origin": "null"}):
            assert (await log_in(session, hub, "Ann", "ann-secret", headers=headers)).status == 403
        await log_in(session, hub, "Ann", "ann-secret")
        for headers in ({}, {"Origin": "http://evil.example"}, {"Origin": f"http://127.0.0.1:{hub.web.port + 1}"}):
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_ws(session, hub, headers=headers)
            assert refused.value.status == 403
        term = await open_ws(session, hub)
        await term.until("you are Ann")
        await term.ws.close()
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        with pytest.raises(aiohttp.WSServerHandshakeError) as refused:  # no login, no WebSocket
            await open_ws(session, hub)
        assert refused.value.status == 403


async def test_a_browser_login_and_an_ssh_login_are_one_player_and_take_the_seat_over(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        ssh = await connect(hub, "Ann", password="ann-secret")
        await ssh.wait_for("you are Ann")
        await log_in(session, hub, "Ann", "ann-secret")
        term = await open_ws(session, hub)
        await term.until("you are Ann")
        await ssh.wait_for("You logged in again from another place")
        ssh2 = await connect(hub, "Ann", password="ann-secret")
        await ssh2.wait_for("you are Ann")
        await term.closed()
        assert b"You logged in again from another place" in term.raw
        await ssh2.close()
        await ssh.close()


async def test_the_shared_password_and_names_bound_to_others(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        assert (await log_in(session, hub, "Ann", "shared-one")).status == 403  # Ann has her own password
        assert (await log_in(session, hub, "Cid", "shared-one")).status == 303
        term = await open_ws(session, hub)
        await term.until("you are Cid")
        # a second tab of the same login takes over (a reload); another login with the shared password may not
        again = await open_ws(session, hub)
        await again.until("you are Cid")
        async with client() as other:
            assert (await log_in(other, hub, "Cid", "shared-one")).status == 303
            third = await open_ws(other, hub)
            await third.closed()
            assert b"is playing from another connection" in third.raw


async def test_wrong_passwords_back_off_and_lock_the_password(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        for _ in range(3):
            assert (await log_in(session, hub, "Ann", "nope")).status == 403
        assert hub.backoff.turn("127.0.0.1") > 0  # the next try from this address waits
        hub.backoff.succeeded("127.0.0.1", "password:ann")
        while hub.guesses.take("password:ann", "10.0.0.9"):  # guesses at Ann's password from elsewhere
            pass
        locked = await log_in(session, hub, "Ann", "ann-secret")
        assert locked.status == 429 and "Too many wrong passwords" in await locked.text()


async def test_a_credential_has_its_quota_of_connections(passwords):
    async with server(password_file=passwords, web_port=0, quotas=parse(["shared.connections=2"])) as hub:
        tabs = [client() for _ in range(3)]
        try:
            terms = []
            for tab, name in zip(tabs, ("Cid", "Dot")):
                await log_in(tab, hub, name, "shared-one")
                terms.append(await open_ws(tab, hub))
                await terms[-1].until(f"you are {name}")
            await log_in(tabs[2], hub, "Eve", "shared-one")
            with pytest.raises(aiohttp.WSServerHandshakeError) as refused:
                await open_ws(tabs[2], hub)
            assert refused.value.status == 503
        finally:
            for tab in tabs:
                await tab.close()
        await until(hub, lambda: hub.connections == 0 and not hub.by_cred)


async def test_window_sizes_messages_and_keys_are_bounded(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        term = await open_ws(session, hub, width=100000, height=100000)
        await term.until("you are Ann")
        [ui] = hub.uis
        assert ui.channel.size == (500, 200)
        for junk in (
            "",
            "[",
            "{}",
            '["stdin"]',
            '["stdin", 5]',
            '["resize", {"width": "9e9"}]',
            '["ping", []]',
            '["resize", [1, 2]]',
            "[" * 100000,
            '"\\ud800"',
            '["stdin", "\\u009b2J"]',
        ):
            await term.ws.send_str(junk[:30000])
        await term.ws.send_str(json.dumps(["resize", {"width": 120, "height": 40}]))
        await soon(lambda: ui.channel.size == (120, 40))
        await term.ws.send_str(json.dumps(["ping", "1"]))
        await term.ws.send_str("x" * 40000)  # beyond one message's limit: the connection ends
        await term.closed()
        await until(hub, lambda: member(hub, "Ann") is None and hub.connections == 0)


async def test_window_changes_beyond_the_rate_disconnect(passwords):
    async with server(password_file=passwords, web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        term = await open_ws(session, hub)
        await term.until("you are Ann")
        for n in range(400):
            await term.ws.send_str(json.dumps(["resize", {"width": 80 + n % 50, "height": 24}]))
        await term.closed()
        await until(hub, lambda: member(hub, "Ann") is None)


async def test_the_web_door_needs_a_password_file_and_without_one_listens_on_loopback(tmp_path):
    key = asyncssh.generate_private_key("ssh-ed25519")
    keys = write(tmp_path / "keys", key.export_public_key().decode())
    with pytest.raises(ServeError, match="needs --password-file"):
        Hub(Settings(authorized_keys=keys, web_port=0))
    with pytest.raises(ServeError, match="loopback"):
        Hub(Settings(web_port=0, web_host="0.0.0.0"))
    async with server(web_port=0) as hub, client() as session:
        form = await session.get(url(hub))
        assert 'name="password"' not in await form.text()
        rebound = await session.get(url(hub), headers={"Host": f"evil.example:{hub.web.port}"})
        assert rebound.status == 403  # a site resolving its name to this machine is not served
        assert (await log_in(session, hub, "Dot", "")).status == 303
        term = await open_ws(session, hub)
        await term.until("you are Dot")


def test_a_browser_that_does_not_take_its_screen_is_cut_off():
    from types import SimpleNamespace

    from parlour.fronts.serve.limits import MAX_UNSENT
    from parlour.fronts.serve.web_session import WebSession

    aborted = []
    transport = SimpleNamespace(get_write_buffer_size=lambda: MAX_UNSENT // 2, abort=lambda: aborted.append(1))
    request = SimpleNamespace(transport=transport, remote="127.0.0.1", headers={})
    door = SimpleNamespace(hub=None)
    session = WebSession(door, None, request, "Ann", "password:ann", "x")
    session.write(b"x" * (MAX_UNSENT // 4))
    assert not session.cut.is_set() and not aborted
    session.write(b"x" * (MAX_UNSENT // 2))
    assert session.cut.is_set() and aborted == [1] and session.out == []
    session.write(b"more")  # nothing more is kept
    assert session.out == []


def test_a_cookie_expires_and_its_signature_depends_on_the_password():
    now = [1000.0]
    passwords = {"password:ann": "one"}
    logins = cookie.Logins(b"k" * 32, passwords.get, clock=lambda: now[0])
    made = logins.make("Ann", "password:ann")
    assert logins.check(made)[:2] == ("Ann", "password:ann")
    assert cookie.Logins(b"j" * 32, passwords.get, clock=lambda: now[0]).check(made) is None  # another server's key
    now[0] += cookie.LIFETIME + 1
    assert logins.check(made) is None


def test_the_page_messages_are_checked():
    from parlour.fronts.serve.web_session import parse

    assert parse('["stdin", "a\\u009b"]') == ("stdin", "a\ufffd")
    assert parse('["resize", {"width": 99999, "height": -4}]') == ("resize", (500, 24))
    assert parse('["resize", {"width": true, "height": 30}]') == ("resize", (80, 30))
    assert parse('["ping", "' + "1" * 100 + '"]') == (None, None)
    for junk in ("", "[]", "{}", "[1, 2]", '["stdin", 1]', '["blur", ""]', "[" * 5000, "nan"):
        assert parse(junk) == (None, None)


def test_the_gate_caps_connections_per_address_and_in_all_shedding_the_oldest_idle_one():
    import ipaddress

    from parlour.fronts.serve.web_gate import Gate

    class Handler:
        def connection_made(self, transport):
            pass

        def connection_lost(self, exc):
            pass

    class Transport:
        def __init__(self, address):
            self.address, self.aborted = address, False

        def get_extra_info(self, key):
            return (self.address, 1)

        def abort(self):
            self.aborted = True

    gate = Gate(per_address=2, total=4, trusted=frozenset({ipaddress.ip_address("127.0.0.1")}))
    make = gate.factory(Handler)

    def connect(address):
        protocol = make()
        protocol.connection_made(Transport(address))
        return protocol

    first, second, third = (connect("10.0.0.1") for _ in range(3))
    assert first.transport.aborted and not third.transport.aborted  # its address's oldest idle one made room
    second.under_way = third.under_way = 1  # requests under way: never shed
    assert connect("10.0.0.1").transport.aborted  # no idle one of its own: the newcomer is closed
    local = [connect("127.0.0.2") for _ in range(3)]  # loopback is no proxy unless named: 2 at most
    assert [p.transport.aborted for p in local] == [True, False, False]
    proxy = [connect("127.0.0.1") for _ in range(3)]  # a named proxy: only the total applies
    assert [p.transport.aborted for p in local + proxy] == [True, True, True, True, False, False]  # oldest idle first
    assert gate.count == 4 and gate.sources == {"10.0.0.1": 2, "127.0.0.1": 2}
    for protocol in (first, second, third, *local, *proxy):
        protocol.connection_lost(None)
    assert gate.count == 0 and gate.sources == {}


async def test_a_connection_beyond_the_gate_is_closed_at_once_when_none_is_idle():
    from .test_web_slots import slow_form

    async with server(web_port=0) as hub:
        hub.web.gate.total = 2
        held = [await slow_form(hub, "127.0.0.2") for _ in range(2)]  # each has a request under way
        await soon(lambda: sum(hub.web.gate.busy.values()) == 2)
        reader, writer = await asyncio.open_connection("127.0.0.1", hub.web.port)
        assert await asyncio.wait_for(reader.read(), TIMEOUT) == b""  # closed, not served
        writer.close()
        for _, one in held:
            one.close()
