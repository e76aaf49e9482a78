"""The app's screens."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.binding import Binding


def bindings_by_screen() -> dict[str, list[Binding]]:
    """Every screen's bindings, as each screen declares them (the game screen's with each game's own
    keys): what a keymap file may move. Imported when there is a keymap to check (tui/keymap.py)."""
    from ..games import Presenter, playable
    from .game import GameScreen
    from .help import HelpScreen
    from .history import HistoryScreen
    from .privacy import PassScreen
    from .replay import ReplayScreen
    from .results import ResultsScreen
    from .resume import ResumeScreen
    from .setup import SetupScreen
    from .title import TitleScreen

    found = {
        cls.__name__: cls.bindings()
        for cls in (
            TitleScreen,
            SetupScreen,
            ResumeScreen,
            HistoryScreen,
            ResultsScreen,
            HelpScreen,
            PassScreen,
            ReplayScreen,
        )
    }
    for game in playable():
        found[f"GameScreen/{game}"] = GameScreen.bindings() + Presenter.of(game).bindings()
    return found
