"""The lobby's messages (parlour/services/wire.py) as JSON, for the broker between workers
(parlour/fronts/serve/federation.py): a seat whose table lives in another worker gets the same
messages as one beside its table, each event already redacted for it by the table's worker.

In one process a message is handed over as it is; between processes it is this JSON. Events and
actions go through the rules' own strict codec (parlour/rules/codec.py), decoded with the
table's game's record types; a UI's view never travels (`Seen` carries its count only).
"""

from __future__ import annotations

from typing import Any

from parlour.rules import registry
from parlour.rules.codec import decode, encode
from parlour.rules.records import Action, Event
from parlour.services import wire


class BadMessage(ValueError):
    """A message from the broker this worker cannot read (another version, or damage)."""


def _line(line: wire.TableLine) -> list[Any]:
    seats = [[s.name, s.bot, s.away] for s in line.seats]
    return [line.id, line.game, line.status, seats, line.standin, line.hints, line.watching]


def table_line(data: Any) -> wire.TableLine:
    """A lobby line sent by another worker."""
    try:
        number, game, status, seats, standin, hints, watching = data
        seat_lines = tuple(wire.SeatLine(_opt_str(n), _opt_str(b), a is True) for n, b, a in seats)
        return wire.TableLine(
            int(number), str(game), str(status), seat_lines, float(standin), hints is True, int(watching)
        )
    except (TypeError, ValueError) as error:
        raise BadMessage(f"not a lobby line: {error}") from None


def line_json(line: wire.TableLine) -> list[Any]:
    return _line(line)


def _opt_str(value: Any) -> str | None:
    return None if value is None else str(value)


def to_ui(message: wire.ToUi) -> dict[str, Any]:
    """A message for a UI, as JSON-ready data."""
    kind = type(message).__name__
    if isinstance(message, wire.Listing):
        return {"k": kind, "you": message.you, "tables": [_line(t) for t in message.tables], "bots": list(message.bots)}
    if isinstance(message, wire.Seated):
        return {
            "k": kind,
            "table": message.table,
            "game": message.game,
            "players": list(message.players),
            "options": encode(dict(message.options)),
            "seat": message.seat,
            "bots": list(message.bots),
            "colours": list(message.colours),
            "away": list(message.away),
            "hints": message.hints,
            "events": [encode(e) for e in message.events],
        }
    if isinstance(message, wire.Events):
        return {"k": kind, "events": [encode(e) for e in message.events]}
    if isinstance(message, wire.Presence):
        return {"k": kind, "seat": message.seat, "away": message.away, "standin": message.standin}
    if isinstance(message, wire.Refused):
        return {"k": kind, "reason": message.reason}
    if isinstance(message, wire.Notice):
        return {"k": kind, "key": message.key, "values": dict(message.values)}
    raise BadMessage(f"not a message for a UI: {kind}")


def from_ui_data(data: Any, game: str | None) -> wire.ToUi:
    """A message for a UI from its JSON; `game`: the game of the table the seat follows (its
    events' record types)."""
    try:
        kind = data["k"]
        if kind == "Listing":
            return wire.Listing(
                str(data["you"]),
                tuple(table_line(t) for t in data["tables"]),
                tuple(str(b) for b in data.get("bots", ())),
            )
        if kind == "Seated":
            kinds = registry.get(data["game"]).kinds
            return wire.Seated(
                int(data["table"]),
                str(data["game"]),
                tuple(str(p) for p in data["players"]),
                dict(data["options"]),
                int(data["seat"]),
                tuple(_opt_str(b) for b in data["bots"]),
                tuple(str(c) for c in data["colours"]),
                tuple(int(a) for a in data["away"]),
                data["hints"] is True,
                tuple(decode(e, kinds, Event) for e in data["events"]),
            )
        if kind == "Events":
            if game is None:
                raise BadMessage("events for a seat at no table")
            kinds = registry.get(game).kinds
            return wire.Events(tuple(decode(e, kinds, Event) for e in data["events"]))
        if kind == "Presence":
            return wire.Presence(int(data["seat"]), data["away"] is True, data["standin"] is True)
        if kind == "Refused":
            return wire.Refused(str(data["reason"]))
        if kind == "Notice":
            return wire.Notice(str(data["key"]), dict(data["values"]))
    except (KeyError, TypeError, ValueError, registry.UnknownGame) as error:
        raise BadMessage(f"cannot read a message for a UI: {error}") from None
    raise BadMessage(f"not a message for a UI: {kind!r}")


def to_server(message: wire.ToServer) -> dict[str, Any]:
    """A UI's request, as JSON-ready data (a `Seen` without its view)."""
    kind = type(message).__name__
    if isinstance(message, (wire.Sit, wire.Watch)):
        return {"k": kind, "table": message.table}
    if isinstance(message, wire.Act):
        return {"k": kind, "action": encode(message.action)}
    if isinstance(message, wire.Seen):
        return {"k": kind, "count": message.count}
    if isinstance(message, wire.Leave):
        return {"k": kind}
    raise BadMessage(f"a {kind} is not sent to another worker")


def from_server_data(data: Any, game: str | None) -> wire.ToServer:
    """A UI's request from its JSON; `game`: the game of the table it is for (its actions' types)."""
    try:
        kind = data["k"]
        if kind == "Sit":
            return wire.Sit(int(data["table"]))
        if kind == "Watch":
            return wire.Watch(int(data["table"]))
        if kind == "Seen":
            return wire.Seen(int(data["count"]))
        if kind == "Leave":
            return wire.Leave()
        if kind == "Act":
            if game is None:
                raise BadMessage("an action for no table")
            return wire.Act(decode(data["action"], registry.get(game).kinds, Action))
    except (KeyError, TypeError, ValueError, registry.UnknownGame) as error:
        raise BadMessage(f"cannot read a request: {error}") from None
    raise BadMessage(f"not a request: {kind!r}")
