"""The SSH server: authentication, limits, and one Parlour app per session, in this process.

A session can only play: a shell request starts the game UI; an exec or subsystem request is
told so in one line and closed with a non-zero status; port forwarding, agent and X11
forwarding are off. The threat model and the limits are in docs/serve.md. Each session's Textual
app runs in its own task on a driver bound to its SSH channel (ui.py, channel.py): it
gets the client's window size (and follows its resizes), its TERM/COLORTERM, and a language and
ASCII mode from its locale; it talks to the lobby through queues of the messages of
parlour/services/wire.py, never through the player's terminal. A failing app ends only its own session.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import os
import signal
import sys
import weakref
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from parlour.compat.asyncssh import run_session_always, transport_of
from parlour.services.charset import term_needs_ascii

from .admission import SESSION_MEMORY, Admission, cgroup_limit
from .channel import MAX_BACKLOG, STOP
from .client import BadClient, KeyDecoder, check_env, check_name, check_size, check_term, client_locale
from .files import LooseFile, check_private, write_private
from .guard import WAITING_TRIES, Backoff, Guesses, source
from .logsafe import EscapingFormatter, LineBudget, PrivateRotatingFileHandler, RateLimited
from .memory import GiveBack
from .names import NameBook, is_shared
from .pace import Bucket
from .quotas import Hourly, Quotas, TableQuota
from .slots import EVICT_AFTER, OWN_SHARE, TAKEN, WAIT, WAITING, Slots, enter_in_turn
from .tables import Lobby, Member

if TYPE_CHECKING:
    from parlour.services.wire import ToServer

    from .channel import Channel
    from .federation import Federation
    from .ui import Ui
    from .web_door import WebDoor

log = logging.getLogger("parlour.fronts.serve")

READ_SIZE = 4096  # bytes taken from a client per read
# Bytes read from one client a second (and at once): keys are a few bytes each, a paste at most
# paste.MAX_PASTE characters, so a player never waits on this; a client sending more waits on
# SSH's flow control, and costs the loop everyone shares no more than this.
READ_RATE, READ_BURST = 8 * 1024, 16 * 1024
# What a client may send before the server has read it (SSH's channel window; asyncssh's own is
# 2 MiB, which a client sending one byte per packet makes a list of two million objects).
WINDOW = 64 * 1024
# Window changes a client may send a second, and at once (dragging a window's edge sends a few
# dozen a second for a moment); a client past this is disconnected: each costs asyncssh a packet's
# work on the loop everyone shares, even though only the last size is used (driver.Channel).
RESIZE_RATE, RESIZE_BURST = 30, 300
STARTING = 2  # apps starting at once (starting is CPU work: more at once only makes everyone wait)
# Screen output a client has not taken yet, in asyncssh's channel buffer and the socket's write
# buffer together; beyond this it is disconnected at once.
MAX_UNSENT = 1024 * 1024
MAX_UNKNOWN_KEYS = 12  # public keys a client may offer on one connection
IDLE = "idle"  # what a session's key reader returns when the client went quiet
# What a client's terminal is given back on every way out (driver.STOP: the normal screen, the
# cursor, line wrap, no mouse/focus reports or bracketed paste, the kitty keyboard popped,
# default colours), when the server rather than the app has to say it.
RESTORE_TERMINAL = STOP
LOG_MAX_BYTES = 50 * 1024 * 1024  # serve.log and its rotated parts, in all
RESTARTING = "\r\nThe Parlour server is restarting; your game is saved. Connect again in a moment.\r\n"


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


def read_passwords(path: Path) -> dict[str | None, str]:
    """`name:password` lines bind a password to a name; a line without a colon is a password
    anyone may use (with any name). Blank lines and # comments are skipped. The file must be
    readable by its owner only, and `name:` without a password is refused (not a shared one)."""
    try:
        check_private(path)
        text = path.read_text(encoding="utf-8")
    except LooseFile as error:
        raise ServeError(f"refusing the password file: {error}") from None
    except (OSError, UnicodeDecodeError) as error:
        raise ServeError(f"cannot read the password file {path}: {error}") from None
    passwords: dict[str | None, str] = {}
    for line in text.splitlines():
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, sep, password = line.partition(":")
        if sep and not (name and password):
            raise ServeError(
                f"the password file {path} has a line `{name}:{'…' if password else ''}` "
                f"without a name or a password; a shared password is a line without a colon"
            )
        if sep:
            passwords[name.casefold()] = password
        else:
            passwords[None] = line
    if not passwords:
        raise ServeError(f"the password file {path} holds no password")
    return passwords


def host_key(folder: Path) -> asyncssh.SSHKey:
    """The server's host key: made on first run, kept (owner-only) in the config folder."""
    path = folder / "ssh_host_ed25519_key"
    try:
        if path.exists():
            check_private(path)
            return asyncssh.read_private_key(str(path))
        key = asyncssh.generate_private_key("ssh-ed25519")
        write_private(path, key.export_private_key())
        return key
    except LooseFile as error:
        raise ServeError(f"refusing the host key: {error}") from None
    except (OSError, ValueError, asyncssh.KeyImportError) as error:
        raise ServeError(f"cannot read or make the host key {path}: {error}") from None


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


# AES-GCM (one call into OpenSSL per packet) and AES-CTR for older clients. Not ChaCha20-Poly1305:
# OpenSSH clients ask for it first, and asyncssh does it in several steps per packet (15 % of the
# server's CPU while 49 players connected at once). All of these are current and safe.
CIPHERS = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr", "aes256-ctr")


class Hub:
    """The running server: settings, credentials, the lobby and the live connections."""

    def __init__(self, settings: Settings):
        self.settings = settings
        self.passwords = read_passwords(settings.password_file) if settings.password_file else None
        self.keys = None
        if settings.authorized_keys:
            try:  # a list others can write would let them add their own key
                check_private(settings.authorized_keys)
                self.keys = asyncssh.read_authorized_keys(str(settings.authorized_keys))
            except LooseFile as error:
                raise ServeError(f"refusing the authorized keys: {error}") from None
            except (OSError, ValueError) as error:
                raise ServeError(f"cannot read the authorized keys {settings.authorized_keys}: {error}") from None
        if self.passwords is None and self.keys is None and not is_loopback(settings.host):
            raise ServeError(
                f"without --password-file or --authorized-keys Parlour only listens on "
                f"loopback (127.0.0.1 or ::1), not on {settings.host}"
            )
        if settings.web_port is not None:
            web_host = settings.web_host or settings.host
            if self.passwords is None and self.keys is not None:
                raise ServeError(
                    "the web door (--web-port) needs --password-file too: a browser logs in with a "
                    "name and password, not a key"
                )
            if self.passwords is None and not is_loopback(web_host):
                raise ServeError(
                    f"without --password-file the web door only listens on loopback "
                    f"(127.0.0.1 or ::1), not on {web_host}"
                )
        try:
            self.trusted_proxies = frozenset(ipaddress.ip_address(a) for a in settings.trusted_proxies)
        except ValueError:
            raise ServeError(
                f"--trusted-proxy takes a reverse proxy's IP address (e.g. 127.0.0.1), not "
                f"{' '.join(settings.trusted_proxies)}"
            ) from None
        self.lobby = Lobby(
            bot_delay=settings.bot_delay,
            save=settings.save,
            abandon_after=settings.abandon_after,
            outside=dict(settings.bots),
        )
        self.lobby.table_quota = TableQuota(settings.quotas)
        self.by_cred: dict[str, int] = {}  # logged-in connections per credential
        self.stopping = False
        self.sweeper: asyncio.TimerHandle | None = None
        self.connections = 0  # logged in
        self.logging_in = Slots(settings.max_logins_per_address, settings.max_logins)
        self.backoff = Backoff()
        self.guesses = Guesses()  # tries at each password from anywhere
        self.refusals = RateLimited(log)  # failed logins and refused connections: a bounded log
        self.names = NameBook(None)
        self.sessions: set[asyncio.Task[Any]] = set()
        self.playing: dict[str, asyncio.Task[Any]] = {}  # by casefolded name: the session playing it
        # sessions closed because their player logged in again elsewhere: their app's output is
        # no longer forwarded (the web door's sessions too)
        self.kicked: weakref.WeakSet[asyncio.Task[Any]] = weakref.WeakSet()
        self.uis: set = set()  # the sessions' apps (parlour/fronts/serve/ui.py) not yet closed
        self.closing: set[asyncio.Task] = set()  # apps being closed
        # what ended sessions used goes back, a little later (memory.py), in full while nobody is connected
        self.giveback = GiveBack(connected=lambda: self.connections)
        limit = settings.memory_limit if settings.memory_limit is not None else cgroup_limit()
        self.admission = Admission(limit, settings.session_memory)  # no player past the memory (admission.py)
        self.starting = asyncio.Semaphore(STARTING)
        self.cool_down: Callable[[], None] | None = (
            None  # undoes what the start changed in Textual (parlour/fronts/serve/ui.py)
        )
        self.acceptor: asyncssh.SSHAcceptor | None = None
        self.unmeter: Callable[[], None] | None = None  # undoes the sessions' CPU meter (cpu.py)
        self.port = settings.port
        self.web: WebDoor | None = None  # the web door (parlour/fronts/serve/web_door.py), if any
        self.federation: Federation | None = None  # the other workers, through the broker (federation.py)

    @property
    def open(self) -> bool:
        return self.passwords is None and self.keys is None

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
            lambda: _Server(self),
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
        self.backoff, self.guesses = self.federation.share_guard()  # (nobody has tried to log in yet)
        self.federation.kick = self.kick
        self.federation.on_logout = self._logged_out_elsewhere
        from parlour.services.config import saves_dir

        await self.federation.start(saves_dir() if self.settings.save else None)

    async def name_refusal(self, name: str, cred: str) -> str | None:
        """Why `cred` may not use `name` (names.NameBook.refusal), asked of the broker when there is one."""
        if self.federation is None:
            return self.names.refusal(name, cred)
        from .lookalike import skeleton
        from .names import MAX_NAMES, form, words

        quota = self.settings.quotas.of(cred)
        try:
            said = await self.federation.broker.claim_name(
                form(name), skeleton(name), cred, MAX_NAMES, quota.names, quota.names_per_hour
            )
        except Exception as error:  # the broker is away: no new binding can be made
            log.warning("cannot ask the broker about the name %s: %s", name, error)
            return "The server cannot check names just now; try again in a moment."
        return words(said, name, quota)

    def _logged_out_elsewhere(self, name: str, cred: str, count: int) -> None:
        if self.web is not None:
            self.web.heard_logout(name, cred, count)

    def kick(self, name: str) -> None:
        """Close this worker's session playing `name` (its player logged in again elsewhere)."""
        other = self.playing.get(name.casefold())
        if other is not None:
            self.kicked.add(other)
            other.cancel()

    async def play_here(self, name: str, cred: str, login: str = "") -> bool:
        """With a broker: `name` plays in this worker now (federation.Federation.play); False if a
        shared credential's player keeps it in another worker."""
        if self.federation is None:
            return True
        try:
            return await self.federation.play(name, cred, login)
        except Exception as error:  # the broker is away: this worker alone decides
            log.warning("cannot ask the broker who plays %s: %s", name, error)
            return True

    def played(self, name: str, task: asyncio.Task) -> None:
        """A session of `name` ended (`task`): the name is free, here and, with a broker, everywhere."""
        if self.playing.get(name.casefold()) is task:
            del self.playing[name.casefold()]
            if self.federation is not None:  # (unless a newer session here took it meanwhile)
                self.federation.let_go(name, lambda: name.casefold() not in self.playing)

    def held_by(self, cred: str) -> int:
        """Logged-in connections of `cred`, in every worker."""
        elsewhere = self.federation.elsewhere.get(cred, 0) if self.federation is not None else 0
        return self.by_cred.get(cred, 0) + elsewhere

    def in_all(self) -> int:
        """Logged-in connections, in every worker."""
        elsewhere = sum(self.federation.elsewhere.values()) if self.federation is not None else 0
        return self.connections + elsewhere

    def count_in(self, cred: str) -> None:
        """A connection (SSH or the web door's) logged in with `cred`: it counts against the
        server's connections and the credential's quota until `count_out`."""
        self.by_cred[cred] = self.by_cred.get(cred, 0) + 1
        self.connections += 1
        self.lobby.poke()

    def count_out(self, cred: str) -> None:
        """A connection counted by `count_in` ended."""
        self.connections -= 1
        left = self.by_cred.get(cred, 0) - 1
        if left > 0:
            self.by_cred[cred] = left
        else:
            self.by_cred.pop(cred, None)
        self.lobby.poke()

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

    def slot_refusal(self, src: str, own: bool, door: str) -> str:
        """A login from `src` gets no login slot (`own`: its address or site holds its share,
        else every slot is taken): said in the log; returns the sentence for the client."""
        if own:
            self.refusals.info(
                "refused a login from %s%s: its address has %d connections logging in",
                src,
                door,
                self.logging_in.per_source,
            )
            return (
                "too many connections are logging in from your address (or its network) at once; try again in a moment"
            )
        self.refusals.info("refused a login from %s%s: every login slot is taken", src, door)
        return "the server has as many connections logging in as it can take; try again in a moment"

    def memory_refusal(self, name: str, src: str, door: str) -> str | None:
        """Why `name` may not start a session now (no memory left for it; said in the log), or None."""
        refusal = self.admission.refusal(len(self.uis))
        if refusal is not None:
            self.refusals.info("refused %s from %s%s: no memory for another session", name, src, door)
        return refusal

    def backoff_turn(self, src: str, target: str, door: str) -> float | str:
        """Seconds a password try from `src` at `target` waits before it is judged, or why it
        may not wait (a sentence for the client; the log says it too): one try per address waits
        at a time, `guard.WAITING_TRIES` in all. The owner's try from an address she logged in
        from does not wait behind guesses at other names."""
        wait = self.backoff.turn(src, target, self.guesses.known_at(target, src))
        if wait is not None:
            return wait
        if len(self.backoff.waits) >= WAITING_TRIES:
            why = f"{WAITING_TRIES} logins are waiting their turn after wrong passwords"
        else:
            why = "another login from your address is waiting its turn after wrong passwords"
        self.refusals.info("refused a login from %s%s: %s", src, door, why.replace("your", "its"))
        return why + "; try again in a few seconds"

    def password_of(self, username: str) -> str:
        """Which password a try at `username` guesses: the name's own, or the shared one (every
        name without its own password guesses the same secret)."""
        name = username.casefold()
        return f"password:{name}" if name in (self.passwords or {}) else "password"

    def check_password(self, username: str, password: str) -> str | None:
        """The credential a name and password log in with, or None. Both the name's own password
        and the shared one are compared, in constant time, whatever matches."""
        passwords = self.passwords or {}
        given = _digest(password)
        own, shared = passwords.get(username.casefold()), passwords.get(None)
        own_ok = hmac.compare_digest(_digest(own or "\0"), given) and own is not None
        shared_ok = hmac.compare_digest(_digest(shared or "\0"), given) and shared is not None
        if own is not None:  # a name with its own password takes only that one
            return f"password:{username.casefold()}" if own_ok else None
        return "password" if shared_ok else None

    # ---- one session ---------------------------------------------------------------------------

    async def _session(self, process: asyncssh.SSHServerProcess) -> None:
        task = asyncio.current_task()
        assert task is not None  # asyncssh runs each session in a task of its own
        self.sessions.add(task)
        name = process.get_extra_info("username") or ""
        status = 1
        try:
            status = await self._play(process, name, task)
        except (asyncio.CancelledError, asyncssh.Error, ConnectionError, BrokenPipeError):
            pass
        except Exception:  # never a traceback to the client: it goes to the server log
            log.exception("session of %s failed", name)
            _say(process, "\r\nSorry, something went wrong on the server. It has been logged.\r\n")
        finally:
            self.sessions.discard(task)
            try:
                process.exit(status)
                await asyncio.wait_for(process.channel.wait_closed(), 5)
            except BaseException:
                pass
            conn = process.get_extra_info("connection")  # kept even once the channel let go of it
            if conn is not None:
                conn.close()  # one session per connection
            self.giveback.ended()

    async def _play(self, process: asyncssh.SSHServerProcess, name: str, task: asyncio.Task) -> int:
        if process.command is not None or process.subsystem is not None:
            _say(process, "This server only plays Parlour: connect with `ssh -t` and no command.\r\n")
            return 1
        cred = process.get_extra_info("parlour_cred") or "open"
        term = process.get_terminal_type()
        plain = not term or term == "dumb"  # no terminal (ssh -T) or a dumb one: plain mode
        try:
            name = check_name(name)
            env = check_env(dict(process.env or {}))
            if not plain:
                term = check_term(term)
                width, height = check_size(*process.get_terminal_size()[:2])
        except BadClient as error:
            log.info(
                "refused a session from %s as %s (TERM %s): %s",
                _peer(process),
                name,
                process.get_terminal_type(),
                error,
            )
            _say(process, f"{error}\r\n")
            return 1
        refusal = await self.name_refusal(name, cred)
        if refusal is not None:
            log.info("refused %s from %s: %s", name, _peer(process), refusal)
            _say(process, f"{refusal} Connect with another user name: ssh -p PORT NAME@HOST.\r\n")
            return 1
        other = self.playing.get(name.casefold())
        full = None if other is not None else self.memory_refusal(name, _peer(process), "")  # (again: one for one)
        if full is not None:
            _say(process, f"{full}\r\n")
            return 1
        if other is not None:
            if is_shared(cred):  # a shared credential cannot tell two people apart: the first keeps it
                log.info("refused %s from %s: already playing from another connection", name, _peer(process))
                _say(
                    process,
                    f"{name} is playing from another connection. If that is you, close it "
                    f"first (a dropped connection is noticed within a few minutes).\r\n",
                )
                return 1
            log.info("%s logged in again from %s: the older connection is closed", name, _peer(process))
            self.kicked.add(other)
            other.cancel()
            await asyncio.wait({other}, timeout=10)
        if not await self.play_here(name, cred):
            log.info("refused %s from %s: already playing through another worker", name, _peer(process))
            _say(process, f"{name} is playing from another connection. If that is you, close it first.\r\n")
            return 1
        self.playing[name.casefold()] = task
        try:
            if plain:
                return await self._run_plain(process, name, cred, env)
            assert isinstance(process, _Process) and term is not None  # (its sessions are; a checked term)
            return await self._run_ui(process, name, cred, term, env, width, height)
        finally:
            self.played(name, task)
            if task in self.kicked:  # its app's output is no longer forwarded
                _say(
                    process,
                    RESTORE_TERMINAL + "\r\nYou logged in again from another place: this connection is closed.\r\n",
                )
            elif self.stopping:  # the UI's output is no longer forwarded: the terminal is ours
                full_screen = process.get_terminal_type() not in (None, "", "dumb")  # not a plain session
                _say(process, (RESTORE_TERMINAL if full_screen else "") + RESTARTING)

    async def _run_plain(
        self, process: asyncssh.SSHServerProcess[Any], name: str, cred: str, env: dict[str, str]
    ) -> int:
        """A session in lines (parlour/fronts/serve/plain_session.py): no PTY and no UI process."""
        from .plain_session import PlainSession

        lang, ascii_only, _ = client_locale(env)
        log.info("%s connected from %s (plain mode, %s%s)", name, _peer(process), lang, ", ascii" if ascii_only else "")
        await PlainSession(
            self.lobby, process, name, cred, lang=lang, ascii_only=ascii_only, idle_timeout=self.settings.idle_timeout
        ).run()
        log.info("%s left", name)
        return 0

    async def _run_ui(
        self,
        process: _Process,
        name: str,
        cred: str,
        term: str,
        env: dict[str, str],
        width: int,
        height: int,
    ) -> int:
        """The session's Parlour app, in this process, on a driver bound to its channel."""
        from .channel import Channel
        from .ui import Ui

        lang, ascii_only, encoding = client_locale(env)
        ascii_only = ascii_only or term_needs_ascii(term)  # the same rule as a local game (parlour/services/charset.py)
        log.info(
            "%s connected from %s (%s, %dx%d, %s%s)",
            name,
            _peer(process),
            term,
            width,
            height,
            lang,
            ", ascii" if ascii_only else "",
        )
        cut = asyncio.Event()  # the client is gone, or does not take its screen's output
        conn = process.get_extra_info("connection")

        def write(data: bytes) -> None:
            try:
                process.stdout.write(data)
            except (BrokenPipeError, ConnectionError, asyncssh.Error):
                channel.close()
                cut.set()
                return
            if unsent(process, conn) > MAX_UNSENT and not cut.is_set():
                log.info("%s does not read its screen (more than %d bytes unsent): disconnected", name, MAX_UNSENT)
                channel.close()
                cut.set()
                conn.abort()  # what it has not taken is dropped now (closing would wait to send it)

        channel = Channel(write, width, height)
        process.on_resize = lambda w, h: channel.resize(*check_size(w, h))
        channel.resize(*check_size(*process.get_terminal_size()[:2]))  # (a change while it was checked)
        outbox: asyncio.Queue[ToServer] = asyncio.Queue()
        ui = Ui(name, channel, lang, ascii_only, terminal_environ(term, env), outbox.put_nowait)
        member = None
        try:
            self.uis.add(ui)
            member = Member(name, cred, ui.link.deliver)
            async with self.starting:  # a few apps start at a time: each player waits for a few, not all
                app_task = ui.start(self.lobby.listing(member))
                hello = asyncio.ensure_future(outbox.get())
                try:  # until the app is up (its first message) or has ended
                    await asyncio.wait({hello, app_task}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    hello.cancel()
                if not hello.cancelled():
                    self.lobby.handle(member, hello.result())
                    self.giveback.started()
            tasks = [
                asyncio.create_task(self._keys_in(process, channel, member, KeyDecoder(encoding))),
                asyncio.create_task(self._link(outbox, member)),
                asyncio.create_task(cut.wait()),
                app_task,
            ]
            try:
                await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for one in tasks[:-1]:
                    one.cancel()
            keys = tasks[0]
            if keys.done() and not keys.cancelled() and keys.exception() is None and keys.result() == IDLE:
                channel.close()  # said only now, with the app's output stopped, so no late redraw hides it
                _say(process, RESTORE_TERMINAL + "\r\nIdle for too long: disconnected. Your seat is kept.\r\n")
            return 0
        finally:
            if member is not None:
                self.lobby.leave(member)
                log.info("%s left", name)
            ended = ui.task is not None and ui.task.done()
            if not ended:  # the player left (or is told why by _play): the app closes on its own time
                channel.close()
            ender = asyncio.ensure_future(self._end_ui(ui, process))
            self.closing.add(ender)
            ender.add_done_callback(self.closing.discard)
            if ended:  # it quit or failed: close it now, to say so before the channel closes
                await asyncio.shield(ender)

    async def _end_ui(self, ui: Ui, process: asyncssh.SSHServerProcess[Any]) -> None:
        """Close the app (its terminal restored while the channel is open) and say why if it failed."""
        try:
            await ui.close()
            if ui.failed:
                _say(
                    process, RESTORE_TERMINAL + "\r\nSorry, something went wrong on the server. It has been logged.\r\n"
                )
        finally:
            self.uis.discard(ui)
            self.giveback.ended(ui.parts)

    async def _keys_in(
        self, process: asyncssh.SSHServerProcess[Any], channel: Channel, member: Member, decoder: KeyDecoder
    ) -> str | None:
        """The client's keystrokes (as text) to its app, at most READ_RATE bytes a second (its
        window sizes reach the channel through `_Process.terminal_size_changed`). Returns IDLE
        when the client sent nothing for the idle timeout."""
        pace = Bucket(READ_RATE, READ_BURST)
        told = False  # the line about dropped keystrokes is written once per session
        while True:
            try:
                data = await asyncio.wait_for(process.stdin.read(READ_SIZE), self.settings.idle_timeout)
            except TimeoutError:
                log.info("%s was idle for %d s: disconnected", member.name, self.settings.idle_timeout)
                return IDLE
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError):  # the connection is gone
                return None
            if not data or channel.closed:
                return None
            channel.keys(decoder.text(data))
            if (channel.dropped or channel.paste.ended) and not told:
                told = True
                log.info(
                    "%s sent more than %d characters at once, or too long a paste: the rest is dropped",
                    member.name,
                    MAX_BACKLOG,
                )
            wait = pace.wait(len(data))
            if wait:  # (not a test's sleep: the pace of one client's input)
                await asyncio.sleep(wait)

    async def _link(self, outbox: asyncio.Queue, member: Member) -> None:
        """Requests from the session's app, handed to the lobby (in the session's task, not the app's)."""
        while True:
            self.lobby.handle(member, await outbox.get())


class _Server(asyncssh.SSHServer):
    """One connection: its login (tries, back-off, slots) and its one session."""

    conn: asyncssh.SSHServerConnection  # set first of all, by connection_made

    def __init__(self, hub: Hub):
        self.hub = hub
        self.src = "?"
        self.logging_in = False  # holds one of the login slots
        self.queued: asyncio.TimerHandle | None = None  # while it waits for a login slot: the timer that ends the wait
        self.turn: asyncio.Future[None] | None = None  # while it waits for a slot again after its back-off
        self.gone = False  # the connection is lost
        self.counted = False  # holds one of the logged-in slots
        self.cred = "open"  # the credential it logged in with
        self.tries = 0
        self.unknown_keys = 0
        self.sessions = 0
        self.grace: asyncio.TimerHandle | None = None

    def _refuse(self, reason: str, code: int = asyncssh.DISC_TOO_MANY_CONNECTIONS) -> None:
        asyncio.get_running_loop().call_soon(self.conn.disconnect, code, reason)

    def connection_made(self, conn: asyncssh.SSHServerConnection) -> None:
        self.conn = conn
        peer = conn.get_extra_info("peername")
        self.src = source(peer[0] if peer else "?")
        outcome = self.hub.logging_in.enter(self, self.src)
        if outcome == TAKEN:
            self.logging_in = True
        elif outcome == WAITING:  # its turn comes when one of its own (or any) finishes
            self.queued = asyncio.get_running_loop().call_later(WAIT, self._waited)
            self._reading(False)
        else:
            self._refused_now(outcome == OWN_SHARE)

    def _refused_now(self, own: bool) -> None:
        self._refuse(self.hub.slot_refusal(self.src, own, ""))

    def _waited(self) -> None:
        self.queued = None
        slots = self.hub.logging_in
        slots.give_back(self)
        self._refused_now(slots.own_share_taken(self.src))  # (why it is refused now, not why it waited)

    def _reading(self, on: bool) -> None:
        """Read the client's bytes or leave them unread (its login waits; asyncssh's own
        transport, the only handle on a connection's reading)."""
        transport = transport_of(self.conn)
        if transport is not None and not transport.is_closing():
            transport.resume_reading() if on else transport.pause_reading()

    def admitted(self) -> None:
        """A waiting connection's turn: it holds a slot now and its login goes on."""
        if self.queued is not None:
            self.queued.cancel()
            self.queued = None
        self.logging_in = True
        self._reading(True)
        if self.turn is not None and not self.turn.done():
            self.turn.set_result(None)

    def evicted(self) -> None:
        """Closed to make room for a newcomer from a less busy address (its slot is given back)."""
        self.logging_in = False
        self.hub.refusals.info("closed a connection from %s still logging in: room for another address", self.src)
        self._refuse(
            f"the server had every login slot taken and closed yours: it had been logging in for "
            f"over {EVICT_AFTER:g} s from the address holding the most slots; try again"
        )

    def _logged_out(self) -> None:
        """It holds no login slot and waits for none from now on (one it held goes to a waiter)."""
        if self.queued is not None:
            self.queued.cancel()
            self.queued = None
        self.logging_in = False
        for waiter in self.hub.logging_in.give_back(self):
            waiter.admitted()

    def connection_lost(self, exc: BaseException | None) -> None:
        self.gone = True
        self._logged_out()
        if self.turn is not None and not self.turn.done():
            self.turn.set_result(None)  # (its wait ends: it holds nothing)
        if self.grace is not None:
            self.grace.cancel()
        if self.counted:
            self.counted = False
            self.hub.count_out(self.cred)

    def _full(self) -> bool:
        if self.hub.in_all() < self.hub.settings.max_connections:
            return False
        log.warning("refused a connection from %s: the server is full", self.src)
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, "the Parlour server is full; try later")
        return True

    def begin_auth(self, username: str) -> bool:
        if self._full():
            return True  # and the disconnect above ends it
        if self.hub.open:
            if self._over_quota("open"):
                return True
            self.conn.set_extra_info(parlour_cred="open")
            return False
        return True

    def auth_completed(self) -> None:
        self._logged_out()
        if self._full():
            return
        self.cred = self.conn.get_extra_info("parlour_cred") or "open"
        if self._over_quota(self.cred):  # two logins judged at once: the second is refused here
            return
        self.hub.count_in(self.cred)
        self.counted = True
        self.grace = asyncio.get_running_loop().call_later(self.hub.settings.session_grace, self._no_session)

    def _over_quota(self, cred: str) -> bool:
        """True (and the connection is being closed, with the reason) if `cred` already holds
        its quota of logged-in connections; asked as soon as the credential is known, so the
        client is told before it counts as logged in."""
        quota = self.hub.settings.quotas.of(cred).connections
        if self.hub.held_by(cred) < quota:
            return False
        self.hub.refusals.info("refused a connection from %s: %s has its %d connections", self.src, cred, quota)
        who = "the shared password's players have" if is_shared(cred) else "your login has"
        self.conn.disconnect(
            asyncssh.DISC_TOO_MANY_CONNECTIONS,
            f"{who} {quota} connections here already, the most allowed; close one first",
        )
        return True

    def _no_session(self) -> None:
        if not self.sessions:
            log.info("closed a connection from %s: no session within %g s", self.src, self.hub.settings.session_grace)
            self._refuse("no session was opened", asyncssh.DISC_BY_APPLICATION)

    def session_requested(self) -> _Process:
        if self.sessions:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session per connection")
        self.sessions += 1
        if self.grace is not None:
            self.grace.cancel()
        return _Process(self.hub._session, None, 0, False)

    def password_auth_supported(self) -> bool:
        return self.hub.passwords is not None

    async def validate_password(self, username: str, password: str) -> bool:
        target = self.hub.password_of(username)
        wait = self.hub.backoff_turn(self.src, target, "")
        if isinstance(wait, str):
            self._refuse(wait, asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE)
            return False
        if wait and not await self._wait_out(wait):
            return False
        if not self.hub.guesses.take(target, self.src):  # locked: not judged at all, so nothing is learnt
            refused = self.hub.guesses.refused(target)
            self.hub.refusals.info(
                "refused %s from %s: %s is locked after too many wrong passwords (%d tries refused while locked)",
                username,
                self.src,
                target,
                refused,
            )
            self._refuse(
                "too many wrong passwords have been tried for this login lately: wait a few "
                "minutes, or log in with your key",
                asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE,
            )
            return False
        cred = self.hub.check_password(username, password)
        if cred is not None:
            self.hub.backoff.succeeded(self.src, target)
            self.hub.guesses.give_back(target, self.src)
            if self._over_quota(cred):
                return False
            self.conn.set_extra_info(parlour_cred=cred)
            return True
        failures = self.hub.backoff.failed(self.src, target)
        self.hub.refusals.info("refused %s from %s: wrong password (%d recent failures)", username, self.src, failures)
        self._tried()
        return False

    async def _wait_out(self, wait: float) -> bool:
        """Its back-off, waited out holding no login slot: given back now, taken again after
        (slots.Slots.enter, as at first); False if it gets none (it is closed, told why)."""
        self._logged_out()
        await asyncio.sleep(wait)
        if self.gone:
            return False
        self.turn = asyncio.get_running_loop().create_future()
        try:
            outcome = await enter_in_turn(self.hub.logging_in, self, self.src, self.turn)
        finally:
            self.turn = None
        if self.gone:  # (it left while it waited: what it held is given back)
            return False
        if outcome == TAKEN:
            self.logging_in = True
            return True
        self._refused_now(outcome == OWN_SHARE)
        return False

    def _tried(self) -> None:
        self.tries += 1
        if self.tries >= self.hub.settings.auth_tries:
            self._refuse("too many failed logins", asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE)

    def public_key_auth_supported(self) -> bool:
        return self.hub.keys is not None

    def validate_public_key(self, username: str, key: asyncssh.SSHKey) -> bool:
        host = self.conn.get_extra_info("peername")[0]
        keys = self.hub.keys
        ok = keys is not None and keys.validate(key, host, host) is not None
        if ok:
            cred = f"key:{key.get_fingerprint()}"
            if self._over_quota(cred):
                return False
            self.conn.set_extra_info(parlour_cred=cred)
        else:
            self.hub.refusals.info("refused %s from %s: unknown key", username, self.src)
            self.unknown_keys += 1  # clients offer several keys; a dozen unknown ones end the connection
            if self.unknown_keys >= MAX_UNKNOWN_KEYS:
                self._refuse("too many unknown keys", asyncssh.DISC_NO_MORE_AUTH_METHODS_AVAILABLE)
        return ok


class _Process(asyncssh.SSHServerProcess):
    """A session that accepts any subsystem request (sftp included, which asyncssh would
    otherwise serve itself) and always runs the Parlour session, which says why it will not
    run it and exits with a failing status."""

    # the session's handler of window sizes, once its app has a channel
    on_resize: Callable[[int, int], None] | None = None
    resizes: Bucket | None = None  # window changes allowed (RESIZE_RATE a second)
    flooded = False  # it sent too many: disconnected (said once)

    def subsystem_requested(self, subsystem: str) -> bool:
        return True

    def terminal_size_changed(self, width: int, height: int, pixwidth: int, pixheight: int) -> None:
        """asyncssh queues each window change as an exception for the next read (taken off with
        list.pop(0)), which a client sending thousands a second grows without bound; only the
        newest size matters, so it goes straight to the session (the channel coalesces them).
        A client sending more than RESIZE_RATE a second is disconnected."""
        if self.resizes is None:
            self.resizes = Bucket(RESIZE_RATE, RESIZE_BURST)
        if not self.resizes.take():
            conn = self.get_extra_info("connection")
            if conn is not None and not self.flooded:
                self.flooded = True
                log.info(
                    "%s sent window changes faster than %d a second: disconnected",
                    self.get_extra_info("username"),
                    RESIZE_RATE,
                )
                conn.abort()
            return
        if self.on_resize is not None:
            self.on_resize(width, height)

    def session_started(self) -> None:
        run_session_always(self)  # the Parlour session, whatever subsystem or command was asked for


# ---- helpers ----------------------------------------------------------------------------------


def terminal_environ(term: str, env: dict[str, str]) -> dict[str, str]:
    """The environment a session's app reads its terminal's colours from: the server's, with the
    client's TERM, COLORTERM and NO_COLOR instead of the server's (and no locale)."""
    environ = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "LANG", "COLORTERM", "NO_COLOR"))}
    environ.update(TERM=term)
    environ.update({k: env[k] for k in ("COLORTERM", "NO_COLOR") if k in env})
    return environ


def _say(process: asyncssh.SSHServerProcess[Any], text: str) -> None:
    try:
        process.stdout.write(text.encode("utf-8"))
    except Exception:
        pass


def unsent(process: asyncssh.SSHServerProcess[Any], conn: asyncssh.SSHServerConnection) -> int:
    """Bytes written for a client and not yet taken by it: in asyncssh's channel buffer (beyond
    the client's SSH window) and in the socket's write buffer (what asyncssh has sent within the
    window; asyncssh does not pause for a full socket)."""
    transport = transport_of(conn)  # the asyncio transport the connection writes to
    held = transport.get_write_buffer_size() if transport is not None else 0
    return process.channel.get_write_buffer_size() + held


def _peer(process: asyncssh.SSHServerProcess[Any]) -> str:
    peer = process.get_extra_info("peername")
    return str(peer[0]) if peer else "?"


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
