"""A game open in another window (parlour/services/save_lock.py): say who holds it and since when,
and offer what makes sense: watch it as it is played (read only) or go back. Dismissed with True
(watch) or False (back)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour import styles
from parlour.services.shown import shown
from parlour.services.words.i18n import t


class HeldScreen(ModalScreen[bool]):
    CSS_PATH = styles.DIALOGS
    # Fixed keys (the question's own, like ConfirmScreen's): they are named in its text.
    BINDINGS = [
        Binding("w", "answer(True)", show=False, id="held_watch"),
        Binding("escape,enter,q", "answer(False)", show=False, id="held_back"),
    ]
    DEFAULT_CSS = """
    HeldScreen { align: center middle; }
    HeldScreen > Vertical { width: 72; max-width: 100%; height: auto; border: double $warning; padding: 0 1; }
    """

    def __init__(self, held: str):
        super().__init__()
        self.held = held

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(shown(self.held), id="held-text", markup=False)
            yield Static(t("held.keys"), id="held-keys", markup=False)

    def action_answer(self, watch: bool) -> None:
        self.dismiss(watch)
