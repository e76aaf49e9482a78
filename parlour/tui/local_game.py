"""A game played in this app: a local session (parlour/services/session.py: the table driver, bots,
autosave, who sits where) made for a new game or from a save."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from parlour.rules.table import Table
from parlour.services import save_lock, saves
from parlour.services.config import new_save_path
from parlour.services.save_lock import SaveLock
from parlour.services.seats import Seat, seats_from_meta, seats_meta
from parlour.services.session import LocalSession, seat_bots
from parlour.services.table_driver import TableDriver

if TYPE_CHECKING:
    from parlour.rules.chance import Rig


class LocalGame(LocalSession):
    dropped: str | None = None  # a resumed save's last action, cut short while saving, in words

    def __init__(
        self,
        table: Table,
        seats: list[Seat],
        save_to: Path | Callable[[], Path] | None,
        on_disk: bool = False,
        hold: SaveLock | None = None,
        kept: int = 0,
    ):
        """`hold`: the lock of the save `save_to` names (a resumed game), held since it was opened;
        `kept`: how many of the table's events that save gives back as it is (read with a warning:
        written whole at the first action, and the moves lost are counted after them)."""
        writer = None
        if on_disk and isinstance(save_to, Path):  # a resumed save holding exactly the log: append to it
            writer, save_to = saves.Writer(save_to, table.header, table.events, on_disk=True, lock=hold), None
        # else the save file is made and written from the first action on
        driver = TableDriver(table, seat_bots(table, seats), writer, save_to=save_to, hold=hold, kept=kept)
        super().__init__(table, seats, driver)

    @classmethod
    def start(
        cls, game: str, seats: list[Seat], seed: int | None = None, rig: Rig | None = None, autosave: bool = True
    ) -> LocalGame:
        from .games import Presenter

        options = Presenter.of(game).game_options(seats)
        table = Table.new(
            game, [s.name for s in seats], seed=seed, rig=rig, options=options, meta={"seats": seats_meta(seats)}
        )
        return cls(table, seats, (lambda: new_save_path(game)) if autosave else None)

    @classmethod
    def resume(cls, path: Path, check_later: bool = False, recent: int = 0) -> LocalGame:
        """Continue a saved game (raises saves.SaveError for a bad file). `check_later`: the
        game is shown before its save is checked in full, `check_some` then runs the check
        (saves.read_then_check); no action is taken until it has ended. Raises save_lock.Held
        when the game is open elsewhere: one writer per save."""
        hold = save_lock.take(path)  # before reading: what is read then is what this game appends to
        try:
            loaded = saves.read_then_check(path, recent) if check_later else saves.read(path)
            table = Table.resume(loaded)
        except BaseException:
            hold.release()
            raise
        # a save loaded without a warning holds exactly the log: go on appending to it
        kept = len(loaded.events) if len(table.events) == len(loaded.events) else 0
        game = cls(
            table,
            seats_from_meta(table.players, loaded.header.meta),
            path,
            on_disk=not loaded.warnings and kept > 0,
            hold=hold,
            kept=kept,
        )
        game.checking, game.recent = loaded.check, loaded.recent
        from parlour.services.dropped import dropped_told

        game.dropped = dropped_told(loaded)  # told when the game is shown, before anything is saved
        return game

    @property
    def save_path(self) -> Path | None:
        """The save file, once there is one (a game is saved from its first action on)."""
        if self.driver.writer is not None:
            return self.driver.writer.path
        return self.driver.save_to if isinstance(self.driver.save_to, Path) else None  # a resumed game's
