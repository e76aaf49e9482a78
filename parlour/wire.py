"""The messages between the server and a connection's UI (an app running in the server process,
parlour/serve/ui.py, or a plain session): dicts handed over through queues, never the player's
terminal. Each is a JSON-able object with a "t".

server -> UI
  {"t": "lobby", "you": name, "tables": [summary, ...]}        the lobby, after every change
  {"t": "game", "table": id, "game": id, "players": [...], "options": {...}, "seat": n (-1: watching),
   "bots": [level or null, ...], "colours": [...], "away": [seats], "hints": bool (a seat's, at a table set up with hints), "events": [event, ...]}
                                                               a table: everything so far, redacted
  {"t": "events", "events": [event, ...]}                      one more batch, redacted for the seat
  {"t": "presence", "seat": n, "away": bool, "standin": bool}  a player left or came back
  {"t": "rejected", "reason": text}                            the last action was refused
  {"t": "notice", "key": catalogue key, "values": {...}}       something to tell the player

UI -> server
  {"t": "hello"}                                               the UI is up: send the lobby (or the
                                                               table this player sits at)
  {"t": "create", "game": id, "seats": ["you", "human", "bot:smart"], "standin": seconds,
   "hints": bool}                                              hints for every seated player
  {"t": "sit", "table": id}    {"t": "watch", "table": id}    {"t": "leave"}
  {"t": "act", "action": action}                               for this connection's own seat only
  {"t": "seen", "count": n, "digest": text}                    the UI has shown n events (its view's
                                                               digest lets tests and tools check it)
"""

from __future__ import annotations

import hashlib
import json
from typing import Any


def digest(state: Any) -> str:
    """A short fingerprint of a view, the same in every process (for checking a UI follows)."""
    from parlour.rules.codec import encode

    def plain(value):
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=repr)
        raise TypeError(type(value).__name__)

    text = json.dumps(encode(state), sort_keys=True, default=plain)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
