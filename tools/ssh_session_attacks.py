"""Measure what one hostile player does to `parlour serve` (issue 27): for each attack, an
ordinary player's key-to-screen (median, p95) while it runs, and the server's memory (RSS and
PSS: before, the peak while it runs, and after its session ended) and log growth.

    .venv/bin/python tools/ssh_session_attacks.py                      # every attack, 60 s each
    .venv/bin/python tools/ssh_session_attacks.py --attack paste --seconds 20
    .venv/bin/python tools/ssh_session_attacks.py --attack keys30 --rounds 3 --no-player  # memory given back?
    .venv/bin/python tools/ssh_session_attacks.py --capacity 10,20,40  # players at a key every 2 s
    .venv/bin/python tools/ssh_session_attacks.py --capacity 10,15,20,25,30,35,40 --until-ms 50 --workers 2
    # another checkout's code (e.g. before a change), run from that checkout:
    cd /tmp/before && /path/to/.venv/bin/python /path/to/tools/ssh_session_attacks.py --code /tmp/before

The server runs in its own process (tools/ssh_bench.py --serve: temporary folders, a free port
on 127.0.0.1, bots without delay); the attacker in another (this script with --attacker), so
neither the attacker's nor the measuring client's work is counted as the server's. The ordinary
player sits at a Garfield table with a bot and makes a move every 0.2 s; its key-to-screen is
from the key to the server's word that its UI has shown the move's events (as tools/ssh_bench.py).

Attacks: none (the ordinary player alone: what its own games add), paste (a bracketed paste that never ends, Cyrillic text flat out), resize (window
changes in a tight loop), noread (a 2 GiB SSH window, a 1000x1000 screen resized every 0.1 s, and
nothing read at the TCP level), bigwindow (a 1000x1000 window redrawn every 50 ms; both switch
between 1000x1000 and 499x200, so that each change is a new frame whatever the server's largest size), keys30 (20 clients
pressing keys at 30 a second), flat (one client sending keys flat out), term (session after
session with a 200 KB TERM). --check exits non-zero if the server grew more than 64 MiB under an
attack, or still held more than that after the attacker left (beyond what attack "none", run
first, grew and kept: the ordinary player's own finished games), or (--rounds) if the last round
left the server more than 8 MiB above the first. "After" is read once the attacker's sessions
have ended, their apps are closed and the server has given back what they used
(parlour/fronts/serve/memory.py); part of the peak stays in Python's allocator, reused by later sessions
(docs/serve.md, "Memory after a session"). Before the baseline one session comes and goes (what
a server's first session loads once is not counted as the attack's).

--capacity N,...: N players, each at a Garfield table with a bot, each making a move every 2 s
(at random offsets); key-to-screen as above. Reports median and p95 per N; with --until-ms 50,
stops at the first N past 50 ms and says the capacity (the last N within). By default the
server is one process without a broker (tools/ssh_bench.py --serve). --workers N (N >= 1) runs
`parlour serve --broker … --workers N` as it runs (its supervisor forking N workers that share
the port; tools/ssh_bench.py serve_workers) against a real Redis (Debian's redis-server on a free
loopback port, as tests/ssh/broker.py starts it), one of each for each N; each worker answers
the bench's requests about its own players on a socket of its own, so the players are driven
and timed the same way as with one process. Its report adds how many players each worker got
and the broker's CPU per move. Everything it started is stopped on every path (refused by a
checkout without a broker).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib.util
import json
import os
import random
import signal
import socket
import statistics
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import ModuleType
from typing import Any

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
import ssh_bench  # noqa: E402  (sets up the path of the code measured, --code included)
from ssh_bench import ROOT, Server, quantile  # noqa: E402


def _own_compat() -> ModuleType:
    """This checkout's parlour/compat/asyncssh.py (the attackers' side reaches into asyncssh's
    private transport through it), loaded by its path: --code may put an older checkout first."""
    spec = importlib.util.spec_from_file_location("tools_compat_asyncssh", TOOLS.parent / "parlour/compat/asyncssh.py")
    assert spec and spec.loader  # a .py file's path
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


transport_of = _own_compat().transport_of

ATTACKS = ("none", "paste", "resize", "noread", "bigwindow", "keys30", "flat", "term")
MiB = 1024 * 1024
# The sizes the big-window attacks switch between: a whole new frame each time, at the largest
# size a server draws (1000x1000 before issue 27; 500x200 since, where 499x200 still differs).
BIG = ((1000, 1000), (499, 200))


def memory(pid: int) -> tuple[int, int]:
    """(RSS, PSS) of a process, in bytes."""
    return (
        ssh_bench._proc_kb(f"/proc/{pid}/status", "VmRSS:") * 1024,
        ssh_bench._proc_kb(f"/proc/{pid}/smaps_rollup", "Pss:") * 1024,
    )


def log_bytes(folder: Path) -> int:
    return sum(p.stat().st_size for p in (folder / "data").glob("serve.log*"))


# ---- the attacker process ---------------------------------------------------------------------


async def attacker(name: str, port: int, seconds: float) -> None:
    import asyncssh

    deadline = time.monotonic() + seconds

    async def session(
        user: str, size: tuple[int, int] = (100, 32), term: str = "xterm-256color", **options: Any
    ) -> tuple[asyncssh.SSHClientConnection, asyncssh.SSHClientProcess[bytes]]:
        conn = await asyncssh.connect(
            "127.0.0.1", port, username=user, known_hosts=None, client_keys=None, agent_path=None, **options
        )
        process = await conn.create_process(term_type=term, term_size=size, encoding=None)
        return conn, process

    async def drain_output(process: asyncssh.SSHClientProcess[bytes]) -> None:
        try:
            while await process.stdout.read(65536):
                pass
        except (asyncssh.Error, ConnectionError):
            pass

    async def lobby(process: asyncssh.SSHClientProcess[bytes]) -> bytes:  # until the first frame is there
        seen = b""
        while b"the tables" not in seen:
            chunk = await process.stdout.read(65536)
            if not chunk:
                raise SystemExit("the attacker was disconnected before its lobby")
            seen += chunk
        return seen

    cut = False

    def ready() -> None:  # the attack is under way (its clients connected): the measuring starts
        print("ready", flush=True)

    try:
        if name == "none":  # the ordinary player alone, for as long: what its own play costs
            ready()
            await asyncio.sleep(seconds)
            return
        if name == "term":
            ready()
            sessions = 0
            while time.monotonic() < deadline:
                try:
                    conn, process = await session(f"t{sessions}", term="x" * 200_000)
                    await process.wait_closed()
                    conn.close()
                except (asyncssh.Error, OSError):
                    pass
                sessions += 1
            print(f"sessions: {sessions}")
            return
        if name == "keys30":
            clients = [await session(f"k{i}") for i in range(20)]
            for _, process in clients:
                await lobby(process)
                process.stdin.write(b"n")  # the new-table dialog: each g below changes its game (a redraw)
            for _, process in clients:
                seen = b""
                while b"A new table" not in seen:
                    seen += await process.stdout.read(65536)
                asyncio.ensure_future(drain_output(process))
            ready()

            async def presser(process: asyncssh.SSHClientProcess[bytes]) -> None:
                await asyncio.sleep(random.random() / 30)
                while time.monotonic() < deadline:
                    process.stdin.write(b"g")
                    await asyncio.sleep(1 / 30)

            await asyncio.gather(*(presser(p) for _, p in clients))
            return
        if name == "noread":
            sock = socket.socket()
            sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
            sock.connect(("127.0.0.1", port))
            conn, process = await session("eve", size=(1000, 1000), sock=sock, window=2**31)
            await lobby(process)
            transport_of(conn).pause_reading()  # nothing more is read (asyncssh has no public pause)
            ready()
            i = 0
            while time.monotonic() < deadline and not conn.is_closed():
                process.change_terminal_size(*BIG[i % 2])
                i += 1
                await asyncio.sleep(0.1)
            cut = conn.is_closed()
            return
        conn, process = await session("eve", size=(1000, 1000) if name == "bigwindow" else (100, 32))
        await lobby(process)
        reading = asyncio.ensure_future(drain_output(process))
        ready()
        if name == "paste":
            process.stdin.write(b"\x1b[200~")
            chunk = ("ж" * 8192).encode()
            while time.monotonic() < deadline and not reading.done():
                process.stdin.write(chunk)
                await process.stdin.drain()
        elif name == "resize":
            i = 0
            while time.monotonic() < deadline and not reading.done() and not conn.is_closed():
                process.change_terminal_size(80 + i % 7, 30)
                i += 1
                if i % 200 == 0:
                    await asyncio.sleep(0)  # let the transport send
                    transport = transport_of(conn)  # (None once the server has cut it)
                    if transport is None:
                        break
                    if transport.get_write_buffer_size() > 4 * MiB:  # (not the client's own memory)
                        await asyncio.sleep(0.01)
        elif name == "bigwindow":
            i = 0
            while time.monotonic() < deadline and not reading.done():
                process.change_terminal_size(*BIG[i % 2])
                i += 1
                await asyncio.sleep(0.05)
        elif name == "flat":
            process.stdin.write(b"n")
            chunk = b"g" * 4096
            while time.monotonic() < deadline and not reading.done():
                process.stdin.write(chunk)
                await process.stdin.drain()
        cut = reading.done() or conn.is_closed() or transport_of(conn) is None
        conn.close()
    finally:
        print(f"cut by the server: {'yes' if cut else 'no'}")


# ---- the bench --------------------------------------------------------------------------------


async def ordinary_player(srv: Server, term: Any, stop: asyncio.Event, delays: list[float]) -> None:
    """p0 makes a move every 0.2 s (a new table when its game ends)."""
    while not stop.is_set():
        turn = await srv.ask("turn", name="p0")
        if turn["key"] is None:
            await srv.ask("seat", name="p0")  # the game ended: a new one
            continue
        start = time.perf_counter()
        term.press(turn["key"])
        await srv.ask("shown", name="p0", count=turn["count"])
        delays.append(time.perf_counter() - start)
        try:
            await asyncio.wait_for(stop.wait(), 0.2)
        except TimeoutError:
            pass


async def one_attack(
    name: str, seconds: float, code: Path | None, folder: Path, rounds: int = 1, player: bool = True
) -> dict:
    """`name` run `rounds` times, one after the other, against one server; after each, the RSS
    once the attacker's sessions have ended, their apps closed and the server gave their memory
    back (ssh_bench's "settle"; a server without parlour/fronts/serve/memory.py only closes the apps).
    Without `player` nobody else is connected (memory only: no ordinary player's games)."""
    from tests.ssh.harness import Terminal, connect

    class Client(Terminal):
        def feed(self, data: bytes) -> None:  # bytes only: no terminal emulator in this process
            self._poke()

        async def lobby(self) -> None:
            while b"the tables" not in self.raw:
                await asyncio.wait_for(self._changed.wait(), 60)

    srv = Server()
    await srv.start(40, code)
    hub = type("Hub", (), {"port": srv.port})()
    me = None
    if player:
        me = await connect(hub, "p0", terminal=Client)
        assert isinstance(me, Client)
        await me.lobby()
        await srv.ask("members", n=1)
        await srv.ask("seat", name="p0")
    pid = srv.process.pid
    # One session comes and goes first, as on a server that has served before: the first session
    # loads what every later one shares (code imported, the crypto library's pages, a game's rules
    # when the new-table dialog shows it), which would otherwise count as the attack's.
    warm = await connect(hub, "warm", terminal=Client)
    assert isinstance(warm, Client)
    await warm.lobby()
    warm.press("n")
    while b"A new table" not in warm.raw:
        await asyncio.wait_for(warm._changed.wait(), 60)
    for _ in range(3):  # each game in turn (a new frame each)
        seen = len(warm.raw)
        warm.press("g")
        while len(warm.raw) == seen:
            await asyncio.wait_for(warm._changed.wait(), 60)
    await warm.close()
    await asyncio.sleep(2)  # the server settles
    await srv.ask("settle", n=int(player))
    rss0, pss0 = memory(pid)
    log0 = log_bytes(folder)
    quiet: list[float] = []
    if player:
        stop = asyncio.Event()
        alone = asyncio.ensure_future(ordinary_player(srv, me, stop, quiet))
        await asyncio.sleep(3)  # a few moves without the attack
        stop.set()
        await alone
    delays: list[float] = []
    peaks, afters, said, cpu, passes = [], [], [], 0.0, {}
    for _ in range(rounds):
        stop = asyncio.Event()
        attack = await asyncio.create_subprocess_exec(
            sys.executable,
            __file__,
            "--attacker",
            name,
            "--port",
            str(srv.port),
            "--seconds",
            str(seconds),
            *(["--code", str(code)] if code else []),
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        assert attack.stdout  # piped
        await asyncio.wait_for(attack.stdout.readline(), 120)  # "ready": its clients are connected
        moving = asyncio.ensure_future(ordinary_player(srv, me, stop, delays)) if player else None
        cpu0, began = ssh_bench.cpu_seconds(pid), time.monotonic()
        peak_rss, peak_pss = rss0, pss0
        while attack.returncode is None:
            rss, pss = memory(pid)
            peak_rss, peak_pss = max(peak_rss, rss), max(peak_pss, pss)
            try:
                await asyncio.wait_for(attack.wait(), 0.5)
            except TimeoutError:
                pass
        said.append((await attack.stdout.read()).decode().strip())
        cpu = max(cpu, (ssh_bench.cpu_seconds(pid) - cpu0) / (time.monotonic() - began))
        stop.set()
        if moving is not None:
            await moving
        # its sessions end, their apps close and the server gives back what they used
        passes = await asyncio.wait_for(srv.ask("settle", n=int(player)), 120)
        peaks.append((peak_rss, peak_pss))
        afters.append(memory(pid))
    log1 = log_bytes(folder)
    if me is not None:
        await me.close()
    await srv.stop()
    return dict(
        attack=name,
        quiet=quiet,
        delays=delays,
        rss0=rss0,
        peak_rss=max(p[0] for p in peaks),
        rss1=afters[-1][0],
        pss0=pss0,
        peak_pss=max(p[1] for p in peaks),
        pss1=afters[-1][1],
        rounds=[dict(peak=p[0], after=a[0]) for p, a in zip(peaks, afters, strict=True)],
        giveback=passes,
        log=log1 - log0,
        said="; ".join(dict.fromkeys(said)),
        seconds=seconds * rounds,
        cpu=cpu,
        load=Path("/proc/loadavg").read_text().split()[0],
    )


def report(r: dict) -> str:
    def ms(values: list[float]) -> str:
        if not values:
            return "no moves"
        return f"{statistics.median(values) * 1000:.0f}/{quantile(values, 0.95) * 1000:.0f} ms ({len(values)})"

    return (
        f"{r['attack']:9} others' key-to-screen median/p95: quiet {ms(r['quiet'])}, attacked {ms(r['delays'])}; "
        f"RSS {r['rss0'] / MiB:.0f} -> peak {r['peak_rss'] / MiB:.0f} (+{(r['peak_rss'] - r['rss0']) / MiB:.0f}) "
        f"-> after {r['rss1'] / MiB:.0f} MiB; PSS peak {(r['peak_pss'] - r['pss0']) / MiB:+.0f} MiB, after "
        f"{(r['pss1'] - r['pss0']) / MiB:+.0f}; log +{r['log'] / 1024:.0f} KB "
        f"({r['log'] / r['seconds'] / 1024:.1f} KB/s); server CPU {r['cpu'] * 100:.0f}% of a core; "
        f"load {r['load']}; {r['said'].replace(chr(10), '; ')}"
        + (
            "; rounds (peak -> after, MiB): "
            + ", ".join(f"{x['peak'] / MiB:.0f} -> {x['after'] / MiB:.0f}" for x in r["rounds"])
            if len(r["rounds"]) > 1
            else ""
        )
        + (
            f"; give-back passes {r['giveback']['passes']} (full collections {r['giveback'].get('collected', '?')} of "
            f"{r['giveback'].get('full', '?')} in the server), the last {r['giveback']['ms']:.0f} ms "
            f"(malloc_trim {r['giveback']['trim_ms']:.0f})"
            if r["giveback"].get("passes")
            else ""
        )
    )


class Asker:
    """Requests to one server process answered in any order (each carries an id), on its request
    line: the stdout and stdin of `srv` (tools/ssh_bench.py --serve), or `line`, a worker's socket
    (ssh_bench.serve_workers)."""

    def __init__(
        self, srv: Server | None = None, line: tuple[asyncio.StreamReader, asyncio.StreamWriter] | None = None
    ):
        if line is None:
            assert srv and srv.process.stdout and srv.process.stdin  # its piped request line
            line = srv.process.stdout, srv.process.stdin
        reader, writer = line
        self.writer, self.next = writer, 0
        self.waiting: dict[int, asyncio.Future[dict]] = {}
        self.reader = asyncio.ensure_future(self._read(reader))

    async def _read(self, reader: asyncio.StreamReader) -> None:
        while line := await reader.readline():
            answer = json.loads(line)
            self.waiting.pop(answer["id"]).set_result(answer)
        for waiting in self.waiting.values():  # its process ended (a worker killed): no answer will come
            waiting.set_exception(SystemExit("a server process ended before it answered (its log: serve.stderr)"))

    async def ask(self, do: str, **values: Any) -> dict:
        if self.reader.done():
            raise SystemExit("a server process ended before it answered (its log: serve.stderr)")
        self.next += 1
        done = self.waiting[self.next] = asyncio.get_running_loop().create_future()
        self.writer.write((json.dumps({"do": do, "id": self.next, **values}) + "\n").encode())
        return await done

    def close(self) -> None:
        self.reader.cancel()
        self.writer.close()


class Workers:
    """The servers' request lines, one per worker (one for the server in its own process): a
    request about a player goes to the worker that holds them, one about no one to every worker."""

    def __init__(self, askers: list[Asker]):
        self.askers = askers
        self.holder: dict[str, Asker] = {}

    @classmethod
    async def of(cls, srv: Server, workers: int | None) -> Workers:
        """Without `workers` the server process itself answers; with it, each of its workers
        (a socket of its own in the folder the server named, ssh_bench.serve_workers)."""
        if workers is None:
            return cls([Asker(srv)])
        folder, deadline = Path(srv.started["controls"]), time.monotonic() + 120
        while len(sockets := sorted(folder.glob("bench-*.sock"))) < workers:
            if time.monotonic() > deadline or srv.process.returncode is not None:
                said = (folder / "serve.stderr").read_text(errors="replace")[-2000:]
                raise SystemExit(f"the server's {workers} workers did not start; it said:\n{said}")
            await asyncio.sleep(0.05)
        return cls([Asker(line=await asyncio.open_unix_connection(str(path))) for path in sockets])

    async def ask(self, do: str, **values: Any) -> Any:
        """The answer about the named player (a dict), or without a name every worker's (a list)."""
        if "name" not in values:
            return await asyncio.gather(*(asker.ask(do, **values) for asker in self.askers))
        name = values["name"]
        if name not in self.holder:
            has = await asyncio.gather(*(asker.ask("has", name=name) for asker in self.askers))
            self.holder[name] = next(a for a, h in zip(self.askers, has, strict=True) if h["has"])
        return await self.holder[name].ask(do, **values)

    async def seat_all(self, n: int) -> list[int]:
        """Once the `n` players are in (in any worker), each at a table with a bot; how many each worker holds."""
        deadline = time.monotonic() + 300
        while sum(counts := [c["n"] for c in await self.ask("count")]) < n:
            if time.monotonic() > deadline:
                raise SystemExit(f"only {sum(counts)} of {n} players reached the lobby")
            await asyncio.sleep(0.1)
        await self.ask("seat")
        return counts

    def close(self) -> None:
        for asker in self.askers:
            asker.close()


PACE = 2.0  # seconds between a realistic player's moves


async def paced_player(
    asker: Asker | Workers, name: str, term: Any, deadline: float, delays: list, moves: list | None = None
) -> None:
    """A player at a Garfield table with a bot, making a move every PACE seconds (from a random
    offset) until `deadline` (the monotonic clock): each key-to-screen goes to `delays`, and with
    `moves` also (when the key was pressed, by the monotonic clock; key-to-screen)."""
    await asyncio.sleep(random.random() * PACE)
    while time.monotonic() < deadline:
        began = time.perf_counter()
        turn = await asker.ask("turn", name=name)
        if turn["key"] is None:
            await asker.ask("seat", name=name)
            continue
        start, pressed = time.perf_counter(), time.monotonic()
        term.press(turn["key"])
        await asker.ask("shown", name=name, count=turn["count"])
        delays.append(time.perf_counter() - start)
        if moves is not None:
            moves.append((pressed, delays[-1]))
        await asyncio.sleep(max(0.0, PACE - (time.perf_counter() - began)))


def descendants(pid: int) -> list[int]:
    """The processes under a process (the workers of `parlour serve`)."""
    try:
        children = [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []
    return [grand for child in children for grand in (child, *descendants(child))]


def family_cpu(pid: int) -> float:
    """CPU seconds of a process and every process under it."""
    return sum(ssh_bench.cpu_seconds(p) for p in (pid, *descendants(pid)))


def broker_cpu(url: str | None) -> float:
    """The broker's (Redis's) CPU seconds so far, as it reports them; 0 without one."""
    if url is None:
        return 0.0
    import redis

    with redis.Redis.from_url(url) as client:
        info = client.info("cpu")
    return float(info["used_cpu_sys"]) + float(info["used_cpu_user"])


async def capacity(
    counts: list[int], code: Path | None, seconds: float, workers: int | None = None, until_ms: float = 0
) -> None:
    """Each N of `counts` in turn (a server each; with `workers`, `parlour serve --broker …
    --workers N` with a Redis server of its own); with `until_ms`, stop at the first N whose p95
    passes it and say the last N that stayed within it (the capacity)."""
    from tests.ssh.broker import redis_server
    from tests.ssh.harness import Terminal, connect

    class Client(Terminal):
        def feed(self, data: bytes) -> None:
            self._poke()

        async def lobby(self) -> None:
            while b"the tables" not in self.raw:
                await asyncio.wait_for(self._changed.wait(), 120)

    within, how = 0, "1 worker (the server in one process, no broker)" if workers is None else f"{workers} worker(s)"
    for n in counts:
        with contextlib.ExitStack() as stack:
            broker = None
            if workers is not None:
                broker = stack.enter_context(redis_server(Path(os.environ["PARLOUR_DATA_DIR"]) / f"redis-{n}"))
            delays, cpu, clients, per_move = await one_capacity(n, code, seconds, workers, broker, Client, connect)
        print(
            f"capacity: {n} players at tables with a bot, a move every 2 s for {seconds:.0f} s, {how}: key to screen "
            f"median {statistics.median(delays) * 1000:.0f} ms, p95 {quantile(delays, 0.95) * 1000:.0f} ms "
            f"({len(delays)} moves); server CPU {cpu * 100:.0f}% of a core, the clients' {clients * 100:.0f}%"
            + (f"; the broker's CPU {per_move * 1000:.1f} ms a move (its heartbeats too)" if broker else "")
            + f"; load average {Path('/proc/loadavg').read_text().split()[0]}",
            flush=True,
        )
        if until_ms and quantile(delays, 0.95) * 1000 > until_ms:
            break
        within = n
    if until_ms:
        print(
            f"capacity with {how}: {within} players at that pace with an ordinary player's p95 within "
            f"{until_ms:g} ms (the next step, {n}, passed it)"
            if within != n
            else f"capacity with {how}: over {n} players",
            flush=True,
        )


async def one_capacity(
    n: int,
    code: Path | None,
    seconds: float,
    workers: int | None,
    broker: str | None,
    Client: type[Any],
    connect: Callable[..., Awaitable[Any]],
) -> tuple[list[float], float, float, float]:
    """One server with `n` paced players for `seconds`: their key-to-screen times, the server's
    CPU (all its processes, in cores), the clients' (this process's, in cores: on a small machine
    it competes with the server) and the broker's CPU seconds per move. Everything it started
    is stopped on every path (the server's stdin closed: with workers, SIGTERM to them all)."""
    srv = Server()
    extra = [] if workers is None else ["--workers", str(workers), "--broker", str(broker)]
    await srv.start(n, code, extra)
    terms: list = []
    asker = None
    try:
        hub = type("Hub", (), {"port": srv.port})()
        asker = await Workers.of(srv, workers)
        terms = [await connect(hub, f"p{i}", terminal=Client) for i in range(n)]
        for term in terms:
            await term.lobby()
        spread = await asker.seat_all(n)
        if workers is not None:
            print(f"players in each worker: {spread}", flush=True)
        await asyncio.sleep(2)
        delays: list[float] = []
        deadline = time.monotonic() + seconds
        cpu0, broker0, own0 = family_cpu(srv.process.pid), broker_cpu(broker), time.process_time()
        await asyncio.gather(*(paced_player(asker, f"p{i}", t, deadline, delays) for i, t in enumerate(terms)))
        cpu = (family_cpu(srv.process.pid) - cpu0) / seconds
        per_move = (broker_cpu(broker) - broker0) / max(1, len(delays))
        return delays, cpu, (time.process_time() - own0) / seconds, per_move
    finally:
        for term in terms:
            await term.close()
        if asker is not None:
            asker.close()
        assert srv.process.stdin  # piped
        srv.process.stdin.close()
        try:
            await asyncio.wait_for(srv.process.wait(), 30)
        except TimeoutError:  # stuck: its workers killed, then it
            for pid in descendants(srv.process.pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
            srv.process.kill()
            await srv.process.wait()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--attack", action="append", choices=ATTACKS, help="one attack (repeatable; default all)")
    parser.add_argument("--seconds", type=float, default=60)
    parser.add_argument("--capacity", help="comma-separated numbers of players at a realistic pace")
    parser.add_argument(
        "--until-ms", type=float, default=0, help="with --capacity: stop once an ordinary player's p95 passes this"
    )
    parser.add_argument(
        "--workers",
        type=int,
        help="with --capacity: `parlour serve --broker … --workers N` (N >= 1) with a Redis server of its own "
        "(default: the server in one process, no broker)",
    )
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    parser.add_argument("--check", action="store_true", help="exit 1 if an attack grew the server > 64 MiB")
    parser.add_argument("--rounds", type=int, default=1, help="each attack this many times against one server")
    parser.add_argument("--no-player", action="store_true", help="no ordinary player (the server's memory only)")
    parser.add_argument("--json", action="store_true", help="each attack's figures as a JSON line too")
    parser.add_argument("--attacker", help=argparse.SUPPRESS)
    parser.add_argument("--port", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.attacker:
        asyncio.run(attacker(args.attacker, args.port, args.seconds))
        return
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        print(
            f"code: {ROOT}; load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}", flush=True
        )
        if args.capacity:
            if args.workers is not None and args.workers < 1:
                parser.error("--workers: at least 1")
            counts = [int(n) for n in args.capacity.split(",")]
            asyncio.run(capacity(counts, args.code, args.seconds, args.workers, args.until_ms))
            return
        failed = False
        control = dict(grew=0, kept=0)  # what the ordinary player's own games add (attack "none")
        for name in args.attack or ATTACKS:
            result = asyncio.run(
                one_attack(name, args.seconds, args.code, Path(folder), args.rounds, not args.no_player)
            )
            print(report(result), flush=True)
            if args.json:
                print(json.dumps({k: v for k, v in result.items() if k not in ("quiet", "delays")}), flush=True)
            grew, kept = result["peak_rss"] - result["rss0"], result["rss1"] - result["rss0"]
            if name == "none":
                control = dict(grew=grew, kept=kept)
                continue
            failed = failed or grew - control["grew"] > 64 * MiB or kept - control["kept"] > 64 * MiB
            afters = [r["after"] for r in result["rounds"]]
            failed = failed or afters[-1] - afters[0] > 8 * MiB  # a later round reuses what the first took
        print(f"load average after: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        if args.check and failed:
            sys.exit(1)


if __name__ == "__main__":
    main()
