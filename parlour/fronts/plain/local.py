"""`parlour play GAME --plain` and `parlour resume --plain`: a game at this keyboard told as lines.

The loop is the full-screen table's, in words, and its turns are the same table controller's
(parlour/services/controller.py `TurnControl`): tell each batch of events as the driver (parlour/services/table_driver.py)
reports it; when the controller says a bot is to act, wait the bot delay and let it play; when a
person is to act, ask them. Several people at one keyboard (hot-seat) pass it on with a
"pass to Bob, press Enter" line in a game with secret hands; the log then tells only what
everyone may know, and a hand is told only to its owner, on their turn. Every action is saved
as it is made (autosave), so `parlour resume --plain` (or the full-screen table) continues it."""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

from parlour.rules.records import Rejected
from parlour.rules.table import Table
from parlour.services import save_lock, saves
from parlour.services.collector import collect_from_now
from parlour.services.command import command
from parlour.services.controller import TurnControl, seat_names
from parlour.services.save_lock import SaveLock
from parlour.services.seats import SPECTATOR, Seat, parse_seats, seats_from_meta, seats_meta
from parlour.services.session import LocalSession, seat_bots
from parlour.services.shown import shown
from parlour.services.table_driver import TableDriver
from parlour.services.words.i18n import t

from .lines import Lines, utf8_locale
from .talk import Talk, command_of, numbered

if TYPE_CHECKING:
    import argparse

Read = Callable[[str], "str | None"]  # shows a prompt, returns the answer (None: input ended)
PROMPT = "> "
RECENT = 12  # lines of the story told again when a game is resumed


class PlainTable:
    """A local game told as lines to `lines`, its people's answers read with `read`."""

    def __init__(
        self,
        table: Table,
        seats: list[Seat],
        lines: Lines,
        read: Read,
        *,
        save_path: Path | None = None,
        bot_delay: float = 0.0,
        sleep: Callable[[float], None] = time.sleep,
        on_disk: bool = False,
        hold: SaveLock | None = None,
        kept: int = 0,
    ) -> None:
        """`on_disk`: `save_path` was just loaded and gives back exactly the table's events
        (appended to when its last line is whole); else `kept`: how many of them it gives back
        as it is (moves lost are counted after them); `hold`: its lock, taken before it was read."""
        self.table, self.seats, self.lines, self.read = table, seats, lines, read
        self.save_path, self.sleep = save_path, sleep
        writer = (
            saves.Writer(save_path, table.header, table.events, on_disk=on_disk, lock=hold, kept=kept)
            if save_path
            else None
        )
        self.driver = TableDriver(table, seat_bots(table, seats), writer, self._save_failed)
        self.session = LocalSession(table, seats, self.driver)
        humans = self.session.human_seats()
        game = table.game
        self.talk = Talk(
            game,
            seat_names(table.players, humans),  # one person here is "you", as on the full screen
            humans[0] if len(humans) == 1 else SPECTATOR,
            game.initial(table.players, table.options),
        )
        self.talk.hints = self.talk.takes_back = True  # a game on this computer: `hint` and `undo` answer
        # With secret hands and several people at one keyboard, it is passed on between turns.
        private = self.talk.words.hand(table.view(SPECTATOR), 0) is not None
        self.turns = TurnControl(self.session, private=private, bot_delay=bot_delay)
        self._save_warned = False

    def _save_failed(self, problem: str) -> None:
        """The driver says why a save failed (a full disk): said once; play goes on in memory."""
        if not self._save_warned:
            self._save_warned = True
            self.lines.say(t("plain.save_failed", error=shown(problem)))

    def play(self, resumed: bool = False) -> int:
        """Play until the game ends or a player quits (the game is saved either way)."""
        table, say = self.table, self.lines.say
        names = ", ".join(f"{s.name}{'' if s.human else ' ' + t('plain.bot')}" for s in self.seats)
        say(t("plain.welcome", game=t(f"games.{table.game.id}"), players=names), *self.talk.help())
        if resumed:
            say(t("plain.resumed"), *self.talk.story.tell_log(table.events)[-RECENT:])
        else:
            say(*self.talk.story.tell_log(table.events))
        self.driver.listen(lambda events: say(*self.talk.follow(events, table.states(events, self.talk.story_seat))))
        if self.driver.save_problem:  # the data folder cannot be written, from the start
            self._save_failed(self.driver.save_problem)
        collect_from_now()  # if the command paused it for the start: bots may play on before a prompt
        turns = self.turns
        while not (due := turns.due()).over:
            bot = turns.schedule_bot()
            if bot is not None:  # lines are read one at a time: a bot plays before anyone is asked
                if bot.delay > 0:
                    self.sleep(bot.delay)
                error = turns.play_bot()
                say(*turns.bot_notes())
                if error:  # a bot's bug must not end the game for the people
                    say(error)
                    return 1
                continue
            if due.person is None:  # nobody here to play on
                self._quit()
                return 0
            if not self._turn(due.person, due.pass_first) and self._quit():
                return 0
        say(*self.talk.results(table.state))
        return 0

    def _quit(self) -> bool:
        """Quit, saying "Saved" only when every move is on disk. While saving fails, ask first:
        try again, write the game elsewhere, or quit losing the moves not saved (as the
        full-screen app's tui/screens/unsaved.py). False: back to the game, which waits in memory.
        When the input has ended, nobody is left to ask: say what was lost."""
        driver, turns, say = self.driver, self.turns, self.lines.say
        if self.save_path is None:
            return True
        while turns.unsaved():
            say(
                t("unsaved.heading"),
                shown(driver.save_problem or ""),
                t("unsaved.lost", n=turns.unsaved()),
                t("unsaved.plain_keys"),
            )
            answer = self.read(PROMPT)
            choice = (answer or "").strip().casefold()
            if answer is None or choice == "q":
                say(t("plain.quit_unsaved", n=turns.unsaved()))
                return True
            if choice == "r":
                if not driver.save_again():
                    say(t("unsaved.still"))
            elif choice == "w":
                self._write_elsewhere()
                if not turns.unsaved():
                    assert driver.writer is not None  # written elsewhere: it holds the new file
                    say(t("plain.saved_elsewhere", path=shown(str(driver.writer.path)), command=command()))
                    return True
            else:
                return False
        say(t("plain.saved", command=command()))
        return True

    def _write_elsewhere(self) -> None:
        """Ask where, and write the whole game there (Enter: the config folder)."""
        from parlour.services.config import config_dir

        assert self.driver.writer is not None  # unsaved turns: a save was begun, and failed
        default = config_dir() / self.driver.writer.path.name
        self.lines.say(t("unsaved.plain_where", folder=shown(str(default))))
        typed = (self.read(PROMPT) or "").strip()
        if not typed:
            try:
                default.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # said just below, by the try to write there
        problem = self.driver.save_elsewhere(Path(typed) if typed else default)
        if problem is not None:
            self.lines.say(shown(problem))

    def _turn(self, seat: int, pass_first: bool) -> bool:
        """Ask `seat` until it acts (True) or quits (False); first hand it the keyboard (hot seat)."""
        if pass_first:
            self.turns.viewer = SPECTATOR
            name = self.names[seat]  # plain mode reads lines: Enter, not a keymap's key, hands it over
            self.lines.say(
                t("privacy.pass_to", name=name), t("privacy.press", name=name, pass_confirm=t("keys.enter_name"))
            )
            answer = self.read(PROMPT)
            if answer is None or command_of(answer) == "quit":
                return False
            self.turns.viewer = seat
        table = self.table
        actions = table.legal_actions(seat)
        self.lines.say(*self.talk.turn(table.view(seat), seat, actions))
        while True:
            answer = self.read(PROMPT)
            if answer is None:
                return False
            reply = self.talk.answer(answer, table.view(seat), seat, actions, table.events)
            if reply.command == "quit":
                return False
            if reply.command == "undo":
                if self._undo():
                    return True  # the game is shorter: whose turn it is now is asked again
                continue
            self.lines.say(*reply.lines)
            if reply.action is not None:
                try:
                    self.driver.submit(seat, reply.action)
                    return True
                except Rejected as error:
                    self.lines.say(t("game.rejected", reason=error.reason))

    def _undo(self) -> bool:
        """Take back the last move made at this keyboard, as the full screen's undo: True when
        done (the story is followed again from the start), else why not is said."""
        why = self.session.undo()
        if why:
            self.lines.say(t(f"undo.{why}"))
            return False
        self.talk.retold(self.table.events)
        problem = self.driver.save_problem
        self.lines.say(t("game.save_failed", problem=shown(problem)) if problem else t("undo.done"))
        return True

    @property
    def names(self) -> tuple[str, ...]:
        return self.table.players


# ---- the command ---------------------------------------------------------------------------------


def terminal_io(ascii_only: bool | None = None) -> tuple[Lines, Read]:
    """Lines on stdout and answers from stdin, with line editing (readline: history, editing)
    when stdin is a terminal that is not dumb."""
    stdout = sys.stdout
    if ascii_only is None:
        # (getattr: sys.stdout may be any object that writes, e.g. an embedding program's, with no encoding)
        ascii_only = not utf8_locale(dict(os.environ), getattr(stdout, "encoding", "") or "")

    def write(text: str) -> None:
        stdout.write(text)
        stdout.flush()

    lines = Lines(write, ascii_only=ascii_only)
    editing = sys.stdin.isatty() and os.environ.get("TERM", "dumb") not in ("dumb", "")
    if editing:
        try:
            import readline

            readline.parse_and_bind("set enable-bracketed-paste off")  # no escape codes of its own
        except ImportError:
            editing = False

    def read(prompt: str) -> str | None:
        collect_from_now()  # if the command paused it for the start (the first prompt is up)
        try:
            if editing:
                return input(lines.prompt(prompt))
            write(lines.prompt(prompt))
            line = sys.stdin.readline()
            return line.rstrip("\r\n") if line else None
        except (EOFError, KeyboardInterrupt):
            write("\n")
            return None

    return lines, read


def run(args: argparse.Namespace) -> int:
    """`parlour play --plain` / `parlour resume --plain` (the options as the command line parsed them)."""
    from parlour.services.config import new_save_path

    lines, read = terminal_io(True if args.ascii else None)
    save_lock.use_front("plain")
    hold, on_disk, kept = None, False, 0
    if args.command == "resume":
        path = args.save or choose_save(lines, read)
        if path is None:
            return 0
        try:  # before reading: what is read then is what this game appends to
            hold = save_lock.take(path)
        except save_lock.Held as held:
            return watch_or_back(Path(path), str(held), lines, read)
        try:
            loaded = saves.read(path)
            table = Table.resume(loaded)
        except (saves.SaveError, Rejected) as error:
            hold.release()
            lines.say(f"parlour: {shown(str(error))}")
            return 1
        seats = seats_from_meta(table.players, loaded.header.meta)
        save_path, resumed = Path(path), True
        kept = len(loaded.events) if len(table.events) == len(loaded.events) else 0  # lost: counted after them
        # appended to only if it holds exactly the log: lines of an action dropped on loading
        # (cut short at a line's end) would stay before the appended ones, and refuse the save
        on_disk = kept > 0 and not loaded.warnings
        from parlour.services.dropped import dropped_told

        told = dropped_told(loaded)  # said before the save is written again without it
        if told:
            lines.say(told)
    else:
        game = args.game
        asked = parse_seats(game, args.seats) if args.seats else ask_seats(game, lines, read)
        if asked is None:
            return 0
        seats = asked
        try:
            table = Table.new(game, [s.name for s in seats], seed=args.seed, meta={"seats": seats_meta(seats)})
        except Rejected as error:
            lines.say(f"parlour: {error.reason}")
            return 2
        save_path, resumed = new_save_path(game), False
    if args.color:
        lines.colour({s.name: s.colour for s in seats})
    plain = PlainTable(
        table,
        seats,
        lines,
        read,
        save_path=save_path,
        bot_delay=max(0.0, args.bot_delay),
        on_disk=on_disk,
        hold=hold,
        kept=kept,
    )
    try:
        return plain.play(resumed)
    finally:
        plain.driver.close()  # the save is let go: another window may open it now


WATCH_EVERY = 0.5  # seconds between looks at a save another window plays


def watch_or_back(path: Path, held: str, lines: Lines, read: Read, typed: Callable[[float], bool] | None = None) -> int:
    """A game open in another window: say so (`held`), then watch it, its moves told as they
    are made, until Enter, its end or its window leaves it; or go back. `typed(seconds)`: True
    once a line was typed (or the input ended) within that time."""
    lines.say(shown(held), t("held.plain_choose"))
    answer = read(PROMPT)
    if answer is None or answer.strip().casefold() != "w":
        return 0
    return watch(path, lines, typed or _typed)


def watch(path: Path, lines: Lines, typed: Callable[[float], bool]) -> int:
    """Tell a save's game as another window plays it (read only), as a watcher sees it."""
    from parlour.rules import registry
    from parlour.services.follow import Follow

    follow, say = Follow(path), lines.say
    talk: Talk | None = None
    told: list = []  # the events told so far
    say(t("held.watching", name=shown(path.name)), t("held.plain_stop"))
    while True:
        gone = follow.let_go()  # asked first: what was written before it left is read just below
        try:
            loaded = follow.poll()
        except saves.SaveError as error:
            say(f"parlour: {shown(str(error))}")
            return 1
        if loaded is not None:
            events = loaded.events
            game = registry.get(loaded.header.game)
            if talk is None or events[: len(told)] != told:  # the first look, or moves taken back
                header = loaded.header
                talk = Talk(game, header.players, SPECTATOR, game.initial(header.players, header.options))
                say(*talk.story.tell_log(events, last=RECENT))
            else:
                say(*talk.story.tell_log(events[len(told) :]))
            told = events
            if game.result(loaded.state) is not None:
                say(*talk.results(loaded.state))
                return 0
        if gone:
            say(t("held.let_go"))
            return 0
        if typed(WATCH_EVERY):
            return 0


def _typed(within: float) -> bool:
    """True when a line was typed (or the input ended) within `within` seconds; the line is read."""
    import select

    ready, _, _ = select.select([sys.stdin], [], [], within)
    if ready:
        sys.stdin.readline()
    return bool(ready)


def ask_seats(game: str, lines: Lines, read: Read) -> list[Seat] | None:
    """Who plays, asked as one line ("Ann,bot"); Enter takes the default."""
    from parlour.rules import registry

    spec = registry.get(game)
    lines.say(
        t(
            "plain.seats_question",
            game=t(f"games.{game}"),
            low=spec.min_players,
            high=spec.max_players,
            default=t("plain.seats_default"),
        )
    )
    while True:
        answer = read(PROMPT)
        if answer is None or command_of(answer) == "quit":
            return None
        try:
            seats = parse_seats(game, answer.strip() or t("plain.seats_default"))
        except ValueError as error:
            lines.say(str(error))
            continue
        if spec.min_players <= len(seats) <= spec.max_players:
            return seats
        lines.say(t("plain.seats_count", low=spec.min_players, high=spec.max_players))


def choose_save(lines: Lines, read: Read) -> Path | None:
    """The saved games still in progress, newest first, chosen by number."""
    from datetime import datetime

    from parlour.services.config import saves_dir

    rows = []
    for path, modified, seen in saves.survey(saves_dir()):
        if isinstance(seen, saves.SaveError) or not seen.to_act:  # cannot be loaded, or finished
            continue
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        entry = t(
            "plain.save_entry",
            game=t(f"games.{seen.header.game}"),
            players=", ".join(map(shown, seen.header.players)),
            when=when,
        )
        moved = save_lock.moved_to(path)  # written elsewhere (a full disk): that one is listed too
        rows.append((path, entry if moved is None else f"{entry} · {t('held.moved', path=shown(str(moved)))}"))
    if not rows:
        problem = saves.folder_problem(saves_dir())  # none yet, or a data folder that cannot hold any
        lines.say(shown(problem) if problem else t("resume.none"))
        return None
    lines.say(t("resume.heading"), *numbered([row[1] for row in rows]), t("plain.choose"))
    while True:
        answer = (read(PROMPT) or "quit").strip()
        if command_of(answer) == "quit":
            return None
        if answer.isdigit() and 1 <= int(answer) <= len(rows):
            return rows[int(answer) - 1][0]
        lines.say(t("plain.out_of_range", n=len(rows)))
