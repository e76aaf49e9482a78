"""The messages between the server and a connection's UI process: one JSON object per line on a
socket pair the server hands the UI process (it is never the player's terminal).

server -> UI
  {"t": "lobby", "you": name, "tables": [summary, ...]}        the lobby, after every change
  {"t": "game", "table": id, "game": id, "players": [...], "options": {...}, "seat": n (-1: watching),
   "bots": [level or null, ...], "colours": [...], "away": [seats], "events": [event, ...]}
                                                               a table: everything so far, redacted
  {"t": "events", "events": [event, ...]}                      one more batch, redacted for the seat
  {"t": "presence", "seat": n, "away": bool, "standin": bool}  a player left or came back
  {"t": "rejected", "reason": text}                            the last action was refused
  {"t": "notice", "key": catalogue key, "values": {...}}       something to tell the player

UI -> server
  {"t": "hello"}                                               the UI is up: send the lobby (or the
                                                               table this player sits at)
  {"t": "create", "game": id, "seats": ["you", "human", "bot:smart"], "standin": seconds}
  {"t": "sit", "table": id}    {"t": "watch", "table": id}    {"t": "leave"}
  {"t": "act", "action": action}                               for this connection's own seat only
  {"t": "seen", "count": n, "digest": text}                    the UI has shown n events (its view's
                                                               digest lets tests and tools check it)
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from typing import Any

MAX_TO_UI = 8 * 1024 * 1024  # a whole game's replay fits in one line
MAX_TO_SERVER = 16 * 1024  # a request is small; anything longer is refused


class ProtocolError(ValueError):
    """A line that is not a message."""


def dump(message: dict) -> bytes:
    return (json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n").encode("utf-8")


def parse(line: bytes) -> dict:
    try:
        message = json.loads(line)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("not JSON") from None
    if not isinstance(message, dict) or not isinstance(message.get("t"), str):
        raise ProtocolError('expected an object with a "t"')
    return message


async def read(reader: asyncio.StreamReader) -> dict | None:
    """The next message, or None at the end of the stream. Raises ProtocolError for a bad or
    overlong line."""
    try:
        line = await reader.readline()
    except (ValueError, asyncio.LimitOverrunError):
        raise ProtocolError("line too long") from None
    except (ConnectionError, OSError):
        return None
    if not line:
        return None
    return parse(line)


def digest(state: Any) -> str:
    """A short fingerprint of a view, the same in every process (for checking a UI follows)."""
    from rules.codec import encode

    def plain(value):
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=repr)
        raise TypeError(type(value).__name__)

    text = json.dumps(encode(state), sort_keys=True, default=plain)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
