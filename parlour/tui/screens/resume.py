"""The saved games, newest first: pick one to continue. A save that cannot be loaded is listed
with the reason, and the others still load."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.screen import ModalScreen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour import styles
from parlour.services import save_lock, saves
from parlour.services.config import saves_dir
from parlour.services.shown import shown
from parlour.services.words.i18n import asciify, t

from ..keymap import ascii_only, t_keys
from ..localized import localized
from ..widgets.keybar import KeyBar
from .base import ParlourScreen

LIST_LINES = 12  # the list's max-height in styles/app.tcss


def describe_saves(folder: Path, within: float | None = None) -> list[tuple[Path, str, bool]]:
    """(path, one line about it, loadable) for each save in the folder, newest first. A row is
    read from the save's header and last lines when its mark vouches for them, else as opening
    it reads it (`saves.survey`), so it names whoever the opened game names. An odd entry (a
    dangling link, a FIFO, a link to a device, a file too large or too slow to read in time) is
    listed as broken; it never hangs the list or stops it. Every name in a row (a file's, a
    player's) is shown as text (parlour/services/shown.py)."""
    rows = []
    for path, modified, seen in saves.survey(folder, within):
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        if isinstance(seen, saves.SaveError):
            rows.append((path, t("resume.broken", error=shown(str(seen))), False))
            continue
        header = seen.header
        moved = save_lock.moved_to(path)
        if moved is not None:  # written elsewhere (a full disk): listed too, this copy is left behind
            status = t("held.moved", path=shown(str(moved)))
        elif not seen.to_act:
            status = t("resume.finished")
        else:
            waiting = [s for s in seen.to_act if s is not None]
            status = t("resume.in_progress", name=", ".join(shown(header.players[s]) for s in waiting))
        line = t(
            "resume.entry",
            game=t(f"games.{header.game}"),
            players=", ".join(map(shown, header.players)),
            when=when,
            status=status,
        )
        rows.append((path, line, True))  # a finished game too: it can be watched again (w)
    return rows


class ResumeScreen(ParlourScreen):
    CSS_PATH = styles.LISTS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("escape", "back", t("keys.back"), id="resume_back"),
            Binding("w", "watch", t("replay.watch"), id="resume_watch"),
            Binding("d,delete", "delete", t("keys.delete"), id="resume_delete"),
        ]

    def compose(self) -> ComposeResult:
        self.rows = describe_saves(saves_dir())
        plain = asciify if ascii_only(self.app) else str
        # Content, not a string: a row is text, never markup (a player named "[/]" is shown as such).
        # A broken row is dimmed, not disabled: the keys reach every row (a disabled one is skipped,
        # and a list of broken rows would hide the rows below it), so `d` deletes it too.
        options = [
            Option(Content(plain(line)) if ok else Content.styled(plain(line), "dim"), id=str(i))
            for i, (_, line, ok) in enumerate(self.rows)
        ]
        with Middle():
            with Center():
                with Vertical(id="resume-box"):
                    yield Static(t("resume.heading"), id="resume-title")
                    if options:
                        listed = OptionList(*options, id="saves")
                        # the first save that can be played is highlighted, broken ones above it or not
                        listed.highlighted = next((i for i, row in enumerate(self.rows) if row[2]), 0)
                        if len(options) >= LIST_LINES:  # as tall as it may be: no need to measure every row
                            listed.styles.height = LIST_LINES
                        yield listed
                    else:  # none yet, or a data folder that cannot hold any (PARLOUR_DATA_DIR a file)
                        problem = saves.folder_problem(saves_dir())
                        yield Static(shown(problem) if problem else t("resume.none"), markup=False)
                    # ↑↓ and Enter are the list's own keys (OptionList), not in the keymap: fixed.
                    yield Static(t_keys(self.app, "resume.hint_keys", self.bindings()), id="resume-hint", markup=False)
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:  # (every row's option has its index as id)
            return
        path, line, ok = self.rows[int(event.option.id)]
        if not ok:  # a broken save: why it cannot be played, again (its row says it too)
            self.notify(line, severity="error", markup=False)
            return
        self.app.resume_game(path)

    def action_watch(self) -> None:
        """Watch the highlighted save again (finished games too: they are listed but not resumable)."""
        saves_list = self.query("#saves")
        index = saves_list.first(OptionList).highlighted if saves_list else None
        if index is not None:
            self.app.watch_save(self.rows[index][0])

    def action_back(self) -> None:
        self.app.show_title()

    def action_delete(self) -> None:
        """Delete the highlighted save, once the player says yes."""
        if not self.rows or not self.query("#saves"):
            return
        index = self.query_one("#saves", OptionList).highlighted
        if index is None:
            return
        path = self.rows[index][0]

        def answered(yes: bool | None) -> None:
            if not yes:
                return
            try:
                path.unlink()
            except OSError as error:
                self.notify(shown(str(error)), severity="error", markup=False)
                return
            self.app.show_resume()  # the list again, without it
            self.app.notify(t("resume.deleted", name=shown(path.name)), markup=False)

        # y and n are the question's own keys (ConfirmScreen is not in the keymap): fixed.
        self.app.push_screen(
            localized(ConfirmScreen)(t_keys(self.app, "resume.delete", name=shown(path.name))), answered
        )


class ConfirmScreen(ModalScreen[bool]):
    """A yes/no question: y says yes; n, Esc or Enter keep things as they are."""

    CSS_PATH = styles.DIALOGS

    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("y", "answer(True)", t("keys.delete"), id="confirm_yes"),
            Binding("n,escape,enter", "answer(False)", t("keys.keep"), id="confirm_no"),
        ]

    DEFAULT_CSS = """
    ConfirmScreen { align: center middle; }
    ConfirmScreen > #confirm { width: 60; height: auto; border: double $error; padding: 1 2; }
    """

    def __init__(self, question: str):
        super().__init__()
        self.question = question

    def compose(self) -> ComposeResult:
        yield Static(self.question, id="confirm", markup=False)
        yield KeyBar()

    def action_answer(self, yes: bool) -> None:
        self.dismiss(yes)
