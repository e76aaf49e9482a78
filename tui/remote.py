"""Playing at a table that lives in another process (`parlour serve`): the app follows its seat's
view from the redacted events the server sends, and sends its actions back.

- `RemoteTable` folds the events redacted for one seat into that seat's view: the state it
  holds *is* the view (a seat that folds its redacted events keeps exactly its view), so the
  rules' `to_act`, `legal_actions` and `result` work on it as on a local table.
- `RemoteGame` has the interface of a `LocalGame` (tui/local_game.py) the game screen drives;
  its `submit` sends the action and returns None: the events come back from the server and
  `receive` tells the listeners, like everyone else's. No bots run here (the server's table
  driver plays them) and nothing is saved here (the server saves the table).
- `RemoteApp` is the Parlour app with the lobby for its title screen, linked to the server by a
  socket of JSON lines (parlour/wire.py).
"""

from __future__ import annotations

import asyncio
import socket
from typing import Any

from rules import registry
from rules.codec import CodecError, decode, encode
from rules.records import Action, Event

from parlour import wire
from parlour.seats import SPECTATOR, Seat
from parlour.words.i18n import set_language, t

from .app import ParlourApp
from .localized import localized


class RemoteTable:
    def __init__(self, game_id: str, players: list[str], options: dict, seat: int):
        self.game = registry.get(game_id)
        self.players = tuple(players)
        self.options = options
        self.seat = seat
        self.events: list[Event] = []
        self.state = self.game.view(self.game.initial(self.players, options), seat)

    def fold(self, events: list[Event]) -> None:
        for event in events:
            self.events.append(event)
            self.state = self.game.view(self.game.evolve(self.state, event), self.seat)

    def to_act(self) -> tuple[int, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat) if seat == self.seat and seat in self.to_act() else []

    def view(self, seat: int | None) -> Any:
        return self.game.view(self.state, seat)

    def result(self):
        return self.game.result(self.state)


class RemoteGame:
    """A seat at a served table (or a watcher's chair, seat SPECTATOR)."""

    save_path = None
    save_problem = None  # the server saves the table

    def __init__(self, table: RemoteTable, seats: list[Seat], send):
        self.table = table
        self.seats = seats
        self.bots = {i: None for i, s in enumerate(seats) if s.bot}  # played by the server
        self.seat = table.seat
        self.away: set[int] = set()
        self._send = send
        self._listeners: list = []

    def listen(self, listener) -> None:
        self._listeners.append(listener)

    def unlisten(self, listener) -> None:
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
            self._send({"t": "act", "action": encode(action)})
        return None

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


class Link:
    """The socket to the server: JSON lines both ways."""

    def __init__(self, fd: int, on_message):
        self.fd, self.on_message = fd, on_message
        self.writer: asyncio.StreamWriter | None = None

    async def run(self) -> None:
        sock = socket.socket(fileno=self.fd)
        reader, self.writer = await asyncio.open_connection(sock=sock, limit=wire.MAX_TO_UI)
        self.send({"t": "hello"})
        while True:
            try:
                message = await wire.read(reader)
            except wire.ProtocolError:
                message = None
            if message is None:
                return
            self.on_message(message)

    def send(self, message: dict) -> None:
        if self.writer is not None and not self.writer.is_closing():
            self.writer.write(wire.dump(message))


class RemoteApp(ParlourApp):
    """The app of one SSH session: the lobby, then the table its seat sees."""

    @classmethod
    def bindings(cls):
        from textual.binding import Binding

        return [Binding("ctrl+q", "save_quit", t("lobby.key_leave"), id="quit", priority=True)]

    def __init__(self, fd: int, **options):
        super().__init__(start="lobby", bot_delay=0.3, autosave=False, **options)
        self.link = Link(fd, self.on_server)
        self.me = ""
        self.tables: list[dict] = []
        self.at_table = False

    def on_mount(self) -> None:  # Textual runs ParlourApp.on_mount too, after this one
        self.run_worker(self._follow(), exclusive=True, group="link")

    async def _follow(self) -> None:
        try:
            await self.link.run()
        finally:
            self.exit()

    # the lobby stands where the title and the set-up would be
    def show_title(self) -> None:
        from .screens.lobby import LobbyScreen

        if self.at_table:
            self.at_table = False
            self.session = None
            self.link.send({"t": "leave"})
        self._switch(localized(LobbyScreen)())

    def show_setup(self, game: str) -> None:
        self.show_title()

    def show_resume(self) -> None:
        self.show_title()

    def lobby(self):
        from .screens.lobby import LobbyScreen

        return next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)

    def game_screen(self):
        from .screens.game import GameScreen

        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    # ---- what the server says ----------------------------------------------------------------------

    def on_server(self, message: dict) -> None:
        kind = message.get("t")
        try:
            if kind == "lobby":
                self.me, self.tables = str(message.get("you", "")), list(message.get("tables", []))
                if self.lobby() is not None:
                    self.lobby().show_tables(self.me, self.tables)
            elif kind == "game":
                self._sit(message)
            elif kind == "events" and self.session is not None:
                game = self.session.table.game
                events = [decode(e, game.kinds, Event) for e in message.get("events", [])]
                self.session.receive(events)  # the game screen listens
                self._seen()
            elif kind == "rejected":
                screen = self.game_screen()
                reason = str(message.get("reason", ""))
                if screen is not None and self.at_table:
                    screen.refused(reason)
                else:
                    self.notify(t("game.rejected", reason=reason), severity="error")
            elif kind == "presence" and self.session is not None:
                self._presence(message)
            elif kind == "notice":
                values = message.get("values") if isinstance(message.get("values"), dict) else {}
                text = t(str(message.get("key")), **values)
                if self.lobby() is not None and not self.at_table:
                    self.lobby().show_status(text)
                else:
                    self.notify(text)
        except (CodecError, registry.UnknownGame, KeyError, TypeError, ValueError) as error:
            self.notify(t("ssh.bad_message", error=str(error)), severity="error")

    def _sit(self, message: dict) -> None:
        seat = message["seat"]
        table = RemoteTable(message["game"], message["players"], message.get("options", {}), seat)
        table.fold([decode(e, table.game.kinds, Event) for e in message["events"]])
        seats = [Seat(name, bot, colour) for name, bot, colour in
                 zip(table.players, message["bots"], message["colours"])]
        self.session = RemoteGame(table, seats, self.link.send)
        self.session.away = set(message.get("away", []))
        self.at_table = True
        self._play()
        self.call_after_refresh(self._seen)
        for away in sorted(self.session.away):  # once the game screen is up (a restored table: all away)
            self.call_after_refresh(self._presence, {"seat": away, "away": True, "standin": False})

    def _presence(self, message: dict) -> None:
        seat, name = message["seat"], self.session.table.players[message["seat"]]
        if message.get("away"):
            self.session.away.add(seat)
            key = "ssh.standin" if message.get("standin") else "ssh.away"
            self.notify(t(key, name=name), severity="warning", timeout=15)
        else:
            self.session.away.discard(seat)
            self.notify(t("ssh.back", name=name))
        if hasattr(self.screen, "redraw"):
            self.screen.redraw()

    def _seen(self) -> None:
        if self.session is not None:
            table = self.session.table
            self.link.send({"t": "seen", "count": len(table.events), "digest": wire.digest(table.state)})

    def action_save_quit(self) -> None:
        self.exit()


def make_remote_app(lang: str, fd: int, **options) -> RemoteApp:
    set_language(lang)
    return localized(RemoteApp)(fd, animations=False, **options)
