"""One lobby over many workers (`parlour serve --workers N --broker …`, or several hosts sharing
a broker): each worker's `Lobby` (tables.py) holds its own tables, lists every worker's, and
routes a player's requests for a table held elsewhere through the broker (broker.py).

A table's authoritative driver lives in one worker. A player connected to another worker sits
there as a `RemoteMember` (remote_seats.py): a lobby member like any other, whose `send` publishes each message
(already redacted for its seat, as every member gets it) to the player's worker, which hands it
to the player's UI. The player's requests go the other way. The event log is the protocol: a
seat is told the same `Seated` and `Events` wherever it is.

A worker's saves are leased in the broker (on top of the one-writer lock of
parlour/services/save_lock.py): a worker that dies or hangs stops renewing them, and within
`broker.LEASE` seconds another worker (or host) takes the lease and the lock and reopens the
table from its save, as a restart does; its players find their seats when they connect again
(or at once, if they were connected to the worker that reopens it or to a third one).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.services import wire

from . import relay
from .broker import HEARTBEAT, PREFIX, Broker, Heartbeat
from .gametable import GameTable, Member
from .numbering import Numbers
from .remote_seats import Routes
from .shared_guard import GuardNews

if TYPE_CHECKING:
    from .tables import Lobby

log = logging.getLogger("parlour.fronts.serve")


class Federation:
    """This worker's part of the shared lobby (see the module's words)."""

    def __init__(self, lobby: Lobby, broker: Broker, connections: Callable[[], dict[str, int]] = dict):
        self.lobby, self.broker = lobby, broker
        self.connections = connections  # this worker's logged-in connections per credential
        self.elsewhere: dict[str, int] = {}  # the other workers' connections per credential
        self.remote: dict[int, tuple[str, wire.TableLine]] = {}  # other workers' tables: number -> (worker, line)
        self.creators: dict[int, str] = {}  # who set each of them up (for the table quota)
        self.living: set[str] = set()
        self.leases: dict[str, GameTable | None] = {}  # saves this worker holds: resolved path -> table
        self.outbox: asyncio.Queue[tuple[str, str]] = asyncio.Queue()
        self.tasks: list[asyncio.Task] = []  # its loops, for as long as it runs
        self.jobs: set[asyncio.Future] = set()  # short calls to the broker under way
        self.dirty = asyncio.Event()  # this worker's lines changed
        self.refresh = asyncio.Event()  # another worker's lines changed
        self.said_conns: dict[str, int] = {}
        self.numbers = Numbers(broker)
        # the heart: beats from a thread while this loop runs within broker.HUNG (it reads the
        # leases' keys: a dict's keys are copied in one step under the GIL)
        self.heartbeat = Heartbeat(broker.url, broker.id, lambda: list(self.leases))
        self.saves: Path | None = None  # the saves folder (reopened tables come from it)
        self.kick: Callable[[str], None] | None = None  # close this worker's session playing a name
        # this worker's members at tables elsewhere, and the other workers' at tables here (remote_seats.py)
        self.routes = Routes(lobby, broker.id, self.post, lambda: self.remote)
        # the login defences and web logouts, told to every worker and heard from them (shared_guard.py)
        self.guard = GuardNews(broker.id, lambda text: self.outbox.put_nowait(("*", text)), lobby.poke)
        self.guard.on_table = self._table_heard

    async def start(self, saves: Path | None) -> None:
        self.saves = saves
        await self.numbers.fill()
        self.lobby.numbers = self.numbers
        self.lobby.federation = self
        self.living = await self.broker.living()
        if saves is not None:
            await self.restore(saves)
        await self._refresh()
        for job in (self._listen, self._sender, self._tick, self._beat, self._publisher, self._refresher):
            self.tasks.append(asyncio.create_task(job()))
        self.heartbeat.start()
        self.dirty.set()

    def _job(self, call: Awaitable[object]) -> None:
        job = asyncio.ensure_future(call)
        self.jobs.add(job)
        job.add_done_callback(self.jobs.discard)

    async def stop(self) -> None:
        """No more beats, messages or takeovers (the server stops)."""
        if self.heartbeat.is_alive():  # (its last beat done before the broker is left)
            self.heartbeat.stop()
            await asyncio.to_thread(self.heartbeat.join, 3 * HEARTBEAT)
        tasks = [*self.tasks, *self.jobs]
        for task in tasks:
            task.cancel()
        if tasks:  # (bounded: a task inside the Redis client may take its cancellation late)
            await asyncio.wait(tasks, timeout=2)
        self.tasks.clear()

    async def close(self) -> None:
        """The saves' leases given back (their tables let go already) and the broker left."""
        await self.stop()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._release_all(), 5)

    async def _release_all(self) -> None:
        try:
            for key in list(self.leases):
                await self.broker.release_lease(key)
        finally:
            await self.broker.close()

    # ---- the lobby's hooks (tables.py calls these) -----------------------------------------------

    def lines(self) -> tuple[wire.TableLine, ...]:
        return tuple(line for _, line in self.remote.values())

    def open_tables(self, cred: str) -> int:
        """Unfinished tables `cred` set up in the other workers (its quota counts them too)."""
        return sum(
            1 for number, who in self.creators.items() if who == cred and self.remote[number][1].status != "finished"
        )

    def tables_elsewhere(self) -> int:
        """Unfinished tables held by the other workers (tables.MAX_TABLES counts every worker's)."""
        return sum(1 for _, line in self.remote.values() if line.status != "finished")

    def table_created(self, cred: str) -> None:
        """`cred` set up a table here: the other workers count it in its tables an hour."""
        self.guard.table_created(cred)

    def _table_heard(self, cred: str) -> None:
        """Another worker's table set up by `cred`: counted here in its tables an hour."""
        if self.lobby.table_quota is not None:
            self.lobby.table_quota.created(cred)

    def changed(self) -> None:
        """This worker's tables changed: the others are told (soon, once for a burst)."""
        self.dirty.set()

    def route(self, member: Member, message: wire.ToServer) -> bool:
        """True when `message` is for a table held by another worker (and was sent there)."""
        return self.routes.route(member, message)

    def joined(self, member: Member) -> None:
        self.routes.joined(member)

    def left(self, member: Member) -> None:
        self.routes.left(member)

    def opened(self, table: GameTable, path: Path | None) -> None:
        """A table of this worker has a save: lease it (unless this worker leased it already)."""
        if path is None:
            return
        key = str(Path(path).resolve())
        if key in self.leases:
            self.leases[key] = table
            return
        self.leases[key] = table
        self._job(self._lease_new(key, table))

    # ---- one connection per player, in every worker -----------------------------------------

    async def play(self, name: str, cred: str, login: str = "") -> bool:
        """`name` plays in this worker from now on: a session of it in another worker is closed
        there (a newer login of the same player), unless its credential is shared and it is not
        the same browser login (`login`): then False, and the other keeps it."""
        from .names import form
        from .quotas import is_shared

        said = await self.broker.play(form(name), login, is_shared(cred))
        if said == "busy":
            return False
        if said.startswith("kick:"):
            log.info("%s logged in again through another worker: the older connection there is closed", name)
            self.post(said[5:], {"op": "kick", "name": name})
        return True

    def let_go(self, name: str, still_free: Callable[[], bool]) -> None:
        """A session of `name` in this worker ended: the name is let go if `still_free()` says
        no newer session here took it meanwhile."""
        from .names import form

        self._job(self._free_name(form(name), still_free))

    async def _free_name(self, key: str, still_free: Callable[[], bool]) -> None:
        with contextlib.suppress(Exception):
            if still_free():
                await self.broker.let_go(key)

    # ---- messages between workers -------------------------------------------------------------

    def post(self, worker: str, message: dict[str, Any]) -> None:
        self.outbox.put_nowait((worker, json.dumps(message, separators=(",", ":"))))

    def receive(self, text: str) -> None:
        """One message from another worker: a request for a table here, or a message for a UI here."""
        try:
            data = json.loads(text)
            op = data["op"]
            if op == "ui":
                self.routes.to_ui(data)
            elif op in ("req", "join", "gone"):
                self.routes.request(op, data)
            elif op == "kick" and self.kick is not None:
                self.kick(str(data["name"]))
        except (ValueError, KeyError, TypeError, relay.BadMessage) as error:
            log.warning("a message from another worker could not be read: %s", error)

    # ---- the broker's side: listening, sending, the heartbeat ----------------------------------

    async def _listen(self) -> None:
        async for message in self.broker.pubsub.listen():
            if message.get("type") != "message":
                continue
            channel, text = message["channel"], message["data"]
            if channel == self.broker.channel(self.broker.id):
                self.receive(text)
            elif channel == PREFIX + "guard":
                self.guard.heard(text)
            elif text != self.broker.id:
                self.refresh.set()

    async def _sender(self) -> None:
        while True:
            batch = [await self.outbox.get()]
            while not self.outbox.empty():
                batch.append(self.outbox.get_nowait())
            try:
                await self.broker.send(batch)
            except Exception as error:  # the broker is away: these messages are lost, said once a batch
                log.warning("cannot reach the broker: %d messages to other workers lost (%s)", len(batch), error)

    async def _publisher(self) -> None:
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            lines = {
                t.id: json.dumps({"line": relay.line_json(t.line()), "creator": t.creator})
                for t in self.lobby.tables.values()
            }  # (the credential that set it up is for the other workers' quotas: never sent to a UI)
            try:
                await self.broker.put_lines(lines)
            except Exception as error:
                log.warning("cannot tell the broker this worker's tables: %s", error)
                await asyncio.sleep(HEARTBEAT)  # (the next beat tries again)
                self.dirty.set()

    async def _refresher(self) -> None:
        while True:
            await self.refresh.wait()
            self.refresh.clear()
            try:
                await self._refresh()
            except Exception as error:
                log.warning("cannot read the other workers' tables: %s", error)
                await asyncio.sleep(HEARTBEAT)

    async def _refresh(self) -> None:
        """The other workers' lines, read again: the lobby shows them, seats held there are found."""
        self.living = await self.broker.living()
        found = await self.broker.lines(self.living)
        remote: dict[int, tuple[str, wire.TableLine]] = {}
        creators: dict[int, str] = {}
        for worker, lines in found.items():
            for text in lines.values():
                with contextlib.suppress(ValueError, TypeError, KeyError, relay.BadMessage):
                    said = json.loads(text)
                    line = relay.table_line(said["line"])
                    if line.id not in self.lobby.tables:
                        remote[line.id] = (worker, line)
                        if isinstance(said.get("creator"), str):
                            creators[line.id] = said["creator"]
        self.remote, self.creators = remote, creators
        for member in list(self.routes.routed.values()):  # its table's worker died: back to the lobby here
            if member.remote is not None and member.remote not in self.living:
                log.info("%s: the worker holding their table is gone; the table reopens elsewhere", member.name)
                member.remote = None
                self.routes.routed.pop(member.mid, None)
                self.routes.asked.pop(member.mid, None)
                member.send(self.lobby.listing(member))
        for key, rm in list(self.routes.remote_members.items()):  # a player's worker died: its seat is away
            if rm.worker not in self.living:
                del self.routes.remote_members[key]
                self.lobby.seating.detach(rm)
        self.lobby.tell_lobby()
        self.routes.reseat()

    async def _tick(self) -> None:
        """Tells the heartbeat this loop runs (nothing else: a slow broker call must not look like
        a hung loop)."""
        while True:
            self.heartbeat.tick()
            await asyncio.sleep(HEARTBEAT)

    async def _beat(self) -> None:
        while True:
            await asyncio.sleep(HEARTBEAT)
            try:
                await self.beat()
            except Exception as error:
                log.warning("cannot reach the broker: %s", error)

    async def beat(self) -> None:
        """Leases renewed (a lost one closes its table), let go (finished tables), taken up (a dead
        worker's saves); connections per credential shared. (The worker's own liveness is the
        heartbeat thread's: it beats while this loop is busy.)"""
        broker = self.broker
        held = {k: t for k, t in self.leases.items() if t is not None}
        for key, table in list(held.items()):
            if table.closed or table.status == "finished":
                del self.leases[key]
                del held[key]
                await broker.release_lease(key)
                if table.status == "finished":
                    await broker.forget_save(key)
        for key in await broker.renew_leases(list(held)):
            log.warning("table %d: its save's lease lapsed (this worker was too slow): it is closed here", held[key].id)
            self._close_here(held[key])
            self.leases.pop(key, None)
        conns = dict(self.connections())
        if conns != self.said_conns:
            await broker.put_connections(conns)
            self.said_conns = conns
        self.living = await broker.living()
        self.elsewhere = await broker.connections(self.living)
        if self.saves is not None:
            opened = 0
            for key in await broker.lapsed():
                opened += await self.adopt(Path(key))
            if opened:
                self.lobby.changed()
                self.routes.reseat()
        self.refresh.set()

    # ---- saves: restore, take over, let go ------------------------------------------------------

    async def restore(self, folder: Path) -> int:
        """At the start: every unfinished served save in `folder` that no living worker holds."""
        opened = 0
        for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else ():
            opened += await self.adopt(path)
        log.info("%d tables restored, %d on the shelf", opened, len(self.lobby.shelf))
        return opened

    async def adopt(self, path: Path) -> int:
        """Open the table saved at `path` here if its lease can be taken (1), else 0."""
        from parlour.services import save_lock

        key = str(path.resolve())
        if key in self.leases or not await self.broker.take_lease(key):
            return 0
        try:
            lock = save_lock.take(path)
        except save_lock.Held as held:
            log.info("not reopened: %s", held)
            await self.broker.release_lease(key)
            return 0
        self.leases[key] = None  # (the table's opening tells `opened`, which must not lease it again)
        table = None
        try:
            table = self.lobby.shelf.reopen_held(path, lock) if lock.held else None
        finally:
            if table is None:  # finished, shelved, not a served table's, or no room: not played here
                lock.release()
                del self.leases[key]
                await self.broker.release_lease(key)
                await self.broker.forget_save(key)
        if table is None:
            return 0
        self.leases[key] = table
        return 1

    async def _lease_new(self, key: str, table: GameTable) -> None:
        try:
            taken = await self.broker.take_lease(key)
        except Exception as error:
            log.warning("table %d: cannot lease its save: %s", table.id, error)
            return
        if not taken:
            log.warning("table %d: another worker holds its save's lease: it is closed here", table.id)
            self._close_here(table)
            self.leases.pop(key, None)

    def _close_here(self, table: GameTable) -> None:
        """Close a table here without a word in its save: another worker plays it from now on."""
        lobby = self.lobby
        table.stop_clocks()
        table.closed = True
        lobby.tables.pop(table.id, None)
        for member in list(table.members):
            lobby.seating.detach(member)
            member.send(lobby.listing(member))
        if table.driver is not None:
            table.driver.close()
        lobby.changed()
