"""Hot-seat privacy: a screen that hides everything until the next player takes the keyboard."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour import styles
from parlour.services.words.i18n import t

from ..keymap import t_keys
from ..widgets.keybar import KeyBar


class PassScreen(ModalScreen[None]):
    CSS_PATH = styles.DIALOGS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [Binding("enter", "dismiss_screen", t("keys.confirm"), id="pass_confirm")]

    def __init__(self, name: str):
        super().__init__()
        self.player = name

    def compose(self) -> ComposeResult:
        with Middle():
            with Center():
                press = t_keys(self.app, "privacy.press", self.bindings(), name=self.player)
                text = f"{t_keys(self.app, 'privacy.pass_to', name=self.player)}\n\n{press}"
                yield Static(text, id="pass", markup=False)
        yield KeyBar()

    def action_dismiss_screen(self) -> None:
        self.dismiss(None)
