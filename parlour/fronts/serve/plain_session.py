"""Plain mode over SSH: a session that asked for no terminal (`ssh -T`) or has TERM=dumb gets the
lobby and the game as lines (parlour/fronts/plain), in the server's own process: no PTY and no UI
process. It is a lobby `Member` like any other; its answers become the same requests a full-screen
UI sends (the messages of parlour/services/wire.py), and the lobby's messages are told as lines.

The lobby in plain form: the tables listed by number, `join N` (or just N), `watch N`,
`new GAME [bot|human ...]`, `list`, `quit`. At a table: the plain game conversation (parlour/fronts/plain/talk.py),
and `leave` back to the tables (a seat in a game is kept, as when a connection drops).

Whose turn it is comes from the table controller (parlour/services/controller.py `TurnControl`)
over the seat's `RemoteGame` (parlour/services/session.py), as for the Textual seat and plain mode
on one computer: this front only tells and asks. The seat's view is folded once per event, by
the story that tells it (`RemoteTable.followed` takes it as it is)."""

from __future__ import annotations

import asyncio
import logging
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any

from parlour.fronts.plain.lines import Lines
from parlour.fronts.plain.talk import Talk, command_of
from parlour.rules import registry
from parlour.rules.records import Action, Event
from parlour.services import wire
from parlour.services.controller import Due, TurnControl, seat_names
from parlour.services.remote_session import RemoteGame, RemoteTable
from parlour.services.seats import SPECTATOR, Seat
from parlour.services.words.i18n import language, set_language, t

from .gametable import Member
from .tables import Lobby

if TYPE_CHECKING:
    from collections.abc import Callable, Iterator

    import asyncssh

log = logging.getLogger("parlour.fronts.serve")

READ_SIZE = 4096
MAX_LINE = 1024  # characters kept of one answer (the rest of an overlong line is dropped)
RECENT = 12  # lines of a game's story told on sitting down at it


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """The catalogues in `lang` while one message or answer is handled (the server's sessions
    share one process, each in its own language), then as they were."""
    before = language()
    set_language(lang)
    try:
        yield
    finally:
        set_language(before)


class PlainSession:
    def __init__(
        self,
        lobby: Lobby,
        process: asyncssh.SSHServerProcess[Any],
        name: str,
        cred: str,
        *,
        lang: str = "en",
        ascii_only: bool = False,
        idle_timeout: float = 1800,
    ) -> None:
        self.lobby, self.process, self.lang, self.idle_timeout = lobby, process, lang, idle_timeout
        self.lines = Lines(self._write, ascii_only=ascii_only)
        self.inbox: asyncio.Queue[wire.ToUi] = asyncio.Queue()
        self.member = Member(name, cred, self.inbox.put_nowait)
        self.talk: Talk | None = None
        self.turns: TurnControl | None = None  # whose turn, at the table this seat is at
        self.table: RemoteTable | None = None  # the seat's side of that table (its events, its view)
        self.seat = SPECTATOR
        self.asked: list[Action] | None = None  # the options last offered (asked again only when they change)
        self.helped = False
        self.listed: list[str] = []  # the tables as last told

    def _write(self, text: str) -> None:
        self.process.stdout.write(text.encode("utf-8"))

    async def run(self) -> None:
        tasks = [asyncio.create_task(self._answers()), asyncio.create_task(self._messages())]
        self.lobby.handle(self.member, wire.Hello())
        try:
            await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        finally:
            for task in tasks:
                task.cancel()
            self.lobby.leave(self.member)

    # ---- from the player -----------------------------------------------------------------------

    async def _answers(self) -> None:
        buffer = b""
        while True:
            try:
                data = await asyncio.wait_for(self.process.stdin.read(READ_SIZE), self.idle_timeout)
            except TimeoutError:
                with speaking(self.lang):
                    self.lines.say(t("plain.idle"))
                return
            if not data:
                return
            buffer += data
            *complete, buffer = buffer.split(b"\n")
            buffer = buffer[-MAX_LINE * 4 :]
            for raw in complete:
                answer = raw.decode("utf-8", "replace").strip("\r")[:MAX_LINE]
                if self._asks_hint(answer):
                    await self._hint()
                    continue
                aside = {"history": self._own_history, "ratings": self._ratings}.get(answer.strip().casefold())
                if self.talk is None and aside is not None:  # in the lobby: read in a thread
                    await aside()
                    continue
                with speaking(self.lang):
                    going_on = self.answer(answer)
                if not going_on:
                    await self.process.stdout.drain()
                    return
            await self.process.stdout.drain()

    def answer(self, text: str) -> bool:
        """One line from the player; False ends the session."""
        word = text.strip().casefold()
        if command_of(word) == "quit":
            return False
        if self.talk is None:
            self._lobby_answer(word)
            return True
        if word in ("leave", "lobby"):
            self._left()
            return True
        view = self.talk.story.view
        due = self._due()
        actions = self._actions(due)
        if not actions and due.over and not word:
            self._left()
            return True
        reply = self.talk.answer(text, view, self.seat, actions, self.events)
        if reply.lines:
            self.lines.say(*reply.lines)
        if reply.action is not None and self.turns is not None:
            self.asked = None
            self.turns.session.submit(self.seat, reply.action)  # sent; its events come back as for everyone
        return True

    def _left(self) -> None:
        self.talk, self.turns, self.table = None, None, None
        self.lobby.handle(self.member, wire.Leave())

    def _asks_hint(self, answer: str) -> bool:
        with speaking(self.lang):
            return self.talk is not None and self.talk.hints and command_of(answer) == "hint"

    async def _hint(self) -> None:
        """The hint, worked out in a thread (up to about 0.6 s of CPU): the server's loop serves
        everyone else meanwhile. This session's next lines wait for it (one hint at a time)."""
        with speaking(self.lang):
            talk = self.talk
            if talk is None:
                return
            view, actions, events = talk.story.view, self._actions(), list(self.events)
            try:
                line = await asyncio.to_thread(talk.hint, view, self.seat, actions, events)
            except Exception:  # never a traceback to the player
                log.exception("%s: the hint failed", self.member.name)
                line = t("hint.not_now")
            self.lines.say(line)
        await self.process.stdout.drain()

    async def _told_aside(self, what: str, read: Callable[[], list[str]]) -> None:
        """Lines read from the saves folder in a thread (bringing the history index or the ratings up
        to date reads saves, and the server's loop serves everyone else meanwhile); this session's
        next lines wait for it (one at a time). `what`: the catalogue section saying it cannot be
        read just now."""
        try:
            lines: list[str] | None = await asyncio.to_thread(read)
        except Exception:  # never a traceback to the player
            log.exception("%s: %s could not be read", self.member.name, what)
            lines = None
        with speaking(self.lang):
            self.lines.say(*(lines if lines is not None else [t(f"{what}.not_now")]))
        await self.process.stdout.drain()

    async def _own_history(self) -> None:
        """Your own finished games here, newest first (parlour/services/history.py `own`)."""
        from parlour.services.config import saves_dir
        from parlour.services.history import own, told

        lang, name = self.lang, self.member.name

        def read() -> list[str]:
            rows = own(saves_dir(), name)
            with speaking(lang):
                return [told(row) for row in rows] or [t("history.none")]

        await self._told_aside("history", read)

    async def _ratings(self) -> None:
        """The leaderboard, your own line marked (parlour/services/standings.py)."""
        from parlour.services.config import saves_dir
        from parlour.services.standings import board_lines, standings

        lang, name = self.lang, self.member.name

        def read() -> list[str]:
            boards = standings(saves_dir())
            with speaking(lang):
                return board_lines(boards, name, 10)

        await self._told_aside("ratings", read)

    def _lobby_answer(self, word: str) -> None:
        verb, _, rest = word.partition(" ")
        if verb.isdigit():
            verb, rest = "join", verb
        if verb in ("join", "sit", "watch") and rest.strip().isdigit():
            number = int(rest)
            self.lobby.handle(self.member, wire.Watch(number) if verb == "watch" else wire.Sit(number))
        elif verb == "new":
            game, *others = rest.split() or ["garfield"]
            hints = any(command_of(s) == "hint" or s in ("hints", "tips") for s in others)
            others = [s for s in others if not (command_of(s) == "hint" or s in ("hints", "tips"))]
            seats = ["you"] + [f"bot:{s[4:] or 'smart'}" if s.startswith("bot") else "human" for s in others]
            if len(seats) == 1:
                seats.append("bot:smart")
            self.lobby.handle(self.member, wire.Create(game, tuple(seats), hints=hints))
        elif verb in ("list", ""):
            self.listed = []  # asked for: said again even if unchanged
            self.lobby.handle(self.member, wire.Leave())
        else:
            self.lines.say(t("plain.lobby_help"))

    # ---- from the lobby ------------------------------------------------------------------------

    async def _messages(self) -> None:
        while True:
            message = await self.inbox.get()
            with speaking(self.lang):
                try:
                    self.told.handle(message, self)
                except Exception:  # never a traceback to the player; the session goes on
                    log.exception("%s: plain mode could not tell %s", self.member.name, type(message).__name__)
            await self.process.stdout.drain()

    told = wire.Dispatcher()  # what the lobby says, told as lines

    @told(wire.Listing)
    def _lobby_listed(self, message: wire.Listing) -> None:
        listing = self._listing(message.tables)
        if self.talk is not None or listing != self.listed:  # the same list is not said twice
            self.lines.say(*listing)
        self.talk, self.turns, self.table, self.listed = None, None, None, listing
        if not self.helped:
            self.helped = True
            self.lines.say(t("plain.lobby_help"))

    @told(wire.Events)
    def _events(self, message: wire.Events) -> None:
        if self.talk is None or self.table is None:
            return
        batch = list(message.events)
        self.lines.say(*self.talk.follow(batch))
        self.table.followed(batch, self.talk.story.view)  # folded once, by the story
        self.lobby.handle(self.member, wire.Seen(len(self.events), self.talk.story.view))
        self._ask()

    @told(wire.Presence)
    def _presence(self, message: wire.Presence) -> None:
        if self.talk is not None:
            name = self.talk.names[message.seat]
            key = "ssh.standin" if message.standin else "ssh.away" if message.away else "ssh.back"
            self.lines.say(t(key, name=name))

    @told(wire.Refused)
    def _refused(self, message: wire.Refused) -> None:
        self.lines.say(t("game.rejected", reason=message.reason))
        if self.talk is not None:  # offer the choices again (in the lobby the list stands)
            self.asked = None
            self._ask()

    @told(wire.Notice)
    def _notice(self, message: wire.Notice) -> None:
        self.lines.say(t(message.key, **message.values))

    def _listing(self, tables: tuple[wire.TableLine, ...]) -> list[str]:
        lines = [t("plain.lobby", name=self.member.name)]
        for table in tables:
            seats = ", ".join(
                t("lobby.free_seat")
                if s.name is None
                else t("lobby.bot_seat", name=s.name, level=s.bot)
                if s.bot
                else t("lobby.away_seat", name=s.name)
                if s.away
                else s.name
                for s in table.seats
            )
            text = t(
                "plain.lobby_table",
                game=t(f"games.{table.game}"),
                seats=seats,
                status=t(f"lobby.status_{table.status}"),
            )
            lines.append(t("plain.option", n=table.id, label=text))
        return lines if tables else lines + [t("plain.lobby_none")]

    @told(wire.Seated)
    def _sit(self, message: wire.Seated) -> None:
        game = registry.get(message.game)
        names = message.players
        self.seat = message.seat
        you = [] if self.seat == SPECTATOR else [self.seat]  # "you", as the full-screen seat says it
        self.talk = Talk(game, seat_names(names, you), self.seat, game.initial(names, dict(message.options)))
        self.talk.hints = message.hints and self.seat != SPECTATOR  # the table's creator chose
        self.asked = None
        events = list(message.events)
        told = self.talk.story.tell_log(events)
        self.table = table = RemoteTable(game.id, list(names), dict(message.options), self.seat)
        table.followed(events, self.talk.story.view)
        seats = [Seat(name, bot, colour) for name, bot, colour in zip(names, message.bots, message.colours)]
        session = RemoteGame(table, seats, lambda request: self.lobby.handle(self.member, request))
        self.turns = TurnControl(session, private=False)  # one person at this seat: nothing to hide
        players = ", ".join(f"{n} {t('plain.bot')}" if bot else n for n, bot in zip(names, message.bots))
        say = self.lines.say
        say(t("plain.welcome", game=t(f"games.{game.id}"), players=players))
        say(
            t("plain.watching", game=t(f"games.{game.id}"), players=players)
            if self.seat == SPECTATOR
            else "\n".join(self.talk.help())
        )
        say(*told[-RECENT:])
        self._ask()

    def _due(self) -> Due:
        """Who acts now at this seat's table, as the controller says (nobody away from a table)."""
        return self.turns.due() if self.turns is not None else Due()

    def _actions(self, due: Due | None = None) -> list[Action]:
        """The seat's options when the controller says it is this seat's turn, else none."""
        person = (due or self._due()).person
        return [] if person is None or self.table is None else self.table.legal_actions(person)

    @property
    def events(self) -> list[Event]:
        """The table's events as this seat has them (redacted for it)."""
        return self.table.events if self.table is not None else []

    def _ask(self) -> None:
        """Offer the options when it is this seat's turn (again only when they change); the
        results when the game is over."""
        if self.talk is None:
            return
        view, due = self.talk.story.view, self._due()
        if due.over:
            self.lines.say(*self.talk.results(view), t("plain.leave_hint"))
            return
        actions = self._actions(due)
        if actions and actions != self.asked:
            self.lines.say(*self.talk.turn(view, self.seat, actions))
        self.asked = actions or None
