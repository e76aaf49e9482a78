"""A crowd logging in at once to `parlour serve --broker … --workers N` (issue 41): a class
logging in when the teacher says "go". `--players` SSH clients (a terminal each, as a player's)
from as many loopback addresses (127.0.1.1, 127.0.1.2, … standing for other people's) all start
connecting at the same moment; each one's time to its lobby is taken. Before the crowd, two
players sit at two tables (saved, so each holds a lease in the broker); after it, the tool says
whether either table was lost ("closed here" when its lease lapsed) and whether the supervisor
took a worker for hung and stopped it.

    .venv/bin/python tools/ssh_crowd.py                          # 100 players, 2 workers
    .venv/bin/python tools/ssh_crowd.py --players 100 --workers 2
    # another checkout's code (e.g. before a change), run from that checkout's folder:
    .venv/bin/python tools/ssh_crowd.py --code /tmp/before

The server runs as `parlour serve` runs (its own processes, temporary data and config folders, a
free port on 127.0.0.1) against a Redis server of its own (Debian's redis-server on a free
loopback port, as tests/ssh/broker.py starts it); everything it started is stopped on every path.
The clients run in this process (their SSH handshakes take CPU from the same machine).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def start_server(code: Path, broker: str, port: int, players: int, workers: int, said: Path) -> subprocess.Popen:
    args = [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--broker", broker]
    args += ["--workers", str(workers), "--bot-delay", "0", "--max-connections", str(players + 8)]
    args += ["--quota", f"shared.connections={players + 8}"]
    env = {**os.environ, "PYTHONPATH": str(code)}
    with said.open("wb") as out:
        return subprocess.Popen(args, stderr=out, env=env, start_new_session=True, cwd=code)


def listening(port: int, process: subprocess.Popen, timeout: float = 120) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit("the server ended before it listened")
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.05)
    raise SystemExit("the server never listened")


def family_cpu(pid: int) -> float:
    """CPU seconds of a process and every process under it (the supervisor and its workers)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
    except OSError:
        return 0.0
    own = (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    return own + sum(family_cpu(int(child)) for child in children)


def stop_server(process: subprocess.Popen) -> None:
    process.terminate()  # the supervisor stops its workers
    try:
        process.wait(30)
    except subprocess.TimeoutExpired:
        pass
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, signal.SIGKILL)  # whatever is left of it
    process.wait()


async def crowd(port: int, players: int) -> tuple[list[float], int, list[str]]:
    """Two players at two tables, then `players` at once: their times to the lobby, how many never
    got there (and why), and what the two seated players' connections said meanwhile."""
    from tests.ssh.harness import Terminal, connect
    from tests.ssh.test_plain import connect_plain

    class Client(Terminal):  # (no terminal emulator: only the bytes, for "the tables")
        def feed(self, data: bytes) -> None:
            self._poke()

    hub = type("Hub", (), {"port": port})()
    seated = []
    for name in ("Ann", "Bob"):
        player = await connect_plain(hub, name)
        await player.said(lambda text, name=name: f"Tables ({name}):" in text)
        player.type("new garfield bot:random")
        await player.said(lambda text: "Garfield:" in text)
        seated.append(player)

    async def one(i: int) -> float | str:
        began = time.perf_counter()
        address = f"127.0.{1 + i // 250}.{1 + i % 250}"
        term = None
        try:
            term = await asyncio.wait_for(connect(hub, f"p{i}", terminal=Client, local_addr=(address, 0)), 120)
            while b"the tables" not in term.raw:
                if term._reader.done():
                    return "closed before the lobby: " + bytes(term.raw[-200:]).decode(errors="replace")
                await asyncio.wait_for(term._changed.wait(), 120)
            return time.perf_counter() - began
        except Exception as error:
            return f"{type(error).__name__}: {error}"
        finally:
            if term is not None:
                await term.close()

    results = await asyncio.gather(*(one(i) for i in range(players)))
    times = [r for r in results if isinstance(r, float)]
    failed = [r for r in results if isinstance(r, str)]
    told = [player.text() for player in seated]
    for player in seated:
        await player.close()
    return times, len(failed), failed[:3] + told


class Beats(threading.Thread):
    """Watches the workers' heartbeats in the broker (`parlour:worker:ID`, renewed every second,
    lapsing after broker.LEASE without one): the longest a worker went without renewing it."""

    def __init__(self, url: str, lease: float):
        super().__init__(daemon=True)
        self.lease = lease
        import redis

        self.client = redis.Redis.from_url(url, decode_responses=True)
        self.longest = 0.0  # seconds without a beat, the most seen
        self.late = 0.0  # seconds a worker's event loop had not run, the most its beats said
        self.done = threading.Event()

    def run(self) -> None:
        while not self.done.wait(0.05):
            for key in self.client.keys("parlour:worker:*"):
                ttl = self.client.pttl(key)  # (a beat sets it back to the lease)
                if ttl > 0:
                    self.longest = max(self.longest, self.lease - ttl / 1000)
                said = (self.client.get(key) or "").split()  # "TIME LATE" (older code: "TIME")
                if len(said) == 2:
                    self.late = max(self.late, float(said[1]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--code", type=Path, default=ROOT, help="the checkout whose code is measured")
    args = parser.parse_args()
    from parlour.fronts.serve.broker import LEASE
    from tests.ssh.broker import free_port, redis_server

    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        data = Path(os.environ["PARLOUR_DATA_DIR"])
        data.mkdir(parents=True)
        load = " ".join(Path("/proc/loadavg").read_text().split()[:3])
        with redis_server(Path(folder) / "redis") as broker:
            port = free_port()
            said = data / "serve.stderr"
            server = start_server(args.code.resolve(), broker, port, args.players, args.workers, said)
            beats = Beats(broker, LEASE)
            try:
                listening(port, server)
                beats.start()
                cpu, own = family_cpu(server.pid), time.process_time()
                times, failed, notes = asyncio.run(crowd(port, args.players))
                cpu, own = family_cpu(server.pid) - cpu, time.process_time() - own
            finally:
                beats.done.set()
                stop_server(server)
        stderr = said.read_text(errors="replace")
        logs = "".join(p.read_text(errors="replace") for p in sorted(data.glob("serve-worker-*.log")))
    hung = stderr.count("hangs; it is stopped")
    ended = stderr.count(") ended (status")
    lapsed = logs.count("lease lapsed")
    print(
        f"code: {args.code}; {args.players} players from {args.players} addresses at once, {args.workers} workers; "
        f"load average before {load}, after {' '.join(Path('/proc/loadavg').read_text().split()[:3])}"
    )
    if times:
        print(
            f"in the lobby: {len(times)} of {args.players}; time to the lobby median {statistics.median(times):.2f} s, "
            f"p95 {quantile(times, 0.95):.2f} s, worst {max(times):.2f} s"
        )
    print(
        f"never reached it: {failed}; workers taken for hung and stopped: {hung}; workers ended: {ended}; "
        f"tables closed because their lease lapsed: {lapsed}; the longest a worker's heartbeat went unrenewed: "
        f"{beats.longest:.1f} s (it lapses at {LEASE:g} s)"
        + (
            f"; the longest a worker's event loop did not run, as its beats said: {beats.late:.1f} s"
            if beats.late
            else ""
        )
    )
    warnings = Counter(
        line.split(" - ", 3)[-1][:160] for line in logs.splitlines() if "WARNING" in line or "ERROR" in line
    )
    print(f"CPU for the whole crowd: the server's {cpu:.1f} s, the clients' (this process) {own:.1f} s")
    for line, n in warnings.most_common(3):
        print(f"  the workers' log, {n}×: {line}")
    for note in notes[: min(failed, 3)]:
        print("  e.g.", note[:300])
    for name, text in zip(("Ann", "Bob"), notes[-2:]):
        if f"Tables ({name}):" in text.rsplit(f"Garfield: {name}", 1)[-1]:  # (her table closed)
            print(f"  {name}, seated before the crowd, was sent back to the lobby meanwhile")


if __name__ == "__main__":
    main()
