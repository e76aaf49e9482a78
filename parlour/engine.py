"""`parlour engine`: drive any game headless over JSON Lines on stdin/stdout (see docs/PROTOCOL.md).

Each input line is one JSON object with a "cmd"; each gets exactly one reply line, `{"ok": true,
...}` or `{"ok": false, "error": KIND, "message": ...}`. A malformed line gets an error reply and
the session goes on. This module must not import Textual.
"""

from __future__ import annotations

import json
import sys
from typing import Any, Callable, TextIO

from rules import registry
from rules.chance import Rig
from rules.codec import CodecError, decode, encode
from rules.records import Action, Rejected
from rules.table import Table

from . import saves

MAX_LINE = 64 * 1024


class Failure(Exception):
    def __init__(self, kind: str, message: str):
        super().__init__(message)
        self.kind, self.message = kind, message


class EngineSession:
    """One engine session: at most one game at a time."""

    def __init__(self):
        self.table: Table | None = None
        self.commands: dict[str, Callable[[dict], dict]] = {
            "games": self.games, "new": self.new, "legal": self.legal, "view": self.view,
            "state": self.state, "act": self.act, "events": self.events, "save": self.save,
            "load": self.load, "help": self.help, "quit": self.quit,
        }

    # ---- one line in, one line out -------------------------------------------------------

    def reply(self, line: str) -> str:
        """The reply line (without newline) for one input line; never raises."""
        try:
            return json.dumps(self.handle(line), ensure_ascii=False)
        except Exception as error:  # a bug: say so, keep the session alive
            return json.dumps({"ok": False, "error": "internal", "message": f"internal error: {error!r}"})

    def handle(self, line: str) -> dict:
        try:
            if len(line) > MAX_LINE:
                raise Failure("bad-json", f"the line is longer than {MAX_LINE} characters")
            try:
                request = json.loads(line)
            except ValueError as error:
                raise Failure("bad-json", f"not JSON: {error.msg}") from None
            if not isinstance(request, dict) or not isinstance(request.get("cmd"), str):
                raise Failure("bad-command", 'each line must be an object with a "cmd"')
            command = self.commands.get(request["cmd"])
            if command is None:
                raise Failure("bad-command", f"unknown cmd {request['cmd']!r} (known: {', '.join(self.commands)})")
            return {"ok": True, **command(request)}
        except Failure as failure:
            return {"ok": False, "error": failure.kind, "message": failure.message}
        except Exception as error:  # a bug: say so, keep the session alive
            return {"ok": False, "error": "internal", "message": f"internal error: {error!r}"}

    # ---- commands --------------------------------------------------------------------------

    def help(self, request: dict) -> dict:
        return {"cmds": list(self.commands)}

    def quit(self, request: dict) -> dict:
        return {"bye": True}

    def games(self, request: dict) -> dict:
        found = [registry.get(gid) for gid in registry.available()]
        return {"games": [{"id": g.id, "title": g.title, "players": [g.min_players, g.max_players]} for g in found]}

    def new(self, request: dict) -> dict:
        seed = request.get("seed")
        if seed is not None and type(seed) is not int:
            raise Failure("bad-command", "seed must be a whole number")
        options = request.get("options", {})
        if not isinstance(options, dict):
            raise Failure("bad-command", "options must be an object")
        try:
            rig = Rig.from_json(request["rig"]) if request.get("rig") is not None else None
            self.table = Table.new(request.get("game"), request.get("players"), seed=seed, rig=rig,
                                   options=options)
        except registry.UnknownGame as error:
            raise Failure("bad-command", str(error)) from None
        except Rejected as error:
            raise Failure("rejected", error.reason) from None
        return self._summary()

    def legal(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request)
        return {"seat": seat, "actions": [encode(a) for a in table.legal_actions(seat)]}

    def view(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request)
        return {"seat": seat, "view": encode(table.view(seat))}

    def state(self, request: dict) -> dict:
        return {"state": encode(self._table().state)}

    def act(self, request: dict) -> dict:
        table, seat = self._table(), self._seat(request)
        try:
            action = decode(request.get("action"), table.game.kinds, Action)
        except CodecError as error:
            raise Failure("bad-action", str(error)) from None
        first = len(table.events) + 1
        try:
            events = table.submit(seat, action)
        except Rejected as error:
            raise Failure("rejected", error.reason) from None
        return {"events": self._numbered(events, first, request.get("as", None)), **self._progress()}

    def events(self, request: dict) -> dict:
        table = self._table()
        since = request.get("since", 0)
        if type(since) is not int or since < 0:
            raise Failure("bad-command", "since must be a sequence number (0 for all)")
        return {"events": self._numbered(table.events[since:], since + 1, request.get("as", None))}

    def save(self, request: dict) -> dict:
        table, path = self._table(), self._path(request)
        try:
            saves.write(path, table.header, table.events)
        except saves.SaveError as error:
            raise Failure("io", str(error)) from None
        return {"path": path, "seq": len(table.events)}

    def load(self, request: dict) -> dict:
        path = self._path(request)
        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            raise Failure("bad-save", str(error)) from None
        self.table = Table.resume(loaded)
        return {**self._summary(), "warnings": loaded.warnings}

    # ---- helpers ---------------------------------------------------------------------------

    def _table(self) -> Table:
        if self.table is None:
            raise Failure("no-game", 'no game yet: start one with {"cmd": "new", ...} or "load"')
        return self.table

    def _seat(self, request: dict) -> int:
        seat = request.get("seat")
        if type(seat) is not int or not 0 <= seat < len(self._table().players):
            raise Failure("bad-command", f"seat must be a seat number from 0 to {len(self._table().players) - 1}")
        return seat

    @staticmethod
    def _path(request: dict) -> str:
        path = request.get("path")
        if not isinstance(path, str) or not path:
            raise Failure("bad-command", "path must be a file name")
        return path

    def _numbered(self, events: list, first: int, seat: Any) -> list[dict]:
        if seat is not None and (type(seat) is not int or not 0 <= seat < len(self._table().players)):
            raise Failure("bad-command", '"as" must be a seat number (or left out to see everything)')
        redact = self._table().game.redact
        return [{"seq": n, "event": encode(redact(e, seat))} for n, e in enumerate(events, first)]

    def _progress(self) -> dict:
        table = self._table()
        result = table.result()
        return {"to_act": list(table.to_act()),
                "result": None if result is None else {"winners": list(result.winners),
                                                       "scores": encode(result.scores), "reason": result.reason}}

    def _summary(self) -> dict:
        table = self._table()
        header = table.header
        return {"game": header.game, "players": list(header.players), "seed": header.seed,
                "rigged": header.rigged, "seq": len(table.events), **self._progress()}


_BYE = json.dumps({"ok": True, "bye": True})


def run(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout) -> int:
    """Serve one session until end of input or {"cmd": "quit"}."""
    session = EngineSession()
    for line in stdin:
        if not line.strip():
            continue
        reply = session.reply(line)
        stdout.write(reply + "\n")
        stdout.flush()
        if reply == _BYE:
            break
    return 0
