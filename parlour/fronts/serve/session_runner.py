"""One player's session, whichever door it came through: admitted (memory for its app, a newer
login closing the older session of the same name, the broker asked who plays where), its app run
(ui.py on a `Channel`: started a few at a time, its keys in, its requests to the lobby, until the
player leaves, goes idle, is cut off or the app ends), then released (the lobby left, the app
closed, the name free) and the player told why it ended. The log says each step alike for both.

`SessionRunner` is that lifecycle; each door is a transport over it: `ssh_door.SshSession` (an SSH
channel) and `web_session.WebSession` (a WebSocket), which say how to write to the player, read
their keys and say a last line."""

from __future__ import annotations

import asyncio
import logging
import weakref
from typing import TYPE_CHECKING, Any

from .gametable import Member
from .limits import IDLE, RESTORE_TERMINAL
from .quotas import is_shared

if TYPE_CHECKING:
    from parlour.services.wire import ToServer

    from .channel import Channel
    from .commons import Commons
    from .ui import Ui

log = logging.getLogger("parlour.fronts.serve")

IDLE_WORDS = RESTORE_TERMINAL + "\r\nIdle for too long: disconnected. Your seat is kept.\r\n"
FAILED_WORDS = RESTORE_TERMINAL + "\r\nSorry, something went wrong on the server. It has been logged.\r\n"

# The browser login (the cookie's login id) each web session's task plays under: a reloaded tab
# may take over its own seat from a shared credential. An SSH session's task has none.
_LOGINS: weakref.WeakKeyDictionary[asyncio.Task[Any], str] = weakref.WeakKeyDictionary()


class SessionRunner:
    """The lifecycle of one session; a door's transport says how to write, read keys and speak."""

    door = ""  # what the log adds after the client's address: "" (SSH) or " (web)"
    # after "NAME is playing from another connection. If that is you, close it first"
    busy_note = ""
    says_failure = True  # a failed app is said to the player (the SSH door: its terminal is ours again)

    def __init__(self, hub: Commons, name: str, cred: str, src: str, login: str = "") -> None:
        self.hub, self.name, self.cred, self.src, self.login = hub, name, cred, src, login
        self.cut = asyncio.Event()  # the client is gone, or does not take its screen's output
        self.task: asyncio.Task[Any] | None = None

    # ---- the transport's part --------------------------------------------------------------------

    async def say(self, text: str) -> None:
        """A line for the player, outside the app (a refusal, why the session ended)."""
        raise NotImplementedError

    def write(self, data: bytes) -> None:
        """The app's screen output, for the player."""
        raise NotImplementedError

    async def keys_in(self, channel: Channel, member: Member) -> str | None:
        """The player's keys to `channel` until they leave (None) or go idle (IDLE)."""
        raise NotImplementedError

    def bound(self, channel: Channel) -> list[asyncio.Task[Any]]:
        """The app's channel is made: what the transport runs beside it (ended with the session)."""
        return []

    def farewell(self) -> str | None:
        """Why the session ended, for the player, when the server ended it (else None)."""
        return None

    async def checked(self) -> bool:
        """What the client sent is usable (the door's own checks); False once it is told why not."""
        return True

    async def play(self) -> None:
        """The session, once admitted (`run_app`, or the SSH door's lines)."""
        raise NotImplementedError

    # ---- the lifecycle -----------------------------------------------------------------------------

    async def run(self) -> int:
        """Checked, admitted, played, released and told why it ended: 0 once played, 1 if refused."""
        hub = self.hub
        task = self.task = asyncio.current_task()
        assert task is not None  # (each door runs a session in a task of its own)
        hub.sessions.add(task)
        try:
            if not await self.checked() or not await self.admit():
                return 1
            try:
                await self.play()
                return 0
            finally:
                await self.release()
        finally:
            hub.sessions.discard(task)

    # ---- admit -------------------------------------------------------------------------------------

    async def admit(self) -> bool:
        """Room for the session (memory; the older session of the same player closed, unless a
        shared credential's other person keeps it); False once the player is told why not."""
        hub, name, task = self.hub, self.name, self.task
        assert task is not None  # (set by run)
        other = hub.playing.get(name.casefold())
        full = None if other is not None else hub.memory_refusal(name, self.src, self.door)  # (one for one)
        if full is not None:
            await self.say(f"{full}\r\n")
            return False
        if other is not None:
            if is_shared(self.cred) and (not self.login or _LOGINS.get(other) != self.login):
                # a shared credential cannot tell two people apart: the first keeps it (a reloaded tab is the same login)
                log.info("refused %s from %s%s: already playing from another connection", name, self.src, self.door)
                await self.say(
                    f"{name} is playing from another connection. If that is you, close it first{self.busy_note}.\r\n"
                )
                return False
            log.info("%s logged in again from %s%s: the older connection is closed", name, self.src, self.door)
            hub.kicked.add(other)
            other.cancel()
            await asyncio.wait({other}, timeout=10)
        if not await hub.play_here(name, self.cred, self.login):
            log.info("refused %s from %s%s: already playing through another worker", name, self.src, self.door)
            await self.say(f"{name} is playing from another connection. If that is you, close it first.\r\n")
            return False
        if self.login:
            _LOGINS[task] = self.login
        hub.playing[name.casefold()] = task
        return True

    # ---- release -----------------------------------------------------------------------------------

    async def release(self) -> None:
        """The name is free again; the player is told why the server ended the session."""
        assert self.task is not None
        self.hub.played(self.name, self.task)
        why = self.farewell()
        if why is not None:
            await self.say(why)

    def kicked(self) -> bool:
        """Its player logged in again elsewhere: this session was closed for the newer one."""
        return self.task is not None and self.task in self.hub.kicked

    # ---- run the app -------------------------------------------------------------------------------

    async def run_app(self, width: int, height: int, lang: str, ascii_only: bool, environ: dict[str, str]) -> None:
        """The session's Parlour app, in this process, on a driver bound to the transport."""
        from .channel import Channel
        from .ui import Ui

        hub, name = self.hub, self.name
        channel = Channel(self.write, width, height)
        beside = self.bound(channel)
        outbox: asyncio.Queue[ToServer] = asyncio.Queue()
        ui = Ui(name, channel, lang, ascii_only, environ, outbox.put_nowait)
        member = None
        try:
            hub.uis.add(ui)
            member = Member(name, self.cred, ui.link.deliver)
            async with hub.starting:  # a few apps start at a time: each player waits for a few, not all
                app_task = ui.start(hub.lobby.listing(member))
                hello = asyncio.ensure_future(outbox.get())
                try:  # until the app is up (its first message) or has ended
                    await asyncio.wait({hello, app_task}, return_when=asyncio.FIRST_COMPLETED)
                finally:
                    hello.cancel()
                if not hello.cancelled():
                    hub.lobby.handle(member, hello.result())
                    hub.giveback.started()
            keys = asyncio.create_task(self.keys_in(channel, member))
            ours = [keys, asyncio.create_task(self._link(outbox, member)), asyncio.create_task(self.cut.wait())]
            try:
                await asyncio.wait([*ours, *beside, app_task], return_when=asyncio.FIRST_COMPLETED)
            finally:
                for one in ours:
                    one.cancel()
            if keys.done() and not keys.cancelled() and keys.exception() is None and keys.result() == IDLE:
                channel.close()  # said only now, with the app's output stopped, so no late redraw hides it
                await self.say(IDLE_WORDS)
        finally:
            if member is not None:
                hub.lobby.leave(member)
                log.info("%s left", name)
            for one in beside:
                one.cancel()
            ended = ui.task is not None and ui.task.done()
            if not ended or not self.says_failure:  # the player left: the app closes on its own time
                channel.close()
            ender = asyncio.ensure_future(self._end_app(ui))
            hub.closing.add(ender)
            ender.add_done_callback(hub.closing.discard)
            if ended and self.says_failure:  # it quit or failed: close it now, to say so before the channel closes
                await asyncio.shield(ender)

    async def _end_app(self, ui: Ui) -> None:
        """Close the app (its terminal restored while the channel is open) and say why if it failed."""
        try:
            await ui.close()
            if ui.failed and self.says_failure:
                await self.say(FAILED_WORDS)
        finally:
            self.hub.uis.discard(ui)
            self.hub.giveback.ended(ui.parts)

    async def _link(self, outbox: asyncio.Queue[ToServer], member: Member) -> None:
        """Requests from the session's app, handed to the lobby (in the session's task, not the app's)."""
        while True:
            self.hub.lobby.handle(member, await outbox.get())
