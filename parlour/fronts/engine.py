"""`parlour engine`: drive any game headless over JSON Lines on stdin/stdout (see docs/PROTOCOL.md).

Each input line is one JSON object with a "cmd"; each gets exactly one reply line, `{"ok": true,
...}` or `{"ok": false, "error": KIND, "message": ...}`. A malformed line gets an error reply and
the session goes on. This module must not import Textual.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from parlour.rules import registry
from parlour.rules.chance import Rig
from parlour.rules.codec import CodecError, decode, encode, parse
from parlour.rules.records import Action, Rejected
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.shown import visible_json

if TYPE_CHECKING:
    from parlour.services.save_lock import SaveLock

MAX_LINE = 64 * 1024  # bytes in one input line, its newline included
MAX_PATH = 4096  # characters in a save or load path


class Failure(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind, self.message = kind, message


# Each command's fields: name -> (JSON types it takes, the words for them). Every field is
# checked before a command does anything; null is the same as leaving a field out.
_SEAT = ((int,), "a seat number")
_AS = ((int, type(None)), "a seat number (or null to see everything)")
_FIELDS: dict[str, dict[str, tuple[tuple[type, ...], str]]] = {
    "games": {},
    "help": {},
    "quit": {},
    "state": {},
    "new": {
        "game": ((str,), "a game id"),
        "players": ((list,), "a list of names"),
        "seed": ((int, type(None)), "a whole number"),
        "rig": ((dict, type(None)), "an object"),
        "options": ((dict, type(None)), "an object"),
    },
    "legal": {"seat": _SEAT},
    "view": {"seat": _SEAT},
    "act": {"seat": _SEAT, "action": ((dict,), 'an object with a "type"'), "as": _AS},
    "events": {"since": ((int, type(None)), "a sequence number (0 for all)"), "as": _AS},
    "save": {"path": ((str,), "a file name")},
    "load": {"path": ((str,), "a file name")},
}
_REQUIRED = {
    "new": ("game", "players"),
    "legal": ("seat",),
    "view": ("seat",),
    "act": ("seat", "action"),
    "save": ("path",),
    "load": ("path",),
}


class EngineSession:
    """One engine session: at most one game at a time."""

    def __init__(self) -> None:
        self.table: Table | None = None
        # The save `load` read, held (parlour/services/save_lock.py) until another game replaces
        # it: no other window appends to a game this session may write back with `save`.
        self.hold: SaveLock | None = None
        self.commands: dict[str, Callable[[dict], dict]] = {
            "games": self.games,
            "new": self.new,
            "legal": self.legal,
            "view": self.view,
            "state": self.state,
            "act": self.act,
            "events": self.events,
            "save": self.save,
            "load": self.load,
            "help": self.help,
            "quit": self.quit,
        }

    # ---- one line in, one line out -------------------------------------------------------

    def reply(self, line: str | bytes) -> str:
        """The reply line (without newline) for one input line; never raises, and the reply is
        always text that encodes as UTF-8."""
        try:
            answer = self.handle(line)
        except BaseException as error:  # a bug (or RecursionError, MemoryError): say so, go on
            if isinstance(error, (KeyboardInterrupt, SystemExit)):
                raise
            answer = {"ok": False, "error": "internal", "message": f"internal error: {error!r}"}
        # Control, format (bidi) and undecodable characters in names, paths and messages are
        # JSON escapes: the same value, and a reply that shows as it is in a terminal.
        return visible_json(json.dumps(answer, ensure_ascii=False))

    def handle(self, line: str | bytes) -> dict:
        try:
            request = self._request(line)
            command = self.commands.get(request["cmd"])
            if command is None:
                raise Failure("bad-command", f"unknown cmd {request['cmd']!r} (known: {', '.join(self.commands)})")
            self._check_fields(request)
            return {"ok": True, **command(request)}
        except Failure as failure:
            return {"ok": False, "error": failure.kind, "message": failure.message}
        except Exception as error:  # a bug: say so, keep the session alive
            return {"ok": False, "error": "internal", "message": f"internal error: {error!r}"}

    @staticmethod
    def _request(line: str | bytes) -> dict:
        if isinstance(line, bytes):
            if len(line) > MAX_LINE:
                raise Failure("bad-json", f"the line is longer than {MAX_LINE} bytes")
            try:
                line = line.decode("utf-8")
            except UnicodeDecodeError:
                raise Failure("bad-json", "not UTF-8 text") from None
        elif len(line) > MAX_LINE:
            raise Failure("bad-json", f"the line is longer than {MAX_LINE} bytes")
        line = line.removeprefix("\ufeff")
        if not line.strip():
            raise Failure("bad-json", "an empty line: send one JSON object per line")
        try:
            request = parse(line)
        except CodecError as error:
            raise Failure("bad-json", str(error)) from None
        if not isinstance(request, dict) or not isinstance(request.get("cmd"), str):
            raise Failure("bad-command", 'each line must be an object with a "cmd"')
        return request

    @staticmethod
    def _check_fields(request: dict) -> None:
        cmd = request["cmd"]
        fields = _FIELDS[cmd]
        for name, value in request.items():
            if name == "cmd":
                continue
            if name not in fields:
                known = ", ".join(fields) or "none"
                raise Failure("bad-command", f"{cmd} has no field {name!r} (its fields: {known})")
            types, words = fields[name]
            if type(value) not in types:  # type(): true and false are not numbers here
                raise Failure("bad-command", f"{name} must be {words}, not {_json_type(value)}")
        for name in _REQUIRED.get(cmd, ()):
            if request.get(name) is None:
                raise Failure("bad-command", f"{cmd} needs {name}: {fields[name][1]}")

    # ---- commands --------------------------------------------------------------------------

    def help(self, request: dict) -> dict:
        return {"cmds": list(self.commands)}

    def quit(self, request: dict) -> dict:
        return {"bye": True}

    def games(self, request: dict) -> dict:
        found = [registry.get(gid) for gid in registry.available()]
        return {"games": [{"id": g.id, "title": g.title, "players": [g.min_players, g.max_players]} for g in found]}

    def new(self, request: dict) -> dict:
        try:
            rig = Rig.from_json(request["rig"]) if request.get("rig") is not None else None
            self.table = Table.new(
                request["game"],
                request["players"],
                seed=request.get("seed"),
                rig=rig,
                options=request.get("options") or {},
            )
        except registry.UnknownGame as error:
            raise Failure("bad-command", str(error)) from None
        except Rejected as error:
            raise Failure("rejected", error.reason) from None
        self._let_go()  # the loaded game is left
        return self._summary()

    def legal(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request["seat"], "seat")
        return {"seat": seat, "actions": [encode(a) for a in table.legal_actions(seat)]}

    def view(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request["seat"], "seat")
        return {"seat": seat, "view": encode(table.view(seat))}

    def state(self, request: dict) -> dict:
        return {"state": encode(self._table().state)}

    def act(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request["seat"], "seat")
        viewer = self._viewer(request)  # checked before anything is done
        try:
            # decode returns a Record of the base type asked for (rules.codec types it as Record)
            action = decode(request["action"], table.game.kinds, Action)
        except CodecError as error:
            raise Failure("bad-action", str(error)) from None
        first = len(table.events) + 1
        try:
            events = table.submit(seat, action)
        except Rejected as error:
            raise Failure("rejected", error.reason) from None
        return {"events": self._numbered(events, first, viewer), **self._progress()}

    def events(self, request: dict) -> dict:
        table = self._table()
        since = request.get("since") or 0
        if since < 0:
            raise Failure("bad-command", "since must be a sequence number (0 for all)")
        return {"events": self._numbered(table.events[since:], since + 1, self._viewer(request))}

    def save(self, request: dict) -> dict:
        table, path = self._table(), self._path(request)
        hold = None if self._holds(path) else self._take(path)  # the file another window plays is not written over
        try:
            saves.write(path, table.header, table.events)
        except saves.SaveError as error:
            raise Failure("io", str(error)) from None
        finally:
            if hold is not None:
                hold.release()
        return {"path": path, "seq": len(table.events)}

    def load(self, request: dict) -> dict:
        path = self._path(request)
        mine = self.hold if self._holds(path) else None  # this session's own save, loaded again
        hold = mine or self._take(path)
        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            if mine is None:
                hold.release()
            raise Failure("bad-save", str(error)) from None
        if mine is None:
            self._let_go()
        self.table, self.hold = Table.resume(loaded), hold
        dropped = loaded.dropped  # the last action, cut short while saving: whose and which
        said = None if dropped is None else {"seat": dropped.seat, "action": encode(dropped.action)}
        return {**self._summary(), "warnings": loaded.warnings, "dropped": said}

    def _holds(self, path: str) -> bool:
        """True if this session holds `path` (the save it loaded)."""
        return self.hold is not None and self.hold.save.resolve() == Path(path).resolve()

    @staticmethod
    def _take(path: str) -> SaveLock:
        from parlour.services import save_lock  # only for files: the engine starts without it

        save_lock.use_front("engine")
        try:
            return save_lock.take(path)
        except save_lock.Held as held:
            raise Failure("held", str(held)) from None

    def _let_go(self) -> None:
        if self.hold is not None:
            self.hold.release()
            self.hold = None

    # ---- helpers ---------------------------------------------------------------------------

    def _table(self) -> Table:
        if self.table is None:
            raise Failure("no-game", 'no game yet: start one with {"cmd": "new", ...} or "load"')
        return self.table

    def _seat(self, seat: int, name: str) -> int:
        if not 0 <= seat < len(self._table().players):
            raise Failure("bad-command", f"{name} must be a seat number from 0 to {len(self._table().players) - 1}")
        return seat

    def _viewer(self, request: dict) -> int | None:
        seat = request.get("as")
        return None if seat is None else self._seat(seat, '"as"')

    @staticmethod
    def _path(request: dict) -> str:
        path = request["path"]
        if not path or len(path) > MAX_PATH or "\0" in path:
            raise Failure("bad-command", f"path must be a file name (1 to {MAX_PATH} characters, no NUL)")
        return path

    def _numbered(self, events: list, first: int, seat: int | None) -> list[dict]:
        redact = self._table().game.redact
        return [{"seq": n, "event": encode(redact(e, seat))} for n, e in enumerate(events, first)]

    def _progress(self) -> dict:
        table = self._table()
        result = table.result()
        return {
            "to_act": list(table.to_act()),
            "result": None
            if result is None
            else {"winners": list(result.winners), "scores": encode(result.scores), "reason": result.reason},
        }

    def _summary(self) -> dict:
        table = self._table()
        header = table.header
        return {
            "game": header.game,
            "players": list(header.players),
            "seed": header.seed,
            "rigged": header.rigged,
            "seq": len(table.events),
            **self._progress(),
        }


def _json_type(value: Any) -> str:
    names = {
        bool: "true or false",
        int: "a number",
        float: "a number",
        str: "a string",
        list: "a list",
        dict: "an object",
        type(None): "null",
    }
    return names.get(type(value), type(value).__name__)


_BYE = json.dumps({"ok": True, "bye": True})


def run(stdin: BinaryIO | None = None, stdout: BinaryIO | None = None) -> int:
    """Serve one session until end of input or {"cmd": "quit"}. Reads and writes bytes: input
    need not be UTF-8 (a bad line gets a bad-json answer) and the answers are always UTF-8."""
    stdin = stdin or sys.stdin.buffer
    stdout = stdout or sys.stdout.buffer
    session = EngineSession()
    for line in saves.bounded_lines(stdin, MAX_LINE):  # a huge line is read and dropped, not kept
        reply = session.reply(line.removesuffix(b"\n").removesuffix(b"\r"))
        stdout.write(reply.encode("utf-8") + b"\n")
        stdout.flush()
        if reply == _BYE:
            break
    return 0
