"""The finished games, newest first (parlour/services/history.py): Enter watches one again in the
replay viewer (its chances chart is the analysis); a key narrows the list to one game."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Center, Middle, Vertical
from textual.content import Content
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from parlour import styles
from parlour.services.config import saves_dir
from parlour.services.history import Played, finished, told
from parlour.services.words.i18n import asciify, t

from ..games import playable
from ..keymap import ascii_only, t_keys
from ..widgets.keybar import KeyBar
from .base import ParlourScreen

LIST_LINES = 12  # the list's max-height in styles/lists.tcss (as the saves' list)
SHOWN = 500  # rows in the list at most: a list of 10,000 options takes seconds to build


class HistoryScreen(ParlourScreen):
    CSS_PATH = styles.LISTS
    BINDINGS = []  # labelled in the active language: see bindings() and tui/localized.py

    @classmethod
    def bindings(cls) -> list[Binding]:
        return [
            Binding("escape", "back", t("keys.back"), id="history_back"),
            Binding("g", "game", t("lobby.key_game"), id="history_game"),
        ]

    def __init__(self, game: str | None = None):
        super().__init__()
        self.game = game  # only this game's (None: every game)

    def compose(self) -> ComposeResult:
        every = finished(saves_dir(), self.game)
        self.rows: list[Played] = every[:SHOWN]  # (made rows only now)
        plain = asciify if ascii_only(self.app) else str
        heading = t("history.heading") + " · " + (t(f"games.{self.game}") if self.game else t("history.filter_all"))
        if len(every) > SHOWN:
            heading += " · " + t("history.more", shown=SHOWN, n=len(every))
        with Middle():
            with Center():
                with Vertical(id="resume-box"):
                    yield Static(plain(heading), id="resume-title", markup=False)
                    if self.rows:
                        # Content, not a string: a row is text, never markup (a player named "[/]")
                        listed = OptionList(
                            *(Option(Content(plain(told(row))), id=str(i)) for i, row in enumerate(self.rows)),
                            id="history",
                        )
                        if len(self.rows) >= LIST_LINES:  # as tall as it may be: no need to measure every row
                            listed.styles.height = LIST_LINES
                        yield listed
                    else:
                        yield Static(t("history.none"), markup=False)
                    yield Static(t_keys(self.app, "history.hint_keys", self.bindings()), id="resume-hint", markup=False)
        yield KeyBar()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.app.watch_save(self.rows[int(event.option.id)].path)

    def action_game(self) -> None:
        """The next game's finished games (then every game's again)."""
        choices: list[str | None] = [None, *playable()]
        following = choices[(choices.index(self.game) + 1) % len(choices)] if self.game in choices else None
        self.app.show_history(following)

    def action_back(self) -> None:
        self.app.show_title()
