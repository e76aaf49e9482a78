"""What one player, one password or a crowd of silent sockets can take from `parlour serve`
(issue 27), each attack against a server started here on loopback (temporary folders); other
loopback addresses (127.0.x.y) stand for other people's addresses.

    .venv/bin/python tools/ssh_logins.py [--seconds 20] [reset spread silent quota ...]

- reset: guesses a minute at Ann's password from one address that logs in as Eve (with her own
  password) between guesses, 4 connections at a time;
- spread: guesses a minute at Ann's password, each from a new address (one guess each);
- silent: 8 addresses keep 4 silent sockets each open (refilled as the server closes them);
  a fresh address then tries 28 logins, one after another: how many get in, and what the
  others are told;
- nat: 10 people behind one address log in at the same moment: how many get in, how long the
  last one took, and what the others are told;
- quota: with one shared password, how many connections it holds (of 64), how many tables one
  of its players sets up (of 40), and how many new names it takes in `--seconds`.

Works against older servers too (only Hub, Settings, setup_logging and the lobby are used)."""

from __future__ import annotations

import argparse
import asyncio
import os
import socket
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import asyncssh

ERRORS = (asyncssh.Error, OSError, asyncio.TimeoutError)


async def start(text: str, **settings: Any) -> Any:  # the Hub of whichever version runs
    from parlour.fronts.serve.server import Hub, Settings, setup_logging
    from parlour.services.config import config_dir, data_dir

    passwords = Path(os.environ["PARLOUR_DATA_DIR"]).parent / "passwords"
    passwords.write_text(text)
    passwords.chmod(0o600)
    setup_logging(data_dir(), stderr=False)
    hub = Hub(Settings(host="127.0.0.1", port=0, password_file=passwords, save=False, bot_delay=0, **settings))
    await hub.start(config_dir())
    return hub


def count_guesses_at(hub: Any, name: str) -> list[int]:
    """Wrong passwords the server judges for `name` from now on."""
    judged = [0]
    check = hub.check_password

    def counted(username: str, password: str) -> str | None:
        cred = check(username, password)
        judged[0] += username == name and cred is None
        return cred

    hub.check_password = counted
    return judged


async def connect(hub: Any, name: str, address: str = "127.0.0.1", timeout: float = 15.0, **options: Any) -> Any:
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1",
            hub.port,
            username=name,
            known_hosts=None,
            client_keys=None,
            agent_path=None,
            preferred_auth="password",
            local_addr=(address, 0),
            **options,
        ),
        timeout,
    )


async def one_guess(hub: Any, name: str, address: str = "127.0.0.1") -> None:
    try:
        (await connect(hub, name, address, password=f"wrong-{time.monotonic()}")).close()
    except ERRORS:
        pass


async def reset(seconds: float) -> str:
    hub = await start("ann:apple\neve:pear\n")
    judged = count_guesses_at(hub, "ann")
    stop = time.monotonic() + seconds

    async def loop() -> None:
        while time.monotonic() < stop:
            await one_guess(hub, "ann")
            try:
                (await connect(hub, "eve", password="pear", timeout=max(0.1, stop - time.monotonic()))).close()
            except ERRORS:
                pass

    took = time.monotonic()
    await asyncio.gather(*(loop() for _ in range(4)))
    took = time.monotonic() - took
    await hub.close()
    return f"reset: {judged[0] * 60 / took:,.0f} guesses a minute at Ann's password ({judged[0]} in {took:.0f} s)"


async def spread(seconds: float) -> str:
    hub = await start("ann:apple\n")
    judged = count_guesses_at(hub, "ann")
    stop = time.monotonic() + seconds
    n = [0]

    async def loop() -> None:
        while time.monotonic() < stop:
            n[0] += 1
            await one_guess(hub, "ann", f"127.0.{2 + n[0] // 250}.{1 + n[0] % 250}")

    took = time.monotonic()
    await asyncio.gather(*(loop() for _ in range(4)))
    took = time.monotonic() - took
    await hub.close()
    return (
        f"spread: {judged[0] * 60 / took:,.0f} guesses a minute at Ann's password from {n[0]} addresses "
        f"({judged[0]} judged in {took:.0f} s)"
    )


async def silent(seconds: float) -> str:
    hub = await start("open-sesame\n")
    socks: dict[str, list[socket.socket]] = {f"127.0.0.{i + 2}": [] for i in range(8)}
    done = asyncio.Event()

    def hold(address: str) -> socket.socket:
        sock = socket.socket()
        sock.setblocking(False)
        sock.bind((address, 0))
        try:
            sock.connect(("127.0.0.1", hub.port))
        except BlockingIOError:
            pass
        return sock

    async def refill() -> None:  # as the server closes a silent socket (or it waits), open another
        while not done.is_set():
            for address, held in socks.items():
                for sock in list(held):
                    try:
                        while sock.recv(4096):  # the server's banner and its goodbye, read and dropped
                            pass
                    except (BlockingIOError, InterruptedError):
                        continue  # still open
                    except OSError:
                        pass
                    held.remove(sock)  # closed by the server
                    sock.close()
                while len(held) < 4:
                    held.append(hold(address))
            await asyncio.sleep(0.05)

    filler = asyncio.ensure_future(refill())
    await asyncio.sleep(1.0)
    got, told = 0, Counter[str]()
    for i in range(28):
        try:
            (await connect(hub, f"fresh{i}", "127.0.1.1", password="open-sesame", timeout=12)).close()
            got += 1
        except ERRORS as error:
            told[str(error) or type(error).__name__] += 1
    done.set()
    await filler
    for held in socks.values():
        for sock in held:
            sock.close()
    await hub.close()
    return f"silent: a fresh address got in {got} of 28 times" + "".join(f"; {n} told {r!r}" for r, n in told.items())


async def nat(seconds: float) -> str:
    hub = await start("open-sesame\n")
    times: list[float] = []
    told = Counter[str]()

    async def person(i: int) -> None:
        t0 = time.monotonic()
        try:
            conn = await connect(hub, f"person{i}", password="open-sesame", timeout=20)
            times.append(time.monotonic() - t0)
            await asyncio.sleep(0.5)  # still logged in while the others try
            conn.close()
        except ERRORS as error:
            told[str(error) or type(error).__name__] += 1

    await asyncio.gather(*(person(i) for i in range(10)))
    await hub.close()
    return (
        f"nat: {len(times)} of 10 people behind one address got in, the last after {max(times, default=0):.2f} s"
        + "".join(f"; {n} told {r!r}" for r, n in told.items())
    )


async def quota(seconds: float) -> str:
    from parlour.fronts.serve.tables import Rejected  # noqa: F401 (the lobby's refusal, logged)

    hub = await start("open-sesame\n")
    held: list[Any] = []  # the connections as connect() returns them
    told = ""
    t0 = time.monotonic()
    while len(held) < 70:
        try:
            held.append(await connect(hub, f"p{len(held)}", password="open-sesame"))
        except ERRORS as error:
            told = str(error)
            break
    conns = (
        f"connections: one password holds {len(held)} of {hub.settings.max_connections} in {time.monotonic() - t0:.1f} s"
        + (f" (then told {told!r})" if told else "")
    )
    process = await held[0].create_process(encoding=None)  # a plain session: p0 in the lobby
    for _ in range(200):
        if hub.lobby.members.get("p0") is not None:
            break
        await asyncio.sleep(0.02)
    p0 = hub.lobby.members["p0"]
    seen: list[Any] = []  # the messages, typed or dicts as the version sends them
    p0.send = seen.append
    t0 = time.monotonic()
    create: Any  # a Create, or a dict before issue 30
    try:  # the requests are typed since issue 30, dicts before
        from parlour.services.wire import Create

        create = Create("garfield", ("human", "bot:random"))
    except ImportError:
        create = {"t": "create", "game": "garfield", "seats": ["human", "bot:random"]}
    for _ in range(60):
        before = len(hub.lobby.tables)
        hub.lobby.handle(p0, create)
        if len(hub.lobby.tables) == before:
            break
    # a refusal: wire.Refused since issue 30, {"t": "rejected", ...} before
    refusals = [
        m.get("reason") if isinstance(m, dict) else m.reason
        for m in seen
        if type(m).__name__ == "Refused" or (isinstance(m, dict) and m.get("t") == "rejected")
    ]
    tables = f"tables: one of its players sets up {len(hub.lobby.tables)} of 40 in {time.monotonic() - t0:.2f} s" + (
        f" (then told {refusals[-1]!r})" if refusals else ""
    )
    process.close()
    for conn in held:
        conn.close()
    await asyncio.sleep(0.5)
    stop = time.monotonic() + seconds
    claimed, refused = [0], Counter[str]()

    async def names(k: int) -> None:
        i = 0
        while time.monotonic() < stop:
            i += 1
            try:
                conn = await connect(hub, f"n{k}x{i}", password="open-sesame")
            except ERRORS as error:
                refused[str(error)[:80]] += 1
                continue
            try:
                proc = await conn.create_process(encoding=None)
                text = (await asyncio.wait_for(proc.stdout.read(4096), 10)).decode("utf-8", "replace")
                if "Tables (" in text:
                    claimed[0] += 1
                else:
                    refused[text.strip()[:80]] += 1
            except ERRORS:
                pass
            finally:
                conn.close()

    took = time.monotonic()
    await asyncio.gather(*(names(k) for k in range(4)))
    took = time.monotonic() - took
    await hub.close()
    names_line = (
        f"names: one password takes {claimed[0]} new names in {took:.0f} s ({claimed[0] / took:.1f} a second)"
        + "".join(f"; {n} told {r!r}" for r, n in refused.most_common(2))
    )
    return "quota: " + conns + "\n       " + tables + "\n       " + names_line


ATTACKS = {"reset": reset, "spread": spread, "silent": silent, "nat": nat, "quota": quota}


async def main(seconds: float, attacks: list[str]) -> None:
    for name in attacks:
        print(await ATTACKS[name](seconds), flush=True)


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20)
    parser.add_argument("attacks", nargs="*", choices=[[], *ATTACKS], default=list(ATTACKS))
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["PARLOUR_DATA_DIR"] = f"{tmp}/data"
        os.environ["PARLOUR_CONFIG_DIR"] = f"{tmp}/config"
        asyncio.run(main(args.seconds, args.attacks or list(ATTACKS)))
