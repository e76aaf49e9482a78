"""The messages between the lobby of `parlour serve` (parlour/fronts/serve/tables.py) and a connection's
UI (an app running in the server process, parlour/fronts/serve/ui.py, or a plain session,
parlour/fronts/serve/plain_session.py). Both ends live in one process, so a message is a frozen dataclass handed
over as it is (through a queue or a call): never JSON, never the player's terminal. Events and
actions are the rules' own records; events are redacted for the seat before they are sent.

A receiver dispatches on the message's type with a `Dispatcher` (one handler per type).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from dataclasses import field
from typing import Any, TypeVar

from parlour.rules.records import Action, Event, record

# ---- server -> UI --------------------------------------------------------------------------------


@record
class SeatLine:
    """One seat of a table as the lobby lists it."""

    name: str | None  # None: free
    bot: str | None  # a bot's level, or None for a person's seat
    away: bool = False


@record
class TableLine:
    """One table as the lobby lists it."""

    id: int
    game: str
    status: str  # "waiting", "playing" or "finished"
    seats: tuple[SeatLine, ...]
    standin: float = 0
    hints: bool = False
    watching: int = 0


@record
class Listing:
    """The lobby, sent after every change to everyone in it."""

    you: str
    tables: tuple[TableLine, ...] = ()
    bots: tuple[str, ...] = ()  # the operator's programs a new table may seat (`serve --bot NAME=...`)


@record
class Seated:
    """A table: everything so far, its events redacted for `seat` (SPECTATOR: watching)."""

    table: int
    game: str
    players: tuple[str, ...]
    options: Mapping[str, Any]
    seat: int
    bots: tuple[str | None, ...]
    colours: tuple[str, ...]
    away: tuple[int, ...] = ()
    hints: bool = False  # this seat may ask for a hint (a seat at a table set up with hints)
    events: tuple[Event, ...] = ()


@record
class Events:
    """One more batch of the table's events, redacted for the seat."""

    events: tuple[Event, ...]


@record
class Presence:
    """A player left or came back (`standin`: a bot now plays for them)."""

    seat: int
    away: bool
    standin: bool = False


@record
class Refused:
    """The last request was refused."""

    reason: str


@record
class Notice:
    """Something to tell the player: a catalogue key and its values."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


STANDIN_CHOICES = (0, 30, 60, 300)  # seconds before a bot stands in for an away player (0: never)

# ---- UI -> server --------------------------------------------------------------------------------


@record
class Hello:
    """The UI is up: send the lobby (or the table this player sits at)."""


@record
class Create:
    """A new table; `seats` in seat order: "you", "human" or "bot:LEVEL"; `hints` for every
    seated player; `standin`: seconds an away player is waited for before a bot plays for them."""

    game: str
    seats: tuple[str, ...]
    standin: float = 0
    hints: bool = False


@record
class Sit:
    table: int


@record
class Watch:
    table: int


@record
class Leave:
    """Back to the lobby (a seat in a game is kept, as when a connection drops)."""


@record
class Act:
    """An action for this connection's own seat only."""

    action: Action


@record
class Seen:
    """The UI has shown `count` events; `view` is the view it shows (the object it already holds,
    kept so that a test or tool can check the UI follows: see `digest`)."""

    count: int
    view: Any = None


ToUi = Listing | Seated | Events | Presence | Refused | Notice
ToServer = Hello | Create | Sit | Watch | Leave | Act | Seen


# ---- dispatching ---------------------------------------------------------------------------------

Handler = TypeVar("Handler", bound=Callable[..., None])


class Unknown(TypeError):
    """A message of a type the receiver has no handler for."""


class Dispatcher:
    """One kind of receiver's handlers, by message type. A class makes one (`on = Dispatcher()`)
    and marks its handlers with it (`@on(Hello)`); `on.handle(message, *receiver)` calls the one
    for the message's exact type with the receiver's arguments and the message."""

    def __init__(self) -> None:
        self._handlers: dict[type, Callable[..., None]] = {}

    def __call__(self, kind: type) -> Callable[[Handler], Handler]:
        def register(handler: Handler) -> Handler:
            self._handlers[kind] = handler
            return handler

        return register

    def handle(self, message: object, *receiver: Any) -> None:
        handler = self._handlers.get(type(message))
        if handler is None:
            raise Unknown(f"unknown message {type(message).__name__}")
        handler(*receiver, message)


# ---- checking that a UI follows ------------------------------------------------------------------


def digest(state: Any) -> str:
    """A short fingerprint of a view, the same in every process (for checking a UI follows)."""
    from parlour.rules.codec import encode

    def plain(value: Any) -> Any:
        if isinstance(value, (set, frozenset)):
            return sorted(value, key=repr)
        raise TypeError(type(value).__name__)

    text = json.dumps(encode(state), sort_keys=True, default=plain)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
