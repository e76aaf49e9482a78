"""A bot from outside: a program of your own that plays one seat (`--seats "Ann,cmd:./mybot"`).

Parlour starts the program and speaks JSON Lines with it on its stdin/stdout, in the engine's
words (docs/PROTOCOL.md, "Write a bot"): a `new` line saying the game and the seat, then an
`act` line whenever the seat is to act, carrying the events since the last one (redacted for
the seat, as the engine's `"as"` shows them), the seat's view and its legal actions; the program
answers each `act` with one line, `{"action": {...}}`. It never sees another seat's hand.

Each answer has a time limit. A program that is late, ends, answers what is not JSON or not one
of the legal actions is stopped, and `smart` plays the seat from then on; `take_note()` gives
the line that says so, once, for the log. The program is stopped with the game (`close`), and
in any case when this process ends (a finalizer): it runs in its own process group, so nothing
it started is left behind either.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from parlour.rules import bots
from parlour.rules.codec import CodecError, decode, encode, parse
from parlour.rules.game import Game
from parlour.rules.records import Action, Event

if TYPE_CHECKING:
    import subprocess
    import weakref

# subprocess, select, shlex, signal and weakref are imported where a program is named or run:
# every game reads its seats through this module, and most name no program (~4 ms of a start).

PREFIX = "cmd:"  # a seat's bot that names a program: "cmd:./mybot --deep"
SECONDS = 5.0  # the default time a program has for each answer (PARLOUR_BOT_SECONDS changes it)
MAX_ANSWER = 64 * 1024  # bytes in one answer line, as the engine reads one line
GRACE = 0.5  # seconds a program has to end after `quit` before it is made to


class BotTrouble(Exception):
    """Why a program no longer plays its seat: a key of the catalogues' [outside_bot] and its
    values (said in the log, in the player's language)."""

    def __init__(self, why: str, **values: Any):
        super().__init__(why)
        self.why, self.values = why, values

    def words(self) -> str:
        from parlour.services.words.i18n import t

        return t(f"outside_bot.{self.why}", **self.values)


def is_outside(level: str | None) -> bool:
    return level is not None and level.startswith(PREFIX)


def command_of(level: str) -> list[str]:
    """The program and its arguments from "cmd:./mybot --deep" (split as a shell would, never
    run by one). Raises ValueError for one that names nothing."""
    import shlex

    try:
        words = shlex.split(level.removeprefix(PREFIX))
    except ValueError as error:
        raise ValueError(f"cannot read the bot command {level!r}: {error}") from None
    if not words:
        raise ValueError(f"{level!r} names no program: write cmd:PROGRAM, e.g. cmd:./mybot")
    return words


INTERPRETERS = ("python", "pypy", "node", "deno", "ruby", "perl", "sh", "bash", "java")


def name_of(level: str) -> str:
    """A player name for a program's seat: its file's name without a suffix ("cmd:./mybot" is
    "mybot"), or its script's for an interpreter ("cmd:python3 bots/deep.py" is "deep")."""
    words = command_of(level)
    named = words[0]
    if Path(named).name.rstrip("0123456789.").lower() in INTERPRETERS:
        named = next((word for word in words[1:] if not word.startswith("-")), named)
    return (Path(named).stem or "bot")[:24]


def limit() -> float:
    """Seconds per answer: PARLOUR_BOT_SECONDS when it is a positive number, else SECONDS."""
    try:
        seconds = float(os.environ.get("PARLOUR_BOT_SECONDS", SECONDS))
    except ValueError:
        return SECONDS
    return seconds if 0 < seconds < 3600 else SECONDS


class OutsideBot:
    """One seat played by a program (see the module's docstring). `events` reads the table's
    log as it grows (the table's own list), so the program is told what happened since its
    last move; `players` are the names at the table."""

    def __init__(
        self,
        level: str,
        events: Sequence[Event],
        players: Sequence[str],
        seed: bots.Seed = None,
        seconds: float | None = None,
    ):
        self.level = level
        self.command = command_of(level)
        self.events, self.players = events, list(players)
        self.seconds = limit() if seconds is None else seconds
        self.seed = seed
        self.told = 0  # events the program has been sent
        self.stand_in: bots.Bot | None = None  # smart, once the program failed
        self.trouble: str | None = None  # why it failed: "late", "ended", ... (the catalogue key)
        self._note: str | None = None  # the log line saying so, until taken
        self._process: subprocess.Popen[bytes] | None = None
        self._stop: weakref.finalize | None = None
        self._unread = b""

    # ---- what the table driver asks ----------------------------------------------------------

    def choose(self, game: Game, view: Any, seat: int) -> Action:
        if self.stand_in is None:
            actions = game.legal_actions(view, seat)
            try:
                return self._ask(game, view, seat, actions)
            except BotTrouble as trouble:
                self._fail(seat, trouble)
        assert self.stand_in is not None
        return self.stand_in.choose(game, view, seat)

    def take_note(self) -> str | None:
        """The log line saying the program was replaced, once."""
        note, self._note = self._note, None
        return note

    def close(self) -> None:
        """The game is over or left: the program is stopped (asked, then made to)."""
        if self._stop is not None:
            self._stop()

    # ---- talking with the program -------------------------------------------------------------

    def _ask(self, game: Game, view: Any, seat: int, actions: list[Action]) -> Action:
        deadline = time.monotonic() + self.seconds
        if self._process is None:
            self._start()
            self._send(
                {"cmd": "new", "game": game.id, "players": self.players, "seat": seat, "seconds": self.seconds},
                deadline,
            )
        events = self.events
        first = min(self.told, len(events))  # after an undo the log is shorter: its tail is sent again
        told = [{"seq": n, "event": encode(game.redact(e, seat))} for n, e in enumerate(events[first:], first + 1)]
        self.told = len(events)
        legal = [encode(action) for action in actions]
        self._send({"cmd": "act", "seat": seat, "events": told, "view": encode(view), "legal": legal}, deadline)
        answer = self._answer(deadline)
        if not isinstance(answer, dict) or not isinstance(answer.get("action"), dict):
            raise BotTrouble("no_action")
        try:
            action = decode(answer["action"], game.kinds, Action)
        except CodecError as error:
            raise BotTrouble("bad_action", error=str(error)) from None
        if action not in actions:
            raise BotTrouble("illegal", action=json.dumps(answer["action"])[:80])
        return action

    def _start(self) -> None:
        import subprocess
        import weakref

        try:
            process = subprocess.Popen(
                self.command,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,  # a program's chatter would draw over the screen
                start_new_session=True,  # its own process group: stopped whole, and no terminal signals
            )
        except OSError as error:
            raise BotTrouble("no_start", error=error.strerror or str(error)) from None
        assert process.stdin is not None and process.stdout is not None
        os.set_blocking(process.stdin.fileno(), False)
        self._process = process
        self._stop = weakref.finalize(self, _stop, process)

    def _send(self, message: dict, deadline: float) -> None:
        process = self._process
        assert process is not None and process.stdin is not None
        data = (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")
        fd = process.stdin.fileno()
        from select import select

        while data:
            left = deadline - time.monotonic()
            if left <= 0 or not select([], [fd], [], left)[1]:
                raise BotTrouble("unread", seconds=f"{self.seconds:g}")
            try:
                data = data[os.write(fd, data) :]
            except BlockingIOError:
                continue
            except OSError:  # a closed pipe: the program ended
                raise self._ended() from None

    def _answer(self, deadline: float) -> Any:
        process = self._process
        assert process is not None and process.stdout is not None
        fd = process.stdout.fileno()
        from select import select

        while b"\n" not in self._unread:
            if len(self._unread) > MAX_ANSWER:
                raise BotTrouble("too_long", bytes=MAX_ANSWER)
            left = deadline - time.monotonic()
            if left <= 0 or not select([fd], [], [], left)[0]:
                raise BotTrouble("late", seconds=f"{self.seconds:g}")
            chunk = os.read(fd, 65536)
            if not chunk:
                raise self._ended()
            self._unread += chunk
        line, _, self._unread = self._unread.partition(b"\n")
        if len(line) > MAX_ANSWER:
            raise BotTrouble("too_long", bytes=MAX_ANSWER)
        try:
            return parse(line.decode("utf-8"))
        except (UnicodeDecodeError, CodecError):
            raise BotTrouble("not_json", line=repr(line[:60])) from None

    def _ended(self) -> BotTrouble:
        """Why the pipe closed: the program ended, was killed, or closed its output."""
        import subprocess

        process = self._process
        assert process is not None
        try:
            code = process.wait(0.2)
        except subprocess.TimeoutExpired:
            return BotTrouble("closed")
        return BotTrouble("ended", status=code) if code >= 0 else BotTrouble("killed", signal=-code)

    def _fail(self, seat: int, trouble: BotTrouble) -> None:
        from parlour.services.words.i18n import t

        self.trouble = trouble.why
        why = trouble.words()
        self.close()
        self.stand_in = bots.make("smart", self.seed)
        name = self.players[seat] if 0 <= seat < len(self.players) else str(seat)
        self._note = t("outside_bot.replaced", name=name, program=self.command[0], why=why)


def _stop(process: subprocess.Popen[bytes]) -> None:
    """Stop a program and everything it started: `quit`, its input closed, a moment's grace,
    then SIGTERM and SIGKILL to its process group. Never raises."""
    import signal
    import subprocess

    try:
        if process.poll() is None and process.stdin is not None:
            try:
                os.write(process.stdin.fileno(), b'{"cmd": "quit"}\n')
            except OSError:
                pass
        for stream in (process.stdin, process.stdout):
            if stream is not None:
                stream.close()
        try:
            process.wait(GRACE)
        except subprocess.TimeoutExpired:
            pass
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(process.pid, sig)  # also what it started, though it ended itself
            except (ProcessLookupError, PermissionError):
                break
            try:
                process.wait(GRACE)
            except subprocess.TimeoutExpired:
                continue
    except Exception:  # stopping must never stop the game's own ending
        pass


def listed(specs: Sequence[str]) -> tuple[tuple[str, str], ...]:
    """The operator's programs from `parlour serve --bot NAME=COMMAND` (repeatable): (name,
    command) pairs. A name is 1 to 16 letters, digits, - or _, and no built-in level's. Raises
    ValueError saying what is wrong."""
    found: dict[str, str] = {}
    for spec in specs:
        name, equals, command = spec.partition("=")
        name = name.strip()
        if not equals or not (0 < len(name) <= 16 and name.replace("-", "").replace("_", "").isalnum()):
            raise ValueError(f"--bot takes NAME=COMMAND (a name of 1 to 16 letters, digits, - or _), not {spec!r}")
        if bots.known(name) or name.casefold() in (n.casefold() for n in found):
            raise ValueError(f"--bot {name}: that name is taken (by a built-in bot or another --bot)")
        command_of(PREFIX + command)  # it must name a program
        found[name] = command.strip()
    return tuple(found.items())


def make(level: str, seed: bots.Seed = None, events: Sequence[Event] = (), players: Sequence[str] = ()) -> bots.Bot:
    """A bot of any level a seat may name: a built-in one (rules/bots) or a program ("cmd:...")."""
    if is_outside(level):
        return OutsideBot(level, events, players, seed)
    return bots.make(level, seed)
