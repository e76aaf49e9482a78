"""A box of lines over the served lobby, read in a thread (from the saves folder) so that the
server's other players never wait for it: the leaderboard (`l`) and your own history (`h`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from parlour.services.words.i18n import asciify, t


class ToldBox(ModalScreen[None]):
    # The lines scroll (↑↓, PgUp/PgDn) inside the box; its keys stay under them, never cut off.
    DEFAULT_CSS = """
    ToldBox .told-lines { height: auto; max-height: 15; }  /* 24 rows: border, padding, keys */
    ToldBox .told-keys { margin-top: 1; }
    """
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py
    BOX = ""  # the Static's id (each subclass's DEFAULT_CSS styles it)
    HEADING = ""  # its text's key, shown until the lines are read
    KEY = ""  # the lobby's key that opens it closes it too (as Esc and q do)

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [Binding(f"escape,{cls.KEY},q", "close", t("keys.back"), id=f"{cls.BOX.replace('-', '_')}_close")]

    def __init__(self, me: str):
        super().__init__()
        self.me = me

    def compose(self) -> ComposeResult:
        with Vertical(id=self.BOX):
            with VerticalScroll(classes="told-lines"):
                yield Static(t(self.HEADING), classes="told-text", markup=False)
            yield Static(t("ratings.keys"), classes="told-keys", markup=False)

    def on_mount(self) -> None:
        self.run_worker(self._read, thread=True, exit_on_error=False)

    def lines(self) -> list[str]:
        """The box's text, read (in the worker's thread)."""
        raise NotImplementedError

    def _read(self) -> None:
        text = "\n".join(self.lines())
        self.app.call_from_thread(self._show, asciify(text) if self.has_class("ascii") else text)

    def _show(self, text: str) -> None:
        if self.is_attached:
            self.query_one(".told-text", Static).update(text)

    def action_close(self) -> None:
        self.dismiss(None)
