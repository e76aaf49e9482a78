"""What a front plays: a `Session`, one game as the table controller (parlour/services/controller.py)
reads it, local or served; and `LocalSession`, a game played on this computer through the one
table driver (parlour/services/table_driver.py: it submits, saves and plays the bots).

Every front reads a session through the names of the `Session` protocol only: a served seat
(`RemoteGame`, over a `RemoteTable`, in parlour/services/remote_session.py: the Textual table of
tui/remote.py and the plain-text seat of parlour/fronts/serve/plain_session.py) has them too (no driver, no undo), so nothing probes a
session for what it may have, and both take their turns from the controller, as local games do.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Protocol

from parlour.rules.records import Action, Event, Rejected
from parlour.services.seats import Seat
from parlour.services.table_driver import TableDriver

if TYPE_CHECKING:
    from parlour.rules.bots import Bot
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


def seat_bots(table: Table, seats: list[Seat]) -> dict[int, Bot]:
    """A bot for every seat a bot plays, each with its own seeded generator (a program of your
    own reads the table's log as it grows: parlour/services/outside_bot.py)."""
    from parlour.services.outside_bot import make

    seed = table.header.seed
    return {i: make(s.bot, f"{seed}/{i}", table.events, table.players) for i, s in enumerate(seats) if s.bot}


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
