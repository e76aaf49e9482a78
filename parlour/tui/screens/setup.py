"""Set-up: 2-4 seats, each human or a bot (with its level), a name and a colour. A bot seat may
also be a program the command line allowed (`parlour --bot NAME=COMMAND`), offered by its NAME:
nothing typed here ever names a program, as `parlour web --public` serves this screen to anyone."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical
from textual.widgets import Button, Input, Static

from parlour import styles
from parlour.rules import bots, registry
from parlour.rules.records import Rejected
from parlour.services.seats import COLOURS, Seat, bot_names
from parlour.services.words.i18n import t

from ..keymap import key_names, key_pair, t_keys
from ..widgets.keybar import KeyBar
from .base import ParlourScreen


def default_seats(game: str) -> list[Seat]:
    level = "smart" if "smart" in bots.LEVELS else "random"
    names = bot_names(game)
    return [Seat("You", None, COLOURS[0]), Seat(names[0], level, COLOURS[1]), Seat(names[1], level, COLOURS[2])]


class SetupScreen(ParlourScreen):
    CSS_PATH = styles.SETUP
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("escape", "back", t("keys.back"), id="setup_back"),
            Binding("ctrl+s", "start", t("keys.start"), id="setup_start"),
            Binding("plus", "add", t("keys.add_seat"), id="setup_add"),
            Binding("minus", "remove", t("keys.remove_seat"), id="setup_remove"),
            Binding("down", "app.focus_next", show=False, id="setup_down"),
            Binding("up", "app.focus_previous", show=False, id="setup_up"),
        ]

    def __init__(self, game: str, seats: list[Seat] | None = None, offered: tuple[tuple[str, str], ...] = ()):
        super().__init__()
        self.game = registry.get(game)
        self.seats = list(seats or default_seats(game))
        # The allowed programs' seat levels ("cmd:COMMAND", as `--seats` names one) and their names
        # (the module is imported only then: most set-ups offer no program, ~1.7 ms of a start).
        self.programs: dict[str, str] = {}
        if offered:
            from parlour.services.outside_bot import PREFIX

            self.programs = {PREFIX + command: name for name, command in offered}

    def compose(self) -> ComposeResult:
        with Vertical(id="setup-box"):
            yield Static(t("setup.heading", game=t(f"games.{self.game.id}")), id="setup-title")
            yield Vertical(id="seats")
            with Horizontal(id="setup-buttons"):
                yield Button(t("keys.start"), id="start", variant="primary")
                yield Button(t("keys.add_seat"), id="add")
                yield Button(t("keys.remove_seat"), id="remove")
            yield Static("", id="setup-error", markup=False)  # a reason may quote a name as typed
            # Tab, a button's Enter/Space and a name's Enter are Textual's own keys, not in the keymap: fixed.
            move = key_pair(key_names(self.app, "setup_up", "up"), key_names(self.app, "setup_down", "down"))
            yield Static(
                t_keys(self.app, "setup.hint", self.bindings(), setup_move=move), id="setup-hint", markup=False
            )
        yield KeyBar()

    def on_mount(self) -> None:
        self._rebuild()

    def _rebuild(self) -> None:
        box = self.query_one("#seats", Vertical)
        box.remove_children()
        rows = []
        for i, seat in enumerate(self.seats):
            name = Input(seat.name, id=f"name-{i}", max_length=24, classes="seat-name")
            name.cursor_blink = not self.app.is_headless  # screenshots and tests stay still
            rows.append(
                Horizontal(
                    Static(t("setup.seat", n=i + 1), classes="seat-label"),
                    name,
                    Button(self._kind_label(seat), id=f"kind-{i}", classes="seat-kind"),
                    Button(t(f"setup.colour_{seat.colour}"), id=f"colour-{i}", classes=f"seat-colour {seat.colour}"),
                    classes="seat-row",
                )
            )
        box.mount_all(rows)
        self.call_after_refresh(lambda: self.query_one("#name-0", Input).focus())

    def _kind_label(self, seat: Seat) -> str:
        return t("setup.human") if seat.human else t("setup.bot", level=self.programs.get(seat.bot or "", seat.bot))

    def _read_names(self) -> None:
        for i, seat in enumerate(self.seats):
            name = self.query_one(f"#name-{i}", Input).value
            self.seats[i] = Seat(name, seat.bot, seat.colour)

    def on_button_pressed(self, event: Button.Pressed) -> None:
        self._read_names()
        button = event.button.id or ""
        if button == "start":
            self.action_start()
        elif button == "add":
            self.action_add()
        elif button == "remove":
            self.action_remove()
        elif button.startswith("kind-"):
            i = int(button.split("-")[1])
            cycle = [None, *bots.levels(self.game.id), *self.programs]
            seat = self.seats[i]
            now = cycle.index(seat.bot) if seat.bot in cycle else 0  # (a `--seats` program not allowed here)
            self.seats[i] = Seat(seat.name, cycle[(now + 1) % len(cycle)], seat.colour)
            event.button.label = self._kind_label(self.seats[i])
        elif button.startswith("colour-"):
            i = int(button.split("-")[1])
            used = {s.colour for s in self.seats}
            seat = self.seats[i]
            options = [c for c in COLOURS if c == seat.colour or c not in used]
            colour = options[(options.index(seat.colour) + 1) % len(options)]
            self.seats[i] = Seat(seat.name, seat.bot, colour)
            event.button.label = t(f"setup.colour_{colour}")
            event.button.set_classes(f"seat-colour {colour}")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        self.action_start()

    def action_add(self) -> None:
        self._read_names()
        if len(self.seats) < self.game.max_players:
            used = {s.colour for s in self.seats}
            taken = {s.name for s in self.seats}
            name = next((n for n in bot_names(self.game.id) if n not in taken), f"Bot {len(self.seats)}")
            colour = next(c for c in COLOURS if c not in used)
            self.seats.append(Seat(name, "smart" if "smart" in bots.LEVELS else "random", colour))
            self._rebuild()

    def action_remove(self) -> None:
        self._read_names()
        if len(self.seats) > self.game.min_players:
            self.seats.pop()
            self._rebuild()

    def action_start(self) -> None:
        self._read_names()
        try:
            self.app.start_game(self.game.id, self.seats)
        except Rejected as error:
            self.query_one("#setup-error", Static).update(t("setup.bad", reason=error.reason))

    def action_back(self) -> None:
        self.app.show_title()
