"""A Parlour SSH server in the test's event loop, and SSH clients whose screens are pyte
terminals. Nothing waits on the clock: every wait is for a condition, with a bounded timeout."""

from __future__ import annotations

import asyncio
import contextlib
from pathlib import Path

import asyncssh

from parlour.fronts.serve.server import Hub, Settings, setup_logging
from parlour.services.config import config_dir, data_dir

from ..screen import TIMEOUT, WatchedScreen


@contextlib.asynccontextmanager
async def server(**settings):
    setup_logging(data_dir(), stderr=False)
    hub = Hub(Settings(host="127.0.0.1", port=0, bot_delay=0, **settings))
    await hub.start(config_dir())
    try:
        yield hub
    finally:
        await hub.close()


class Terminal(WatchedScreen):
    """One SSH client with a PTY, its output fed into a pyte screen."""

    def __init__(self, conn, process, width: int, height: int):
        super().__init__(width, height)
        self.conn, self.process = conn, process
        self.raw = bytearray()
        self._reader = asyncio.create_task(self._read())

    async def _read(self) -> None:
        try:
            while True:
                data = await self.process.stdout.read(65536)
                if not data:
                    break
                self.raw.extend(data)
                self.feed(data)
        except (asyncssh.Error, ConnectionError):
            pass
        finally:
            self.close_screen()

    def press(self, *keys: str) -> None:
        for key in keys:
            self.process.stdin.write(KEYS.get(key, key).encode())

    async def close(self) -> None:
        self.conn.close()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self.conn.wait_closed(), TIMEOUT)
        self._reader.cancel()


KEYS = {"enter": "\r", "space": " ", "escape": "\x1b", "down": "\x1b[B", "up": "\x1b[A", "ctrl+q": "\x11"}


async def connect(
    hub: Hub,
    name: str,
    *,
    width: int = 100,
    height: int = 32,
    lang: str = "en_GB.UTF-8",
    terminal: type[Terminal] = Terminal,
    **options,
) -> Terminal:
    options.setdefault("client_keys", None)
    conn = await asyncssh.connect("127.0.0.1", hub.port, username=name, known_hosts=None, agent_path=None, **options)
    process = await conn.create_process(
        term_type="xterm-256color", term_size=(width, height), env={"LANG": lang}, encoding=None
    )
    return terminal(conn, process, width, height)


def member(hub: Hub, name: str):
    return hub.lobby.members.get(name.casefold())


async def until(hub: Hub, predicate, timeout: float = TIMEOUT) -> None:
    try:
        await hub.lobby.wait_until(predicate, timeout)
    except TimeoutError:
        raise AssertionError("timed out waiting for the server") from None


def write(path: Path, text: str) -> Path:
    """A secret file, owner-only (as the server insists for a password file)."""
    path.write_text(text)
    path.chmod(0o600)
    return path
