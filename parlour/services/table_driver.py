"""The one table driver: how every interface (the app, a served table, simulate, the tools, the
tests) plays a live game.

`submit(seat, action)` carries the action out on the rules' Table (a Rejected changes nothing),
appends the new events to the save file, then tells every listener (a screen, the SSH clients, a
test) about them. The bots are not run here on a clock: `bot_to_act()` says which bot plays next
and `step_bot()` plays one move, so the caller decides when (at once for simulate and tests; after
a pause for people, on its own timer). `play_bots()` runs them all at once. No sleeping here.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from parlour.rules.bots import Bot, closes, is_picker, notes
from parlour.rules.records import Acted, Action, Event
from parlour.rules.table import Table
from parlour.rules.undo import undo_point

if TYPE_CHECKING:
    from .save_lock import SaveLock
    from .saves import Writer

Listener = Callable[[list[Event]], None]


class TableDriver:
    def __init__(
        self,
        table: Table,
        bots: dict[int, Bot] | None = None,
        writer: Writer | None = None,
        on_save_error: Callable[[str], None] | None = None,
        save_to: Path | Callable[[], Path] | None = None,
        hold: SaveLock | None = None,
        kept: int = 0,
    ) -> None:
        self.table = table
        self.bots: dict[int, Bot] = dict(bots or {})  # the seats a bot plays now (mutable: stand-ins)
        self.writer = writer  # a saves.Writer already holding the log so far, or None (not saved)
        # Or a file to save to (or how to make one), made at the first accepted action: a game
        # left before anyone acted leaves no save behind (and no row in the resume list).
        self.save_to = save_to
        self.hold = hold  # the lock of `save_to` (save_lock.SaveLock), held since the game was opened
        self.kept = kept  # the first events `save_to` gives back as it is (a resumed save, torn)
        self.on_save_error = on_save_error  # told why a save failed (the Writer retries later)
        self._listeners: list[Listener] = []
        self.notes: list[str] = []  # what a bot says for the log (a program replaced), until taken

    # ---- listeners -------------------------------------------------------------------------

    def listen(self, listener: Listener) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener: Listener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    # ---- acting ----------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Carry out `action` for `seat` (raises Rejected: nothing changes), save, tell everyone."""
        # someone follows the table: keep the states the events go through, for telling them (Story)
        events = (self.table.submit_kept if self._listeners else self.table.submit)(seat, action)
        if self.writer is not None or self.save_to is not None:
            self._save()
        if self._listeners:
            for listener in list(self._listeners):
                listener(events)
        return events

    @property
    def saved(self) -> bool:
        """True once the game has a save file."""
        return self.writer is not None

    def _save(self, whole: bool = False) -> None:
        # The Writer never raises: it keeps the problem and tries again after the next action.
        # `whole`: the log got shorter (undo), so the file is replaced atomically, not appended to.
        events = self.table.events
        if self.writer is None:
            if self.save_to is None:
                return
            from parlour.services import saves

            path = self.save_to() if callable(self.save_to) else self.save_to
            self.writer = saves.Writer(
                path, self.table.header, events, lock=self.hold, kept=self.kept
            )  # the log so far
            saved = self.writer.problem is None
        else:
            saved = self.writer.rewrite(events) if whole else self.writer.sync(events)
        if not saved and self.on_save_error:
            self.on_save_error(self.writer.problem or "")

    @property
    def save_problem(self) -> str | None:
        """Why the autosave is failing now (None when it works or there is none)."""
        return self.writer.problem if self.writer else None

    # ---- when saving fails: what is lost, trying again, writing it elsewhere -------------------

    def unsaved(self) -> int:
        """How many of the players' moves are not on disk now: 0 when every event is saved
        (flushed and fsynced), or the game keeps no save. The moves a reload of the file gives
        back are on disk (a resumed save that cannot be written still holds those it was resumed
        with); a save that failed to be replaced (after an undo) or was never written counts
        every move."""
        writer, events = self.writer, self.table.events
        if writer is None or (writer.problem is None and writer.written == len(events)):
            return 0
        start = writer.kept if writer.kept <= len(events) else 0
        return sum(1 for event in events[start:] if type(event) is Acted and event.seat is not None)

    def save_again(self) -> bool:
        """Try once more to write what is not on disk; True when every event is saved."""
        if self.writer is not None:
            self.writer.sync(self.table.events)
        return self.unsaved() == 0

    def save_elsewhere(self, path: Path) -> str | None:
        """Write the whole game to `path` (a folder: a file in it named as the save is) and keep
        saving there; None when it is saved, else why not (for the player). A file already
        there is never replaced."""
        from parlour.services import saves

        path = Path(path).expanduser()
        if path.is_dir() and self.writer is not None:
            path = path / self.writer.path.name
        if path.exists() or path.is_symlink():
            return f"{path}: there is a file there already"
        writer = saves.Writer(path, self.table.header, self.table.events)
        if writer.problem is not None:  # nothing is left there (written whole, then renamed)
            writer.close()
            return writer.problem
        old = self.writer
        if old is not None and old.lock is not None:
            old.lock.moved(writer.path)  # the list of saves then shows this one, and the old as left behind
        self.close()  # the old save is let go: the game is saved here now
        self.writer = writer
        return None

    def close(self) -> None:
        """The game is left: let its save go, so another window may open it."""
        if self.writer is not None:
            self.writer.close()
        if self.hold is not None:
            self.hold.release()
        for bot in self.bots.values():  # a program playing a seat is stopped with the game
            if closes(bot):
                bot.close()

    def can_undo(self, humans: set[int], hot_seat: bool = False) -> bool:
        """True when `undo` would take something back now."""
        table = self.table
        now = next(iter(table.to_act()), None)
        return undo_point(table.game, table.header, table.events, humans, hot_seat, now, table.starts).to is not None

    def undo(self, humans: set[int], hot_seat: bool = False) -> str:
        """Take back the last action of one of `humans` and every action after it, as far as
        rules/undo.py allows; and save the shorter log (the caller tells the game again). Returns
        "" when done, else why not (undo.<why> in the catalogues); nothing changes then."""
        table = self.table
        now = next(iter(table.to_act()), None)
        point = undo_point(table.game, table.header, table.events, humans, hot_seat, now, table.starts)
        if point.to is None:
            return point.why
        table.take_back(point.to)
        self._save(whole=True)
        return ""

    def bot_to_act(self) -> int | None:
        """The seat whose bot plays next, or None when the table waits for a person (or is over)."""
        for seat in self.table.to_act():  # nobody once the game is over
            if seat in self.bots:
                return seat
        return None

    def step_bot(self) -> list[Event] | None:
        """Play the next bot's move (None if no bot is to act). Raises Rejected for a bot's bug."""
        seat = self.bot_to_act()
        if seat is None:
            return None
        return self.submit(seat, self._move_of(seat))

    def _move_of(self, seat: int) -> Action:
        """The bot's choice for `seat`: from the seat's view; or, for a bot that picks among the
        legal actions alone (`pick`, the random bot), from the seat's legal actions, which the rules
        make from what the seat may see (tests/properties checks the view gives the same list
        after every action) — no view is built for it, and it never sees the state."""
        table, bot = self.table, self.bots[seat]
        if is_picker(bot):
            return bot.pick(table.game.legal_actions(table.state, seat))
        move = bot.choose(table.game, table.game.view(table.state, seat), seat)
        if notes(bot) and (said := bot.take_note()):  # a program of your own that was replaced says so
            self.notes.append(said)
        return move

    def take_notes(self) -> list[str]:
        """The bots' lines for the log since last asked (parlour/services/outside_bot.py)."""
        notes, self.notes = self.notes, []
        return notes

    def play_bots(self, max_actions: int | None = None) -> int:
        """Play bot moves at once until a person must act, the game ends, or `max_actions`
        moves were made. Returns how many were made. (`step_bot` in a loop, with what it looks
        up each move looked up once: simulate and the tools play whole games through here, and
        4-player random Garfield games take 4 % fewer instructions so.)"""
        made, table, bots, submit, move_of = 0, self.table, self.bots, self.submit, self._move_of
        game = table.game
        picks = {}  # seat -> its bot's pick, for the bots that pick among the legal actions (see _move_of)
        if not self._listeners and self.writer is None and self.save_to is None:
            # nothing to save and nobody to tell (nobody who could change the bots meanwhile):
            # what self.submit would do, and a picking bot's move made here
            submit = table.submit
            picks = {seat: bot.pick for seat, bot in bots.items() if is_picker(bot)}
        while max_actions is None or made < max_actions:
            for seat in game.to_act(table.state):  # nobody once the game is over
                if seat in bots:
                    break
            else:
                return made
            pick = picks.get(seat)
            submit(seat, move_of(seat) if pick is None else pick(game.legal_actions(table.state, seat)))
            made += 1
        return made

    @property
    def over(self) -> bool:
        return self.table.result() is not None
