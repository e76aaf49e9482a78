"""The end of a game: who won, and each player's standing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.widgets import Static

from parlour import styles
from parlour.services.shown import shown
from parlour.services.words.i18n import You, asciify, t

from ..games import Presenter
from ..keymap import ascii_only, key_names
from ..widgets.hanging import hang
from ..widgets.keybar import KeyBar
from .base import ParlourScreen

if TYPE_CHECKING:
    from parlour.services.controller import Session


class ResultsScreen(ParlourScreen):
    CSS_PATH = styles.DIALOGS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("n", "new_game", t("keys.new_game"), id="results_new"),
            Binding("w", "watch", t("replay.watch"), id="results_watch"),
            Binding("enter,q,escape", "title", t("keys.close"), id="results_close"),
        ]

    def __init__(self, session: Session) -> None:
        super().__init__()
        self.session = session
        self._text: Text | None = None  # the results, once composed (wrapped anew on a resize)

    def compose(self) -> ComposeResult:
        result = self.session.table.result()
        assert result is not None, "the results are shown once the game is over"
        names = tuple(map(shown, self.session.table.players))  # names as text
        text = Text(t("results.heading") + "\n\n", style="bold")
        humans = self.session.human_seats()  # one: the person at this keyboard is "you"
        you = humans[0] if len(humans) == 1 else None
        names = tuple(You(name) if seat == you else name for seat, name in enumerate(names))
        words = Presenter.of(self.session.table.game.id).words
        head, ranked = words.ranking(self.session.table.state, result, names)
        text.append(head + "\n\n", style="bold")
        gap = "\n" if any("\n" in line for _seat, line in ranked) else ""  # blocks get a blank line between
        for seat, line in ranked:
            text.append(f"{line}\n{gap}", style="bold" if seat in result.winners else "")
        keys = {
            "new": key_names(self.app, "results_new", "n"),
            "watch": key_names(self.app, "results_watch", "w"),
            "close": key_names(self.app, "results_close", "enter,q,escape", first_only=False),
        }
        # A served app's Enter goes back to its tables (the lobby stands where the title would be)
        again = "results.again_keys_tables" if self.app.start == "lobby" else "results.again_keys"
        text.append(("" if gap else "\n") + t(again, **keys), style="dim")
        if ascii_only(self.app):
            text = Text(asciify(text.plain), spans=text.spans)
        with Middle():
            with Center():
                with VerticalScroll(id="results-box"):  # wraps and scrolls inside the border
                    yield Static(self._hung(text), id="results")  # a wrapped breakdown keeps its indent
        yield KeyBar()

    def _hung(self, text: Text) -> Text:
        """The text wrapped for the box at this terminal's width, each line under its own start."""
        self._text = text
        width = min(100, self.app.size.width - 8)  # the box's border, padding and scrollbar
        return hang(text, width, self.app.console)

    def on_resize(self) -> None:
        if self._text is not None and self.query("#results"):
            self.query_one("#results", Static).update(self._hung(self._text))

    def action_new_game(self) -> None:
        self.app.show_setup(self.session.table.game.id)

    def action_watch(self) -> None:
        from parlour.rules.log import Loaded
        from parlour.rules.table import Table

        table = self.session.table
        if not isinstance(table, Table):  # a served seat's table: it has no log of its own to replay
            return
        self.app.show_replay(Loaded(table.header, list(table.events), table.state, []))

    def action_title(self) -> None:
        self.app.show_title()
