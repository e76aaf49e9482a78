"""Quitting while the game cannot be saved: say what would be lost and let the player choose.
Try again (the disk may have room now), write the game elsewhere (a path typed here; Enter takes
the config folder), or quit without saving. Esc goes back to the game, which stays in memory,
unchanged, until the player decides. Dismissed with "saved", "elsewhere", "lost" or None."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.screen import ModalScreen
from textual.widgets import Input, Static

from parlour import styles
from parlour.services.config import config_dir
from parlour.services.shown import shown
from parlour.services.words.i18n import t

if TYPE_CHECKING:
    from parlour.services.table_driver import TableDriver


class UnsavedScreen(ModalScreen[str | None]):
    CSS_PATH = styles.DIALOGS
    # Fixed keys (the question's own, like ConfirmScreen's): they are named in its text.
    BINDINGS = [
        Binding("r", "again", show=False, id="unsaved_again"),
        Binding("w", "elsewhere", show=False, id="unsaved_elsewhere"),
        Binding("q", "lose", show=False, id="unsaved_lose"),
        Binding("escape", "back", show=False, id="unsaved_back"),
    ]
    DEFAULT_CSS = """
    UnsavedScreen { align: center middle; }
    UnsavedScreen > Vertical { width: 72; max-width: 100%; height: auto; border: double $error; padding: 0 1; }
    """
    AUTO_FOCUS = None  # the keys are the screen's; the path's field comes when asked for (w)

    def __init__(self, driver: TableDriver) -> None:
        super().__init__()
        self.driver = driver

    def compose(self) -> ComposeResult:
        with Vertical():
            yield Static(t("unsaved.heading"), id="unsaved-heading", markup=False)
            yield Static(self._told(), id="unsaved-text", markup=False)
            yield Static(t("unsaved.keys"), id="unsaved-keys", markup=False)

    def _told(self, note: str = "") -> str:
        """The problem, what quitting now loses, and what the last try said."""
        lines = [shown(self.driver.save_problem or ""), t("unsaved.lost", n=self.driver.unsaved())]
        return "\n".join(line for line in (*lines, note) if line)

    @property
    def default_place(self) -> Path:
        """Where the game goes when the player just presses Enter: the config folder."""
        assert self.driver.writer is not None  # unsaved moves: a save was begun, and failed
        return config_dir() / self.driver.writer.path.name

    def _say(self, note: str) -> None:
        self.query_one("#unsaved-text", Static).update(self._told(note))

    def action_again(self) -> None:
        if self.driver.save_again():
            self.dismiss("saved")
        else:
            self._say(t("unsaved.still"))

    def action_elsewhere(self) -> None:
        self._say(t("unsaved.where", folder=shown(str(self.default_place))))
        if not self.query(Input):
            where = Input(placeholder=shown(str(self.default_place)), id="unsaved-where")
            self.query_one(Vertical).mount(where)
            where.focus()

    def action_lose(self) -> None:
        self.dismiss("lost")

    def action_back(self) -> None:
        self.dismiss(None)

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        typed = event.value.strip()
        if typed:
            place = Path(typed)
        else:
            place = self.default_place
            try:
                place.parent.mkdir(parents=True, exist_ok=True)
            except OSError:
                pass  # said below, by the try to write there
        problem = self.driver.save_elsewhere(place)
        if problem is None:
            self.dismiss("elsewhere")
        else:
            self._say(shown(problem))
