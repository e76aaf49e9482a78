"""The lobby of a served Parlour (`parlour serve`): the tables, a new table, a seat, or a chair to
watch from. Everything here is a request to the server; the server's answer redraws the list."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, runtime_checkable

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.compat.textual import resume_without_restyle
from parlour.rules import bots, registry
from parlour.services import wire
from parlour.services.shown import shown
from parlour.services.words.i18n import t

from ..games import playable
from ..keymap import ascii_only, in_charset, t_keys
from ..widgets.keybar import KeyBar
from ..widgets.line_list import LineList, Note, Row
from .base import ParlourScreen

if TYPE_CHECKING:
    from textual.message import Message

    from .told_box import ToldBox


class ToServer(Protocol):
    """The app's line to the server (tui/remote.py's `Link`)."""

    def send(self, message: wire.ToServer) -> None: ...


@runtime_checkable
class Served(Protocol):
    """What the lobby needs of the served app it is the first screen of (tui/remote.py's `RemoteApp`)."""

    link: ToServer
    me: str  # the player's name
    tables: tuple[wire.TableLine, ...]  # the tables as the server last listed them
    offered: tuple[str, ...]  # the operator's bots a new table may seat

    def lobby_drawn(self) -> None: ...  # the lobby's first frame is drawn: the app says hello


MOST_ROWS = 14  # lines of tables in view at once (the cursor keys scroll)


def describe(table: wire.TableLine) -> str:
    """One table as a line of the list (the names the server sent shown as text)."""
    seats = []
    for seat in table.seats:
        if seat.bot:
            seats.append(t("lobby.bot_seat", name=shown(seat.name or "?"), level=shown(seat.bot)))
        elif seat.name:
            name = shown(seat.name)
            seats.append(t("lobby.away_seat", name=name) if seat.away else name)
        else:
            seats.append(t("lobby.free_seat"))
    status = t(f"lobby.status_{table.status}")
    line = t("lobby.table", id=table.id, game=t(f"games.{table.game}"), seats=", ".join(seats), status=status)
    if table.hints:
        line += " · " + t("lobby.with_hints")
    if table.watching:
        line += " · " + t("lobby.watching", n=table.watching)
    return line


class LobbyScreen(ParlourScreen[None]):
    """Few widgets on purpose: a served app starts here, and with many players connecting at
    once each widget's start (styles, layout, first paint) is paid by everyone waiting. The
    box is one LineList (tui/widgets/line_list.py): its title is the heading, its rows the tables,
    its notes what the server tells you. The row at the foot names the keys, as every screen's
    footer does: one line of fixed text (↑↓ are the list's own keys; the lobby's are not in the
    keymap, a served player's keymap would be the server's; {quit} is the app's), not a
    `KeyBar`, which follows the bindings and costs every start a fifth more CPU."""

    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py
    _resumed = False
    DEFAULT_CSS = """
    LobbyScreen { align: center middle; }
    LobbyScreen #tables { width: 90%; max-width: 110; max-height: 100%; border: round $accent; padding: 1 2;
                          border-title-color: $accent; border-title-style: bold; }
    LobbyScreen.ascii #tables { border: ascii $accent; }
    LobbyScreen #lobby-keys { dock: bottom; height: 1; background: $footer-background; text-wrap: nowrap;
                              text-overflow: ellipsis; }
    """

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("enter", "sit", t("lobby.key_sit"), id="lobby_sit"),
            Binding("w", "watch", t("lobby.key_watch"), id="lobby_watch"),
            Binding("n", "create", t("lobby.key_new"), id="lobby_new"),
            Binding("l", "ratings", t("lobby.key_ratings"), id="lobby_ratings"),
            Binding("h", "history", t("lobby.key_history"), id="lobby_history"),
            Binding("j", "cursor(1)", show=False, id="lobby_down"),
            Binding("k", "cursor(-1)", show=False, id="lobby_up"),
        ]

    @property
    def remote(self) -> Served:
        """The served app this lobby is the first screen of."""
        app = self.app
        assert isinstance(app, Served), "the lobby is a served app's"
        return app

    def compose(self) -> ComposeResult:
        # Built with the lobby the app already has, so the first frame is the whole lobby.
        me, tables = self.remote.me, self.remote.tables
        self._list = LineList(self._rows(tables), most_rows=MOST_ROWS, id="tables")
        self._list.border_title = self._heading_text(me)
        self.show_status(self._status_text(me, tables))
        yield self._list
        yield Static(in_charset(self.app, t_keys(self.app, "lobby.hint")), id="lobby-keys", markup=False)

    def on_mount(self) -> None:
        self._list.focus()

    def post_message(self, message: Message) -> bool:
        # The app's first screen is resumed a moment after its widgets were mounted and styled;
        # Textual would style every one of them again (a tenth of a served app's start). Later
        # resumes (back from the new-table form) restyle as usual.
        if isinstance(message, events.ScreenResume) and not self._resumed:
            self._resumed = True
            resume_without_restyle(message)
        return super().post_message(message)

    def on_screen_resume(self) -> None:
        # Before Textual's own handler, which draws the first frame in the same turn of the event
        # loop: the server reads the hello only after the frame is on its way.
        self.remote.lobby_drawn()

    def show_tables(self, me: str, tables: tuple[wire.TableLine, ...]) -> None:
        if not hasattr(self, "_list"):  # not composed yet: compose shows the app's lobby
            return
        self._list.border_title = self._heading_text(me)
        self._list.show(self._rows(tables))
        status = self._status_text(me, tables)
        if status:
            self.show_status(status)

    def _heading_text(self, me: str) -> str:
        return in_charset(self.app, t("lobby.heading_you", name=me) if me else t("lobby.heading"))

    def _rows(self, tables: tuple[wire.TableLine, ...]) -> list[Row]:
        if not tables:
            return [Row(in_charset(self.app, t("lobby.none")), None)]
        return [Row(in_charset(self.app, describe(table)), str(table.id)) for table in tables]

    @staticmethod
    def _status_text(me: str, tables: tuple[wire.TableLine, ...]) -> str:
        """How many players the table you wait at still needs, or "" when you wait at none."""
        mine = next(
            (tb for tb in tables if any(s.name == me for s in tb.seats) and tb.status == "waiting"),
            None,
        )
        if mine is None:
            return ""
        return t("lobby.waiting_players", n=sum(1 for s in mine.seats if not s.name and not s.bot))

    def show_status(self, text: str) -> None:
        """The server's latest word for you (or none), under the tables."""
        if not hasattr(self, "_list"):
            return
        self._list.note([Note(in_charset(self.app, text))] if text else [])

    def _chosen(self) -> int | None:
        key = self._list.chosen
        return int(key) if key and key.isdigit() else None

    def action_sit(self) -> None:
        table = self._chosen()
        if table is not None:
            self.remote.link.send(wire.Sit(table))

    def action_watch(self) -> None:
        table = self._chosen()
        if table is not None:
            self.remote.link.send(wire.Watch(table))

    def action_create(self) -> None:
        from ..localized import localized

        screen = localized(CreateScreen)(self.remote.offered)
        if ascii_only(self.app):
            screen.add_class("ascii")
        self.app.push_screen(screen, self._created)

    def action_ratings(self) -> None:
        from .leaderboard import LeaderboardScreen

        self._open_box(LeaderboardScreen)

    def action_history(self) -> None:
        from .own_history import OwnHistoryScreen

        self._open_box(OwnHistoryScreen)

    def _open_box(self, kind: type[ToldBox]) -> None:
        """A box of lines about you (tui/screens/told_box.py) over the lobby."""
        from ..localized import localized

        screen = localized(kind)(self.remote.me)
        if ascii_only(self.app):
            screen.add_class("ascii")
        self.app.push_screen(screen)

    def _created(self, request: wire.Create | None) -> None:
        if request:
            self.remote.link.send(request)

    def action_cursor(self, step: int) -> None:
        self._list.action_move(step)


class CreateScreen(ModalScreen[wire.Create | None]):
    """A new table, set with keys: the game, the seats (you are the first), bots' levels (those the
    game's menus offer, `bots.levels`), how long an away player is waited for before a bot stands
    in, and whether every seated player may ask for a hint (off unless turned on here)."""

    BINDINGS = []
    DEFAULT_CSS = """
    CreateScreen { align: center middle; }
    CreateScreen #create-form { width: 64; height: auto; border: round $accent; padding: 1 2; background: $surface; }
    CreateScreen.ascii #create-form { border: ascii $accent; }
    """

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("g,left,right", "game", t("lobby.key_game"), id="create_game"),
            Binding("plus,equals_sign", "seats(1)", t("keys.add_seat"), id="create_more"),
            Binding("minus", "seats(-1)", t("keys.remove_seat"), id="create_fewer"),
            *[
                Binding(
                    str(n),
                    f"seat_kind({n})",
                    t("lobby.key_toggle"),
                    show=n == 2,
                    key_display="2-6",
                    id=f"create_seat_{n}",
                )
                for n in range(2, 7)
            ],
            Binding("s", "standin", t("lobby.key_standin"), id="create_standin"),
            Binding("h", "hints", t("lobby.key_hints"), id="create_hints"),
            Binding("enter", "create", t("lobby.key_create"), id="create_ok"),
            Binding("escape", "cancel", t("keys.back"), id="create_cancel"),
        ]

    def __init__(self, offered: tuple[str, ...] = ()) -> None:
        super().__init__()
        self.offered = offered  # the server operator's programs, by name (never a command typed here)
        self.games = playable() or registry.available()
        self.game = self.games[0]
        self.seats = ["you", "human"]
        self.standin = 0
        self.hints = False

    def compose(self) -> ComposeResult:
        yield Static("", id="create-form")
        yield KeyBar()

    def on_mount(self) -> None:
        self._show()

    def _show(self) -> None:
        lines = [t("lobby.create_heading"), "", t("lobby.create_game", game=t(f"games.{self.game}"))]
        for i, seat in enumerate(self.seats):
            kind = (
                t("lobby.you")
                if seat == "you"
                else t("setup.human")
                if seat == "human"
                else t("setup.bot", level=seat[4:])
            )
            lines.append(f"  {t('setup.seat', n=i + 1)}: {kind}")
        standin = t("lobby.standin_never") if not self.standin else t("lobby.standin_after", seconds=self.standin)
        hints = t("lobby.hints_on") if self.hints else t("lobby.hints_off")
        lines += [
            t("lobby.create_standin", choice=standin),
            t("lobby.create_hints", choice=hints),
            "",
            t("lobby.create_hint"),
        ]  # keys not in the keymap
        self.query_one("#create-form", Static).update(in_charset(self.app, "\n".join(lines)))

    def _fit(self) -> None:
        game = registry.get(self.game)
        while len(self.seats) < game.min_players:
            self.seats.append("human")
        del self.seats[game.max_players :]
        levels = [f"bot:{level}" for level in (*bots.levels(self.game), *self.offered)]
        self.seats = [s if s in ("you", "human") or s in levels else "bot:smart" for s in self.seats]

    def action_game(self) -> None:
        self.game = self.games[(self.games.index(self.game) + 1) % len(self.games)]
        self._fit()
        self._show()

    def action_seats(self, step: int) -> None:
        game = registry.get(self.game)
        if step > 0 and len(self.seats) < game.max_players:
            self.seats.append("human")
        elif step < 0 and len(self.seats) > game.min_players:
            self.seats.pop()
        self._show()

    def action_seat_kind(self, number: int) -> None:
        if 2 <= number <= len(self.seats):
            cycle = ["human", *[f"bot:{level}" for level in (*bots.levels(self.game), *self.offered)]]
            now = self.seats[number - 1]
            self.seats[number - 1] = cycle[(cycle.index(now) + 1) % len(cycle)] if now in cycle else "human"
            self._show()

    def action_standin(self) -> None:
        self.standin = wire.STANDIN_CHOICES[(wire.STANDIN_CHOICES.index(self.standin) + 1) % len(wire.STANDIN_CHOICES)]
        self._show()

    def action_hints(self) -> None:
        self.hints = not self.hints
        self._show()

    def action_create(self) -> None:
        self.dismiss(wire.Create(self.game, tuple(self.seats), self.standin, self.hints))

    def action_cancel(self) -> None:
        self.dismiss(None)
