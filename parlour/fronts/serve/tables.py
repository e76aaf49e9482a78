"""The lobby of `parlour serve`: who is connected, the game tables (parlour/fronts/serve/gametable.py),
who sits or watches where, and the tables that outlive the server (their saves).

Nothing here knows about SSH: a connection is a `Member` (a name, a credential and a `send`
for the messages of parlour/services/wire.py). Every request from a member goes through `Lobby.handle`,
which checks the member's seat; the rules check the action.

- `Lobby`: the members, the tables, the requests (one handler per message type) and the list
  everyone in the lobby sees.
- `Seating`: taking a seat, watching, leaving, coming back; a table starts when its seats are full.
- `Shelf`: every table's save is its log from the first action, with its plan (seats, names, bot
  levels, credentials, stand-in time) in the header's meta, so the file alone brings it back after
  a restart; a table whose players all stayed away is closed and waits there for one of them.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.rules import bots, registry
from parlour.rules.records import Rejected
from parlour.rules.table import Table
from parlour.services import wire
from parlour.services.seats import COLOURS, SPECTATOR

from .gametable import GameTable, SeatPlan

if TYPE_CHECKING:
    from parlour.rules.log import Header, Loaded
    from parlour.services.save_lock import SaveLock

    from .federation import Federation
    from .quotas import TableQuota

log = logging.getLogger("parlour.fronts.serve")

MAX_TABLES = 40
BOT_NAMES = ("Odie", "Nermal", "Arlene", "Pooky", "Doris", "Rocky", "Biffen", "Brainy")
KEPT_FINISHED = 8  # finished tables nobody looks at still listed
_members = itertools.count(1)  # each connection's number in this process (its messages' address between workers)


class Member:
    """One connection's player: its name, credential, and where it is (lobby, a seat, watching)."""

    def __init__(self, name: str, cred: str, send: Callable[[wire.ToUi], None]):
        self.name, self.cred, self.send = name, cred, send
        self.table: GameTable | None = None
        self.seat: int = SPECTATOR
        self.seen: int = 0  # events its UI has shown
        self.view: Any = None  # the view its UI shows (its own object: nothing is copied)
        self.mid = next(_members)
        self.remote: str | None = None  # the worker holding the table it is at, when not this one (federation.py)

    @property
    def digest(self) -> str:
        """The fingerprint of the view its UI shows, worked out only when a test or tool asks."""
        return wire.digest(self.view) if self.view is not None else ""

    def __repr__(self) -> str:
        return f"Member({self.name!r})"


class Lobby:
    def __init__(
        self,
        *,
        bot_delay: float = 0.6,
        save: bool = True,
        abandon_after: float = 30 * 60,
        clock: Callable[[], float] | None = None,
        outside: Mapping[str, str] | None = None,
    ):
        self.tables: dict[int, GameTable] = {}
        # The operator's own bots (`parlour serve --bot NAME=COMMAND`): the new-table form offers
        # their names; a player picks one by name and never sends a command.
        self.outside: dict[str, str] = dict(outside or {})
        self.members: dict[str, Member] = {}  # connected, by casefolded name
        self.bot_delay = bot_delay
        self.save = save
        self.abandon_after = abandon_after  # seconds a table with all its humans away is kept open
        self.clock: Callable[[], float] = clock or (lambda: asyncio.get_running_loop().time())
        self.table_quota: TableQuota | None = None  # tables a credential may set up (None: any number)
        self.changes = asyncio.Event()  # set after every table change (tests and tools wait on it)
        self.seating = Seating(self)
        self.shelf = Shelf(self)
        self.numbers: Iterator[int] = itertools.count(1)  # the tables' numbers, in the order they are set up
        self.federation: Federation | None = None  # the other workers' tables, with a broker (federation.py)

    # ---- connections ---------------------------------------------------------------------------

    def join(self, member: Member) -> None:
        """A connection's UI is up: back to its seat if it holds one, else the lobby."""
        old = self.members.get(member.name.casefold())
        if old is not None and old is not member:
            self.leave(old)
        self.members[member.name.casefold()] = member
        self.shelf.unshelve(member)
        for table in self.tables.values():
            seat = table.seat_of(member.name)
            if seat is not None and table.status != "finished" and table.plan[seat].cred == member.cred:
                log.info("%s is back at table %d, seat %d", member.name, table.id, seat)
                self.seating.attach(table, member, seat)
                return
        member.send(self.listing(member))
        if self.federation is not None:
            self.federation.joined(member)

    def leave(self, member: Member) -> None:
        """A connection ended: its seat is kept (away) in a game, freed at a table still waiting."""
        if self.members.get(member.name.casefold()) is member:
            del self.members[member.name.casefold()]
        if self.federation is not None:
            self.federation.left(member)
        self.seating.detach(member)
        self.changed()

    # ---- requests ------------------------------------------------------------------------------

    on = wire.Dispatcher()  # the handlers of the UIs' requests, by message type

    def handle(self, member: Member, message: wire.ToServer) -> None:
        """One request from a member's UI; anything odd is refused with a notice, never raised."""
        try:
            if self.federation is not None and self.federation.route(member, message):
                return  # for a table another worker holds
            self.on.handle(message, self, member)
        except wire.Unknown as error:
            member.send(wire.Refused(str(error)))
        except Rejected as error:
            log.info("refused %s from %s: %s", type(message).__name__.lower(), member.name, error.reason)
            member.send(wire.Refused(error.reason))

    @on(wire.Hello)
    def _hello(self, member: Member, message: wire.Hello) -> None:
        self.join(member)

    @on(wire.Seen)
    def _seen(self, member: Member, message: wire.Seen) -> None:
        member.seen, member.view = message.count, message.view
        self.poke()

    @on(wire.Create)
    def _create(self, member: Member, message: wire.Create) -> None:
        if self.table_quota is not None:
            reason = self.table_quota.refusal(member.cred, self.open_tables(member.cred))
            if reason is not None:
                raise Rejected(reason)
        table = self.create(
            message.game,
            list(message.seats),
            standin=message.standin if message.standin in wire.STANDIN_CHOICES else 0,
            hints=message.hints is True,
        )
        table.creator = member.cred
        if self.table_quota is not None:
            self.table_quota.created(member.cred)
            if self.federation is not None:  # the other workers count it in their hour too
                self.federation.table_created(member.cred)
        self.seating.sit(member, table)

    @on(wire.Sit)
    def _sit(self, member: Member, message: wire.Sit) -> None:
        self.seating.sit(member, self.seating.table(message.table))

    @on(wire.Watch)
    def _watch(self, member: Member, message: wire.Watch) -> None:
        self.seating.watch(member, self.seating.table(message.table))

    @on(wire.Leave)
    def _leave(self, member: Member, message: wire.Leave) -> None:
        self.seating.detach(member)
        member.send(self.listing(member))
        self.changed()

    @on(wire.Act)
    def _act(self, member: Member, message: wire.Act) -> None:
        if member.table is None:
            raise Rejected("you are not at a table in play")
        member.table.act(member, message.action)

    # ---- the tables ----------------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        seats: list[str],
        *,
        standin: float = 0,
        seed: int | None = None,
        rig: Any = None,
        hints: bool = False,
    ) -> GameTable:
        """A new table: `seats` lists "human" or "bot:LEVEL" in seat order (the levels the game's
        menus offer, `bots.levels`); `hints` lets its seated players ask for a hint. Raises Rejected."""
        try:
            game = registry.get(game_id)
        except registry.UnknownGame as error:
            raise Rejected(str(error)) from None
        if not isinstance(seats, (list, tuple)) or not game.min_players <= len(seats) <= game.max_players:
            raise Rejected(f"{game.title} takes {game.min_players} to {game.max_players} players")
        elsewhere = self.federation.tables_elsewhere() if self.federation is not None else 0
        if elsewhere + len([t for t in self.tables.values() if t.status != "finished"]) >= MAX_TABLES:
            raise Rejected("the server has as many tables as it can hold; join one")
        plan, names = [], iter(BOT_NAMES)
        for i, spec in enumerate(seats):
            colour = COLOURS[i % len(COLOURS)]
            if spec in ("human", "you"):
                plan.append(SeatPlan(None, colour=colour))
            elif isinstance(spec, str) and spec.startswith("bot:") and spec[4:] in self.levels(game.id):
                plan.append(SeatPlan(spec[4:], next(names), colour=colour))
            else:
                raise Rejected(f'a seat is "human" or "bot:LEVEL" (levels: {", ".join(self.levels(game.id))})')
        if not any(s.bot is None for s in plan):
            raise Rejected("a table needs at least one human seat")
        # finished tables nobody looks at are forgotten, beyond the newest few
        finished = [t for t in self.tables.values() if t.status == "finished" and not t.members]
        for old in finished[:-KEPT_FINISHED]:
            del self.tables[old.id]
        table = GameTable(next(self.numbers), game.id, plan, self, max(0.0, float(standin)), seed, rig, hints is True)
        self.tables[table.id] = table
        log.info("table %d created: %s, %s", table.id, game.id, ", ".join(seats))
        self.changed()
        return table

    def levels(self, game_id: str) -> list[str]:
        """The bots a new table may seat: the game's menus' levels, then the operator's programs."""
        return [*bots.levels(game_id), *self.outside]

    def open_tables(self, cred: str) -> int:
        """How many unfinished tables `cred` set up (here and in the other workers: its quota counts them)."""
        elsewhere = self.federation.open_tables(cred) if self.federation is not None else 0
        return elsewhere + sum(1 for t in self.tables.values() if t.creator == cred and t.status != "finished")

    def listing(self, member: Member, lines: tuple[wire.TableLine, ...] | None = None) -> wire.Listing:
        """The lobby for `member` (`lines`: the tables' lines, if already made for someone else)."""
        if lines is None:
            lines = tuple(t.line() for t in self.tables.values())
            if self.federation is not None:  # and the other workers' tables
                lines = tuple(sorted(lines + self.federation.lines(), key=lambda line: line.id))
        return wire.Listing(member.name, lines, tuple(self.outside))

    def changed(self) -> None:
        """The tables changed: everyone in the lobby gets the new list (in every worker)."""
        if self.federation is not None:
            self.federation.changed()
        self.tell_lobby()

    def tell_lobby(self) -> None:
        """Everyone in this lobby gets the list of tables as it is now."""
        lines = None  # made once for everyone
        for member in list(self.members.values()):
            if member.table is None and member.remote is None:
                listing = self.listing(member, lines)
                lines = listing.tables
                member.send(listing)
        self.poke()

    def poke(self) -> None:
        """Wake whoever waits for a change (at a table, or a connection came or went)."""
        self.changes.set()
        self.changes = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> None:
        """Wait (at most `timeout` seconds) until `predicate()` holds; it is checked after every
        change at any table and every UI's report of what it has shown."""

        async def check() -> None:
            while not predicate():
                await self.changes.wait()

        await asyncio.wait_for(check(), timeout)

    # ---- after a restart -----------------------------------------------------------------------

    def restore(self, folder: Path, owner: Callable[[str], str | None] = lambda name: None) -> int:
        """Bring back the served tables saved in `folder` (see `Shelf.restore`)."""
        return self.shelf.restore(folder, owner)

    def sweep(self) -> list[int]:
        """Close the tables whose humans have all been away too long (see `Shelf.sweep`)."""
        return self.shelf.sweep()

    def log_unsaved(self) -> None:
        """As the server stops: say in its log which tables' last moves are not on disk (issue 28:
        a full disk); their players' moves since the last save are lost with the process."""
        for table in self.tables.values():
            driver = table.driver
            if driver is not None and driver.unsaved():
                log.warning(
                    "table %d could not be saved: its last %d moves are lost (%s)",
                    table.id,
                    driver.unsaved(),
                    driver.save_problem,
                )

    def let_go(self) -> None:
        """As the server stops: every table lets its save go (another window may open it)."""
        for table in self.tables.values():
            if table.driver is not None:
                table.driver.close()


class Seating:
    """Who sits or watches where: members move between the lobby and the tables here."""

    def __init__(self, lobby: Lobby):
        self.lobby = lobby

    def table(self, number: int) -> GameTable:
        table = self.lobby.tables.get(number) if type(number) is int else None
        if table is None:
            raise Rejected("there is no such table")
        return table

    def sit(self, member: Member, table: GameTable) -> None:
        """Take a free seat at a waiting table (or go back to one's own); the game starts when
        every seat is taken. Raises Rejected."""
        seat = table.seat_of(member.name)
        if seat is not None:
            if table.plan[seat].cred != member.cred:
                raise Rejected("someone else with your name sits at that table")
            if table.status == "finished":
                raise Rejected("that game is over; watch it instead")
        else:
            if table.status != "waiting" or not table.free_seats():
                raise Rejected("that table has no free seat; watch it instead")
            if any(s.name and s.name.casefold() == member.name.casefold() for s in table.plan):
                raise Rejected("a bot at that table has your name; pick another user name")
            self.detach(member)
            seat = table.free_seats()[0]
            table.plan[seat].name, table.plan[seat].cred = member.name, member.cred
            log.info("%s sits at table %d, seat %d", member.name, table.id, seat)
        self.attach(table, member, seat)
        if table.table is None and not table.free_seats():
            self.start(table)
        self.lobby.changed()

    def watch(self, member: Member, table: GameTable) -> None:
        if table.seat_of(member.name) is not None:
            return self.sit(member, table)
        self.detach(member)
        log.info("%s watches table %d", member.name, table.id)
        self.attach(table, member, SPECTATOR)
        self.lobby.changed()

    def attach(self, table: GameTable, member: Member, seat: int) -> None:
        if member.table is not None and member.table is not table:
            self.detach(member)
        member.table, member.seat = table, seat
        table.members.add(member)
        if seat != SPECTATOR and seat in table.away:
            table.back(seat)
        if table.table is not None:
            member.send(table.seated(member))
            table.schedule_bot()
        elif table.free_seats():
            member.send(self.lobby.listing(member))  # the table's line with this seat taken, at once
            member.send(wire.Notice("lobby.waiting_players", {"n": len(table.free_seats())}))

    def detach(self, member: Member) -> None:
        table, seat = member.table, member.seat
        member.table, member.seat = None, SPECTATOR
        if table is None:
            return
        table.members.discard(member)
        if seat == SPECTATOR:
            return
        if table.table is None:  # not started: the seat is free again
            table.plan[seat].name = table.plan[seat].cred = None
            log.info("%s left table %d before it started", member.name, table.id)
            if all(s.name is None for s in table.plan if s.bot is None):
                del self.lobby.tables[table.id]
                table.closed = True
                log.info("table %d closed: nobody waits at it", table.id)
        elif table.status == "playing":
            log.info("%s is away from table %d, seat %d", member.name, table.id, seat)
            table.gone(seat)
            table.presence(seat, True)

    def start(self, table: GameTable) -> None:
        names = [s.name or "" for s in table.plan]
        # the table's plan rides in the save's header, so the log alone restores it after a restart
        meta = {
            "seats": [{"bot": s.bot, "colour": s.colour, "cred": s.cred} for s in table.plan],
            "served": True,
            "standin": table.standin,
            "creator": table.creator,
            "hints": table.hints,
        }
        try:
            game = Table.new(table.game_id, names, seed=table.seed, rig=table.rig, meta=meta)
        except Rejected as error:  # e.g. two names the rules see as the same
            for member in list(table.members):
                self.detach(member)
                member.send(wire.Refused(error.reason))
                member.send(self.lobby.listing(member))
            self.lobby.tables.pop(table.id, None)
            table.closed = True
            return
        path = None
        if self.lobby.save:
            from parlour.services.config import new_save_path

            path = new_save_path(table.game_id)
        table.play(game, path)
        if self.lobby.federation is not None:
            self.lobby.federation.opened(table, path)
        log.info("table %d starts: %s", table.id, ", ".join(names))
        for member in list(table.members):
            member.send(table.seated(member))
        table.schedule_bot()


class Shelf:
    """Tables outlive the server: unfinished served tables come back from their saves, and a
    table whose humans all stayed away is closed (its save marked shelved) until one comes back."""

    def __init__(self, lobby: Lobby):
        self.lobby = lobby
        self.saves: dict[Path, list[tuple[str | None, str | None]]] = {}  # shelved: (name, cred) seated
        self.owner: Callable[[str], str | None] = lambda name: None  # a name's credential (the name book)

    def __len__(self) -> int:
        return len(self.saves)

    def restore(self, folder: Path, owner: Callable[[str], str | None] = lambda name: None) -> int:
        """Bring back every unfinished served table saved in `folder`, its humans away until they
        reconnect (a bot stands in as the table was set). A table closed as abandoned goes on the
        shelf instead, and comes back when one of its players does. `owner` gives a name's
        credential for saves that do not carry it. Returns how many tables are open again."""
        self.owner = owner
        opened = 0
        for path in sorted(folder.glob("*.jsonl")) if folder.is_dir() else ():
            served = self._served(path)
            if served is None:
                continue
            loaded, plan = served
            if loaded.header.meta.get("shelved"):
                self.saves[path] = [(s.name, s.cred) for s in plan if s.bot is None]
            elif self._reopen(path, loaded, plan) is not None:
                opened += 1
        log.info("%d tables restored, %d on the shelf", opened, len(self.saves))
        return opened

    def _served(self, path: Path) -> tuple[Loaded, list[SeatPlan]] | None:
        """(the loaded save, its seat plan) for an unfinished served table's save, else None (one
        open elsewhere too: one writer per save, parlour/services/save_lock.py)."""
        from parlour.services import save_lock

        holder = save_lock.holder(path)
        if holder is not None:
            log.info("not restored: %s", holder.words(path.name))
            return None
        return self._read(path)

    def _read(self, path: Path) -> tuple[Loaded, list[SeatPlan]] | None:
        """(the loaded save, its seat plan) for an unfinished served table's save, else None."""
        from parlour.services import saves

        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            log.info("not restored: %s", error)
            return None
        plan = self._plan(loaded.header)
        if plan is None or registry.get(loaded.header.game).result(loaded.state) is not None:
            return None
        return loaded, plan

    def _plan(self, header: Header) -> list[SeatPlan] | None:
        """The seat plan a served save's header carries, or None for any other save."""
        meta = header.meta
        seats = meta.get("seats")
        if meta.get("served") is not True or not isinstance(seats, list) or len(seats) != len(header.players):
            return None
        plan = []
        for name, seat in zip(header.players, seats):
            if not isinstance(seat, dict):
                return None
            bot = seat.get("bot")
            if bot is not None and not (isinstance(bot, str) and (bots.known(bot) or bot in self.lobby.outside)):
                return None
            cred = seat.get("cred")
            cred = cred if isinstance(cred, str) else self.owner(name)
            colour = seat.get("colour")
            plan.append(SeatPlan(bot, name, None if bot else cred, colour if isinstance(colour, str) else "red"))
        return plan

    def reopen_held(self, path: Path, lock: SaveLock) -> GameTable | None:
        """Open the table saved at `path`, whose lock this process holds (another worker's table,
        whose lease lapsed: federation.py); a shelved one goes on the shelf. None if not opened."""
        served = self._read(path)
        if served is None:
            return None
        loaded, plan = served
        if loaded.header.meta.get("shelved"):
            self.saves[path] = [(s.name, s.cred) for s in plan if s.bot is None]
            return None
        return self._reopen(path, loaded, plan, lock)

    def _reopen(
        self, path: Path, loaded: Loaded, plan: list[SeatPlan], lock: SaveLock | None = None
    ) -> GameTable | None:
        lobby = self.lobby
        if len([t for t in lobby.tables.values() if t.status != "finished"]) >= MAX_TABLES:
            log.warning("%s not reopened: the server has as many tables as it can hold", path.name)
            return None
        meta = loaded.header.meta
        meta.pop("shelved", None)
        standin = meta.get("standin", 0)
        standin = standin if standin in wire.STANDIN_CHOICES else 0
        table = GameTable(next(lobby.numbers), loaded.header.game, plan, lobby, standin)
        lobby.tables[table.id] = table
        creator = meta.get("creator")
        table.creator = creator if isinstance(creator, str) else None
        table.hints = meta.get("hints") is True
        game = Table.resume(loaded)
        from parlour.services.dropped import dropped_told

        told = dropped_told(loaded)  # logged before the save is written again without it
        if told:
            log.warning("table %d, %s: %s", table.id, path.name, told)
        table.play(game, path, kept=len(loaded.events) if game.events == loaded.events else 0, lock=lock)
        if lobby.federation is not None:
            lobby.federation.opened(table, path)
        for seat, s in enumerate(plan):
            if s.bot is None:
                table.gone(seat)
        log.info("table %d reopened from %s: %s", table.id, path.name, ", ".join(game.players))
        table.schedule_bot()
        return table

    def unshelve(self, member: Member) -> None:
        """A player of a shelved table is back: the table opens again from its save (unless its
        setter's quota of open tables is full: one reconnect reopens at most that many)."""
        quota = self.lobby.table_quota
        for path, seated in list(self.saves.items()):
            if (member.name.casefold(), member.cred) not in {((n or "").casefold(), c) for n, c in seated}:
                continue
            served = self._served(path)
            if served is not None and quota is not None:
                creator = served[0].header.meta.get("creator")
                if isinstance(creator, str) and quota.refusal(creator, self.lobby.open_tables(creator), hourly=False):
                    continue  # it stays on the shelf for now
            del self.saves[path]
            if served is not None and self._reopen(path, *served) is None:
                self.saves[path] = seated  # no room now: it stays on the shelf

    def sweep(self) -> list[int]:
        """Close every table whose humans have all been away for `abandon_after` seconds: its save
        is marked shelved (it reopens when one of its players comes back) and its slot is free."""
        lobby = self.lobby
        now = lobby.clock()
        closed = [
            t
            for t in lobby.tables.values()
            if t.status == "playing" and t.empty_since is not None and now - t.empty_since >= lobby.abandon_after
        ]
        for table in closed:
            self._shelve(table)
        return [t.id for t in closed]

    def _shelve(self, table: GameTable) -> None:
        from parlour.services import saves

        lobby = self.lobby
        table.stop_clocks()
        table.closed = True
        del lobby.tables[table.id]
        for member in list(table.members):  # watchers: back to the lobby
            lobby.seating.detach(member)
            member.send(lobby.listing(member))
        writer = table.driver.writer if table.driver is not None else None
        if writer is not None and table.table is not None:
            table.table.header.meta["shelved"] = True
            try:
                saves.write(writer.path, table.table.header, table.table.events)
                self.saves[writer.path] = [(s.name, s.cred) for s in table.plan if s.bot is None]
            except saves.SaveError as error:
                log.warning("table %d: cannot mark its save as shelved: %s", table.id, error)
        if writer is not None:
            writer.close()  # let go: the save may be opened elsewhere until the table comes back
        log.info("table %d closed: its players were away for %d s", table.id, lobby.abandon_after)
        lobby.changed()
