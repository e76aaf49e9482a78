"""The web door's share of the login slots, its open connections and the back-off queue, seen by
an attacker (issue 42): slow login forms, idle sockets, a proxy's forwarded address, guessers
waiting their turn. Real clients on loopback: raw sockets, aiohttp and asyncssh, each from its
own 127.0.x.y address (another person's address)."""

from __future__ import annotations

import asyncio
import os

import aiohttp
import asyncssh
import pytest

from parlour.fronts.serve import web_door
from parlour.fronts.serve.server import Hub, ServeError, Settings
from parlour.services.config import data_dir

from .harness import TIMEOUT, server, write
from .test_one_player import login, settled, silent

PASSWORDS = "ann:ann-secret\nbob:bob-secret\nshared-one\n"


@pytest.fixture
def passwords(tmp_path):
    return write(tmp_path / "passwords", PASSWORDS)


def log_text() -> str:
    return "".join(p.read_text() for p in sorted(data_dir().glob("serve.log*")))


def browser(address: str) -> aiohttp.ClientSession:
    """A browser at `address` (a loopback address standing for its own)."""
    connector = aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
    return aiohttp.ClientSession(connector=connector, cookie_jar=aiohttp.CookieJar(unsafe=True))


async def web_login(hub, address: str, name: str, password: str, headers: dict | None = None) -> int:
    """A browser's login from `address`: the answer's status (303 is in)."""
    headers = {"Origin": f"http://127.0.0.1:{hub.web.port}", **(headers or {})}
    async with browser(address) as session:
        answer = await asyncio.wait_for(
            session.post(
                f"http://127.0.0.1:{hub.web.port}/login",
                data={"name": name, "password": password},
                headers=headers,
                allow_redirects=False,
            ),
            TIMEOUT,
        )
        await answer.read()
        return answer.status


async def slow_form(hub, address: str, headers: str = "") -> tuple[asyncio.StreamReader, asyncio.StreamWriter]:
    """A login form whose headers come at once and whose body (4,000 bytes promised) never does."""
    reader, writer = await asyncio.open_connection("127.0.0.1", hub.web.port, local_addr=(address, 0))
    writer.write(
        (
            f"POST /login HTTP/1.1\r\nHost: 127.0.0.1:{hub.web.port}\r\nOrigin: http://127.0.0.1:{hub.web.port}\r\n"
            f"Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n{headers}\r\nname="
        ).encode()
    )
    await writer.drain()
    return reader, writer


def under_way(hub) -> int:
    """Login forms the server has begun to handle (today's main: each holds a login slot)."""
    return len(hub.logging_in.holders) + sum(getattr(hub.web.gate, "busy", {}).values())


async def test_1_slow_login_forms_hold_no_slot_and_lock_neither_door(passwords, monkeypatch):
    monkeypatch.setattr(web_door, "FORM_DEADLINE", 0.5, raising=False)  # its deadline, shortened
    async with server(password_file=passwords, web_port=0, max_logins=4, max_logins_per_address=2) as hub:
        forms = [await slow_form(hub, f"127.0.0.{2 + i // 2}") for i in range(4)]  # 2 addresses x 2: every slot
        await settled(lambda: under_way(hub) >= 4)
        # today: SSH evicts a web login's plain object() (AttributeError, dropped unseen), the web says 503
        (await login(hub, "ann", address="127.0.1.1", password="ann-secret")).close()
        assert await web_login(hub, "127.0.1.2", "Bob", "bob-secret") == 303
        for reader, writer in forms:  # each is answered once its deadline passes, and closed
            answer = await asyncio.wait_for(reader.read(), TIMEOUT)
            assert answer.startswith(b"HTTP/1.1 408") and b"came too slowly" in answer
            writer.close()
        assert log_text().count("(web): its form did not arrive within 0.5 s") == 4


async def test_1_a_web_login_evicts_the_busiest_sites_oldest_ssh_holder_and_the_log_says_so(passwords):
    async with server(password_file=passwords, web_port=0, max_logins=4, max_logins_per_address=2) as hub:
        socks = [silent(hub, f"127.0.0.{2 + i // 2}") for i in range(4)]  # silent SSH sockets: every slot
        await settled(lambda: len(hub.logging_in.holders) == 4)
        assert await web_login(hub, "127.0.1.2", "Bob", "bob-secret") == 303  # today: 503
        assert "closed a connection from 127.0.0.2 still logging in: room for another address" in log_text()
        for sock in socks[2:]:  # a web login from an address holding its share waits for one, then is told
            sock.close()
        await settled(lambda: len(hub.logging_in.holders) == 1)
        more = [silent(hub, "127.0.0.3") for _ in range(2)]
        await settled(lambda: hub.logging_in.sources.get("127.0.0.3") == 2)
        waiting = asyncio.ensure_future(web_login(hub, "127.0.0.3", "Ann", "ann-secret"))
        await settled(lambda: len(hub.logging_in.waiting) == 1)
        more.pop().close()
        assert await waiting == 303
        for sock in socks[:2] + more:
            sock.close()


async def test_4_idle_and_slow_sockets_leave_room_for_a_browser_oldest_first(passwords):
    async with server(password_file=passwords, web_port=0) as hub:
        hub.web.gate.total = 8
        idle = [
            await asyncio.open_connection("127.0.0.1", hub.web.port, local_addr=(f"127.0.0.{2 + i % 4}", 0))
            for i in range(6)
        ]
        for _, writer in idle[3:]:  # slowloris: headers begun, never ended
            writer.write(b"GET / HTTP/1.1\r\nHost: x\r\nX-a: ")
        await settled(lambda: hub.web.gate.count == 6)
        forms = [await slow_form(hub, "127.0.0.9") for _ in range(2)]  # requests under way: never shed
        await settled(lambda: hub.web.gate.count == 8)
        async with browser("127.0.1.1") as session:  # today: closed as soon as accepted
            for _ in range(3):
                page = await asyncio.wait_for(session.get(f"http://127.0.0.1:{hub.web.port}/"), TIMEOUT)
                assert page.status == 200 and 'name="password"' in await page.text()
        first = idle[0][0]
        assert await asyncio.wait_for(first.read(), TIMEOUT) == b""  # the oldest idle one made room
        assert "closed an idle web connection from 127.0.0.2: room for a newer one" in log_text()
        for _, writer in idle + forms:
            writer.close()


async def test_4_the_forwarded_address_is_believed_only_from_a_named_proxy_and_every_limit_counts_it(passwords):
    async with server(password_file=passwords, web_port=0, trusted_proxies=("127.0.0.1",)) as hub:
        spoofed = {"X-Forwarded-For": "203.0.113.7", "X-Forwarded-Proto": "https"}
        for _ in range(2):  # from a loopback peer not named: its X-Forwarded-For is ignored (today: believed)
            assert await web_login(hub, "127.0.0.2", "Ann", "wrong", spoofed) == 403
        assert set(hub.backoff.records) == {"127.0.0.2"}
        for _ in range(2):  # through the named proxy: the forwarded address is the one counted
            assert await web_login(hub, "127.0.0.1", "Ann", "wrong", spoofed) == 403
        assert set(hub.backoff.records) == {"127.0.0.2", "203.0.113.7"}
        hub.web.gate.per_address = 2
        forms = [await slow_form(hub, "127.0.0.1", "X-Forwarded-For: 198.51.100.1\r\n") for _ in range(2)]
        await settled(lambda: hub.web.gate.busy.get("198.51.100.1") == 2)
        crowded = {"X-Forwarded-For": "198.51.100.1"}  # its address has 2 requests under way: refused
        assert await web_login(hub, "127.0.0.1", "Bob", "bob-secret", crowded) == 503
        assert "refused a web request from 198.51.100.1: 2 under way from its address" in log_text()
        assert await web_login(hub, "127.0.0.1", "Bob", "bob-secret", {"X-Forwarded-For": "198.51.100.2"}) == 303
        for _, writer in forms:
            writer.close()


def test_4_a_trusted_proxy_is_an_ip_address():
    with pytest.raises(ServeError, match="--trusted-proxy takes a reverse proxy's IP address"):
        Hub(Settings(trusted_proxies=("localhost",)))


async def test_5_a_guess_waits_holding_no_slot_one_per_address_and_the_owner_does_not_wait_behind_it(passwords):
    async with server(password_file=passwords, web_port=0) as hub:
        assert await web_login(hub, "127.0.0.5", "Ann", "ann-secret") == 303  # Ann's own address
        for _ in range(3):  # the free failures, guessing at Bob's password from there
            assert await web_login(hub, "127.0.0.5", "Bob", "guess") == 403
        ready = hub.backoff.records["127.0.0.5"].ready
        guess = asyncio.ensure_future(web_login(hub, "127.0.0.5", "Bob", "guess"))
        await settled(lambda: hub.backoff.records["127.0.0.5"].ready > ready)  # its turn is taken: it waits
        assert not hub.logging_in.holders  # it waits holding no login slot (today: one)
        assert await web_login(hub, "127.0.0.5", "Bob", "guess") == 429  # a second may not queue behind it
        assert await web_login(hub, "127.0.0.5", "Ann", "ann-secret") == 303  # today: waits behind the guesses
        assert not guess.done()
        assert await guess == 403
        assert "another login from its address is waiting its turn after wrong passwords" in log_text()


async def test_5_an_ssh_guess_waits_holding_no_slot_and_one_beyond_the_queue_is_told_why_at_once(passwords):
    async with server(password_file=passwords) as hub:
        for _ in range(3):
            with pytest.raises(asyncssh.PermissionDenied):
                await login(hub, "bob", address="127.0.0.6", password="guess", preferred_auth="password")
        ready = hub.backoff.records["127.0.0.6"].ready
        waiting = asyncio.ensure_future(
            login(hub, "bob", address="127.0.0.6", password="guess", preferred_auth="password")
        )
        await settled(lambda: hub.backoff.records["127.0.0.6"].ready > ready)  # its turn is taken: it waits
        assert "127.0.0.6" not in hub.logging_in.sources  # holding no login slot (today: its connection's)
        with pytest.raises(asyncssh.DisconnectError, match="another login from your address is waiting its turn"):
            await login(hub, "bob", address="127.0.0.6", password="guess", preferred_auth="password")
        with pytest.raises(asyncssh.PermissionDenied):
            await waiting


# the long version (PARLOUR_SSH_LONG=1) -------------------------------------------------------------

LONG = pytest.mark.skipif(os.environ.get("PARLOUR_SSH_LONG") != "1", reason="a long attack: PARLOUR_SSH_LONG=1")


@LONG
async def test_1_long_8_addresses_keep_4_slow_forms_each_and_fresh_logins_get_in_by_both_doors(passwords):
    async with server(password_file=passwords, web_port=0) as hub:  # 32 login slots, 4 per address
        done, forms, sent = asyncio.Event(), [], [0]

        async def refill():  # as the server answers a slow form (its deadline), another is sent
            while not done.is_set():
                for one in [f for f in forms if f[0].done()]:  # answered (and closed) by the server
                    forms.remove(one)
                    one[1].close()
                while len(forms) < 32:
                    reader, writer = await slow_form(hub, f"127.0.0.{2 + len(forms) % 8}")
                    forms.append((asyncio.ensure_future(reader.read()), writer))
                    sent[0] += 1
                await asyncio.sleep(0.1)  # (the attackers' pace, not a wait for the server)

        filler = asyncio.ensure_future(refill())
        await settled(lambda: under_way(hub) >= 32)
        while sent[0] < 96:  # three rounds of 32 forms, each answered at its deadline
            (await login(hub, "ann", address="127.0.1.1", password="ann-secret")).close()
            assert await web_login(hub, "127.0.1.2", "Bob", "bob-secret") == 303
        done.set()
        await filler
        for answer, writer in forms:
            writer.close()
            answer.cancel()
