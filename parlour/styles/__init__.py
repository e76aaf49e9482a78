"""Parlour's Textual stylesheets (*.tcss): app.tcss for what every screen shares, one file per
kind of screen (each screen class names its own in CSS_PATH: Textual reads it when the screen is
first shown), and one per game's table (as the game's registry entry names it). The app reads at
start only the shared file and its first screen's (tui/app.py): parsing every rule up front was a
visible part of the title's cold start."""

from __future__ import annotations

from pathlib import Path, PurePath

from parlour.rules import registry

HERE = Path(__file__).resolve().parent


def sheets(*names: str) -> list[str | PurePath]:
    """The files of these sheets, typed as Textual's CSS_PATH and css_path take them."""
    return [HERE / f"{name}.tcss" for name in names]


SHARED = sheets("app")
LISTS = sheets("lists")  # the title's games and the saves to resume
SETUP = sheets("setup")
DIALOGS = sheets("dialogs")  # help, passing the keyboard, results, a question
# and each game's table: its registry entry's `styles`, a file here or a full path (a game
# registered after this import draws with its widgets' DEFAULT_CSS)
TABLE = sheets("table") + [HERE / e.styles for e in registry.GAMES.values() if e.styles is not None]
EVERY = SHARED + LISTS + SETUP + TABLE + DIALOGS
