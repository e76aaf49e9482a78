"""Shown while the terminal is smaller than the table needs; it goes away on its own."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.services.words.i18n import t

MIN_WIDTH, MIN_HEIGHT = 80, 24


class TooSmallScreen(ModalScreen[None]):
    def compose(self) -> ComposeResult:
        yield Static(self._text(self.app.size.width, self.app.size.height), id="too-small")

    @staticmethod
    def _text(width: int, height: int) -> str:
        return t("app.too_small", width=width, height=height, min_width=MIN_WIDTH, min_height=MIN_HEIGHT)

    def show_size(self, width: int, height: int) -> None:
        if self.is_mounted:
            self.query_one("#too-small", Static).update(self._text(width, height))
