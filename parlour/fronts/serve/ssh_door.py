"""The SSH door of `parlour serve`: the host key, the ciphers, and each connection's login (tries,
back-off, slots, quotas) up to its one session (ssh_session.py, the session runner over its channel).

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
import functools
import logging
from pathlib import Path
from typing import TYPE_CHECKING

import asyncssh

from parlour.compat.asyncssh import transport_of

from .files import LooseFile, check_private, write_private
from .guard import source
from .settings import ServeError
from .slots import EVICT_AFTER, OWN_SHARE, TAKEN, WAIT, WAITING, enter_in_turn
from .ssh_session import SshProcess, ssh_session

if TYPE_CHECKING:
    from .commons import Commons

log = logging.getLogger("parlour.fronts.serve")

MAX_UNKNOWN_KEYS = 12  # public keys a client may offer on one connection


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


# AES-GCM (one call into OpenSSL per packet) and AES-CTR for older clients. Not ChaCha20-Poly1305:
# OpenSSH clients ask for it first, and asyncssh does it in several steps per packet (15 % of the
# server's CPU while 49 players connected at once). All of these are current and safe.
CIPHERS = ("aes128-gcm@openssh.com", "aes256-gcm@openssh.com", "aes128-ctr", "aes256-ctr")


class SshConnection(asyncssh.SSHServer):
    """One connection: its login (tries, back-off, slots) and its one session."""

    conn: asyncssh.SSHServerConnection  # set first of all, by connection_made

    def __init__(self, hub: Commons):
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
        full = self.hub.full()
        if full is None:
            return False
        log.warning("refused a connection from %s: the server is full", self.src)
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, full)
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
        over = self.hub.over_quota(cred)
        if over is None:
            return False
        quota = self.hub.settings.quotas.of(cred).connections
        self.hub.refusals.info("refused a connection from %s: %s has its %d connections", self.src, cred, quota)
        self.conn.disconnect(asyncssh.DISC_TOO_MANY_CONNECTIONS, over)
        return True

    def _no_session(self) -> None:
        if not self.sessions:
            log.info("closed a connection from %s: no session within %g s", self.src, self.hub.settings.session_grace)
            self._refuse("no session was opened", asyncssh.DISC_BY_APPLICATION)

    def session_requested(self) -> SshProcess:
        if self.sessions:
            raise asyncssh.ChannelOpenError(asyncssh.OPEN_ADMINISTRATIVELY_PROHIBITED, "one session per connection")
        self.sessions += 1
        if self.grace is not None:
            self.grace.cancel()
        return SshProcess(functools.partial(ssh_session, self.hub), None, 0, False)

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
