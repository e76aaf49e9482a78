"""The served lobby's leaderboard (`l`): each game's best players at served tables and your own
line (parlour/services/standings.py), read in a thread so that the server's other players never
wait for it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.services.words.i18n import asciify, t

TOP = 10  # players shown per game (your own line too, further down)


class LeaderboardScreen(ModalScreen[None]):
    DEFAULT_CSS = """
    LeaderboardScreen { align: center middle; }
    LeaderboardScreen #leaderboard { width: 72; height: auto; max-height: 90%; border: round $accent;
                                     padding: 1 2; background: $surface; overflow-y: auto; }
    LeaderboardScreen.ascii #leaderboard { border: ascii $accent; }
    """
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [Binding("escape,l,q", "close", t("keys.back"), id="leaderboard_close")]

    def __init__(self, me: str):
        super().__init__()
        self.me = me

    def compose(self) -> ComposeResult:
        yield Static(t("ratings.heading"), id="leaderboard", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._read, thread=True, exit_on_error=False)

    def _read(self) -> None:
        from parlour.services.config import saves_dir
        from parlour.services.standings import board_lines, standings

        lines = [t("ratings.heading"), "", *board_lines(standings(saves_dir()), self.me, TOP), "", t("ratings.keys")]
        text = "\n".join(lines)
        self.app.call_from_thread(self._show, asciify(text) if self.has_class("ascii") else text)

    def _show(self, text: str) -> None:
        if self.is_attached:
            self.query_one("#leaderboard", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)
