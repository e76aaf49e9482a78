"""Measure `parlour serve` on loopback: memory per connected player, time from connect to the
lobby, key-to-screen latency, and idle CPU.

    .venv/bin/python tools/ssh_bench.py --players 50          # each player at a table with bots
    .venv/bin/python tools/ssh_bench.py --players 200 --idle  # everyone stays in the lobby
    # the same benchmark against another checkout's code (e.g. before a change), run from that
    # checkout (a design that starts `python -m parlour.fronts.serve.ui` finds it through the folder):
    cd /tmp/before && /path/to/.venv/bin/python /path/to/tools/ssh_bench.py --players 50 --code /tmp/before

The server runs in a process of its own (this script with --serve, temporary data and config
folders, a free port on 127.0.0.1), so its memory and CPU are its own; this process connects N
SSH clients (asyncssh) at once with 100x32 terminals (pyte screens) and steers the server
through the server process's stdin (JSON lines). It reports:
- memory: PSS (shared pages split between processes; RSS where the kernel has no PSS) of the
  server process and any UI processes it has (the design before issue 12's "light" part ran one
  per player), in total and divided by N;
- time to lobby: from the start of the SSH connection until the lobby's heading has reached the
  client (its bytes; with --pyte: until it is on the client's pyte screen, which costs this
  process as much CPU per frame as the server spends drawing it), for one client alone, then for
  N-1 at once (median, p95 and worst);
- key to screen (not with --idle): each player sits at a Garfield table with a bot; players
  press their key in turn and the time until their UI reports it has shown the new events;
- the server's CPU for the N-1 connections (until all are in the lobby): a figure that depends
  little on what else the machine runs, unlike the times;
- idle CPU: the CPU time the server (and its UI processes) use over 5 s with nobody pressing a key.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import gc
import json
import os
import signal
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

Inside = Callable[[list[str]], list[str]]  # a command turned into one run elsewhere (a cgroup)

ROOT = Path(__file__).resolve().parent.parent
if "--code" in sys.argv:  # measure another checkout: its code first on the path
    ROOT = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
sys.path.insert(0, str(ROOT))


def memory_kb(pid: int) -> int:
    """PSS (shared pages split between processes) in kB, or RSS when smaps_rollup is missing."""
    return _proc_kb(f"/proc/{pid}/smaps_rollup", "Pss:") or _proc_kb(f"/proc/{pid}/status", "VmRSS:")


def _proc_kb(path: str, label: str) -> int:
    """The kB figure on the line of /proc file `path` that starts with `label` (0 if none)."""
    try:
        for line in Path(path).read_text().splitlines():
            if line.startswith(label):
                return int(line.split()[1])
    except OSError:
        pass
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


# ---- the server process -----------------------------------------------------------------------


EXTRA_SETTINGS: dict = {}  # more server settings (tools/web_door_bench.py: the web door)
LATE = 0.005  # the hold ticker's step, and a lateness worth noting


async def note_holds(holds: Path) -> None:
    """A ticker in the server's loop noting each time the loop came back late (a hold): when, how
    late, and how much CPU the server's thread spent meanwhile (on a busy machine less than the
    lateness, the rest being other processes'), one line each in `holds` (tools/web_big_messages.py,
    tools/ssh_stall.py)."""
    loop = asyncio.get_running_loop()
    collecting = [0.0]

    def collection(phase: str, info: dict) -> None:  # Python's own collections, timed (in the holds' file)
        if phase == "start":
            collecting[0] = time.perf_counter()
        elif info["generation"] == 2:
            with holds.with_suffix(".gc").open("a") as gc_out:
                gc_out.write(f"{time.time():.3f} {(time.perf_counter() - collecting[0]) * 1000:.1f}\n")

    gc.callbacks.append(collection)
    with holds.open("a") as out:
        while True:
            began, cpu = loop.time(), time.thread_time()
            await asyncio.sleep(LATE)
            late, held = loop.time() - began - LATE, time.thread_time() - cpu
            if late > LATE:
                out.write(f"{time.time():.3f} {late * 1000:.1f} {held * 1000:.1f}\n")
                out.flush()


def read_holds(holds: Path) -> list[tuple[float, float, float]]:
    """What `note_holds` wrote: (when, lateness ms, server CPU ms) per hold."""
    if not holds.exists():
        return []
    return [
        (float(t), float(late), float(held))
        for t, late, held in (line.split() for line in holds.read_text().splitlines())
    ]


async def serve(players: int) -> None:
    """Run a server and answer the bench's requests, one JSON line each way (with a hold ticker
    when PARLOUR_BENCH_HOLDS names a file: `note_holds`)."""
    holds = os.environ.get("PARLOUR_BENCH_HOLDS")
    ticking = asyncio.ensure_future(note_holds(Path(holds))) if holds else None
    try:
        await _serve(players)
    finally:
        if ticking is not None:
            ticking.cancel()


def bench_settings(players: int) -> dict:
    """The server's settings for `players` bench clients (room for them all), those this checkout has."""
    from parlour.fronts.serve import tables
    from parlour.fronts.serve.server import Settings

    fields = {f.name for f in dataclasses.fields(Settings)}
    tables.MAX_TABLES = max(tables.MAX_TABLES, players)
    return {
        k: v
        for k, v in {
            "save": False,
            "max_logins_per_address": players,
            "max_logins": players,
            "max_connections": players + 1,
            "login_timeout": 600,
            "session_grace": 600,
            **EXTRA_SETTINGS,
        }.items()
        if k in fields
    }


def _sit(lobby: Any, m: Any, table: Any) -> None:  # any version's lobby, member and table
    """Seat a player at a table (Lobby.seating since issue 30; Lobby._sit in older code)."""
    seating = getattr(lobby, "seating", None)
    (seating.sit if seating is not None else lobby._sit)(m, table)


async def answer(hub: Any, ask: dict) -> dict:
    """A request about one named player, answered once it can be (tools/ssh_session_attacks.py
    --capacity: many players' requests at once): "turn" (the key their screen offers, None when
    it is not their turn), "shown" (their UI has shown the events after "count"), "seat" (at a new
    table with a bot); and, for a worker of `serve_workers`, "count" (its players) and "has"."""
    from tests.ssh.harness import member, until
    from tests.ssh.test_serve import PRESENTER, caught_up

    do = ask["do"]
    if do == "count":
        return dict(n=len(hub.lobby.members))
    if do == "has":
        return dict(has=member(hub, ask["name"]) is not None)
    if do == "turn":
        table = member(hub, ask["name"]).table
        await until(hub, lambda: caught_up(hub, table, ask["name"]), timeout=120)
        if table.table.result() is not None or 0 not in table.table.to_act():
            return dict(key=None)
        options = table.table.legal_actions(0)
        return dict(
            key="space" if PRESENTER.roll_action(options) is not None else "enter", count=len(table.table.events)
        )
    if do == "shown":
        m = member(hub, ask["name"])
        await until(hub, lambda: m.seen >= len(m.table.table.events) > ask["count"], timeout=120)
        return {}
    # "seat": the one named, or every player here
    chosen = [member(hub, ask["name"])] if "name" in ask else list(hub.lobby.members.values())
    for m in chosen:
        _sit(hub.lobby, m, hub.lobby.create("garfield", ["human", "bot:random"]))
    await until(hub, lambda: all(m.seen and m.seen == len(m.table.table.events) for m in chosen), timeout=300)
    return {}


async def _serve(players: int) -> None:
    from tests.ssh.harness import server, until

    settings = bench_settings(players)
    loop = asyncio.get_running_loop()
    reader = asyncio.StreamReader()
    await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)

    def say(**answer: Any) -> None:
        out = sys.__stdout__
        assert out is not None  # the client's pipe
        out.write(json.dumps(answer) + "\n")
        out.flush()

    async def answer_apart(ask: dict) -> None:
        """A request with an "id" is answered in a task of its own, its answer carrying the id."""
        say(id=ask["id"], **await answer(hub, ask))

    def pids(hub: Any) -> list[int]:
        return [os.getpid(), *getattr(hub, "children", ())]

    async with server(**settings) as hub:
        say(port=hub.port, web_port=hub.web.port if getattr(hub, "web", None) else None)
        apart = set()
        while line := await reader.readline():
            ask = json.loads(line)
            do = ask["do"]
            if "id" in ask:
                task = asyncio.ensure_future(answer_apart(ask))
                apart.add(task)
                task.add_done_callback(apart.discard)
            elif do == "members":
                await until(hub, lambda: len(hub.lobby.members) == ask["n"], timeout=300)
                say()
            elif do in ("seat", "turn", "shown"):  # (`answer`) seat: everyone, or the one named
                say(**await answer(hub, ask))
            elif do == "memory":
                kb = {pid: memory_kb(pid) for pid in pids(hub)}
                uis = len(getattr(hub, "children", ())) or len(getattr(hub, "uis", ()))
                say(server=kb[os.getpid()], total=sum(kb.values()), processes=len(kb), uis=uis)
            elif do == "settle":  # n sessions left, every other one's app closed, and what they used
                # given back (the pass due is run at once, not after its spacing: parlour/fronts/serve/memory.py)
                giveback = getattr(hub, "giveback", None)
                while hub.connections != ask["n"] or len(hub.uis) != ask["n"] or hub.closing:
                    await asyncio.sleep(0.05)
                if giveback is not None:
                    giveback.now()
                say(
                    full=gc.get_stats()[2]["collections"],
                    collected=giveback.collections if giveback else 0,
                    passes=giveback.passes if giveback else 0,
                    ms=giveback.last_ms if giveback else 0,
                    trim_ms=giveback.last_trim_ms if giveback else 0,
                )
            elif do == "giveback":  # one pass of parlour/fronts/serve/memory.py now, timed (3 times)
                giveback = getattr(hub, "giveback", None)
                times = []
                if giveback:  # a server without memory.py: no passes
                    for _ in range(3):
                        giveback.run(collect=True)
                        times.append((giveback.last_ms, giveback.last_trim_ms))
                say(ms=times)
            elif do == "cpu":
                say(seconds=sum(cpu_seconds(pid) for pid in pids(hub)))
            elif do == "passes":  # what the give-back passes did so far (as they came: not run now)
                giveback = getattr(hub, "giveback", None)
                say(
                    passes=giveback.passes if giveback else 0,
                    collections=giveback.collections if giveback else 0,
                    ms=giveback.last_ms if giveback else 0,
                    trim_ms=giveback.last_trim_ms if giveback else 0,
                    collect_ms=getattr(giveback, "last_collect_ms", 0),
                    step_ms=getattr(giveback, "last_step_ms", 0),
                    full=gc.get_stats()[2]["collections"],
                )


def serve_workers(players: int, broker: str, workers: int) -> int:
    """`parlour serve --broker … --workers N` as it runs (server.run: the supervisor and the workers
    it forks, sharing one port), each worker also answering `answer`'s requests about its own
    players on a Unix socket (bench-<pid>.sock in a folder said on stdout with the port, with
    serve.stderr, what it and they write there). The end
    of stdin (the bench done or gone) stops it all as SIGTERM stops `parlour serve`."""
    from parlour.fronts.serve import server as served
    from parlour.services.config import data_dir
    from tests.ssh.broker import free_port

    if "broker" not in {f.name for f in dataclasses.fields(served.Settings)}:
        raise SystemExit("this checkout's server has no broker (parlour serve --broker --workers N)")
    settings = served.Settings(
        host="127.0.0.1", port=free_port(), bot_delay=0, broker=broker, **bench_settings(players)
    )
    controls = data_dir() / f"bench-{os.getpid()}"  # (a server's own: no socket of an earlier one)
    controls.mkdir(parents=True)
    with (controls / "serve.stderr").open("wb") as said:  # its log lines, kept from the bench's output
        os.dup2(said.fileno(), 2)
    start = served.Hub.start

    async def start_answering(hub: Any, state_folder: Path) -> None:
        await start(hub, state_folder)

        async def control(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            async def one(ask: dict) -> None:
                writer.write((json.dumps({"id": ask["id"], **await answer(hub, ask)}) + "\n").encode())

            apart = set()
            while line := await reader.readline():
                task = asyncio.ensure_future(one(json.loads(line)))
                apart.add(task)
                task.add_done_callback(apart.discard)

        path = controls / f"bench-{os.getpid()}.sock"
        hub.bench_control = await asyncio.start_unix_server(control, path=str(path))

    served.Hub.start = start_answering  # type: ignore[method-assign, assignment]  # (in this process and the workers it forks only)

    def until_stdin_ends() -> None:
        while os.read(0, 4096):  # (os.read: no lock of sys.stdin's held across the fork)
            pass
        os.kill(os.getpid(), signal.SIGTERM)

    threading.Thread(target=until_stdin_ends, daemon=True).start()
    out = sys.__stdout__
    assert out is not None  # the client's pipe
    out.write(json.dumps(dict(port=settings.port, controls=str(controls))) + "\n")
    out.flush()
    return served.run(settings, workers)


# ---- the clients ------------------------------------------------------------------------------


class Server:
    """The server process and its request line."""

    script = __file__  # the script whose --serve runs it (tools/web_big_messages.py: its own)

    async def start(
        self, players: int, code: Path | None, extra: list[str] | None = None, inside: Inside | None = None
    ) -> None:
        """`inside`, if given, turns the server's command into one run elsewhere (tools/small_machine.py:
        in a cgroup)."""
        args = [sys.executable, self.script, "--serve", "--players", str(players), *(extra or [])]
        if code:
            args += ["--code", str(code)]
        if inside:
            args = inside(args)
        self.process = await asyncio.create_subprocess_exec(
            *args,
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env={**os.environ, "PYTHONPATH": str(ROOT)},
        )
        self.started = await self._answer()
        self.port, self.web_port = self.started["port"], self.started.get("web_port")

    async def _answer(self) -> dict:
        assert self.process.stdout  # piped
        line = await asyncio.wait_for(self.process.stdout.readline(), 600)
        if not line:
            raise SystemExit("the server process ended")
        return json.loads(line)

    async def ask(self, do: str, **values: Any) -> dict:
        assert self.process.stdin  # piped
        self.process.stdin.write((json.dumps({"do": do, **values}) + "\n").encode())
        return await self._answer()

    async def stop(self) -> None:
        assert self.process.stdin  # piped
        self.process.stdin.close()
        await self.process.wait()


async def crowd(
    srv: Server, one: Callable[[int], Awaitable[Any]], players: int, times: list[float]
) -> tuple[list, float, float]:
    """The first client alone, then all the others at once (`one(i)` connects client i and
    appends its time to the lobby to `times`): the clients, the first one's time, and the
    server's CPU seconds for the others' connections (tools/web_door_bench.py too)."""
    solo = await one(0)
    alone = times.pop()
    await srv.ask("members", n=1)
    await asyncio.sleep(1)  # the first player's app settles
    cpu = (await srv.ask("cpu"))["seconds"]
    clients = [solo, *await asyncio.gather(*(one(i) for i in range(1, players)))]
    await srv.ask("members", n=players)
    return clients, alone, (await srv.ask("cpu"))["seconds"] - cpu


async def key_to_screen(srv: Server, press: Callable[[int, str], Awaitable[Any]], players: int) -> None:
    """Up to 40 players each press the key their table waits for (`await press(i, key)`); the time
    from the key to the server's word that the player's UI showed the move (web_door_bench too),
    and the server's CPU for it all (the move, the bot's answer a moment later, every redraw)."""
    delays = []
    cpu = (await srv.ask("cpu"))["seconds"]
    for i in range(min(players, 40)):
        turn = await srv.ask("turn", name=f"p{i}")
        if turn["key"] is None:
            continue
        start = time.perf_counter()
        await press(i, turn["key"])
        await srv.ask("shown", name=f"p{i}", count=turn["count"])
        delays.append(time.perf_counter() - start)
    if delays:
        print(
            f"key to screen ({len(delays)} presses, {players} connected): median "
            f"{statistics.median(delays) * 1000:.0f} ms, p95 {quantile(delays, 0.95) * 1000:.0f} ms"
        )
        await asyncio.sleep(2)  # the bots' answers (the bot delay) and their redraws
        used = (await srv.ask("cpu"))["seconds"] - cpu
        print(
            f"server CPU for those presses and the bots' answers: {used:.2f} s ({used / len(delays) * 1000:.0f} ms a press)"
        )


async def bench(players: int, idle: bool, code: Path | None, raw: bool, inside: Inside | None = None) -> None:
    from tests.ssh.harness import Terminal, connect

    class Client(Terminal):
        """A bench client: what it receives is kept as bytes, not run through a terminal
        emulator (pyte spends ~30 ms of this process's CPU on each lobby frame, as much as the
        server spends making it: on one 2-core machine the emulators would be measured, not the
        server). The lobby is there when its heading's bytes have arrived."""

        def feed(self, data: bytes) -> None:
            self._poke()

        async def wait_for_bytes(self, wanted: bytes) -> None:
            while wanted not in self.raw:
                if self.closed:
                    raise SystemExit(f"a client was disconnected: {bytes(self.raw[-300:])!r}")
                await self._changed.wait()

    print(f"code: {ROOT}; load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    srv = Server()
    await srv.start(players, code, inside=inside)
    hub = type("Hub", (), {"port": srv.port})()  # what tests.ssh.harness.connect needs
    times = []

    async def one(i: int) -> Terminal:
        start = time.perf_counter()
        term = await connect(hub, f"p{i}", terminal=Client if raw else Terminal)
        if raw:
            assert isinstance(term, Client)
            await asyncio.wait_for(term.wait_for_bytes(b"the tables"), 600)
        else:
            await term.wait_for("the tables", timeout=600)
        times.append(time.perf_counter() - start)
        return term

    terms, alone, burst = await crowd(srv, one, players, times)
    print(f"players connected: {players}{' (idle, in the lobby)' if idle else ''}")
    print(
        f"time to lobby: one client {alone:.2f} s; {players - 1} at once: median {statistics.median(times):.2f} s, "
        f"p95 {quantile(times, 0.95):.2f} s, worst {max(times):.2f} s"
    )
    print(
        f"server CPU for the {players - 1} connections, to their lobbies: {burst:.2f} s "
        f"({burst / (players - 1) * 1000:.0f} ms each; it bounds the times above on one core)"
    )
    if not idle:
        await srv.ask("seat")
    await asyncio.sleep(2)  # let the server settle before memory and CPU are read
    memory = await srv.ask("memory")
    print(
        f"memory: {memory['total'] / 1024:.0f} MiB PSS in all (server process {memory['server'] / 1024:.0f} MiB, "
        f"{memory['processes'] - 1} UI processes, {memory['uis']} UIs) = "
        f"{memory['total'] / players / 1024:.1f} MiB per player"
    )
    passes = (await srv.ask("giveback"))["ms"]
    if passes:  # what the server does after sessions end (at most every 10 s): every player waits it out
        print(
            f"a give-back pass with {players} connected (all, of which malloc_trim): "
            + ", ".join(f"{ms:.0f} ({trim:.0f})" for ms, trim in passes)
            + " ms"
        )
    before = (await srv.ask("cpu"))["seconds"]
    await asyncio.sleep(5)
    used = (await srv.ask("cpu"))["seconds"] - before
    print(f"idle CPU: {used / 5 * 100:.1f}% of one core (the server and its UIs, 5 s with no key pressed)")

    if not idle:

        async def press(i: int, key: str) -> None:
            terms[i].press(key)

        await key_to_screen(srv, press, players)
    for term in terms:
        await term.close()
    await srv.stop()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=10)
    parser.add_argument("--idle", action="store_true", help="everyone stays in the lobby")
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    parser.add_argument(
        "--pyte",
        action="store_true",
        help="clients run a terminal emulator (pyte) and wait for the heading on its screen",
    )
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the server process
    parser.add_argument("--web", action="store_true", help=argparse.SUPPRESS)  # ... with the web door
    parser.add_argument("--workers", type=int, default=1, help=argparse.SUPPRESS)  # ... with N workers
    parser.add_argument("--broker", help=argparse.SUPPRESS)  # ... as `parlour serve --broker` runs them
    args = parser.parse_args()
    players = max(2, args.players)
    if args.serve:
        try:  # room for every player on the one open credential (older code has no quotas)
            from parlour.fronts.serve.quotas import parse

            EXTRA_SETTINGS["quotas"] = parse(
                [
                    f"shared.connections={players + 1}",
                    f"shared.tables={players}",
                    f"shared.tables_per_hour={4 * players}",
                ]
            )
        except ImportError:
            pass
        if args.web:  # the web door
            EXTRA_SETTINGS.update(web_port=0)
        if args.broker:  # the worker processes of `parlour serve` (issue 41; refused by older code)
            sys.exit(serve_workers(players, args.broker, args.workers))
        asyncio.run(serve(players))
        return
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        asyncio.run(asyncio.wait_for(bench(players, args.idle, args.code, not args.pyte), 1800))


if __name__ == "__main__":
    main()
