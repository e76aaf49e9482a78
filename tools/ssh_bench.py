"""Measure `parlour serve` on loopback: memory per connected player, time from connect to the
lobby, and bytes sent to a client per game event.

    .venv/bin/python tools/ssh_bench.py --players 10

It starts a server in this process (temporary data and config folders, a free port on
127.0.0.1), connects N SSH clients (asyncssh) with 100x32 terminals, and:
- memory: the resident memory (PSS where the kernel tells it, else RSS) of each client's UI
  process, plus the server process's growth, divided by N;
- time to lobby: from the start of the SSH connection until the lobby's heading is on the
  client's screen (median and worst over N);
- bytes per event: two of the clients play a Garfield game to the end (random seed); the bytes
  each client's SSH channel received during play, over the number of events.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def memory_kb(pid: int) -> int:
    """PSS (shared pages split between processes) in kB, or RSS when smaps_rollup is missing."""
    try:
        for line in Path(f"/proc/{pid}/smaps_rollup").read_text().splitlines():
            if line.startswith("Pss:"):
                return int(line.split()[1])
    except OSError:
        pass
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return 0


async def bench(players: int, games: int) -> None:
    from tests.ssh.harness import connect, member, server, until
    from tests.ssh.test_serve import play_one

    async with server(save=False, max_logins_per_address=players) as hub:  # all from one address
        base = memory_kb(os.getpid())
        times, terms = [], []

        async def one(i: int):
            start = time.perf_counter()
            term = await connect(hub, f"p{i}")
            await term.wait_for("the tables", timeout=120)
            times.append(time.perf_counter() - start)
            return term

        terms = await asyncio.gather(*(one(i) for i in range(players)))
        await until(hub, lambda: len(hub.lobby.members) == players)
        children = [memory_kb(pid) for pid in hub.children]
        server_growth = memory_kb(os.getpid()) - base
        print(f"players connected: {players}")
        print(f"time to lobby: median {statistics.median(times):.2f} s, worst {max(times):.2f} s")
        print(f"memory per player: UI process {statistics.mean(children) / 1024:.1f} MiB (PSS), "
              f"server +{server_growth / players / 1024:.2f} MiB each")

        sent, events = 0, 0
        for g in range(games):
            table = hub.lobby.create("garfield", ["human", "human"])
            a, b = terms[2 * g], terms[2 * g + 1]  # each game its own two players, fresh from the lobby
            names = [f"p{2 * g}", f"p{2 * g + 1}"]
            await a.wait_for(f"#{table.id} Garfield")
            a.press(*["j"] * g, "enter")  # the new table is the g-th in the list
            await until(hub, lambda: member(hub, names[0]).table is table)
            await b.wait_for(f"#{table.id} Garfield · {names[0]}")
            b.press(*["j"] * g, "enter")
            await until(hub, lambda: table.table is not None)
            await until(hub, lambda: all(member(hub, n).seen == len(table.table.events) for n in names))
            before, count = len(a.raw), len(table.table.events)
            while table.table.result() is None:
                await play_one(hub, table, dict(zip(names, (a, b))), names=tuple(names))
            await until(hub, lambda: member(hub, names[0]).seen == len(table.table.events))
            sent += len(a.raw) - before
            events += len(table.table.events) - count
        print(f"bytes to a client per game event: {sent / events:.0f} "
              f"({sent} bytes for {events} events, {games} game(s) of Garfield)")
        for term in terms:
            await term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--games", type=int, default=1, help="games played, each by two of the players")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        games = max(1, args.games)
        asyncio.run(asyncio.wait_for(bench(max(2 * games, args.players), games), 600))


if __name__ == "__main__":
    main()
