"""`parlour serve --broker URL --workers N`: N worker processes, each a whole server (server.py)
listening on the same SSH and web ports (SO_REUSEPORT: the kernel spreads new connections over
them), sharing one lobby through the broker (federation.py). This process only starts them and
replaces one that ends: its tables reopen from their saves in another worker (their leases lapse).

Without a broker there is one process, as always: workers without a broker would each have a
lobby, names and quotas of their own, so players in two of them could not meet.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .settings import Settings

QUICK = 2.0  # seconds: a worker ending sooner after its start failed to start (a setting, the broker)
WATCH_EVERY = 0.5  # seconds between two looks at the workers
MAX_QUICK = 5  # quick failures in a row before the whole server gives up


def how_many(asked: int | None, broker: str | None) -> int | str:
    """The workers to run: `asked`, else one per core with a broker and 1 without; or why not."""
    if asked is None:
        if not broker:
            return 1
        return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    if asked < 1:
        return "--workers takes 1 or more"
    if asked > 1 and not broker:
        return "--workers needs --broker: workers share the lobby, names and quotas through it"
    return asked


def forget(url: str | None, worker: str) -> None:
    """A worker ended without a word: what it held in the broker is let go now, not when its
    heartbeat lapses (its tables reopen in the other workers at their next beat, and its players
    may log in again at once)."""
    if url is None:
        return
    try:
        import redis

        from .broker import forget_worker

        forget_worker(redis.Redis.from_url(url, decode_responses=True, socket_timeout=5), worker)
    except Exception as error:  # (the broker away: its keys lapse on their own within broker.LEASE)
        print(f"parlour serve: cannot tell the broker that a worker ended: {error}", file=sys.stderr)


class Watch:
    """Finds a hung worker: one whose heartbeat in the broker (broker.py, `worker:ID`) was seen and
    has lapsed: its process is stopped, or its event loop has not run for `broker.HUNG` seconds
    (broker.Heartbeat beats from a thread while the loop is merely busy), or it lost the broker.
    It is killed; then it is replaced like any worker that ends, and its tables reopen elsewhere
    (the kernel lets its saves' locks go with it)."""

    def __init__(self, url: str | None):
        self.url = url
        self.client: Any = None  # a synchronous redis-py client, once asked for
        self.seen: set[str] = set()  # workers whose heartbeat was seen
        self.last = 0.0

    def kill_hung(self, children: dict[int, tuple[int, float, str]]) -> None:
        if self.url is None or time.monotonic() - self.last < 1.0:
            return
        self.last = time.monotonic()
        try:
            from .broker import PREFIX

            if self.client is None:
                import redis

                self.client = redis.Redis.from_url(self.url, decode_responses=True, socket_timeout=2)
            names = [worker for _, _, worker in children.values()]
            beating = self.client.mget([PREFIX + f"worker:{w}" for w in names])
        except Exception:  # the broker is away: no worker is judged by it meanwhile
            return
        for pid, (index, _, worker) in list(children.items()):
            alive = beating[names.index(worker)] is not None
            if alive:
                self.seen.add(worker)
            elif worker in self.seen:
                self.seen.discard(worker)
                print(f"parlour serve: worker {index} (process {pid}) hangs; it is stopped", file=sys.stderr)
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass


def reserve(host: str, port: int) -> socket.socket:
    """A socket bound (not listening) to `host`:`port` with SO_REUSEPORT: port 0 becomes a real
    port the workers then all listen on, and it stays this server's while workers come and go."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEPORT, 1)
    sock.bind((host, port))
    return sock


def supervise(settings: Settings, workers: int, start: Callable[[Settings, int], int]) -> int:
    """Run `workers` processes of `start(settings, index)` (which returns an exit status) until
    SIGINT or SIGTERM, replacing each one that ends; returns the exit status."""
    try:
        held = [reserve(settings.host, settings.port)]
        if settings.web_port is not None:
            held.append(reserve(settings.web_host or settings.host, settings.web_port))
    except OSError as error:
        print(
            f"parlour serve: cannot listen on {settings.host} port {settings.port}: {error.strerror}", file=sys.stderr
        )
        return 1
    ports = {"port": held[0].getsockname()[1], "reuse_port": True}
    if settings.web_port is not None:
        ports["web_port"] = held[1].getsockname()[1]
    settings = replace(settings, **ports)
    print(
        f"Parlour serves on {settings.host} port {settings.port} with {workers} workers and the broker "
        f"{settings.broker}" + (f"; browsers on port {settings.web_port}" if settings.web_port is not None else ""),
        file=sys.stderr,
        flush=True,
    )
    children: dict[int, tuple[int, float, str]] = {}  # pid -> (worker index, started, its name in the broker)
    stopping = False

    def spawn(index: int) -> None:
        worker = secrets.token_hex(6)  # its name in the broker: what to clear there when it ends
        pid = os.fork()
        if pid == 0:  # the worker: the supervisor's signal handling undone, then a whole server
            signal.signal(signal.SIGINT, signal.SIG_DFL)
            signal.signal(signal.SIGTERM, signal.SIG_DFL)
            for sock in held:
                sock.close()
            status = 1
            try:
                status = start(replace(settings, worker_id=worker), index)
            finally:
                os._exit(status)
        children[pid] = (index, time.monotonic(), worker)

    def stop(signum: int, frame: object) -> None:
        nonlocal stopping
        stopping = True
        for pid in children:
            try:
                os.kill(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    for index in range(1, workers + 1):
        spawn(index)
    quick = 0
    status = 0
    watch = Watch(settings.broker)
    while children:
        try:
            pid, code = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:  # none ended: is one hung?
            if not stopping:
                watch.kill_hung(children)
            time.sleep(WATCH_EVERY)
            continue
        if pid not in children:
            continue
        index, started, worker = children.pop(pid)
        if stopping:
            continue
        forget(settings.broker, worker)
        ended = os.waitstatus_to_exitcode(code)
        quick = quick + 1 if time.monotonic() - started < QUICK else 0
        if quick >= MAX_QUICK:
            print(f"parlour serve: worker {index} keeps ending at once (status {ended}); stopping", file=sys.stderr)
            status = 1
            stop(signal.SIGTERM, None)
            continue
        print(
            f"parlour serve: worker {index} (process {pid}) ended (status {ended}); starting another", file=sys.stderr
        )
        spawn(index)
    print("Parlour serve: stopped.", file=sys.stderr)
    return status
