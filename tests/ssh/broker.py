"""A real Redis server for the tests of many workers (parlour/fronts/serve/broker.py): Debian's
redis-server on a free loopback port, its files in a temp folder, stopped after the test."""

from __future__ import annotations

import contextlib
import importlib.util
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

REDIS = "/usr/bin/redis-server"


def redis_missing() -> str | None:
    """Why the broker tests cannot run here, or None."""
    if shutil.which("redis-server") is None and not Path(REDIS).exists():
        return "redis-server is not installed (Debian: apt-get install redis-server)"
    if importlib.util.find_spec("redis") is None:
        return "the redis client is not installed (pip install -e '.[test]')"
    return None


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@contextlib.contextmanager
def redis_server(folder: Path) -> Iterator[str]:
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    binary = shutil.which("redis-server") or REDIS
    args = [
        binary,
        "--port",
        str(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        str(folder),
        "--save",
        "",
        "--appendonly",
        "no",
    ]
    proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:  # until it answers (a connection refused is retried; never a fixed sleep)
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=1) as sock:
                    sock.sendall(b"PING\r\n")
                    if sock.recv(16).startswith(b"+PONG"):
                        break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"redis-server did not start on port {port}") from None
                time.sleep(0.02)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()
