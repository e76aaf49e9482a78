"""The end of a game: who won, and each player's standing."""

from __future__ import annotations

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import Screen
from textual.widgets import Footer, Static

from parlour.words.i18n import t

from ..games import Presenter


class ResultsScreen(Screen):
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

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
        names = self.session.table.players
        text = Text(t("results.heading") + "\n\n", style="bold")
        winners = [names[w] for w in result.winners]
        line = t("results.winner", name=winners[0]) if len(winners) == 1 else \
            t("results.winners", names=", ".join(winners))
        text.append(line + "\n\n", style="bold")
        words = Presenter.of(self.session.table.game.id).words
        for seat, line in enumerate(words.result_lines(self.session.table.state, names)):
            text.append(f"{'*' if seat in result.winners else ' '} {line}\n")
        text.append("\n" + t("results.again"), style="dim")
        with Middle():
            with Center():
                yield Static(text, id="results")
        yield Footer()

    def action_new_game(self) -> None:
        self.app.show_setup(self.session.table.game.id)

    def action_watch(self) -> None:
        from rules.log import Loaded

        table = self.session.table
        self.app.watch(Loaded(table.header, list(table.events), table.state, []))

    def action_title(self) -> None:
        self.app.show_title()
