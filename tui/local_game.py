"""A game played in this app: the table driver (rules table, bots, autosave) and who sits where.
Every action, a key press or a bot's move, goes through the driver (parlour/driver.py)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from parlour import saves
from parlour.config import new_save_path
from parlour.driver import TableDriver
from parlour.rules import bots
from parlour.rules.records import Action, Event, Rejected
from parlour.rules.table import Table
from parlour.seats import Seat, seats_from_meta, seats_meta

_CHECKING = "the save is still being checked"


class LocalGame:
    """A game on this computer: one of the sessions a front plays (parlour/controller.py's
    `Session`; a served seat is tui/remote.py's `RemoteGame`)."""

    away: frozenset[int] = frozenset()  # seats whose player dropped: only at a served table
    hints = True  # a player may ask for a hint (parlour/hint.py); a served table's creator decides
    takes_back = True  # undo, as far as rules/undo.py allows

    def __init__(
        self, table: Table, seats: list[Seat], save_to: Path | Callable[[], Path] | None, on_disk: bool = False
    ):
        self.seats = seats
        writer = None
        if on_disk and isinstance(save_to, Path):  # a resumed save holding exactly the log: append to it
            writer, save_to = saves.Writer(save_to, table.header, table.events, on_disk=True), None
        self.driver = TableDriver(  # else the save file is made and written from the first action on
            table,
            {i: bots.make(s.bot, f"{table.header.seed}/{i}") for i, s in enumerate(seats) if s.bot},
            writer,
            save_to=save_to,
        )
        self.table = table

    @classmethod
    def start(cls, game: str, seats: list[Seat], seed: int | None = None, rig=None, autosave: bool = True) -> LocalGame:
        from .games import Presenter

        options = Presenter.of(game).game_options(seats)
        table = Table.new(
            game, [s.name for s in seats], seed=seed, rig=rig, options=options, meta={"seats": seats_meta(seats)}
        )
        return cls(table, seats, (lambda: new_save_path(game)) if autosave else None)

    checking: Iterator[None] | None = None  # the save's check still to run: nothing acts until it ends
    recent: tuple[int, Any] | None = None  # the state before the last actions, to tell them

    @classmethod
    def resume(cls, path: Path, check_later: bool = False, recent: int = 0) -> LocalGame:
        """Continue a saved game (raises saves.SaveError for a bad file). `check_later`: the
        game is shown before its save is checked in full, `check_some` then runs the check
        (saves.read_then_check); no action is taken until it has ended."""
        loaded = saves.read_then_check(path, recent) if check_later else saves.read(path)
        table = Table.resume(loaded)
        # a save loaded without a warning holds exactly the log: go on appending to it
        game = cls(
            table,
            seats_from_meta(table.players, loaded.header.meta),
            path,
            on_disk=not loaded.warnings and len(table.events) == len(loaded.events),
        )
        game.checking, game.recent = loaded.check, loaded.recent
        return game

    def check_some(self) -> bool:
        """Run a slice of the save's check: True once it is done. Raises saves.SaveError (the
        message a save refused on loading gets) for a save that is not what the rules wrote."""
        if self.checking is not None:
            if next(self.checking, True) is None:
                return False
            self.checking = None
        return True

    # ---- what the game screen drives (as it drives a served game: tui/remote.py) ------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        if self.checking is not None:
            raise Rejected(_CHECKING)
        return self.driver.submit(seat, action)

    def listen(self, listener) -> None:
        self.driver.listen(listener)

    def unlisten(self, listener) -> None:
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
    def bots(self) -> dict:
        return self.driver.bots

    @property
    def save_path(self) -> Path | None:
        """The save file, once there is one (a game is saved from its first action on)."""
        if self.driver.writer is not None:
            return self.driver.writer.path
        return self.driver.save_to if isinstance(self.driver.save_to, Path) else None  # a resumed game's

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
