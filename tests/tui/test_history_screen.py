"""The title's history screen (tui/screens/history.py): the finished games newest first, `g` for
one game's, Enter to watch one again in the replay viewer."""

from __future__ import annotations

from parlour.services.seats import Seat
from parlour.tui.app import make_app
from parlour.tui.screens.history import HistoryScreen
from parlour.tui.screens.replay import ReplayScreen
from tests.test_history import save_game

from .driving import settle


async def test_the_history_screen_lists_filters_and_opens_a_game(parlour_dirs):
    folder = parlour_dirs / "data" / "saves"
    save_game(folder, "a.jsonl", "smurf", [Seat("Ann"), Seat("Papa Smurf", "smart")], 1, 1_000_000)
    save_game(folder, "b.jsonl", "garfield", [Seat("Ann"), Seat("Odie", "smart")], 2, 2_000_000)
    save_game(folder, "c.jsonl", "smurf", [Seat("Ann"), Seat("Dee")], 4, 3_000_000, moves=6)  # unfinished
    app = make_app(lang="en", animations=False, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, HistoryScreen)
        assert [row.path.name for row in screen.rows] == ["b.jsonl", "a.jsonl"]
        await pilot.press("g")  # Garfield's only
        await settle(pilot)
        assert [row.path.name for row in app.screen.rows] == ["b.jsonl"]
        await pilot.press("g", "g")  # Filmis's (none), then The Smurf Game's
        await settle(pilot)
        assert app.screen.game == "smurf" and [row.path.name for row in app.screen.rows] == ["a.jsonl"]
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen)
