"""A real OpenSSH client (/usr/bin/ssh) in a pseudo-terminal, and the modes its terminal is left
in: what the server wrote to it, read as a terminal reads it. Its output also feeds a pyte
screen, to wait for what it shows. Nothing waits on the clock: every wait is for a condition."""

from __future__ import annotations

import asyncio
import fcntl
import os
import re
import shutil
import struct
import termios

import pytest

from ..screen import TIMEOUT, WatchedScreen

SSH = shutil.which("ssh")
needs_openssh = pytest.mark.skipif(SSH is None, reason="needs OpenSSH's ssh client")

# A control sequence: CSI, an optional private marker, parameters, intermediates, final byte.
CSI = re.compile(rb"\x1b\[([?<>=]?)([0-9;:]*)([ -/]*)([@-~])")
MOUSE = {9, 1000, 1001, 1002, 1003, 1005, 1006, 1015, 1016}


def terminal_modes(raw: bytes) -> dict:
    """The modes a terminal that was in its defaults is left in after `raw`: only what differs
    from the defaults is reported, so a terminal given back as it was gives {}."""
    on: dict[int, bool] = {}
    kitty = 0  # entries pushed on the kitty keyboard's stack
    colours = False  # the last SGR left colours or attributes set
    for marker, params, inter, final in CSI.findall(raw):
        numbers = [int(p) for p in re.split(rb"[;:]", params) if p] or [0]
        if marker == b"?" and final in b"hl" and not inter:
            for n in numbers:
                on[n] = final == b"h"
        elif marker == b">" and final == b"u":
            kitty += 1
        elif marker == b"<" and final == b"u":
            kitty = max(0, kitty - (numbers[0] or 1))
        elif marker == b"" and final == b"m" and not inter:
            colours = numbers != [0]
    changed = {}
    if on.get(1049) or on.get(47) or on.get(1047):
        changed["alternate screen"] = True
    if on.get(25) is False:
        changed["cursor hidden"] = True
    if on.get(7) is False:
        changed["no line wrap"] = True
    if on.get(1004):
        changed["focus reports"] = True
    if on.get(2004):
        changed["bracketed paste"] = True
    if any(on.get(n) for n in MOUSE):
        changed["mouse reports"] = True
    if kitty:
        changed["kitty keyboard entries"] = kitty
    if colours:
        changed["colours set"] = True
    return changed


class OpenSSH(WatchedScreen):
    """`ssh -tt NAME@127.0.0.1 -p PORT` in a pty of `width`x`height`; `raw` is all it wrote to
    its terminal, `ended` is set when it has exited and its output is read."""

    def __init__(self, width: int = 100, height: int = 32):
        super().__init__(width, height)
        self.raw = bytearray()
        self.ended = asyncio.Event()

    async def start(self, port: int, name: str, key_file=None) -> OpenSSH:
        master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", self.screen.lines, self.screen.columns, 0, 0))
        args = [
            SSH,
            "-tt",
            "-F",
            "/dev/null",
            "-p",
            str(port),
            "-o",
            "StrictHostKeyChecking=no",
            "-o",
            "UserKnownHostsFile=/dev/null",
            "-o",
            "BatchMode=yes",
            "-o",
            "LogLevel=ERROR",
            "-o",
            "IdentitiesOnly=yes",
            "-o",
            "IdentityAgent=none",
        ]
        args += ["-i", str(key_file)] if key_file else ["-o", "PubkeyAuthentication=no"]
        self.process = await asyncio.create_subprocess_exec(
            *args,
            f"{name}@127.0.0.1",
            stdin=slave,
            stdout=slave,
            stderr=slave,
            start_new_session=True,
            env={
                "TERM": "xterm-256color",
                "PATH": os.environ.get("PATH", "/usr/bin"),
                "HOME": os.environ.get("HOME", "/"),
            },
        )
        os.close(slave)
        self.master = master
        os.set_blocking(master, False)
        asyncio.get_running_loop().add_reader(master, self._readable)
        return self

    def _readable(self) -> None:
        try:
            data = os.read(self.master, 65536)
        except OSError:  # EIO: the client exited and closed its side
            data = b""
        if data:
            self.raw.extend(data)
            self.feed(data)
            return
        asyncio.get_running_loop().remove_reader(self.master)
        os.close(self.master)
        self.ended.set()
        self.close_screen()

    def press(self, text: str) -> None:
        os.write(self.master, text.encode())

    async def finished(self) -> bytes:
        """Until ssh has exited; all it wrote to its terminal."""
        await asyncio.wait_for(self.ended.wait(), TIMEOUT)
        await asyncio.wait_for(self.process.wait(), TIMEOUT)
        return bytes(self.raw)

    async def stop(self) -> None:
        if self.process.returncode is None:
            self.process.kill()
            await self.process.wait()
