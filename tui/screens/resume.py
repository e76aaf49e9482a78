"""The saved games, newest first: pick one to continue. A save that cannot be loaded is listed
with the reason, and the others still load."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static
from textual.widgets.option_list import Option

from parlour import saves
from parlour.words.i18n import t

from parlour.config import saves_dir


def describe_saves(folder: Path) -> list[tuple[Path, str, bool]]:
    """(path, one line about it, loadable) for each save in the folder, newest first. An odd
    entry (a dangling link, a FIFO, a link to a device) is listed as broken; it never hangs the
    list or stops it."""
    try:
        found = [(path, _modified(path)) for path in folder.glob("*.jsonl")] if folder.is_dir() else []
    except OSError:
        found = []
    rows = []
    for path, modified in sorted(found, key=lambda found: found[1], reverse=True):
        when = datetime.fromtimestamp(modified).strftime("%Y-%m-%d %H:%M")
        try:
            loaded = saves.read(path)
        except saves.SaveError as error:
            rows.append((path, t("resume.broken", error=error), False))
            continue
        from rules import registry

        game = registry.get(loaded.header.game)
        result = game.result(loaded.state)
        if result is not None:
            status = t("resume.finished")
        else:
            waiting = [s for s in game.to_act(loaded.state) if s is not None]
            status = t("resume.in_progress", name=", ".join(loaded.header.players[s] for s in waiting))
        line = t("resume.entry", game=t(f"games.{game.id}"), players=", ".join(loaded.header.players),
                 when=when, status=status)
        rows.append((path, line, True))  # a finished game too: it can be watched again (w)
    return rows


def _modified(path: Path) -> float:
    try:
        return path.stat().st_mtime
    except OSError:  # a dangling link: the link's own time
        try:
            return path.lstat().st_mtime
        except OSError:
            return 0.0


class ResumeScreen(Screen):
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [Binding("escape", "back", t("keys.back"), id="resume_back"),
                Binding("w", "watch", t("replay.watch"), id="resume_watch")]

    def compose(self) -> ComposeResult:
        self.rows = describe_saves(saves_dir())
        options = [Option(line, id=str(i), disabled=not ok) for i, (_, line, ok) in enumerate(self.rows)]
        with Middle():
            with Center():
                with Vertical(id="resume-box"):
                    yield Static(t("resume.heading"), id="resume-title")
                    if options:
                        yield OptionList(*options, id="saves")
                    else:
                        yield Static(t("resume.none"))
                    yield Static(t("resume.hint"), id="resume-hint")
        yield Footer()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        path = self.rows[int(event.option.id)][0]
        self.app.resume_game(path)

    def action_watch(self) -> None:
        """Watch the highlighted save again (finished games too: they are listed but not resumable)."""
        saves_list = self.query("#saves")
        index = saves_list.first().highlighted if saves_list else None
        if index is not None:
            self.app.watch_save(self.rows[index][0])

    def action_back(self) -> None:
        self.app.show_title()
