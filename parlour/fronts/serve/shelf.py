"""Served tables outlive the server (the lobby's shelf, tables.py): every table's save is its log
from the first action, with its plan (seats, names, bot levels, credentials, stand-in time) in the
header's meta, so the file alone brings it back after a restart; a table whose players all stayed
away is closed and waits here for one of them."""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

from parlour.rules import bots, registry
from parlour.rules.table import Table
from parlour.services import wire

from .gametable import Elsewhere, GameTable, Host, Member, SeatPlan
from .seating import Seating

if TYPE_CHECKING:
    from parlour.rules.log import Header, Loaded
    from parlour.services.save_lock import SaveLock

    from .quotas import TableQuota

log = logging.getLogger("parlour.fronts.serve")


class Keeper(Host, Protocol):
    """What the shelf needs of its lobby (tables.Lobby), besides what a table needs (`Host`)."""

    tables: dict[int, GameTable]  # open tables, by number
    numbers: Iterator[int]  # the next tables' numbers
    abandon_after: float  # seconds a table with all its humans away is kept open
    table_quota: TableQuota | None  # tables a credential may set up
    federation: Elsewhere | None  # the other workers, with a broker
    seating: Seating

    def full(self) -> bool: ...  # as many tables as the server holds

    def open_tables(self, cred: str) -> int: ...  # unfinished tables `cred` set up

    def listing(self, member: Member) -> wire.Listing: ...  # the list `member` sees


class Shelf:
    """Tables outlive the server: unfinished served tables come back from their saves, and a
    table whose humans all stayed away is closed (its save marked shelved) until one comes back."""

    def __init__(self, lobby: Keeper):
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
        if lobby.full():
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
