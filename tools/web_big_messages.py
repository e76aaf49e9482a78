"""Measure what browsers sending large messages do to everyone else on `parlour serve --web-port`
(issue 42, finding 2): an ordinary SSH player's key-to-screen (median, p95, worst) and the
longest the server's event loop was held, while N browsers each send 30 KB `["stdin", …]`
messages (keys, as a script or a huge paste would send them).

    .venv/bin/python tools/web_big_messages.py --browsers 1 --browsers 5 --seconds 30
    # another checkout's code (e.g. before a change), run from that checkout:
    cd /tmp/before && /path/to/.venv/bin/python /path/to/tools/web_big_messages.py --code /tmp/before

The server runs in a process of its own (tools/ssh_bench.py's server, with the web door on a free
loopback port and no credentials) with a ticker in its loop that notes every time the loop came
back late: how late, and how much CPU the server's thread spent meanwhile (a hold: what one turn
of the loop took, which on a busy machine is less than the wall-clock lateness, the rest being
other processes'); the browsers run in another process (aiohttp's WebSocket
client, each reading its screen). Modes: `paced` sends one message every 3.7 s (what the server's
8 KiB/s input pace takes in, so the browser is never held back or cut off), `flat` sends them as
fast as the socket takes them (once cut off, it does not log in again). The ordinary player
sits at a Garfield table with a bot and makes a move every 0.2 s (tools/ssh_session_attacks.py's).
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

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
import ssh_bench  # noqa: E402  (sets up the path of the code measured, --code included)
from ssh_bench import ROOT, quantile  # noqa: E402

BIG = 30_000  # characters of one message (the page's bound is 32 KiB)
PACED = 3.7  # seconds between a paced browser's messages (30 KB at 8 KiB/s)


# ---- the server process -----------------------------------------------------------------------


# ---- the browsers' process --------------------------------------------------------------------


async def browsers(count: int, port: int, seconds: float, mode: str) -> None:
    import aiohttp

    base = f"http://127.0.0.1:{port}"
    sent, cut = [0] * count, [0] * count
    ready = asyncio.Event()
    up = [0]
    deadline = [float("inf")]
    after: list[float] = []  # seconds from the start to each cut

    async def session(i: int, http: aiohttp.ClientSession) -> None:
        """One login and WebSocket, until the deadline or the server cuts it off."""
        origin = {"Origin": base}
        async with http.post(f"{base}/login", data={"name": f"big{i}"}, headers=origin, allow_redirects=False):
            pass
        ws = await http.ws_connect(f"ws://127.0.0.1:{port}/ws?width=100&height=32", headers=origin)
        seen = bytearray()

        async def read() -> None:
            async for message in ws:
                if message.type == aiohttp.WSMsgType.BINARY and b"the tables" not in seen:
                    seen.extend(message.data)

        reading = asyncio.ensure_future(read())
        while b"the tables" not in seen and not reading.done():
            await asyncio.sleep(0.05)
        if not ready.is_set():
            up[0] += 1
            if up[0] == count:
                deadline[0] = time.monotonic() + seconds
                ready.set()
        await ready.wait()
        message = json.dumps(["stdin", "~" * BIG])
        try:
            while time.monotonic() < deadline[0] and not ws.closed and not reading.done():
                await ws.send_str(message)
                sent[i] += 1
                if mode == "paced":
                    await asyncio.sleep(PACED)
        except (ConnectionError, RuntimeError):
            pass
        if time.monotonic() < deadline[0]:
            cut[i] += 1
            after.append(time.monotonic() - deadline[0] + seconds)
        await ws.close()
        reading.cancel()

    async def browser(i: int) -> None:
        async with aiohttp.ClientSession(cookie_jar=aiohttp.CookieJar(unsafe=True)) as http:
            try:  # (one session: a browser cut off does not log in again, which other bounds meet)
                await session(i, http)
            except (aiohttp.ClientError, ConnectionError):
                cut[i] += 1
            await asyncio.sleep(max(0.0, deadline[0] - time.monotonic()))  # the others are measured till then

    tasks = [asyncio.ensure_future(browser(i)) for i in range(count)]
    await ready.wait()
    print("ready", flush=True)
    await asyncio.gather(*tasks)
    print(
        f"messages sent: {sum(sent)} ({sum(sent) * BIG / 1e6:.1f} MB); cut off by the server: {sum(cut)} of "
        f"{count}" + (f", after {', '.join(f'{a:.1f}' for a in sorted(after))} s" if after else "")
    )


# ---- the bench --------------------------------------------------------------------------------


def ms(values: list[float]) -> str:
    if not values:
        return "no moves"
    return (
        f"{statistics.median(values) * 1000:.0f}/{quantile(values, 0.95) * 1000:.0f}/"
        f"{max(values) * 1000:.0f} ms ({len(values)})"
    )


async def one_run(count: int, mode: str, seconds: float, code: Path | None, folder: Path) -> str:
    from ssh_session_attacks import ordinary_player

    from tests.ssh.harness import Terminal, connect

    class Client(Terminal):
        def feed(self, data: bytes) -> None:  # bytes only: no terminal emulator in this process
            self._poke()

    holds = folder / f"holds-{mode}-{count}"
    os.environ["PARLOUR_BENCH_HOLDS"] = str(holds)
    srv = ssh_bench.Server()
    await srv.start(count + 2, code, ["--web"])
    hub = type("Hub", (), {"port": srv.port})()
    me = await connect(hub, "p0", terminal=Client)
    while b"the tables" not in me.raw:
        await asyncio.wait_for(me._changed.wait(), 60)
    await srv.ask("members", n=1)
    await srv.ask("seat", name="p0")
    stop = asyncio.Event()
    quiet: list[float] = []
    quiet_began = time.time()
    moving = asyncio.ensure_future(ordinary_player(srv, me, stop, quiet))
    await asyncio.sleep(5)  # a few moves without the browsers
    stop.set()
    await moving
    quiet_ended = time.time()
    attack = await asyncio.create_subprocess_exec(
        sys.executable,
        __file__,
        "--browsers-process",
        str(count),
        "--port",
        str(srv.web_port),
        "--seconds",
        str(seconds),
        "--mode",
        mode,
        stdout=asyncio.subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert attack.stdout  # piped
    await asyncio.wait_for(attack.stdout.readline(), 300)  # "ready": every browser is in its lobby
    began = time.time()
    cpu0 = ssh_bench.cpu_seconds(srv.process.pid)
    stop = asyncio.Event()
    delays: list[float] = []
    moving = asyncio.ensure_future(ordinary_player(srv, me, stop, delays))
    said = (await attack.stdout.read()).decode().strip()
    await attack.wait()
    ended = time.time()
    cpu = (ssh_bench.cpu_seconds(srv.process.pid) - cpu0) / (ended - began)
    stop.set()
    await moving
    await me.close()
    await srv.stop()
    lates = ssh_bench.read_holds(holds)
    during = [held for t, _, held in lates if began <= t <= ended]
    before = [held for t, _, held in lates if quiet_began <= t <= quiet_ended]
    return (
        f"{count} browser(s), {mode}: others' key-to-screen median/p95/max: quiet {ms(quiet)}, "
        f"with the browsers {ms(delays)}; longest loop hold (server CPU): quiet {max(before, default=0):.0f} ms, "
        f"with the browsers {max(during, default=0):.0f} ms ({sum(1 for x in during if x > 20)} over 20 ms); "
        f"server CPU {cpu * 100:.0f}% of a core; load {Path('/proc/loadavg').read_text().split()[0]}; {said}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--browsers", type=int, action="append", help="browsers sending (repeatable; default 1 and 5)")
    parser.add_argument("--mode", choices=("paced", "flat"), action="append", help="(repeatable; default both)")
    parser.add_argument("--seconds", type=float, default=30)
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    parser.add_argument("--browsers-process", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.browsers_process:
        asyncio.run(browsers(args.browsers_process, args.port, args.seconds, args.mode[0]))
        return
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        print(f"code: {ROOT}; load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        for mode in args.mode or ("paced", "flat"):
            for count in args.browsers or (1, 5):
                print(asyncio.run(one_run(count, mode, args.seconds, args.code, Path(folder))), flush=True)


if __name__ == "__main__":
    main()
