"""Every text that names a key follows the keymap: Filmis' and the Smurf Game's help (their own
keys too, named by binding id) and the Smurf legend beside the board."""

from __future__ import annotations

import pytest

from parlour.seats import Seat
from tui.screens.help import HelpScreen
from tui.widgets.panels import HandPanel

from .driving import app_for, settle

KEYMAP = '[keys]\nroll = "x"\nconfirm = "o"\nhelp = "f1"\nundo = "y"\nfilmis_raid = "z"\nsmurf_wheel1 = "v"\nsmurf_wheel2 = "b"\n'


def help_text(app) -> str:
    return str(app.screen.query_one("#help-text").content)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
async def test_the_help_names_the_keys_the_keymap_gives(parlour_dirs, game):
    (parlour_dirs / "config").mkdir()
    (parlour_dirs / "config" / "keymap.toml").write_text(KEYMAP)
    seats = [Seat("You", None, "red"), Seat("Bot", "random", "blue")]
    app = app_for(seats, game=game, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.keymap_warnings == []
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = help_text(app)
        assert "{" not in text and "Space/" not in text and "Enter" not in text, text
        assert ("Press x (or o)" in text or "(x or o)" in text) and "confirm with o" in text
        assert "Undo (y)" in text
        if game != "garfield":
            assert "F1 " in text
        if game == "filmis":
            assert "press z to call the razzia" in text and "z calls the razzia" in text
        if game == "smurf":
            assert "key v for wheel 1, b for wheel 2" in text


@pytest.mark.parametrize("keymap, said, unsaid", [
    (KEYMAP, ["x  roll", "v / b  wheel 1 / 2"], ["Space", "w / e"]),
    (None, ["Space/r  roll", "w / e  wheel 1 / 2"], []),  # the default keys
])
async def test_the_smurf_legend_names_the_keys_the_keymap_gives(parlour_dirs, keymap, said, unsaid):
    if keymap:
        (parlour_dirs / "config").mkdir()
        (parlour_dirs / "config" / "keymap.toml").write_text(keymap)
    seats = [Seat("You", None, "red"), Seat("Bot", "random", "blue")]
    app = app_for(seats, game="smurf", seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        legend = str(app.screen.query_one(HandPanel).content)
        assert all(text in legend for text in said) and not any(text in legend for text in unsaid), legend
