"""The rules of the game being played, written for players."""

from __future__ import annotations

from collections.abc import Sequence

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour import styles
from parlour.services.words.i18n import t

from ..keymap import with_keys
from ..widgets.keybar import KeyBar


class HelpScreen(ModalScreen[None]):
    CSS_PATH = styles.DIALOGS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("escape,q,question_mark", "close", t("keys.close"), id="help_close"),
            Binding("down,j", "scroll(1)", show=False, id="help_down"),
            Binding("up,k", "scroll(-1)", show=False, id="help_up"),
        ]

    def __init__(self, game_title: str, text: str, keys: Sequence[Binding] = ()):
        super().__init__()
        self.game_title, self.text = game_title, text
        self.keys = list(keys)  # a game's own keys, which the text names by their ids

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(with_keys(self.app, t("help.heading", game=self.game_title)), id="help-title")
            yield Static(with_keys(self.app, self.text.strip(), self.keys), id="help-text", markup=False)
        yield KeyBar()

    def action_close(self) -> None:
        self.dismiss(None)

    def action_scroll(self, lines: int) -> None:
        self.query_one("#help", VerticalScroll).scroll_relative(y=lines, animate=False)
