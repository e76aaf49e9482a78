"""A seat at a served table as a `Session` (parlour/services/session.py): `RemoteTable`, the
seat's side of the table (its redacted events and its view), and `RemoteGame`, which sends the
seat's actions to the server as typed wire messages. Shared by the Textual table of tui/remote.py
and the plain-text seat of parlour/fronts/serve/plain_session.py; a local game never imports it."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from parlour.rules import registry
from parlour.rules.records import Action, Event
from parlour.services import wire
from parlour.services.seats import SPECTATOR, Seat

if TYPE_CHECKING:
    from parlour.rules.game import Result


class RemoteTable:
    """One seat's side of a served table: the events redacted for the seat, and its view of the
    game. The state it holds *is* the view (a seat that folds its redacted events keeps exactly
    its view), so the rules' `to_act`, `legal_actions` and `result` work on it as on a local table."""

    def __init__(self, game_id: str, players: list[str], options: dict, seat: int):
        self.game = registry.get(game_id)
        self.players = tuple(players)
        self.options = options
        self.seat = seat
        self.events: list[Event] = []
        self.state = self.game.view(self.game.initial(self.players, options), seat)
        self._batch: list[Event] = []
        self._states: list[Any] = []  # the views the last batch went through (see `states`)

    def fold(self, events: list[Event]) -> None:
        states = [self.state]
        for event in events:
            self.events.append(event)
            self.state = self.game.view(self.game.evolve(self.state, event), self.seat)
            states.append(self.state)
        self._batch, self._states = events, states

    def states(self, events: list[Event], seat: int | None) -> list[Any] | None:
        """The views of our seat that the last batch went through (before each event, then after
        the last), for telling it without folding it again: for our seat only (as `Table.states`)."""
        return self._states if events is self._batch and seat == self.seat else None

    def followed(self, events: list[Event], view: Any) -> None:
        """Events some reader of this seat has folded already (plain mode's `Story`), with the
        seat's view they led to: taken as they are, so each event is folded once."""
        self.events += events
        self.state = view

    def to_act(self) -> tuple[int | None, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat) if seat == self.seat and seat in self.to_act() else []

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def result(self) -> Result | None:
        return self.game.result(self.state)


class RemoteGame:
    """A seat at a served table (or a watcher's chair, seat SPECTATOR), as a `Session`: `submit`
    sends the action and returns None (the events, or the refusal, come back from the server and
    `receive` tells the listeners). No bots run here (the server's table driver plays them) and
    nothing is saved here (the server saves the table)."""

    save_path = None
    save_problem = None  # the server saves the table
    driver = None  # the server's driver plays the table
    hints = False  # set from the table: its creator may turn hints on for every seated player
    takes_back = False  # a served table has no undo
    checking = None  # nothing to check: the server loaded the table
    recent = None  # the log is told from its start

    def __init__(self, table: RemoteTable, seats: list[Seat], send: Callable[[wire.ToServer], None]):
        self.table = table
        self.seats = seats
        self.bots = {i: None for i, s in enumerate(seats) if s.bot}  # played by the server
        self.seat = table.seat
        self.away: set[int] = set()
        self._send = send
        self._listeners: list[Callable[[list[Event]], None]] = []

    def listen(self, listener: Callable[[list[Event]], None]) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Callable[[list[Event]], None]) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def receive(self, events: list[Event]) -> None:
        """A batch the server sent: fold it into our view and tell the listeners (the screen)."""
        self.table.fold(events)
        for listener in list(self._listeners):
            listener(events)

    def submit(self, seat: int, action: Action) -> None:
        """Send the action; its events (or the refusal) arrive later."""
        if seat == self.seat and seat != SPECTATOR:
            self._send(wire.Act(action))
        return None

    def check_some(self) -> bool:
        return True

    def can_undo(self) -> bool:
        return False

    def undo(self) -> str:
        return "nothing"  # (never asked: `takes_back` turns the key off)

    def bot_to_act(self) -> int | None:
        return None  # the server's driver plays the bots

    def step_bot(self) -> None:
        return None

    def humans_to_act(self) -> list[int]:
        return [self.seat] if self.seat != SPECTATOR and self.seat in self.table.to_act() else []

    def human_seats(self) -> list[int]:
        return [] if self.seat == SPECTATOR else [self.seat]

    @property
    def over(self) -> bool:
        return self.table.result() is not None
