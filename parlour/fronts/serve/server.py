"""`parlour serve`: the server started and stopped. `Hub` starts the SSH door (ssh_door.py) and
the web door (web_door.py) over what they share (commons.py), joins the broker's other workers
(federation.py) when there is one, and at the end tells every player and closes every app;
`run` is the command (workers.py runs one `run_worker` per process with a broker)."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from .commons import Commons
from .files import LooseFile
from .limits import LOG_MAX_BYTES, WINDOW
from .logsafe import EscapingFormatter, LineBudget, PrivateRotatingFileHandler
from .names import NameBook
from .quotas import Hourly
from .settings import ServeError, Settings, is_loopback
from .ssh_door import CIPHERS, SshConnection, host_key

if TYPE_CHECKING:
    from .web_door import WebDoor

log = logging.getLogger("parlour.fronts.serve")


class Hub(Commons):
    """The running server: both doors listening over what they share (commons.py), started and stopped."""

    def __init__(self, settings: Settings):
        super().__init__(settings)
        self.sweeper: asyncio.TimerHandle | None = None
        self.cool_down: Callable[[], None] | None = (
            None  # undoes what the start changed in Textual (parlour/fronts/serve/ui.py)
        )
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.unmeter: Callable[[], None] | None = None  # undoes the sessions' CPU meter (cpu.py)
        self.port = settings.port
        self.web: WebDoor | None = None  # the web door (parlour/fronts/serve/web_door.py), if any

    async def start(self, state_folder: Path) -> None:
        """Listen; the host key and the name book live in `state_folder`."""
        key = host_key(state_folder)
        from .ui import warm_up

        self.cool_down = warm_up()  # what every app imports, once, now: not while a player waits
        from .lookalike import warm_up as confusables

        confusables()
        try:
            self.names = NameBook(state_folder / "names.json", self.settings.quotas.of, Hourly())
        except ValueError as error:
            raise ServeError(str(error)) from None
        if self.settings.broker is not None:
            await self._join_broker(self.settings.broker)
        elif self.settings.save:
            from parlour.services.config import saves_dir

            self.lobby.restore(saves_dir(), self.names.owner)
        self._sweep()
        self.acceptor = acceptor = await asyncssh.create_server(
            lambda: SshConnection(self),
            self.settings.host,
            self.settings.port,
            server_host_keys=[key],
            encoding=None,
            line_editor=False,
            agent_forwarding=False,
            x11_forwarding=False,
            allow_scp=False,
            sftp_factory=None,
            login_timeout=self.settings.login_timeout,
            keepalive_interval=60,
            window=WINDOW,
            reuse_port=self.settings.reuse_port or None,
            server_version="Parlour",
            encryption_algs=CIPHERS,
        )
        self.port = acceptor.get_port()
        self.fingerprint = key.get_fingerprint()
        from .cpu import install

        self.unmeter = install(asyncio.get_running_loop())  # each session's CPU counted (cpu.py)
        if self.settings.web_port is not None:
            from .web_door import WebDoor

            try:
                self.web = web = WebDoor(self, state_folder)
            except LooseFile as error:
                raise ServeError(f"refusing the web door's cookie key: {error}") from None
            await web.start(self.settings.web_host or self.settings.host, self.settings.web_port)

    async def _join_broker(self, url: str) -> None:
        """The lobby, names and connections shared with the other workers (federation.py)."""
        from .broker import Broker, BrokerError
        from .federation import Federation

        broker = Broker(url, self.settings.worker_id)
        try:
            await broker.connect()
            await broker.import_names(self.names.owners)  # a name book kept before: its names stay their owners'
        except BrokerError as error:
            raise ServeError(str(error)) from None
        self.federation = Federation(self.lobby, broker, lambda: self.by_cred)
        self.backoff, self.guesses = self.federation.guard.share()  # (nobody has tried to log in yet)
        self.federation.kick = self.kick
        self.federation.guard.on_logout = self._logged_out_elsewhere
        from parlour.services.config import saves_dir

        await self.federation.start(saves_dir() if self.settings.save else None)

    def _logged_out_elsewhere(self, name: str, cred: str, count: int) -> None:
        if self.web is not None:
            self.web.heard_logout(name, cred, count)

    def _sweep(self) -> None:
        """Close abandoned tables now and then (a few times per `abandon_after`, at most a minute apart)."""
        self.lobby.sweep()
        every = min(60.0, max(0.05, self.settings.abandon_after / 4))
        self.sweeper = asyncio.get_running_loop().call_later(every, self._sweep)

    async def close(self) -> None:
        """Stop: every client is told and gets its terminal back, every app is closed."""
        self.stopping = True
        if self.sweeper is not None:
            self.sweeper.cancel()
        if self.federation is not None:
            await self.federation.stop()  # no table taken up from other workers while this one stops
        if self.acceptor is not None:
            self.acceptor.close()
            await self.acceptor.wait_closed()
        if self.web is not None:  # no new browser sessions; the open ones end with the others below
            await self.web.stop_listening()
        for task in list(self.sessions):
            task.cancel()
        if self.sessions:
            await asyncio.wait(self.sessions, timeout=10)
        if self.closing:  # every app is closed, cancelled if it must be
            await asyncio.wait(self.closing)
        if self.web is not None:
            await self.web.close()
        self.lobby.log_unsaved()
        self.lobby.let_go()
        if self.federation is not None:
            await self.federation.close()  # its saves' leases given back: another worker may take them up
        self.names.flush()
        self.giveback.close()
        if self.unmeter is not None:
            self.unmeter()
        if self.cool_down is not None:
            self.cool_down()


# ---- the command -----------------------------------------------------------------------------


def setup_logging(folder: Path, stderr: bool = True, max_bytes: int = LOG_MAX_BYTES, name: str = "serve.log") -> Path:
    """Joins, leaves and refusals to `folder`/serve.log (and stderr): each kind of line within a
    budget (logsafe.LineBudget), the file rotated so that all of its parts hold at most `max_bytes`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    logger = logging.getLogger("parlour.fronts.serve")
    for handler in list(logger.handlers):  # a second server in one process logs to its own folder
        logger.removeHandler(handler)
        handler.close()
    for old in list(logger.filters):
        logger.removeFilter(old)
    logger.addFilter(LineBudget())
    logger.setLevel(logging.INFO)
    logger.propagate = False
    formatter = EscapingFormatter("%(asctime)s %(levelname)s %(message)s")
    handlers = [PrivateRotatingFileHandler(path, max_bytes)] + ([logging.StreamHandler(sys.stderr)] if stderr else [])
    for handler in handlers:
        handler.setFormatter(formatter)
        logger.addHandler(handler)
    logging.getLogger("asyncssh").setLevel(logging.WARNING)
    return path


def run(settings: Settings, workers: int = 1) -> int:
    """`parlour serve`: run until Ctrl+C (with a broker: `workers` processes, workers.py)."""
    from parlour.services import save_lock
    from parlour.services.config import config_dir, data_dir

    save_lock.use_front("served")

    try:
        hub = Hub(settings)
        host_key(config_dir())  # refuse a loose host key before anything listens
    except ServeError as error:
        print(f"parlour serve: {error}", file=sys.stderr)
        return 2
    if settings.broker is not None:
        from .workers import supervise

        del hub  # each worker makes its own
        if settings.web_port is not None:  # made once, now: every worker signs logins with the same key
            from .cookie import secret_key

            secret_key(config_dir())
        return supervise(settings, workers, run_worker)
    return _run(hub, settings, setup_logging(data_dir(), max_bytes=settings.log_max_bytes), True)


def run_worker(settings: Settings, index: int) -> int:
    """One worker process of `parlour serve --workers N` (workers.py): its log is serve-worker-N.log."""
    from parlour.services.config import data_dir

    try:
        hub = Hub(settings)
    except ServeError as error:
        print(f"parlour serve: worker {index}: {error}", file=sys.stderr)
        return 2
    log_path = setup_logging(data_dir(), max_bytes=settings.log_max_bytes, name=f"serve-worker-{index}.log")
    log.info("worker %d is process %d", index, os.getpid())
    return _run(hub, settings, log_path, False)


def _run(hub: Hub, settings: Settings, log_path: Path, banner: bool) -> int:
    from parlour.services.config import config_dir

    async def main() -> None:
        await hub.start(config_dir())
        where = settings.host if settings.host not in ("0.0.0.0", "::", "") else "THIS-HOST"
        print(
            f"Parlour serves on {settings.host} port {hub.port}; players join with: ssh -p {hub.port} NAME@{where}",
            file=sys.stderr,
        )
        print(f"Host key {hub.fingerprint}; log in {log_path}", file=sys.stderr)
        if hub.web is not None and banner:
            web_host = settings.web_host or settings.host
            shown = web_host if web_host not in ("0.0.0.0", "::", "") else "THIS-HOST"
            shown = f"[{shown}]" if ":" in shown else shown
            print(
                f"Browsers join at http://{shown}:{hub.web.port}/ (put a TLS reverse proxy in front beyond "
                f"this machine: docs/serve.md)",
                file=sys.stderr,
            )
            if hub.passwords is not None and is_loopback(web_host) and not hub.trusted_proxies:
                print(  # (the setup docs/serve.md describes, but no proxy named: every browser would be 127.0.0.1)
                    "The web door believes no proxy's X-Forwarded-For: behind a reverse proxy on this machine, "
                    "add --trusted-proxy 127.0.0.1",
                    file=sys.stderr,
                )
        if hub.open and banner:
            print(
                "No --password-file or --authorized-keys: listening on loopback only, and anyone "
                "on this machine may join under any name.",
                file=sys.stderr,
            )
        stop = asyncio.Event()
        loop = asyncio.get_running_loop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            loop.add_signal_handler(sig, stop.set)
        await stop.wait()
        if banner:
            print("Parlour serve: stopping.", file=sys.stderr)
        await hub.close()

    try:
        asyncio.run(main())
    except ServeError as error:
        print(f"parlour serve: {error}", file=sys.stderr)
        return 2
    except OSError as error:
        print(
            f"parlour serve: cannot listen on {settings.host} port {settings.port}: {error.strerror or error}",
            file=sys.stderr,
        )
        return 1
    return 0
