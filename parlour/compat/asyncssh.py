"""asyncssh's private APIs that Parlour relies on (checked by tests/test_compat.py; pinned in
pyproject.toml)."""

from __future__ import annotations

import asyncio
from typing import Any


def transport_of(conn: Any) -> asyncio.Transport | None:
    """The asyncio transport an SSH connection reads from and writes to (None once it is closed):
    to pause and resume reading a client, and to see the bytes waiting in the socket's buffer.
    Public stand-in: none; `conn.get_extra_info("socket")` gives the socket, not its transport."""
    transport: asyncio.Transport | None = getattr(conn, "_transport", None)
    return transport
