"""An SSH channel as a session's transport (session_runner.py): the app's screen written to it,
its keys read from it at the session's pace, its window sizes passed on (at most RESIZE_RATE a
second); a session without a terminal plays in lines (plain_session.py). `SshProcess` is the
channel's handler that asyncssh runs; ssh_door.py logs the connection in and opens it."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import asyncssh

from parlour.compat.asyncssh import run_session_always, transport_of
from parlour.services.charset import term_needs_ascii

from .client import (
    BadClient,
    KeyDecoder,
    check_env,
    check_name,
    check_size,
    check_term,
    client_locale,
    terminal_environ,
)
from .gametable import Member
from .limits import IDLE, MAX_UNSENT, READ_BURST, READ_RATE, READ_SIZE, RESIZE_BURST, RESIZE_RATE, RESTORE_TERMINAL
from .pace import Bucket
from .session_runner import SessionRunner

if TYPE_CHECKING:
    from .channel import Channel
    from .commons import Commons

log = logging.getLogger("parlour.fronts.serve")

RESTARTING = "\r\nThe Parlour server is restarting; your game is saved. Connect again in a moment.\r\n"


async def ssh_session(hub: Commons, process: asyncssh.SSHServerProcess[Any]) -> None:
    """One SSH session, from its channel's opening to its close (asyncssh runs it in its own task)."""
    await SshSession(hub, process).run()


class SshSession(SessionRunner):
    """An SSH channel as a session's transport: the app's screen written to it, its keys read from
    it; a session without a terminal plays in lines (plain_session.py)."""

    busy_note = " (a dropped connection is noticed within a few minutes)"

    def __init__(self, hub: Commons, process: asyncssh.SSHServerProcess[Any]) -> None:
        cred = process.get_extra_info("parlour_cred") or "open"
        super().__init__(hub, process.get_extra_info("username") or "", cred, _peer(process))
        self.process = process
        self.conn = process.get_extra_info("connection")
        self.channel: Channel | None = None
        self.term: str | None = None  # its checked TERM (None: no terminal, a session in lines)
        self.env: dict[str, str] = {}  # its checked environment
        self.size = (0, 0)  # its checked window size
        self.decoder = KeyDecoder("utf-8")  # its keystrokes' charset, from its locale

    async def run(self) -> int:
        """The session's lifecycle (SessionRunner.run), then the channel's exit status and close."""
        process = self.process
        status = 1
        try:
            status = await super().run()
        except (asyncio.CancelledError, asyncssh.Error, ConnectionError, BrokenPipeError):
            pass
        except Exception:  # never a traceback to the client: it goes to the server log
            log.exception("session of %s failed", self.name)
            _say(process, "\r\nSorry, something went wrong on the server. It has been logged.\r\n")
        finally:
            try:
                process.exit(status)
                await asyncio.wait_for(process.channel.wait_closed(), 5)
            except BaseException:
                pass
            conn = process.get_extra_info("connection")  # kept even once the channel let go of it
            if conn is not None:
                conn.close()  # one session per connection
            self.hub.giveback.ended()
        return status

    async def checked(self) -> bool:
        """A shell request, with a name, environment, TERM and window size that can be used."""
        process = self.process
        if process.command is not None or process.subsystem is not None:
            _say(process, "This server only plays Parlour: connect with `ssh -t` and no command.\r\n")
            return False
        term = process.get_terminal_type()
        plain = not term or term == "dumb"  # no terminal (ssh -T) or a dumb one: plain mode
        try:
            self.name = check_name(self.name)
            self.env = check_env(dict(process.env or {}))
            if not plain:
                self.term = check_term(term)
                self.size = check_size(*process.get_terminal_size()[:2])
        except BadClient as error:
            log.info(
                "refused a session from %s as %s (TERM %s): %s",
                self.src,
                self.name,
                process.get_terminal_type(),
                error,
            )
            _say(process, f"{error}\r\n")
            return False
        refusal = await self.hub.name_refusal(self.name, self.cred)
        if refusal is not None:
            log.info("refused %s from %s: %s", self.name, self.src, refusal)
            _say(process, f"{refusal} Connect with another user name: ssh -p PORT NAME@HOST.\r\n")
            return False
        return True

    async def play(self) -> None:
        term, env = self.term, self.env
        if term is None:
            return await self._run_plain(env)
        assert isinstance(self.process, SshProcess)  # (its sessions are)
        lang, ascii_only, encoding = client_locale(env)
        ascii_only = ascii_only or term_needs_ascii(term)  # the same rule as a local game (parlour/services/charset.py)
        width, height = self.size
        log.info(
            "%s connected from %s (%s, %dx%d, %s%s)",
            self.name,
            self.src,
            term,
            width,
            height,
            lang,
            ", ascii" if ascii_only else "",
        )
        self.decoder = KeyDecoder(encoding)
        await self.run_app(width, height, lang, ascii_only, terminal_environ(term, env))

    def farewell(self) -> str | None:
        if self.kicked():  # its app's output is no longer forwarded
            return RESTORE_TERMINAL + "\r\nYou logged in again from another place: this connection is closed.\r\n"
        if self.hub.stopping:  # the UI's output is no longer forwarded: the terminal is ours
            full_screen = self.process.get_terminal_type() not in (None, "", "dumb")  # not a plain session
            return (RESTORE_TERMINAL if full_screen else "") + RESTARTING
        return None

    async def _run_plain(self, env: dict[str, str]) -> None:
        """A session in lines (parlour/fronts/serve/plain_session.py): no PTY and no UI process."""
        from .plain_session import PlainSession

        lang, ascii_only, _ = client_locale(env)
        log.info("%s connected from %s (plain mode, %s%s)", self.name, self.src, lang, ", ascii" if ascii_only else "")
        await PlainSession(
            self.hub.lobby,
            self.process,
            self.name,
            self.cred,
            lang=lang,
            ascii_only=ascii_only,
            idle_timeout=self.hub.settings.idle_timeout,
        ).run()
        log.info("%s left", self.name)

    # ---- the transport ---------------------------------------------------------------------------

    async def say(self, text: str) -> None:
        _say(self.process, text)

    def write(self, data: bytes) -> None:
        channel = self.channel
        assert channel is not None  # (bound before the app writes)
        try:
            self.process.stdout.write(data)
        except (BrokenPipeError, ConnectionError, asyncssh.Error):
            channel.close()
            self.cut.set()
            return
        if unsent(self.process, self.conn) > MAX_UNSENT and not self.cut.is_set():
            log.info("%s does not read its screen (more than %d bytes unsent): disconnected", self.name, MAX_UNSENT)
            channel.close()
            self.cut.set()
            self.conn.abort()  # what it has not taken is dropped now (closing would wait to send it)

    def bound(self, channel: Channel) -> list[asyncio.Task[Any]]:
        self.channel = channel
        process = self.process
        assert isinstance(process, SshProcess)
        process.on_resize = lambda w, h: channel.resize(*check_size(w, h))
        channel.resize(*check_size(*process.get_terminal_size()[:2]))  # (a change while it was checked)
        return []

    async def keys_in(self, channel: Channel, member: Member) -> str | None:
        """The client's keystrokes (as text) to its app, at most READ_RATE bytes a second (its
        window sizes reach the channel through `SshProcess.terminal_size_changed`). Returns IDLE
        when the client sent nothing for the idle timeout."""
        pace = Bucket(READ_RATE, READ_BURST)
        idle = self.hub.settings.idle_timeout
        while True:
            try:
                data = await asyncio.wait_for(self.process.stdin.read(READ_SIZE), idle)
            except TimeoutError:
                log.info("%s was idle for %d s: disconnected", member.name, idle)
                return IDLE
            except (asyncssh.BreakReceived, asyncssh.SignalReceived):
                continue
            except (asyncssh.Error, ConnectionError):  # the connection is gone
                return None
            if not data or channel.closed:
                return None
            channel.keys(self.decoder.text(data))
            channel.log_cut(member.name)
            wait = pace.wait(len(data))
            if wait:  # (not a test's sleep: the pace of one client's input)
                await asyncio.sleep(wait)


class SshProcess(asyncssh.SSHServerProcess):
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
