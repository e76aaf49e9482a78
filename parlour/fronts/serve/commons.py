"""What both doors of `parlour serve` share (the SSH door, ssh_door.py; the web door, web_door.py):
the settings, the credentials (the password file, the authorized keys), the lobby, the live
connections counted per credential, who plays where (a newer login closes the older session), the
apps running and the memory they may take, and the refusals both doors give in the same words.
The server's start and stop (server.py) build on it; neither door imports the other."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import ipaddress
import logging
import weakref
from pathlib import Path
from typing import TYPE_CHECKING, Any

import asyncssh

from .admission import Admission, cgroup_limit
from .files import LooseFile, check_private
from .guard import WAITING_TRIES, Backoff, Guesses
from .limits import STARTING
from .logsafe import RateLimited
from .memory import GiveBack
from .names import NameBook
from .quotas import TableQuota, is_shared
from .settings import ServeError, Settings, is_loopback
from .slots import Slots
from .tables import Lobby

if TYPE_CHECKING:
    from .federation import Federation

log = logging.getLogger("parlour.fronts.serve")


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


def _digest(text: str) -> bytes:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()


class Commons:
    """What both doors share: settings, credentials, the lobby, the live connections (counted per
    credential), who plays where, and the apps running; the refusals both doors give alike."""

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
        self.federation: Federation | None = None  # the other workers, through the broker (federation.py)

    @property
    def open(self) -> bool:
        return self.passwords is None and self.keys is None

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

    def full(self) -> str | None:
        """Why no more connections may log in (every worker's count at --max-connections), or None."""
        if self.in_all() < self.settings.max_connections:
            return None
        return "the Parlour server is full; try later"

    def over_quota(self, cred: str) -> str | None:
        """Why `cred` may not log in another connection (it holds its quota, in every worker), or None."""
        quota = self.settings.quotas.of(cred).connections
        if self.held_by(cred) < quota:
            return None
        who = "the shared password's players have" if is_shared(cred) else "your login has"
        return f"{who} {quota} connections here already, the most allowed; close one first"

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
