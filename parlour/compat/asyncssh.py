"""asyncssh's private APIs that Parlour relies on (checked by tests/test_compat.py; pinned in
pyproject.toml)."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import asyncssh


def transport_of(conn: Any) -> asyncio.Transport | None:
    """The asyncio transport an SSH connection reads from and writes to (None once it is closed):
    to pause and resume reading a client, and to see the bytes waiting in the socket's buffer.
    Public stand-in: none; `conn.get_extra_info("socket")` gives the socket, not its transport."""
    transport: asyncio.Transport | None = getattr(conn, "_transport", None)
    return transport


def run_session_always(process: asyncssh.SSHServerProcess[Any]) -> None:
    """Start the server's session handler for this newly opened channel, as
    `SSHServerProcess.session_started` does, but never asyncssh's own SFTP or SCP server: a client
    asking for a subsystem or `scp` gets the Parlour session, which says why it will not run it.
    Relies on the process's `_chan`, `_session_factory` and `_conn`, and on SSHReader/SSHWriter
    taking (process, channel[, datatype]). Public stand-in: none (`sftp_factory=None` and
    `allow_scp=False` still leave asyncssh answering those requests itself)."""
    from asyncssh.constants import EXTENDED_DATA_STDERR
    from asyncssh.stream import SSHReader, SSHWriter

    chan = process._chan
    factory = process._session_factory
    conn = process._conn
    assert chan is not None and factory is not None and conn is not None  # set before a session starts
    stdin: SSHReader[Any] = SSHReader(process, chan)
    handler = factory(stdin, SSHWriter(process, chan), SSHWriter(process, chan, EXTENDED_DATA_STDERR))
    if handler is not None:
        conn.create_task(handler, stdin.logger)
