"""The lobby and its game tables: who sits where, the one authoritative table per game (its
driver, parlour/driver.py, submits, saves and plays the bots here, in the server), and seats kept
for players who dropped.

Nothing here knows about SSH: a connection is a `Member` (a name, a credential and a `send`
for the messages of parlour/wire.py). Every request from a member goes through `Lobby.handle`,
which checks the member's seat; the rules check the action.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from parlour import wire
from parlour.driver import TableDriver
from parlour.rules import bots, registry
from parlour.rules.records import Action, Event, Rejected
from parlour.rules.table import Table
from parlour.seats import COLOURS, SPECTATOR

log = logging.getLogger("parlour.serve")

MAX_TABLES = 40
BOT_NAMES = ("Odie", "Nermal", "Arlene", "Pooky", "Doris", "Rocky", "Biffen", "Brainy")


class Member:
    """One connection's player: its name, credential, and where it is (lobby, a seat, watching)."""

    def __init__(self, name: str, cred: str, send: Callable[[wire.ToUi], None]):
        self.name, self.cred, self.send = name, cred, send
        self.table: GameTable | None = None
        self.seat: int = SPECTATOR
        self.seen: int = 0  # events its UI has shown
        self.view: Any = None  # the view its UI shows (its own object: nothing is copied)

    @property
    def digest(self) -> str:
        """The fingerprint of the view its UI shows, worked out only when a test or tool asks."""
        return wire.digest(self.view) if self.view is not None else ""

    def __repr__(self) -> str:
        return f"Member({self.name!r})"


@dataclass
class SeatPlan:
    bot: str | None  # a bot level, or None for a human seat
    name: str | None = None  # the player's name once taken (bots get theirs at once)
    cred: str | None = None
    colour: str = "red"


@dataclass
class GameTable:
    id: int
    game_id: str
    plan: list[SeatPlan]
    standin: float = 0  # seconds an away player is waited for before a bot plays for them
    seed: int | None = None
    rig: Any = None
    table: Table | None = None  # the rules' table once the game starts (driven by `driver`)
    driver: TableDriver | None = None
    members: set = field(default_factory=set)  # every Member at this table, players and watchers
    away: set = field(default_factory=set)  # seats whose player dropped
    standing_in: set = field(default_factory=set)  # away seats a bot now plays
    bots: dict = field(default_factory=dict)  # a bot for every seat: a human's stands in when away
    timers: dict = field(default_factory=dict)
    empty_since: float | None = None  # when its last human went away (None: someone is here)
    creator: str | None = None  # the credential that set it up here (its quota counts the table)
    hints: bool = False  # its creator let every seated player ask for a hint (parlour/hint.py)

    @property
    def status(self) -> str:
        if self.table is None:
            return "waiting"
        return "finished" if self.table.result() is not None else "playing"

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.plan) if s.bot is None and s.name is None]

    def seat_of(self, name: str) -> int | None:
        return next(
            (i for i, s in enumerate(self.plan) if s.bot is None and s.name and s.name.casefold() == name.casefold()),
            None,
        )

    def line(self) -> wire.TableLine:
        """The table as the lobby lists it."""
        return wire.TableLine(
            self.id,
            self.game_id,
            self.status,
            tuple(wire.SeatLine(s.name, s.bot, i in self.away) for i, s in enumerate(self.plan)),
            self.standin,
            self.hints,
            sum(1 for m in self.members if m.seat == SPECTATOR),
        )


class Lobby:
    def __init__(
        self,
        *,
        bot_delay: float = 0.6,
        save: bool = True,
        abandon_after: float = 30 * 60,
        clock: Callable[[], float] | None = None,
    ):
        self.tables: dict[int, GameTable] = {}
        self.members: dict[str, Member] = {}  # connected, by casefolded name
        self.bot_delay = bot_delay
        self.save = save
        self.abandon_after = abandon_after  # seconds a table with all its humans away is kept open
        self.clock = clock or (lambda: asyncio.get_running_loop().time())
        self.shelf: dict[Path, list[tuple[str, str]]] = {}  # closed unfinished tables: (name, cred) seated
        self.owner: Callable[[str], str | None] = lambda name: None  # a name's credential (the name book)
        self._next_id = 1
        self.table_quota = None  # quotas.TableQuota: tables a credential may set up (None: any number)
        self.changed = asyncio.Event()  # set after every table change (tests and tools wait on it)

    # ---- connections ---------------------------------------------------------------------------

    def join(self, member: Member) -> None:
        """A connection's UI is up: back to its seat if it holds one, else the lobby."""
        old = self.members.get(member.name.casefold())
        if old is not None and old is not member:
            self.leave(old)
        self.members[member.name.casefold()] = member
        self._unshelve(member)
        for table in self.tables.values():
            seat = table.seat_of(member.name)
            if seat is not None and table.status != "finished" and table.plan[seat].cred == member.cred:
                log.info("%s is back at table %d, seat %d", member.name, table.id, seat)
                self._attach(table, member, seat)
                return
        member.send(self.listing(member))

    def leave(self, member: Member) -> None:
        """A connection ended: its seat is kept (away) in a game, freed at a table still waiting."""
        if self.members.get(member.name.casefold()) is member:
            del self.members[member.name.casefold()]
        self._detach(member)
        self._lobby_changed()

    on = wire.Dispatcher()  # the handlers of the UI's requests

    def handle(self, member: Member, message: wire.ToServer) -> None:
        """One request from a member's UI; anything odd is refused with a notice, never raised."""
        try:
            self.on.handle(message, self, member)
        except wire.Unknown as error:
            member.send(wire.Refused(str(error)))
        except Rejected as error:
            log.info("refused %s from %s: %s", type(message).__name__.lower(), member.name, error.reason)
            member.send(wire.Refused(error.reason))

    def listing(self, member: Member, lines: tuple[wire.TableLine, ...] | None = None) -> wire.Listing:
        """The lobby for `member` (`lines`: the tables' lines, if already made for someone else)."""
        return wire.Listing(member.name, tuple(t.line() for t in self.tables.values()) if lines is None else lines)

    @on(wire.Hello)
    def _hello(self, member: Member, message: wire.Hello) -> None:
        self.join(member)

    @on(wire.Seen)
    def _seen(self, member: Member, message: wire.Seen) -> None:
        member.seen, member.view = message.count, message.view
        self._poke()

    @on(wire.Leave)
    def _leave(self, member: Member, message: wire.Leave) -> None:
        self._detach(member)
        member.send(self.listing(member))
        self._lobby_changed()

    # ---- the lobby -----------------------------------------------------------------------------

    def create(
        self,
        game_id: str,
        seats: list[str],
        *,
        standin: float = 0,
        seed: int | None = None,
        rig=None,
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
        if len([t for t in self.tables.values() if t.status != "finished"]) >= MAX_TABLES:
            raise Rejected("the server has as many tables as it can hold; join one")
        plan, names = [], iter(BOT_NAMES)
        for i, spec in enumerate(seats):
            colour = COLOURS[i % len(COLOURS)]
            if spec in ("human", "you"):
                plan.append(SeatPlan(None, colour=colour))
            elif isinstance(spec, str) and spec.startswith("bot:") and spec[4:] in bots.levels(game.id):
                plan.append(SeatPlan(spec[4:], next(names), colour=colour))
            else:
                raise Rejected(f'a seat is "human" or "bot:LEVEL" (levels: {", ".join(bots.levels(game.id))})')
        if not any(s.bot is None for s in plan):
            raise Rejected("a table needs at least one human seat")
        standin = max(0.0, float(standin))
        self._prune()
        table = GameTable(self._next_id, game.id, plan, standin, seed, rig, hints=hints is True)
        self._next_id += 1
        self.tables[table.id] = table
        log.info("table %d created: %s, %s", table.id, game.id, ", ".join(seats))
        self._lobby_changed()
        return table

    @on(wire.Create)
    def _create(self, member: Member, message: wire.Create) -> None:
        if self.table_quota is not None:
            reason = self.table_quota.refusal(member.cred, self._open_tables_of(member.cred))
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
        self._sit(member, table)

    def _open_tables_of(self, cred: str) -> int:
        return sum(1 for t in self.tables.values() if t.creator == cred and t.status != "finished")

    def _room_for(self, creator) -> bool:
        """True if a shelved table set up by `creator` may open again: one reconnect reopens at
        most that credential's quota of open tables, not every table it ever set up."""
        if self.table_quota is None or not isinstance(creator, str):
            return True
        return self.table_quota.refusal(creator, self._open_tables_of(creator), hourly=False) is None

    def _table(self, number: int) -> GameTable:
        table = self.tables.get(number) if type(number) is int else None
        if table is None:
            raise Rejected("there is no such table")
        return table

    @on(wire.Sit)
    def _sit_at(self, member: Member, message: wire.Sit) -> None:
        self._sit(member, self._table(message.table))

    @on(wire.Watch)
    def _watch_at(self, member: Member, message: wire.Watch) -> None:
        self._watch(member, self._table(message.table))

    def _sit(self, member: Member, table: GameTable) -> None:
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
            self._detach(member)
            seat = table.free_seats()[0]
            table.plan[seat].name, table.plan[seat].cred = member.name, member.cred
            log.info("%s sits at table %d, seat %d", member.name, table.id, seat)
        self._attach(table, member, seat)
        if table.table is None and not table.free_seats():
            self._start(table)
        self._lobby_changed()

    def _watch(self, member: Member, table: GameTable) -> None:
        if table.seat_of(member.name) is not None:
            return self._sit(member, table)
        self._detach(member)
        log.info("%s watches table %d", member.name, table.id)
        self._attach(table, member, SPECTATOR)
        self._lobby_changed()

    def _attach(self, table: GameTable, member: Member, seat: int) -> None:
        if member.table is not None and member.table is not table:
            self._detach(member)
        member.table, member.seat = table, seat
        table.members.add(member)
        if seat != SPECTATOR and seat in table.away:
            table.empty_since = None
            table.away.discard(seat)
            table.standing_in.discard(seat)
            if table.driver is not None:
                table.driver.bots.pop(seat, None)
            self._cancel(table, seat)
            self._presence(table, seat, False)
        if table.table is not None:
            member.send(self._game_message(table, member))
            self._schedule_bot(table)
        elif table.free_seats():
            member.send(self.listing(member))  # the table's line with this seat taken, at once
            member.send(wire.Notice("lobby.waiting_players", {"n": len(table.free_seats())}))

    def _detach(self, member: Member) -> None:
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
                del self.tables[table.id]
                log.info("table %d closed: nobody waits at it", table.id)
        elif table.status == "playing":
            table.away.add(seat)
            log.info("%s is away from table %d, seat %d", member.name, table.id, seat)
            self._presence(table, seat, True)
            self._away(table, seat)

    def _away(self, table: GameTable, seat: int) -> None:
        """A seat's player is away: a bot may stand in later, and a table whose humans are all
        away starts its abandon clock."""
        if table.standin:
            loop = asyncio.get_running_loop()
            table.timers[seat] = loop.call_later(table.standin, self._stand_in, table, seat)
        if all(i in table.away for i, s in enumerate(table.plan) if s.bot is None) and table.empty_since is None:
            table.empty_since = self.clock()

    def _lobby_changed(self) -> None:
        lines = None  # made once for everyone in the lobby
        for member in list(self.members.values()):
            if member.table is None:
                listing = self.listing(member, lines)
                lines = listing.tables
                member.send(listing)
        self._poke()

    def poke(self) -> None:
        """Wake whoever waits for a change (a connection came or went)."""
        self._poke()

    def _poke(self) -> None:
        self.changed.set()
        self.changed = asyncio.Event()

    async def wait_until(self, predicate: Callable[[], bool], timeout: float) -> None:
        """Wait (at most `timeout` seconds) until `predicate()` holds; it is checked after every
        change at any table and every UI's report of what it has shown."""

        async def check():
            while not predicate():
                await self.changed.wait()

        await asyncio.wait_for(check(), timeout)

    def _prune(self) -> None:
        """Forget finished tables nobody looks at, beyond the newest few."""
        finished = [t for t in self.tables.values() if t.status == "finished" and not t.members]
        for table in finished[:-8]:
            del self.tables[table.id]

    # ---- a game --------------------------------------------------------------------------------

    def _start(self, table: GameTable) -> None:
        names = [s.name for s in table.plan]
        # the table's plan rides in the save's header, so the log alone restores it after a restart
        meta = {
            "seats": [{"bot": s.bot, "colour": s.colour, "cred": s.cred} for s in table.plan],
            "served": True,
            "standin": table.standin,
            "creator": table.creator,
            "hints": table.hints,
        }
        try:
            table.table = Table.new(table.game_id, names, seed=table.seed, rig=table.rig, meta=meta)
        except Rejected as error:  # e.g. two names the rules see as the same
            for member in list(table.members):
                self._detach(member)
                member.send(wire.Refused(error.reason))
                member.send(self.listing(member))
            self.tables.pop(table.id, None)
            return
        path = None
        if self.save:
            from parlour.config import new_save_path

            path = new_save_path(table.game_id)
        self._drive(table, path)
        log.info("table %d starts: %s", table.id, ", ".join(names))
        for member in list(table.members):
            member.send(self._game_message(table, member))
        self._schedule_bot(table)

    def _drive(self, table: GameTable, path: Path | None) -> None:
        """Bots for every seat and the driver that saves the table's log to `path` after every action."""
        table.bots = {
            i: bots.make(s.bot or "random", f"{table.table.header.seed}/{i}") for i, s in enumerate(table.plan)
        }
        writer = None
        if path is not None:
            from parlour import saves

            writer = saves.Writer(path, table.table.header, table.table.events)
            if writer.problem:  # it keeps trying after every action
                log.warning("table %d is not saved yet: %s", table.id, writer.problem)
        table.driver = TableDriver(
            table.table,
            {i: table.bots[i] for i, s in enumerate(table.plan) if s.bot},
            writer,
            lambda error: log.warning("table %d: cannot save: %s", table.id, error),
        )
        table.driver.listen(lambda events: self._played(table, events))

    def _game_message(self, table: GameTable, member: Member) -> wire.Seated:
        game, t = table.table.game, table.table
        return wire.Seated(
            table.id,
            game.id,
            tuple(t.players),
            dict(t.header.options),
            member.seat,
            tuple(s.bot for s in table.plan),
            tuple(s.colour for s in table.plan),
            tuple(sorted(table.away)),
            table.hints and member.seat != SPECTATOR,
            tuple(game.redact(e, member.seat) for e in t.events),
        )

    @on(wire.Act)
    def _act(self, member: Member, message: wire.Act) -> None:
        table = member.table
        if table is None or table.table is None:
            raise Rejected("you are not at a table in play")
        if member.seat == SPECTATOR:
            log.info("refused an action from %s: watching table %d", member.name, table.id)
            raise Rejected("you are watching; a watcher cannot act")
        action = message.action
        if not isinstance(action, Action) or table.table.game.kinds.get(type(action).__name__) is not type(action):
            raise Rejected(f"not an action of {table.table.game.title}")
        try:
            self.submit(table, member.seat, action)
        except Rejected as error:
            log.info("table %d: rejected %s from %s: %s", table.id, type(action).__name__, member.name, error.reason)
            raise

    def submit(self, table: GameTable, seat: int, action: Action) -> list[Event]:
        """Carry out an action at a table (raises Rejected); the driver saves it and tells us."""
        return table.driver.submit(seat, action)

    def _played(self, table: GameTable, events: list[Event]) -> None:
        """New events at a table: to everyone there, redacted for each; then the next bot."""
        game = table.table.game
        batches: dict[int, wire.Events] = {}  # one per seat: the watchers share one
        for member in list(table.members):
            batch = batches.get(member.seat)
            if batch is None:
                batch = batches[member.seat] = wire.Events(tuple(game.redact(e, member.seat) for e in events))
            member.send(batch)
        if table.status == "finished":
            result = table.table.result()
            log.info("table %d finished: %s won", table.id, ", ".join(table.table.players[w] for w in result.winners))
            for timer in table.timers.values():
                timer.cancel()
            table.timers.clear()
            self._lobby_changed()
        else:
            self._schedule_bot(table)
            self._poke()

    def _schedule_bot(self, table: GameTable) -> None:
        if table.driver is None or table.driver.bot_to_act() is None or "bot" in table.timers:
            return
        loop = asyncio.get_running_loop()
        table.timers["bot"] = loop.call_later(self.bot_delay, self._bot_step, table)

    def _bot_step(self, table: GameTable) -> None:
        table.timers.pop("bot", None)
        seat = table.driver.bot_to_act()
        if seat is None or self.tables.get(table.id) is not table:
            return
        try:
            table.driver.step_bot()
        except Exception:  # a bot bug must not stop the table or the server
            log.exception("table %d: the bot for seat %d failed", table.id, seat)

    def _stand_in(self, table: GameTable, seat: int) -> None:
        table.timers.pop(seat, None)
        if seat in table.away and table.status == "playing":
            table.standing_in.add(seat)
            table.driver.bots[seat] = table.bots[seat]
            log.info("table %d: a bot stands in for %s", table.id, table.table.players[seat])
            self._presence(table, seat, True)
            self._schedule_bot(table)

    def _cancel(self, table: GameTable, key) -> None:
        timer = table.timers.pop(key, None)
        if timer is not None:
            timer.cancel()

    def _presence(self, table: GameTable, seat: int, away: bool) -> None:
        message = wire.Presence(seat, away, seat in table.standing_in)
        for member in list(table.members):
            if member.seat != seat:
                member.send(message)
        self._lobby_changed()

    # ---- tables outlive the server -------------------------------------------------------------
    # Every table's save is its log from the first action, with its plan (seats, names, bot
    # levels, credentials, stand-in time) in the header's meta: the file alone brings it back.

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
                self.shelf[path] = [(s.name, s.cred) for s in plan if s.bot is None]
            elif self._reopen(path, loaded, plan) is not None:
                opened += 1
        log.info("%d tables restored, %d on the shelf", opened, len(self.shelf))
        return opened

    def _served(self, path: Path):
        """(the loaded save, its seat plan) for an unfinished served table's save, else None."""
        from parlour import saves

        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            log.info("not restored: %s", error)
            return None
        plan = self._plan(loaded.header)
        if plan is None or registry.get(loaded.header.game).result(loaded.state) is not None:
            return None
        return loaded, plan

    def _plan(self, header) -> list[SeatPlan] | None:
        """The seat plan a served save's header carries, or None for any other save."""
        meta = header.meta
        seats = meta.get("seats")
        if meta.get("served") is not True or not isinstance(seats, list) or len(seats) != len(header.players):
            return None
        plan = []
        for name, seat in zip(header.players, seats):
            if not isinstance(seat, dict) or (
                seat.get("bot") is not None and not (isinstance(seat.get("bot"), str) and bots.known(seat.get("bot")))
            ):
                return None
            cred = seat.get("cred")
            cred = cred if isinstance(cred, str) else self.owner(name)
            colour = seat.get("colour") if isinstance(seat.get("colour"), str) else "red"
            plan.append(SeatPlan(seat.get("bot"), name, None if seat.get("bot") else cred, colour))
        return plan

    def _reopen(self, path: Path, loaded, plan: list[SeatPlan]) -> GameTable | None:
        if len([t for t in self.tables.values() if t.status != "finished"]) >= MAX_TABLES:
            log.warning("%s not reopened: the server has as many tables as it can hold", path.name)
            return None
        loaded.header.meta.pop("shelved", None)
        standin = loaded.header.meta.get("standin", 0)
        table = GameTable(self._next_id, loaded.header.game, plan, standin if standin in wire.STANDIN_CHOICES else 0)
        self._next_id += 1
        table.table = Table.resume(loaded)
        creator = loaded.header.meta.get("creator")
        table.creator = creator if isinstance(creator, str) else None
        table.hints = loaded.header.meta.get("hints") is True
        self.tables[table.id] = table
        self._drive(table, path)
        for seat, s in enumerate(plan):
            if s.bot is None:
                table.away.add(seat)
                self._away(table, seat)
        log.info("table %d reopened from %s: %s", table.id, path.name, ", ".join(table.table.players))
        self._schedule_bot(table)
        return table

    def _unshelve(self, member: Member) -> None:
        """A player of a shelved table is back: the table opens again from its save."""
        for path, seated in list(self.shelf.items()):
            if (member.name.casefold(), member.cred) not in {(n.casefold(), c) for n, c in seated}:
                continue
            served = self._served(path)
            if served is not None and not self._room_for(served[0].header.meta.get("creator")):
                continue  # its setter's quota of open tables is full: it stays on the shelf for now
            del self.shelf[path]
            if served is not None and self._reopen(path, *served) is None:
                self.shelf[path] = seated  # no room now: it stays on the shelf

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

    def sweep(self) -> list[int]:
        """Close every table whose humans have all been away for `abandon_after` seconds: its save
        is marked shelved (it reopens when one of its players comes back) and its slot is free."""
        now = self.clock()
        closed = [
            t
            for t in self.tables.values()
            if t.status == "playing" and t.empty_since is not None and now - t.empty_since >= self.abandon_after
        ]
        for table in closed:
            self._shelve(table)
        return [t.id for t in closed]

    def _shelve(self, table: GameTable) -> None:
        from parlour import saves

        for timer in table.timers.values():
            timer.cancel()
        table.timers.clear()
        del self.tables[table.id]
        for member in list(table.members):  # watchers: back to the lobby
            self._detach(member)
            member.send(self.listing(member))
        writer = table.driver.writer
        if writer is not None:
            table.table.header.meta["shelved"] = True
            try:
                saves.write(writer.path, table.table.header, table.table.events)
                self.shelf[writer.path] = [(s.name, s.cred) for s in table.plan if s.bot is None]
            except saves.SaveError as error:
                log.warning("table %d: cannot mark its save as shelved: %s", table.id, error)
        log.info("table %d closed: its players were away for %d s", table.id, self.abandon_after)
        self._lobby_changed()
