"""What slow forms, idle sockets and waiting guesses take from `parlour serve --web-port` (issue
42), each attack against a server started here on loopback (temporary folders); other loopback
addresses (127.0.x.y) stand for other people's addresses.

    .venv/bin/python tools/web_door_attacks.py [--seconds 30] [slowform idle backoff]

- slowform: 8 addresses keep 4 login forms each under way (the headers at once, Content-Length
  4000, then one byte of the body every 5 s; refilled as the server closes them); a fresh
  address meanwhile logs in over SSH and through the web door, one after another: how many get
  in, and what serve.log says about it;
- idle: 25 addresses keep 24 connections each open, half silent and half sending a header
  slowly (600 in all, refilled as the server closes them); fresh browsers, each from a new
  address, load the login page and log in: how many get in;
- backoff: 4 connections from one address guess at Bob's password through the web door for
  `--seconds`; the longest any try waits for its answer, and how long Ann's own login from
  that address (where she logged in before) waits.

Works against older servers too (only Hub, Settings, setup_logging and the lobby are used)."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp
import asyncssh

ERRORS = (asyncssh.Error, OSError, asyncio.TimeoutError, aiohttp.ClientError)
PASSWORDS = "ann:ann-secret\nbob:bob-secret\n"


@contextlib.asynccontextmanager
async def started() -> AsyncIterator[Any]:
    from parlour.fronts.serve.server import Hub, Settings, setup_logging
    from parlour.services.config import config_dir, data_dir

    passwords = Path(os.environ["PARLOUR_DATA_DIR"]).parent / "passwords"
    passwords.write_text(PASSWORDS)
    passwords.chmod(0o600)
    folder = data_dir()
    for old in folder.glob("serve.log*"):
        old.unlink()
    setup_logging(folder, stderr=False)
    hub = Hub(Settings(host="127.0.0.1", port=0, password_file=passwords, save=False, bot_delay=0, web_port=0))
    await hub.start(config_dir())
    try:
        yield hub
    finally:
        await hub.close()


def log_kinds() -> str:
    """serve.log's lines about refusals and evictions, by kind (addresses and numbers as #)."""
    import re

    from parlour.services.config import data_dir

    text = "".join(p.read_text() for p in data_dir().glob("serve.log*"))
    kinds = [
        re.sub(r"[0-9][0-9.]*", "#", line.split(" ", 3)[-1])
        for line in text.splitlines()
        if " refused " in line or " closed " in line or "Traceback" in line
    ]
    return tally(kinds) or "nothing"


async def drained(reader: asyncio.StreamReader) -> None:
    """Until the server closes the connection (what it answers is dropped)."""
    with contextlib.suppress(OSError):
        await reader.read()


async def ssh_login(hub: Any, address: str) -> str:
    """'in', or what the client was told."""
    try:
        conn = await asyncio.wait_for(
            asyncssh.connect(
                "127.0.0.1",
                hub.port,
                username="ann",
                password="ann-secret",
                known_hosts=None,
                client_keys=None,
                agent_path=None,
                preferred_auth="password",
                local_addr=(address, 0),
            ),
            20,
        )
    except ERRORS as error:
        return f"{type(error).__name__}: {str(error)[:70]}"
    conn.close()
    return "in"


async def web_login(hub: Any, address: str, name: str = "Bob", password: str = "bob-secret", page: bool = False) -> str:
    """'in' (a 303 to the lobby), or the status and why."""
    base = f"http://127.0.0.1:{hub.web.port}"
    connector = aiohttp.TCPConnector(local_addr=(address, 0), force_close=True)
    try:
        async with aiohttp.ClientSession(connector=connector) as session:
            if page:
                async with session.get(base + "/") as answer:
                    if answer.status != 200:
                        return f"page {answer.status}"
            async with session.post(
                base + "/login",
                data={"name": name, "password": password},
                headers={"Origin": base},
                allow_redirects=False,
                timeout=aiohttp.ClientTimeout(total=60),
            ) as answer:
                return "in" if answer.status == 303 else f"{answer.status}"
    except ERRORS as error:
        return f"{type(error).__name__}: {str(error)[:70]}"


class Crowd:
    """Sockets kept open by attackers, refilled as the server closes them."""

    def __init__(self, hub: Any, addresses: list[str], each: int, opening: bytes, trickle: bytes) -> None:
        self.hub, self.addresses, self.each = hub, addresses, each
        self.opening, self.trickle = opening, trickle
        self.open: list[tuple[str, asyncio.Future, asyncio.StreamWriter]] = []  # address, its answer read, writer
        self.opened = 0
        self.done = False

    async def run(self) -> None:
        last_trickle = time.monotonic()
        while not self.done:
            for one in [s for s in self.open if s[1].done()]:  # the server answered or closed it
                self.open.remove(one)
                one[2].close()
            for address in self.addresses:
                have = sum(1 for s in self.open if s[0] == address)
                for _ in range(self.each - have):
                    with contextlib.suppress(OSError):
                        reader, writer = await asyncio.open_connection(
                            "127.0.0.1", self.hub.web.port, local_addr=(address, 0)
                        )
                        writer.write(self.opening)
                        self.open.append((address, asyncio.ensure_future(drained(reader)), writer))
                        self.opened += 1
            if time.monotonic() - last_trickle > 5 and self.trickle:
                last_trickle = time.monotonic()
                for _, _, writer in self.open:
                    writer.write(self.trickle)
            await asyncio.sleep(0.2)

    def close(self) -> None:
        self.done = True
        for _, answer, writer in self.open:
            writer.close()
            answer.cancel()

    async def closed(self) -> None:
        await asyncio.gather(*(answer for _, answer, _ in self.open), return_exceptions=True)


def form_headers(port: int) -> bytes:
    return (
        f"POST /login HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 4000\r\n\r\nname="
    ).encode()


def tally(results: list[str]) -> str:
    counts: dict[str, int] = {}
    for result in results:
        counts[result] = counts.get(result, 0) + 1
    return ", ".join(f"{n} {what}" for what, n in sorted(counts.items(), key=lambda kv: -kv[1]))


async def slowform(seconds: float) -> str:
    async with started() as hub:
        crowd = Crowd(hub, [f"127.0.0.{2 + i}" for i in range(8)], 4, form_headers(0), b"x")
        crowd.opening = form_headers(hub.web.port)
        filler = asyncio.ensure_future(crowd.run())
        await asyncio.sleep(1.0)  # (the attackers settle in)
        ssh, web = [], []
        stop = time.monotonic() + seconds
        while time.monotonic() < stop:
            ssh.append(await ssh_login(hub, "127.0.1.1"))
            web.append(await web_login(hub, "127.0.1.2"))
        crowd.close()
        await filler
        await crowd.closed()
        return (
            f"slowform: {crowd.opened} slow forms sent in {seconds:g} s; fresh SSH logins in {ssh.count('in')} "
            f"of {len(ssh)} ({tally(ssh)}); fresh web logins in {web.count('in')} of {len(web)} ({tally(web)}); "
            f"serve.log (at most 20 such lines a minute): {log_kinds()}"
        )


async def idle(seconds: float) -> str:
    async with started() as hub:
        addresses = [f"127.0.{2 + i // 250}.{1 + i % 250}" for i in range(25)]
        silent = Crowd(hub, addresses, 12, b"", b"")
        slow = Crowd(hub, addresses, 12, f"GET / HTTP/1.1\r\nHost: 127.0.0.1:{hub.web.port}\r\n".encode(), b"X: y\r\n")
        fillers = [asyncio.ensure_future(c.run()) for c in (silent, slow)]
        await asyncio.sleep(2.0)  # (the attackers settle in)
        results = []
        stop, n = time.monotonic() + seconds, 0
        while time.monotonic() < stop:
            n += 1
            results.append(await web_login(hub, f"127.0.9.{n % 250 + 1}", page=True))
        for crowd in (silent, slow):
            crowd.close()
        await asyncio.gather(*fillers)
        for crowd in (silent, slow):
            await crowd.closed()
        return (
            f"idle: {silent.opened + slow.opened} idle or slow connections opened in {seconds:g} s; "
            f"fresh browsers in {results.count('in')} of {len(results)} ({tally(results)})"
        )


async def backoff(seconds: float) -> str:
    async with started() as hub:
        address = "127.0.0.5"
        assert await web_login(hub, address, "Ann", "ann-secret") == "in"  # Ann logged in from here before
        stop, waits, answers = time.monotonic() + seconds, [], []

        async def guesser(i: int) -> None:
            n = 0
            while time.monotonic() < stop:
                n += 1
                began = time.monotonic()
                answers.append(await web_login(hub, address, "Bob", f"guess{i}-{n}"))
                waits.append(time.monotonic() - began)

        guessers = [asyncio.ensure_future(guesser(i)) for i in range(4)]
        await asyncio.sleep(min(10.0, seconds / 2))  # (the guessing gets going)
        began = time.monotonic()
        owner = await web_login(hub, address, "Ann", "ann-secret")
        owner_wait = time.monotonic() - began
        await asyncio.gather(*guessers)
        return (
            f"backoff: {len(waits)} guesses answered in {seconds:g} s ({tally(answers)}: 403 judged wrong, "
            f"429 refused unjudged), the longest wait {max(waits):.1f} s; "
            f"Ann's own login from that address: {owner} after {owner_wait:.1f} s"
        )


ATTACKS = {"slowform": slowform, "idle": idle, "backoff": backoff}


async def main(seconds: float, attacks: list[str]) -> None:
    for name in attacks:
        print(await ATTACKS[name](seconds), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("attacks", nargs="*", choices=[[], *ATTACKS], default=[])
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PARLOUR_DATA_DIR"] = f"{tmp}/data"
        os.environ["PARLOUR_CONFIG_DIR"] = f"{tmp}/config"
        asyncio.run(main(args.seconds, args.attacks or list(ATTACKS)))
