"""Measure `parlour serve` on loopback: memory per connected player, time from connect to the
lobby, key-to-screen latency, and idle CPU.

    .venv/bin/python tools/ssh_bench.py --players 50          # each player at a table with bots
    .venv/bin/python tools/ssh_bench.py --players 200 --idle  # everyone stays in the lobby
    # the same benchmark against another checkout's code (e.g. before a change):
    cd /work/wt/base && PYTHONPATH=$PWD /work/wt/i12/.venv/bin/python /work/wt/i12/tools/ssh_bench.py --code $PWD

It starts a server in this process (temporary data and config folders, a free port on
127.0.0.1), connects N SSH clients (asyncssh) at once with 100x32 terminals, and reports:
- memory: PSS (shared pages split between processes; RSS where the kernel has no PSS) of the
  server process and every UI process, in total and divided by N;
- time to lobby: from the start of the SSH connection until the lobby's heading is on the
  client's screen (median, p95 and worst over N), and for one client alone before the others;
- key to screen (not with --idle): each player sits at a Garfield table with a bot; players
  press their key in turn and the time until their UI reports it has shown the new events;
- idle CPU: the CPU time the server and all UI processes use over 5 s with nobody pressing a key;
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if "--code" in sys.argv:  # measure another checkout: its code first on the path
    ROOT = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
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


def cpu_seconds(pid: int) -> float:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, IndexError, ValueError):
        return 0.0


def quantile(values: list[float], q: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def pids(hub) -> list[int]:
    return [os.getpid(), *hub.children]


async def bench(players: int, games: int, idle: bool) -> None:
    from parlour.serve import tables
    from parlour.serve.server import Settings
    from tests.ssh.harness import connect, member, server, until
    from tests.ssh.test_serve import play_one

    fields = {f.name for f in dataclasses.fields(Settings)}
    settings = {k: v for k, v in {"save": False, "max_logins_per_address": players, "max_logins": players,
                                  "max_connections": players + 1, "login_timeout": 600,
                                  "session_grace": 600}.items() if k in fields}
    tables.MAX_TABLES = max(tables.MAX_TABLES, players + games)
    print(f"code: {ROOT}")
    async with server(**settings) as hub:
        times, terms = [], []

        async def one(i: int):
            start = time.perf_counter()
            term = await connect(hub, f"p{i}")
            await term.wait_for("the tables", timeout=300)
            times.append(time.perf_counter() - start)
            return term

        solo = await one(0)
        alone = times.pop()
        terms = [solo, *await asyncio.gather(*(one(i) for i in range(1, players)))]
        await until(hub, lambda: len(hub.lobby.members) == players, timeout=120)
        print(f"players connected: {players}{' (idle, in the lobby)' if idle else ''}")
        print(f"time to lobby: one client {alone:.2f} s; {players - 1} at once: median {statistics.median(times):.2f} s, "
              f"p95 {quantile(times, 0.95):.2f} s, worst {max(times):.2f} s")

        if not idle:  # everyone at a table of their own, a bot in the other seat
            for i in range(players):
                table = hub.lobby.create("garfield", ["human", "bot:random"])
                hub.lobby._sit(member(hub, f"p{i}"), table)
            await until(hub, lambda: all(m.seen and m.seen == len(m.table.table.events)
                                         for m in hub.lobby.members.values()), timeout=300)
        await asyncio.sleep(2)  # let every process settle before memory and CPU are read
        kb = {pid: memory_kb(pid) for pid in pids(hub)}
        total = sum(kb.values())
        print(f"memory: {total / 1024:.0f} MiB PSS in all (server {kb[os.getpid()] / 1024:.0f} MiB, "
              f"{len(kb) - 1} UI processes) = {total / players / 1024:.1f} MiB per player")
        before = {pid: cpu_seconds(pid) for pid in pids(hub)}
        await asyncio.sleep(5)
        used = sum(cpu_seconds(pid) - before.get(pid, 0.0) for pid in pids(hub))
        print(f"idle CPU: {used / 5 * 100:.1f}% of one core (server and UIs, 5 s with no key pressed)")

        if not idle:
            delays = []
            for i in range(min(players, 40)):
                name = f"p{i}"
                table = member(hub, name).table
                if table.table.result() is not None or 0 not in table.table.to_act():
                    continue
                count = len(table.table.events)
                start = time.perf_counter()
                await play_one(hub, table, {name: terms[i]}, names=(name,))
                await until(hub, lambda: member(hub, name).seen >= len(table.table.events) > count)
                delays.append(time.perf_counter() - start)
            if delays:
                print(f"key to screen ({len(delays)} presses, {players} connected): median "
                      f"{statistics.median(delays) * 1000:.0f} ms, p95 {quantile(delays, 0.95) * 1000:.0f} ms")
        for term in terms:
            await term.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--idle", action="store_true", help="everyone stays in the lobby")
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        asyncio.run(asyncio.wait_for(bench(max(2, args.players), 0, args.idle), 1200))


if __name__ == "__main__":
    main()
