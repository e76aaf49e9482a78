"""The lobby of `parlour serve`: who is connected, the game tables (parlour/fronts/serve/gametable.py),
who sits or watches where, and the tables that outlive the server (their saves).

Nothing here knows about SSH: a connection is a `Member` (a name, a credential and a `send`
for the messages of parlour/services/wire.py). Every request from a member goes through `Lobby.handle`,
which checks the member's seat; the rules check the action.

- `Lobby`: the members, the tables, the requests (one handler per message type) and the list
  everyone in the lobby sees.
- `Seating` (seating.py): taking a seat, watching, leaving, coming back; a table starts when its
  seats are full.
- `Shelf` (shelf.py): the tables that outlive the server, brought back from their saves; a table
  whose players all stayed away is closed and waits there for one of them.
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
from parlour.services import wire
from parlour.services.seats import COLOURS

from .gametable import Elsewhere, GameTable, Member, SeatPlan
from .seating import Seating
from .shelf import Shelf

if TYPE_CHECKING:
    from .quotas import TableQuota

log = logging.getLogger("parlour.fronts.serve")

MAX_TABLES = 40
BOT_NAMES = ("Odie", "Nermal", "Arlene", "Pooky", "Doris", "Rocky", "Biffen", "Brainy")
KEPT_FINISHED = 8  # finished tables nobody looks at still listed


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
        self.federation: Elsewhere | None = None  # the other workers' tables, with a broker (federation.py)

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
        if self.full(elsewhere):
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

    def full(self, elsewhere: int = 0) -> bool:
        """As many unfinished tables as the server holds (MAX_TABLES), counting `elsewhere` (the
        other workers', for a new table): no new one, none reopened."""
        return elsewhere + len([t for t in self.tables.values() if t.status != "finished"]) >= MAX_TABLES

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
