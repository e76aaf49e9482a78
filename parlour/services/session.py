"""What a front plays: a `Session`, one game as the table controller (parlour/services/controller.py)
reads it, local or served; and `LocalSession`, a game played on this computer through the one
table driver (parlour/services/table_driver.py: it submits, saves and plays the bots).

Every front reads a session through the names of the `Session` protocol only: a served seat
(`RemoteGame`, over a `RemoteTable`: the Textual table of tui/remote.py and the plain-text seat of
parlour/fronts/serve/plain_session.py) has them too (no driver, no undo), so nothing probes a
session for what it may have, and both take their turns from the controller, as local games do.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from parlour.rules import registry
from parlour.rules.records import Action, Event, Rejected
from parlour.services import wire
from parlour.services.seats import SPECTATOR, Seat
from parlour.services.table_driver import TableDriver

if TYPE_CHECKING:
    from parlour.rules.game import Game, Result
    from parlour.rules.table import Table

_CHECKING = "the save is still being checked"


class TableLike(Protocol):
    """The game as a front reads it: a local rules Table, or a served seat's view of one."""

    @property
    def game(self) -> Game: ...
    @property
    def events(self) -> list[Event]: ...
    @property
    def state(self) -> Any: ...
    @property
    def players(self) -> tuple[str, ...]: ...
    @property
    def options(self) -> Mapping[str, Any]: ...
    def to_act(self) -> tuple[int | None, ...]: ...
    def legal_actions(self, seat: int) -> list[Action]: ...
    def result(self) -> Result | None: ...
    def states(self, events: list[Event], seat: int | None) -> list[Any] | None: ...


class Session(Protocol):
    """A game a front plays: a local one (`LocalSession`, the app's tui/local_game.py) or a seat
    at a served table (tui/remote.py)."""

    @property
    def table(self) -> TableLike: ...
    @property
    def seats(self) -> list[Seat]: ...
    @property
    def away(self) -> Collection[int]: ...  # seats whose remote player dropped
    @property
    def hints(self) -> bool: ...  # a player may ask for a hint
    @property
    def takes_back(self) -> bool: ...  # undo exists here at all (a served table has none)
    @property
    def checking(self) -> Iterator[None] | None: ...  # a resumed save's check still to run
    @property
    def recent(self) -> tuple[int, Any] | None: ...  # (events told from, the state before them)
    @property
    def bots(self) -> Mapping[int, object]: ...
    @property
    def over(self) -> bool: ...
    @property
    def driver(self) -> TableDriver | None: ...  # the table's driver when it is played here
    @property
    def save_problem(self) -> str | None: ...
    def listen(self, listener: Callable[[list[Event]], None]) -> None: ...
    def unlisten(self, listener: Callable[[list[Event]], None]) -> None: ...
    def submit(self, seat: int, action: Action) -> list[Event] | None: ...  # None: the events come later
    def check_some(self) -> bool: ...
    def can_undo(self) -> bool: ...
    def undo(self) -> str: ...
    def bot_to_act(self) -> int | None: ...
    def step_bot(self) -> list[Event] | None: ...
    def humans_to_act(self) -> list[int]: ...
    def human_seats(self) -> list[int]: ...


def seat_bots(table: Table, seats: list[Seat]) -> dict[int, object]:
    """A bot for every seat a bot plays, each with its own seeded generator."""
    from parlour.rules import bots

    return {i: bots.make(s.bot, f"{table.header.seed}/{i}") for i, s in enumerate(seats) if s.bot}


class LocalSession:
    """A game on this computer: its table driver and who sits where. Every action, a key press
    or a bot's move, goes through the driver."""

    away: frozenset[int] = frozenset()  # seats whose player dropped: only at a served table
    hints = True  # a player may ask for a hint (parlour/services/hint.py); a served table's creator decides
    takes_back = True  # undo, as far as rules/undo.py allows
    checking: Iterator[None] | None = None  # the save's check still to run: nothing acts until it ends
    recent: tuple[int, Any] | None = None  # the state before the last actions, to tell them

    def __init__(self, table: Table, seats: list[Seat], driver: TableDriver):
        self.table, self.seats, self.driver = table, seats, driver

    def check_some(self) -> bool:
        """Run a slice of the save's check: True once it is done. Raises saves.SaveError (the
        message a save refused on loading gets) for a save that is not what the rules wrote."""
        if self.checking is not None:
            if next(self.checking, True) is None:
                return False
            self.checking = None
        return True

    def submit(self, seat: int, action: Action) -> list[Event]:
        if self.checking is not None:
            raise Rejected(_CHECKING)
        return self.driver.submit(seat, action)

    def listen(self, listener: Callable[[list[Event]], None]) -> None:
        self.driver.listen(listener)

    def unlisten(self, listener: Callable[[list[Event]], None]) -> None:
        self.driver.unlisten(listener)

    def can_undo(self) -> bool:
        """True when `undo` would take back a move now (the key bar shows the key then)."""
        if self.checking is not None or self.over:
            return False
        humans = set(self.human_seats())
        return self.driver.can_undo(humans, hot_seat=len(humans) > 1)

    def undo(self) -> str:
        """Take back the last move made at this keyboard (and the bots' replies): "" when done,
        else why not (the catalogue key undo.<why>). Hot seat: only the current player's moves."""
        if self.checking is not None:
            return "checking"
        humans = set(self.human_seats())
        return self.driver.undo(humans, hot_seat=len(humans) > 1)

    def bot_to_act(self) -> int | None:
        return None if self.checking is not None else self.driver.bot_to_act()

    def step_bot(self) -> list[Event] | None:
        return None if self.checking is not None else self.driver.step_bot()

    @property
    def bots(self) -> dict[int, Any]:
        return self.driver.bots

    @property
    def save_problem(self) -> str | None:
        return self.driver.save_problem

    def humans_to_act(self) -> list[int]:
        return [seat for seat in self.table.to_act() if seat is not None and self.seats[seat].human]

    def human_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.human]

    @property
    def over(self) -> bool:
        return self.driver.over


# ---- a seat at a table played elsewhere (a served table) -------------------------------------------


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
