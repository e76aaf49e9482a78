"""Seats across workers (federation.py): a player connected to this worker at a table another
worker holds has its requests sent there and the table's messages handed back to its UI here; a
player connected to another worker at a table here sits as a `RemoteMember`, a lobby member like
any other whose `send` publishes each message (already redacted for its seat) to its worker."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlour.services import wire

from . import relay
from .gametable import Member

if TYPE_CHECKING:
    from .tables import Lobby

log = logging.getLogger("parlour.fronts.serve")


class RemoteMember(Member):
    """A player connected to another worker, at a table of this one."""

    def __init__(self, name: str, cred: str, worker: str, mid: int, routes: Routes):
        super().__init__(name, cred, self._send)
        self.worker, self.mid, self.routes = worker, mid, routes

    def _send(self, message: wire.ToUi) -> None:
        game = self.table.game_id if self.table is not None else None
        at = self.table is not None
        self.routes.post(
            self.worker,
            {
                "op": "ui",
                "from": self.routes.me,
                "mid": self.mid,
                "at": at,
                "game": game,
                "msg": relay.to_ui(message),
            },
        )
        if not at:  # back in its own worker's lobby: nothing more of it here
            self.routes.remote_members.pop((self.worker, self.mid), None)


class Routes:
    """This worker's members at tables held by other workers (their requests sent there, the
    answers handed to their UIs here), and the other workers' members at tables here."""

    def __init__(
        self,
        lobby: Lobby,
        me: str,
        post: Callable[[str, dict[str, Any]], None],
        elsewhere: Callable[[], dict[int, tuple[str, wire.TableLine]]],
    ) -> None:
        self.lobby, self.me, self.post = lobby, me, post
        self.elsewhere = elsewhere  # the other workers' tables: number -> (worker, line)
        self.routed: dict[int, Member] = {}  # this worker's members at a table elsewhere, by id
        self.asked: dict[int, set[int]] = {}  # tables a member's seat was asked back from
        self.remote_members: dict[tuple[str, int], RemoteMember] = {}  # other workers' members here

    def route(self, member: Member, message: wire.ToServer) -> bool:
        """True when `message` is for a table held by another worker (and was sent there)."""
        if isinstance(member, RemoteMember):
            return False
        if isinstance(message, (wire.Sit, wire.Watch)):
            owner = self.owner_of(message.table)
            if owner is None:
                self.drop_route(member)
                return False
            if member.table is not None:
                self.lobby.seating.detach(member)
                self.lobby.changed()
            if member.remote not in (None, owner):
                self.drop_route(member)
            self.forward(member, owner, message)
            return True
        if member.remote is not None:
            if isinstance(message, wire.Seen):  # what its UI shows is known here, where the UI is
                member.seen, member.view = message.count, message.view
                self.lobby.poke()
            if isinstance(message, (wire.Act, wire.Seen, wire.Leave)):
                self.forward(member, member.remote, message)
                return True
            if isinstance(message, wire.Create):
                self.drop_route(member)
        return False

    def joined(self, member: Member) -> None:
        """A player is in this worker's lobby: back to a seat another worker's table keeps for them."""
        for number, (owner, line) in list(self.elsewhere().items()):
            if line.status == "finished" or number in self.asked.setdefault(member.mid, set()):
                continue
            if any(s.name and s.bot is None and s.name.casefold() == member.name.casefold() for s in line.seats):
                self.asked[member.mid].add(number)
                self.post(owner, self._envelope("join", member, {"k": "Sit", "table": number}))
                self.routed[member.mid] = member
                return

    def left(self, member: Member) -> None:
        """A connection ended: a seat it held elsewhere is let go there (kept, away, in a game)."""
        self.drop_route(member)
        self.asked.pop(member.mid, None)

    def owner_of(self, number: object) -> str | None:
        if type(number) is not int or number in self.lobby.tables:
            return None
        held = self.elsewhere().get(number)
        return held[0] if held is not None else None

    def forward(self, member: Member, owner: str, message: wire.ToServer) -> None:
        member.remote = owner
        self.routed[member.mid] = member
        self.post(owner, self._envelope("req", member, relay.to_server(message)))

    def drop_route(self, member: Member) -> None:
        """`member` leaves the table it sat at in another worker, without a word back."""
        if member.remote is not None:
            self.post(member.remote, self._envelope("gone", member, {}))
            member.remote = None
        self.routed.pop(member.mid, None)

    def _envelope(self, op: str, member: Member, message: dict[str, Any]) -> dict[str, Any]:
        return {
            "op": op,
            "from": self.me,
            "mid": member.mid,
            "name": member.name,
            "cred": member.cred,
            "msg": message,
        }

    def to_ui(self, data: dict[str, Any]) -> None:
        member = self.routed.get(data["mid"])
        if member is None:
            return  # its connection ended meanwhile
        message = relay.from_ui_data(data["msg"], data["game"])
        if data["at"]:
            member.remote = str(data["from"])
        else:
            member.remote = None
            self.routed.pop(member.mid, None)
        member.send(message)

    def request(self, op: str, data: dict[str, Any]) -> None:
        worker, mid = str(data["from"]), int(data["mid"])
        member = self.remote_members.get((worker, mid))
        if op == "gone":
            if member is not None:
                del self.remote_members[(worker, mid)]
                self.lobby.seating.detach(member)
                self.lobby.changed()
            return
        if member is None:
            member = RemoteMember(str(data["name"]), str(data["cred"]), worker, mid, self)
            self.remote_members[(worker, mid)] = member
            if data["msg"].get("k") in ("Act", "Seen", "Leave"):  # its worker was taken for dead a moment
                self._seat_again(member)
        if op == "join":  # back to its seat, if it holds one here
            table = self.lobby.tables.get(data["msg"].get("table"))
            seat = table.seat_of(member.name) if table is not None else None
            if table is None or seat is None or table.status == "finished" or table.plan[seat].cred != member.cred:
                self.remote_members.pop((worker, mid), None)
                return
            log.info("%s is back at table %d, seat %d (from another worker)", member.name, table.id, seat)
            self.lobby.seating.attach(table, member, seat)
            self.lobby.changed()
            return
        game = member.table.game_id if member.table is not None else None
        self.lobby.handle(member, relay.from_server_data(data["msg"], game))
        if member.table is None:
            self.remote_members.pop((worker, mid), None)

    def _seat_again(self, member: RemoteMember) -> None:
        """A member this worker let go (its worker's heartbeat lapsed) is heard from again: back
        to the seat its name holds here, before its request is handled."""
        for table in self.lobby.tables.values():
            seat = table.seat_of(member.name)
            if seat is not None and table.status == "playing" and table.plan[seat].cred == member.cred:
                self.lobby.seating.attach(table, member, seat)
                return

    def reseat(self) -> None:
        """Every player in this worker's lobby whose seat is at an open table goes back to it."""
        for member in list(self.lobby.members.values()):
            if member.table is not None or member.remote is not None:
                continue
            for table in self.lobby.tables.values():
                seat = table.seat_of(member.name)
                if seat is not None and table.status == "playing" and table.plan[seat].cred == member.cred:
                    self.lobby.seating.attach(table, member, seat)
                    break
            else:
                self.joined(member)
