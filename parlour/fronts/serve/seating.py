"""Who sits or watches where in the served lobby (tables.py): members move between the lobby and
the tables here; a table starts when its seats are full."""

from __future__ import annotations

import logging
from typing import Protocol

from parlour.rules.records import Rejected
from parlour.rules.table import Table
from parlour.services import wire
from parlour.services.seats import SPECTATOR

from .gametable import Elsewhere, GameTable, Member

log = logging.getLogger("parlour.fronts.serve")


class Room(Protocol):
    """What the seating needs of its lobby (tables.Lobby)."""

    tables: dict[int, GameTable]  # open tables, by number
    save: bool  # tables are saved (their logs on disk)
    federation: Elsewhere | None  # the other workers, with a broker

    def changed(self) -> None: ...  # the lobby's list changed: tell everyone in the lobby

    def listing(self, member: Member) -> wire.Listing: ...  # the list `member` sees


class Seating:
    """Who sits or watches where: members move between the lobby and the tables here."""

    def __init__(self, lobby: Room):
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
