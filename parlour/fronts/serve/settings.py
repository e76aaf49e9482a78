"""`parlour serve`'s settings (the command line's options, parlour/cli.py), what the server refuses
to start with (`ServeError`), and the one rule both doors apply without credentials: loopback only."""

from __future__ import annotations

import ipaddress
from dataclasses import dataclass
from pathlib import Path

from .admission import SESSION_MEMORY
from .limits import LOG_MAX_BYTES
from .quotas import Quotas


@dataclass
class Settings:
    host: str = "127.0.0.1"
    port: int = 2222
    password_file: Path | None = None
    authorized_keys: Path | None = None
    max_connections: int = 64  # logged-in connections
    max_logins_per_address: int = 4  # connections from one address still logging in
    max_logins: int = 32  # connections still logging in, from anywhere
    login_timeout: float = 10  # seconds to log in
    auth_tries: int = 3  # failed logins on one connection before it is closed
    session_grace: float = 10  # seconds a logged-in connection has to open its session
    idle_timeout: float = 30 * 60  # seconds without a keystroke (keepalives do not count)
    bot_delay: float = 0.6
    save: bool = True
    abandon_after: float = 30 * 60  # seconds a table whose humans are all away stays open
    quotas: Quotas = Quotas()  # what one credential may hold (parlour/fronts/serve/quotas.py)
    log_max_bytes: int = LOG_MAX_BYTES  # serve.log and its rotated parts, in all
    web_port: int | None = None  # the web door (parlour/fronts/serve/web_door.py), if any
    web_host: str | None = None  # default: `host`
    trusted_proxies: tuple[str, ...] = ()  # reverse proxies whose X-Forwarded-For the web door believes
    web_names: tuple[str, ...] = ()  # host names the web door answers to besides addresses (its proxy's)
    memory_limit: int | None = None  # bytes the process may use (None: its cgroup's limit, if any; admission.py)
    session_memory: int = SESSION_MEMORY  # bytes counted for each player's session (admission.py)
    bots: tuple[tuple[str, str], ...] = ()  # (name, command): the operator's programs a table may seat
    broker: str | None = None  # a Redis URL: the lobby, names and quotas shared with other workers and hosts
    reuse_port: bool = False  # other workers listen on the same ports (workers.py)
    worker_id: str | None = None  # this worker's name in the broker (given by workers.py)


class ServeError(Exception):
    """A setting the server cannot start with; the message is for the person starting it."""


def is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False
