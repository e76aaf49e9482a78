"""The end of a game: who won, and each player's standing."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, VerticalScroll
from textual.screen import Screen
from textual.widgets import Static

from parlour import styles
from parlour.services.shown import shown
from parlour.services.words.i18n import You, asciify, listed, t

from ..games import Presenter
from ..keymap import key_names
from ..widgets.hanging import hang
from ..widgets.keybar import KeyBar

if TYPE_CHECKING:
    from textual import getters

    from ..app import ParlourApp


class ResultsScreen(Screen):
    CSS_PATH = styles.DIALOGS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py
    if TYPE_CHECKING:  # (Textual's way to name the app's class to a checker; for it alone)
        app = getters.app(ParlourApp)

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("n", "new_game", t("keys.new_game"), id="results_new"),
            Binding("w", "watch", t("replay.watch"), id="results_watch"),
            Binding("enter,q,escape", "title", t("keys.close"), id="results_close"),
        ]

    def __init__(self, session):
        super().__init__()
        self.session = session

    def compose(self) -> ComposeResult:
        result = self.session.table.result()
        names = tuple(map(shown, self.session.table.players))  # names as text
        text = Text(t("results.heading") + "\n\n", style="bold")
        humans = self.session.human_seats()  # one: the person at this keyboard is "you"
        you = humans[0] if len(humans) == 1 else None
        winners = [You(names[w]) if w == you else names[w] for w in result.winners]
        # "You win!", "Odie wins!", "You share the win with Odie!"
        line = (
            t("results.winner", name=winners[0]) if len(winners) == 1 else listed("results.winners", "names", winners)
        )
        text.append(line + "\n\n", style="bold")
        words = Presenter.of(self.session.table.game.id).words
        state = self.session.table.state
        lines = [line.rstrip("\n") for line in words.result_lines(state, names)]
        gap = "\n" if any("\n" in line for line in lines) else ""  # blocks get a blank line between
        for place, seat in enumerate(words.ranked(state, result.winners, len(names)), 1):
            text.append(f"{place}. {lines[seat]}\n{gap}", style="bold" if seat in result.winners else "")
        keys = {
            "new": key_names(self.app, "results_new", "n"),
            "watch": key_names(self.app, "results_watch", "w"),
            "close": key_names(self.app, "results_close", "enter,q,escape", first_only=False),
        }
        text.append(("" if gap else "\n") + t("results.again_keys", **keys), style="dim")
        if getattr(self.app, "ascii_only", False):
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
        if getattr(self, "_text", None) is not None and self.query("#results"):
            self.query_one("#results", Static).update(self._hung(self._text))

    def action_new_game(self) -> None:
        self.app.show_setup(self.session.table.game.id)

    def action_watch(self) -> None:
        from parlour.rules.log import Loaded

        table = self.session.table
        self.app.show_replay(Loaded(table.header, list(table.events), table.state, []))

    def action_title(self) -> None:
        self.app.show_title()
