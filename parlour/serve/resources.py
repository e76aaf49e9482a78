"""What one session makes the server hold (a PTY, a socket pair, a UI process), owned by one
object that releases each exactly once, on every path: a failed start included. Nothing is
read from or written to a descriptor after it is closed (its number may already belong to
another connection), and the UI process is always reaped: hang-up, a grace, then SIGKILL."""

from __future__ import annotations

import asyncio
import os
import pty
import signal
import socket
from typing import Callable

KILL_GRACE = 3.0  # seconds a UI process has to exit after a hang-up before it is killed


class Pty:
    """The server's end (master) of a session's PTY, non-blocking; after `close` every method
    is a no-op, so a late callback cannot touch a reused descriptor number."""

    def __init__(self):
        self.master, self.slave = pty.openpty()
        try:
            os.set_blocking(self.master, False)
        except OSError:
            self.close()
            raise
        self.closed = False
        self._reader = self._writer = False

    def close_slave(self) -> None:
        if self.slave is not None:
            slave, self.slave = self.slave, None
            os.close(slave)

    def write(self, data: bytes) -> int:
        """Bytes written (0 when the PTY is full or closed)."""
        if self.closed:
            return 0
        try:
            return os.write(self.master, data)
        except BlockingIOError:
            return 0

    def read(self, size: int) -> bytes | None:
        """Up to `size` bytes; b"" at the end (or when closed), None when nothing is ready yet."""
        if self.closed:
            return b""
        try:
            return os.read(self.master, size)
        except BlockingIOError:
            return None
        except OSError:  # EIO: the UI process has gone
            return b""

    def on_readable(self, callback: Callable[[], None] | None) -> None:
        self._watch(callback, reading=True)

    def on_writable(self, callback: Callable[[], None] | None) -> None:
        self._watch(callback, reading=False)

    def _watch(self, callback, reading: bool) -> None:
        if self.closed:
            return
        loop = asyncio.get_running_loop()
        if reading:
            loop.remove_reader(self.master) if callback is None else loop.add_reader(self.master, callback)
            self._reader = callback is not None
        else:
            loop.remove_writer(self.master) if callback is None else loop.add_writer(self.master, callback)
            self._writer = callback is not None

    def close(self) -> None:
        if getattr(self, "closed", False):
            return
        self.closed = True
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is not None:
            if getattr(self, "_reader", False):
                loop.remove_reader(self.master)
            if getattr(self, "_writer", False):
                loop.remove_writer(self.master)
        self.close_slave()
        os.close(self.master)


class Session:
    """Everything one session holds. `release()` gives all of it back exactly once; it returns
    the task that reaps the UI process, which the server awaits when it stops."""

    def __init__(self):
        self.pty: Pty | None = None
        self.ui_end: socket.socket | None = None
        self.server_end: socket.socket | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.child: asyncio.subprocess.Process | None = None
        self.released = False

    def open(self) -> None:
        """The PTY and the socket pair; on failure whatever was made is closed again."""
        try:
            self.pty = Pty()
            self.ui_end, self.server_end = socket.socketpair()
        except BaseException:
            self.release()
            raise

    def child_started(self) -> None:
        """The UI process holds its own copies now: close the server's copies of its ends."""
        if self.pty is not None:
            self.pty.close_slave()
        if self.ui_end is not None:
            self.ui_end.close()
            self.ui_end = None

    def release(self) -> asyncio.Task | None:
        if self.released:
            return None
        self.released = True
        if self.writer is not None:
            self.writer.close()  # closes server_end with it
        elif self.server_end is not None:
            self.server_end.close()
        if self.ui_end is not None:
            self.ui_end.close()
        if self.pty is not None:
            self.pty.close()
        if self.child is not None:
            return asyncio.get_running_loop().create_task(reap(self.child))
        return None


def kill_group(pid: int, sig: int) -> None:
    try:
        os.killpg(pid, sig)  # the UI runs in its own session: its whole group
    except (ProcessLookupError, PermissionError):
        pass


async def reap(child: asyncio.subprocess.Process, grace: float | None = None) -> None:
    """Hang up on the UI process, give it `grace` seconds (KILL_GRACE), then kill it; always
    wait for it."""
    grace = KILL_GRACE if grace is None else grace
    if child.returncode is None:
        kill_group(child.pid, signal.SIGHUP)
        try:
            await asyncio.wait_for(asyncio.shield(child.wait()), grace)
        except asyncio.TimeoutError:
            pass
    if child.returncode is None:
        kill_group(child.pid, signal.SIGKILL)
    await child.wait()
