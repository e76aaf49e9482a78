"""Playing at a table that lives in another process (`parlour serve`): the app follows its seat's
view from the redacted events the server sends, and sends its actions back.

- `RemoteTable` and `RemoteGame` (parlour/services/session.py, shared with the plain-text seat
  of parlour/fronts/serve/plain_session.py): the seat's view folded from the events redacted for
  it, and the `Session` the game screen's controller drives; `submit` sends the action and
  returns None: the events come back from the server and `receive` tells the listeners, like
  everyone else's. No bots run here (the server's table driver plays them), nothing is saved here.
- `RemoteApp` is the Parlour app with the lobby for its title screen, linked to the server by a
  `Link`: the messages of parlour/services/wire.py, as they are (the app runs inside the server process,
  parlour/fronts/serve/ui.py: no JSON between them).
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal, cast

from parlour.compat.textual import use_colour_filter
from parlour.rules import registry
from parlour.services import wire
from parlour.services.remote_session import RemoteGame as RemoteGame, RemoteTable as RemoteTable
from parlour.services.seats import SPECTATOR, Seat
from parlour.services.shown import shown
from parlour.services.words.i18n import set_language, t

from .app import ParlourApp
from .localized import localized

if TYPE_CHECKING:
    from textual.binding import Binding
    from textual.screen import Screen

    from .screens.game import GameScreen
    from .screens.lobby import LobbyScreen

ColorSystem = Literal["auto", "standard", "256", "truecolor", "windows"]


class Link:
    """The app's line to the server. The server `deliver`s messages, which the app takes in its
    own task (`run`, in the app's context); the app's messages go to `to_server`. After `close`
    nothing more goes either way."""

    def __init__(self, to_server: Callable[[wire.ToServer], None]):
        self.to_server = to_server
        self.on_message: Callable[[wire.ToUi], None] | None = None
        self.inbox: asyncio.Queue[wire.ToUi | None] = asyncio.Queue()
        self.closed = False

    def deliver(self, message: wire.ToUi) -> None:
        if not self.closed:
            self.inbox.put_nowait(message)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.inbox.put_nowait(None)

    async def run(self) -> None:
        while (message := await self.inbox.get()) is not None:
            if self.on_message is not None:
                self.on_message(message)

    def send(self, message: wire.ToServer) -> None:
        if not self.closed:
            self.to_server(message)


class RemoteApp(ParlourApp):
    """The app of one SSH session: the lobby, then the table its seat sees."""

    @classmethod
    def bindings(cls) -> list[Binding]:
        from textual.binding import Binding

        return [Binding("ctrl+q", "save_quit", t("lobby.key_leave"), id="quit", priority=True)]

    def __init__(
        self, link: Link, environ: dict[str, str] | None = None, lobby: wire.Listing | None = None, **options: Any
    ):
        super().__init__(start="lobby", bot_delay=0.3, autosave=False, **options)
        if environ is not None:
            self._use_terminal(environ)
        self.link = link
        link.on_message = self.on_server
        # The lobby as the server showed it when the session began (`lobby`: its Listing),
        # so that the first frame lists the tables: drawn once, not empty and then again.
        self.me = lobby.you if lobby is not None else ""
        self.tables: tuple[wire.TableLine, ...] = lobby.tables if lobby is not None else ()
        self.offered: tuple[str, ...] = lobby.bots if lobby is not None else ()  # the operator's bots
        self.at_table = False
        self.linked = False  # the link to the server is followed (from the lobby's first frame on)

    def _use_terminal(self, environ: dict[str, str]) -> None:
        """Colours for the player's terminal (its TERM, COLORTERM, NO_COLOR in `environ`), not the
        server's: Textual reads them from the process environment, which every player shares."""
        from rich.console import Console
        from textual import constants
        from textual.filter import Monochrome, NoColor

        environ = dict(environ)
        self.no_color = environ.pop("NO_COLOR", None) is not None
        use_colour_filter(self, (NoColor() if self.native_ansi_color else Monochrome()) if self.no_color else None)
        self.console = Console(
            color_system=cast(ColorSystem, constants.COLOR_SYSTEM),  # as Textual's own console
            file=self.console.file,
            markup=True,
            highlight=False,
            emoji=False,
            legacy_windows=False,
            _environ=environ,
            force_terminal=True,
            safe_box=False,
            soft_wrap=False,
        )

    def lobby_drawn(self) -> None:
        """The lobby's first frame is being drawn (with the tables the server gave at the
        start): say hello now. The server starts a few apps at a time, each until its hello, so the
        first to come see the lobby first and nobody waits on an app's idle moments."""
        if not self.linked:
            self.linked = True
            self.link.send(wire.Hello())
            self.run_worker(self._follow(), exclusive=True, group="link")

    async def _follow(self) -> None:
        try:
            await self.link.run()
        finally:
            self.exit()

    def get_default_screen(self) -> Screen[Any]:
        """The lobby is the first screen (no empty screen drawn before it: a start costs less)
        and stays at the bottom of the stack."""
        from .screens.lobby import LobbyScreen

        return localized(LobbyScreen)()

    # the lobby stands where the title and the set-up would be
    def show_title(self) -> None:
        if self.at_table:
            self.at_table = False
            self.session = None
            self.link.send(wire.Leave())
        while len(self.screen_stack) > 1:
            self.pop_screen()

    def show_setup(self, game: str) -> None:
        self.show_title()

    def show_resume(self) -> None:
        self.show_title()

    def lobby(self) -> LobbyScreen | None:
        from .screens.lobby import LobbyScreen

        return next((s for s in self.screen_stack if isinstance(s, LobbyScreen)), None)

    def game_screen(self) -> GameScreen | None:
        from .screens.game import GameScreen

        return next((s for s in self.screen_stack if isinstance(s, GameScreen)), None)

    # ---- what the server says ----------------------------------------------------------------------

    told = wire.Dispatcher()

    def on_server(self, message: wire.ToUi) -> None:
        try:
            self.told.handle(message, self)
        except (registry.UnknownGame, KeyError, IndexError, TypeError, ValueError) as error:
            self.notify(shown(t("ssh.bad_message", error=str(error))), severity="error", markup=False)

    @told(wire.Listing)
    def _listing(self, message: wire.Listing) -> None:
        self.offered = message.bots
        if (message.you, message.tables) != (self.me, self.tables):  # the answer to hello is mostly what is shown
            self.me, self.tables = message.you, message.tables
            lobby = self.lobby()
            if lobby is not None:
                lobby.show_tables(self.me, self.tables)

    @told(wire.Seated)
    def _sit(self, message: wire.Seated) -> None:
        seat = message.seat
        table = RemoteTable(message.game, list(message.players), dict(message.options), seat)
        table.fold(list(message.events))
        seats = [Seat(name, bot, colour) for name, bot, colour in zip(table.players, message.bots, message.colours)]
        self.session = session = RemoteGame(table, seats, self.link.send)
        session.away = set(message.away)
        session.hints = message.hints and seat != SPECTATOR  # worked out from the view
        self.at_table = True
        self._play()
        self.call_after_refresh(self._seen)
        for away in sorted(session.away):  # once the game screen is up (a restored table: all away)
            self.call_after_refresh(self._presence, wire.Presence(away, True))

    @told(wire.Events)
    def _events(self, message: wire.Events) -> None:
        if isinstance(self.session, RemoteGame):
            self.session.receive(list(message.events))  # the game screen listens
            self._seen()

    @told(wire.Refused)
    def _refused(self, message: wire.Refused) -> None:
        screen = self.game_screen()
        if screen is not None and self.at_table:
            screen.refused(message.reason)
        else:
            self.notify(shown(t("game.rejected", reason=message.reason)), severity="error", markup=False)

    @told(wire.Presence)
    def _presence(self, message: wire.Presence) -> None:
        if not isinstance(self.session, RemoteGame):
            return
        seat, name = message.seat, self.session.table.players[message.seat]
        if message.away:
            self.session.away.add(seat)
            key = "ssh.standin" if message.standin else "ssh.away"
        else:
            self.session.away.discard(seat)
            key = "ssh.back"
        said = shown(t(key, name=name))
        screen = self.game_screen()
        if screen is not None and self.screen is screen:
            # told in the log, beside the board: a toast would cover the prompt of whoever plays on
            screen.tell_aside(said)
            screen.redraw()
        else:
            self.notify(said, severity="warning" if message.away else "information", markup=False)

    @told(wire.Notice)
    def _notice(self, message: wire.Notice) -> None:
        text = t(message.key, **message.values)
        lobby = self.lobby()
        if lobby is not None and not self.at_table:
            lobby.show_status(text)
        else:
            self.notify(shown(text), markup=False)

    def _seen(self) -> None:
        if isinstance(self.session, RemoteGame):
            table = self.session.table
            self.link.send(wire.Seen(len(table.events), table.state))

    def check_action(self, action: str, parameters: tuple) -> bool | None:
        # Ctrl+Q always leaves a served session: the server keeps the table and its save, so
        # there is never "nothing to save" here that would turn the key off (issue 27).
        if action == "save_quit":
            return True
        return super().check_action(action, parameters)

    def action_save_quit(self) -> None:
        self.exit()


def make_remote_app(lang: str, link: Link, **options: Any) -> RemoteApp:
    """The app of one session, in `lang` (set for the caller's context: the session's)."""
    set_language(lang)
    return localized(RemoteApp)(link, animations=False, **options)
