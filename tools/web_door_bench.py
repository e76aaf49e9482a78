"""Measure browser players on `parlour serve --web-port` as tools/ssh_bench.py measures SSH
players: memory per player, time from connect to the lobby, key-to-screen latency, and that the
server starts no process per tab.

    .venv/bin/python tools/web_door_bench.py --players 50

The server runs in a process of its own (tools/ssh_bench.py's, with the web door on a free
loopback port and no credentials, so a login is a name); this process plays N browsers with
aiohttp's WebSocket client speaking textual-serve's page protocol (not N Chromiums: a browser's
own cost is on the player's machine, not the server's). Each browser logs in (the form's POST)
and opens its WebSocket at 100x32; the lobby is there when its heading's bytes have arrived.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import ssh_bench  # noqa: E402  (its server process, memory and CPU readers)


def children(pid: int) -> int:
    """Processes the server started (and still runs)."""
    total = 0
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            total += len((task / "children").read_text().split())
        except OSError:
            pass
    return total


class Browser:
    """One browser tab: its login cookie, its WebSocket, the bytes of its screen."""

    def __init__(self, port: int, name: str):
        self.port, self.name = port, name
        self.raw = bytearray()
        self.changed = asyncio.Event()

    async def open(self) -> None:
        import aiohttp

        base = f"http://127.0.0.1:{self.port}"
        self.session = aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True))
        origin = {"Origin": base}
        async with self.session.post(
            f"{base}/login", data={"name": self.name}, headers=origin, allow_redirects=False
        ) as answer:
            if answer.status != 303:
                raise SystemExit(f"{self.name} could not log in: {answer.status} {await answer.text()}")
        self.ws = await self.session.ws_connect(f"ws://127.0.0.1:{self.port}/ws?width=100&height=32", headers=origin)
        self.reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        import aiohttp

        async for message in self.ws:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.raw.extend(message.data)
                self.changed.set()
                self.changed = asyncio.Event()
        self.changed.set()

    async def wait_for_bytes(self, wanted: bytes) -> None:
        while wanted not in self.raw:
            if self.ws.closed:
                raise SystemExit(f"{self.name} was disconnected: {bytes(self.raw[-300:])!r}")
            await self.changed.wait()

    async def press(self, key: str) -> None:
        await self.ws.send_str(json.dumps(["stdin", {"space": " ", "enter": "\r"}.get(key, key)]))

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()
        self.reader.cancel()


async def bench(players: int) -> None:
    print(f"load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    srv = ssh_bench.Server()
    await srv.start(players, None, ["--web"])
    port = srv.web_port
    assert port is not None  # started with --web
    times: list[float] = []

    async def one(i: int) -> Browser:
        start = time.perf_counter()
        tab = Browser(port, f"p{i}")
        await tab.open()
        await asyncio.wait_for(tab.wait_for_bytes(b"the tables"), 600)
        times.append(time.perf_counter() - start)
        return tab

    tabs, alone, burst = await ssh_bench.crowd(srv, one, players, times)
    print(f"browser players connected: {players}")
    print(
        f"time to lobby (login POST + WebSocket): one browser {alone:.2f} s; {players - 1} at once: median "
        f"{statistics.median(times):.2f} s, p95 {ssh_bench.quantile(times, 0.95):.2f} s, worst {max(times):.2f} s"
    )
    print(
        f"server CPU for the {players - 1} connections, to their lobbies: {burst:.2f} s "
        f"({burst / (players - 1) * 1000:.0f} ms each)"
    )
    await srv.ask("seat")
    await asyncio.sleep(2)  # let the server settle before memory is read
    memory = await srv.ask("memory")
    print(
        f"memory: {memory['total'] / 1024:.0f} MiB PSS in all (server process {memory['server'] / 1024:.0f} MiB, "
        f"{memory['uis']} UIs) = {memory['total'] / players / 1024:.1f} MiB per browser player"
    )
    print(f"processes the server started: {children(srv.process.pid)} (none per tab)")
    await ssh_bench.key_to_screen(srv, lambda i, key: tabs[i].press(key), players)
    for tab in tabs:
        await tab.close()
    await srv.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    players = max(2, args.players)
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        asyncio.run(asyncio.wait_for(bench(players), 1800))


if __name__ == "__main__":
    main()
