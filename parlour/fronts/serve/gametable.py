"""One table of the served lobby (parlour/fronts/serve/tables.py): its seat plan, who is there (players
and watchers, each a lobby `Member`), and once it starts, its game: the one authoritative rules
table in a `LocalSession` (parlour/services/session.py: the table driver submits, saves and tells), whose
turns the controller's `TurnControl` (parlour/services/controller.py) keeps, as on every front: it says
which bot moves next and plays it. This table only supplies the clock (a timer per bot move, per
stand-in) and tells every member the events redacted for their seat.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from parlour.rules import bots
from parlour.rules.records import Action, Event, Rejected
from parlour.rules.table import Table
from parlour.services import wire
from parlour.services.controller import TurnControl
from parlour.services.outside_bot import PREFIX, OutsideBot
from parlour.services.seats import SPECTATOR, Seat
from parlour.services.session import LocalSession
from parlour.services.table_driver import TableDriver

if TYPE_CHECKING:
    from parlour.services.save_lock import SaveLock

log = logging.getLogger("parlour.fronts.serve")


class Host(Protocol):
    """What a table needs of its lobby."""

    bot_delay: float  # seconds before a bot moves (people see the move come)
    clock: Callable[[], float]
    outside: dict[str, str]  # the operator's programs that may play a seat, by name (`serve --bot`)

    def changed(self) -> None: ...  # the lobby's list changed: tell everyone in the lobby

    def poke(self) -> None: ...  # something changed at a table: wake whoever waits


_members = itertools.count(1)  # each connection's number in this process (its messages' address between workers)


class Member:
    """One connection's player: its name, credential, and where it is (lobby, a seat, watching)."""

    def __init__(self, name: str, cred: str, send: Callable[[wire.ToUi], None]):
        self.name, self.cred, self.send = name, cred, send
        self.table: GameTable | None = None
        self.seat: int = SPECTATOR
        self.seen: int = 0  # events its UI has shown
        self.view: Any = None  # the view its UI shows (its own object: nothing is copied)
        self.mid = next(_members)
        self.remote: str | None = None  # the worker holding the table it is at, when not this one (federation.py)

    @property
    def digest(self) -> str:
        """The fingerprint of the view its UI shows, worked out only when a test or tool asks."""
        return wire.digest(self.view) if self.view is not None else ""

    def __repr__(self) -> str:
        return f"Member({self.name!r})"


class Elsewhere(Protocol):
    """What the lobby asks of the other workers, with a broker (federation.Federation)."""

    def joined(self, member: Member) -> None: ...  # a player is in this lobby: back to a seat kept elsewhere

    def left(self, member: Member) -> None: ...  # a connection ended: a seat it held elsewhere is let go

    def route(self, member: Member, message: wire.ToServer) -> bool: ...  # True: sent to the table's worker

    def open_tables(self, cred: str) -> int: ...  # unfinished tables `cred` set up elsewhere

    def tables_elsewhere(self) -> int: ...  # unfinished tables the other workers hold (MAX_TABLES counts them)

    def table_created(self, cred: str) -> None: ...  # `cred` set up a table here: the others count it

    def lines(self) -> tuple[wire.TableLine, ...]: ...  # the other workers' tables, for the list

    def changed(self) -> None: ...  # this worker's tables changed: the others are told

    def opened(self, table: GameTable, path: Path | None) -> None: ...  # a table has a save: leased


@dataclass
class SeatPlan:
    bot: str | None  # a bot level, or None for a human seat
    name: str | None = None  # the player's name once taken (bots get theirs at once)
    cred: str | None = None
    colour: str = "red"


@dataclass(eq=False)
class GameTable:
    id: int
    game_id: str
    plan: list[SeatPlan]
    host: Host
    standin: float = 0  # seconds an away player is waited for before a bot plays for them
    seed: int | None = None
    rig: Any = None
    hints: bool = False  # its creator let every seated player ask for a hint (parlour/services/hint.py)
    creator: str | None = None  # the credential that set it up here (its quota counts the table)
    table: Table | None = None  # the rules' table once the game starts (driven by `driver`)
    driver: TableDriver | None = None
    turns: TurnControl | None = None  # whose move it is, which bot moves next (over the driver)
    members: set[Member] = field(default_factory=set)  # every Member at this table, players and watchers
    away: set[int] = field(default_factory=set)  # seats whose player dropped
    standing_in: set[int] = field(default_factory=set)  # away seats a bot now plays
    bots: dict[int, Any] = field(default_factory=dict)  # a bot for every seat: a human's stands in when away
    timers: dict[object, asyncio.TimerHandle] = field(default_factory=dict)  # "bot", or an away seat
    empty_since: float | None = None  # when its last human went away (None: someone is here)
    closed: bool = False  # no longer in the lobby: nothing more is played here

    # ---- what the lobby lists ------------------------------------------------------------------

    @property
    def status(self) -> str:
        if self.table is None:
            return "waiting"
        return "finished" if self.table.result() is not None else "playing"

    def free_seats(self) -> list[int]:
        return [i for i, s in enumerate(self.plan) if s.bot is None and s.name is None]

    def seat_of(self, name: str) -> int | None:
        return next(
            (i for i, s in enumerate(self.plan) if s.bot is None and s.name and s.name.casefold() == name.casefold()),
            None,
        )

    def line(self) -> wire.TableLine:
        """The table as the lobby lists it."""
        return wire.TableLine(
            self.id,
            self.game_id,
            self.status,
            tuple(wire.SeatLine(s.name, s.bot, i in self.away) for i, s in enumerate(self.plan)),
            self.standin,
            self.hints,
            sum(1 for m in self.members if m.seat == SPECTATOR),
        )

    # ---- the game ------------------------------------------------------------------------------

    def play(self, table: Table, path: Path | None, kept: int = 0, lock: SaveLock | None = None) -> None:
        """The game starts (or goes on, from its save): bots for every seat and the driver that
        saves the log to `path` after every action and tells this table. `kept`: how many of
        the table's events `path` gives back as it is (a save restored: moves lost count after);
        `lock`: the save's, if this process holds it already."""
        self.table = table
        self.bots = {i: self._bot(s.bot, i, table) for i, s in enumerate(self.plan)}
        writer = None
        if path is not None:
            from parlour.services import saves

            writer = saves.Writer(path, table.header, table.events, kept=kept, lock=lock)
            if writer.problem:  # it keeps trying after every action
                log.warning("table %d is not saved yet: %s", self.id, writer.problem)
        self.driver = TableDriver(
            table,
            {i: self.bots[i] for i, s in enumerate(self.plan) if s.bot},
            writer,
            lambda error: log.warning("table %d: cannot save: %s", self.id, error),
        )
        seats = [Seat(s.name or "", s.bot, s.colour) for s in self.plan]
        # every person at a keyboard of their own: nothing to hide between them
        self.turns = TurnControl(LocalSession(table, seats, self.driver), private=False, bot_delay=self.host.bot_delay)
        self.driver.listen(self._played)

    def seated(self, member: Member) -> wire.Seated:
        """The table as `member` sees it from their seat (or chair): everything so far."""
        assert self.table is not None, "the game has started"
        game, table = self.table.game, self.table
        return wire.Seated(
            self.id,
            game.id,
            tuple(table.players),
            dict(table.header.options),
            member.seat,
            tuple(s.bot for s in self.plan),
            tuple(s.colour for s in self.plan),
            tuple(sorted(self.away)),
            self.hints and member.seat != SPECTATOR,
            tuple(game.redact(e, member.seat) for e in table.events),
        )

    def act(self, member: Member, action: Action) -> list[Event]:
        """An action from `member`'s UI, for their own seat only (raises Rejected)."""
        if self.driver is None or self.table is None:
            raise Rejected("you are not at a table in play")
        if member.seat == SPECTATOR:
            log.info("refused an action from %s: watching table %d", member.name, self.id)
            raise Rejected("you are watching; a watcher cannot act")
        game = self.table.game
        if not isinstance(action, Action) or game.kinds.get(type(action).__name__) is not type(action):
            raise Rejected(f"not an action of {game.title}")
        try:
            return self.driver.submit(member.seat, action)
        except Rejected as error:
            log.info("table %d: rejected %s from %s: %s", self.id, type(action).__name__, member.name, error.reason)
            raise

    def _played(self, events: list[Event]) -> None:
        """New events: to everyone here, redacted for each; then the next bot."""
        assert self.table is not None
        game = self.table.game
        batches: dict[int, wire.Events] = {}  # one per seat: the watchers share one
        for member in list(self.members):
            batch = batches.get(member.seat)
            if batch is None:
                batch = batches[member.seat] = wire.Events(tuple(game.redact(e, member.seat) for e in events))
            member.send(batch)
        result = self.table.result()
        if result is not None:
            log.info("table %d finished: %s won", self.id, ", ".join(self.table.players[w] for w in result.winners))
            if self.standing_in:  # they left and a bot finished for them: for the ratings (docs/ratings.md)
                self._note_in_save("left", self.standing_in)
            self.stop_clocks()
            self.host.changed()
        else:
            self.schedule_bot()
            self.host.poke()

    def _bot(self, level: str | None, seat: int, table: Table) -> Any:
        """The seat's bot: the operator's program of that name, or a built-in level (a person's
        seat gets `random`, to stand in when they are away)."""
        seed = f"{table.header.seed}/{seat}"
        command = self.host.outside.get(level) if level else None
        if command is not None:
            return OutsideBot(PREFIX + command, table.events, table.players, seed)
        return bots.make(level or "random", seed)

    # ---- the clock: bots' moves and stand-ins ---------------------------------------------------

    def schedule_bot(self) -> None:
        """If a bot is to move, let it when the turn control's delay has passed (one at a time)."""
        due = self.turns.schedule_bot() if self.turns is not None else None
        if due is not None:
            self.timers["bot"] = asyncio.get_running_loop().call_later(due.delay, self._bot_step, due.seat)

    def _bot_step(self, seat: int) -> None:
        self.timers.pop("bot", None)
        if self.turns is None or self.closed:
            return
        program = self.driver.bots.get(seat) if self.driver is not None else None
        if isinstance(program, OutsideBot) and program.stand_in is None:
            self._ask_program(program, seat)
            return
        try:
            refused = self.turns.play_bot()
        except Exception:  # a bot bug must not stop the table or the server
            log.exception("table %d: the bot for seat %d failed", self.id, seat)
        else:
            if refused:
                log.error("table %d: the bot for seat %d failed: %s", self.id, seat, refused)

    def _ask_program(self, program: OutsideBot, seat: int) -> None:
        """An operator's program is to move: it is asked in a thread (it may take its whole time
        limit, and the server's other tables go on meanwhile); its answer is submitted here."""
        assert self.table is not None
        game = self.table.game
        view = game.view(self.table.state, seat)
        thinking = asyncio.get_running_loop().run_in_executor(None, program.choose, game, view, seat)
        thinking.add_done_callback(lambda done: self._answered(program, seat, done))

    def _answered(self, program: OutsideBot, seat: int, done: asyncio.Future) -> None:
        assert self.turns is not None
        self.turns.bot_pending = False
        note = program.take_note()
        if note is not None:  # replaced by smart: the log and every player here are told
            log.warning("table %d: %s", self.id, note)
            for member in list(self.members):
                member.send(wire.Notice("outside_bot.told", {"line": note}))
        if self.closed or self.driver is None or done.cancelled() or self.driver.bots.get(seat) is not program:
            return
        try:
            self.driver.submit(seat, done.result())  # its events reach everyone through _played
        except Rejected as error:  # the position moved on meanwhile: the program is asked again
            log.info("table %d: the program for seat %d was too late: %s", self.id, seat, error.reason)
            self.schedule_bot()
        except Exception:  # a bug must not stop the table or the server: smart plays on
            log.exception("table %d: the program for seat %d failed", self.id, seat)
            program.close()
            program.stand_in = bots.make("smart", seat)
            self.schedule_bot()

    def stop_clocks(self) -> None:
        for timer in self.timers.values():
            timer.cancel()
        self.timers.clear()
        for bot in self.bots.values():  # the operator's programs are stopped with the game
            if isinstance(bot, OutsideBot):
                bot.close()

    # ---- players who drop and come back ---------------------------------------------------------

    def gone(self, seat: int) -> None:
        """A seat's player dropped: a bot may stand in later, and a table whose humans are all
        away starts its abandon clock."""
        self.away.add(seat)
        if self.standin:
            loop = asyncio.get_running_loop()
            self.timers[seat] = loop.call_later(self.standin, self._stand_in, seat)
        if all(i in self.away for i, s in enumerate(self.plan) if s.bot is None) and self.empty_since is None:
            self.empty_since = self.host.clock()

    def back(self, seat: int) -> None:
        """A seat's player is back: their bot stands down."""
        self.empty_since = None
        self.away.discard(seat)
        self.standing_in.discard(seat)
        if self.driver is not None:
            self.driver.bots.pop(seat, None)
        timer = self.timers.pop(seat, None)
        if timer is not None:
            timer.cancel()
        self.presence(seat, False)

    def _stand_in(self, seat: int) -> None:
        self.timers.pop(seat, None)
        if seat in self.away and self.status == "playing" and self.driver is not None and self.table is not None:
            self.standing_in.add(seat)
            self._note_in_save("stood_in", {seat})
            self.driver.bots[seat] = self.bots[seat]
            log.info("table %d: a bot stands in for %s", self.id, self.table.players[seat])
            self.presence(seat, True)
            self.schedule_bot()

    def _note_in_save(self, key: str, seats: set[int]) -> None:
        """Add `seats` to the list `key` in the save's header (the ratings read it: a stand-in
        bot played for them, or they were still away when the game ended); the save is rewritten
        whole, atomically, as an undo rewrites it."""
        assert self.table is not None
        meta = self.table.header.meta
        noted = meta.get(key)
        meta[key] = sorted(set(noted if isinstance(noted, list) else ()) | seats)
        if self.driver is not None and self.driver.writer is not None and meta[key] != noted:
            self.driver.writer.rewrite(self.table.events)

    def presence(self, seat: int, away: bool) -> None:
        """Tell everyone else here that `seat`'s player left or came back."""
        message = wire.Presence(seat, away, seat in self.standing_in)
        for member in list(self.members):
            if member.seat != seat:
                member.send(message)
        self.host.changed()
