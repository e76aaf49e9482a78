"""Finding 1 of issue 28: Ctrl+Q says "Saved." only when every move is on disk. While saving
fails (a full disk, injected at the saves layer's write seam), quitting asks first, says what
would be lost, and offers to try again, to write the game elsewhere, or to quit without saving;
the game stays as it is until the player decides."""

from __future__ import annotations

import errno

from parlour.services import saves
from parlour.services.seats import Seat
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen

from .composed import flat, read_screen
from .driving import app_for, settle


async def press(pilot, key: str) -> None:
    """Press a key and let the app answer it."""
    await pilot.press(key)
    await settle(pilot)


def asking(app) -> bool:
    """The app is running and asking what to do about the unsaved game (tui/screens/unsaved.py)."""
    return app.is_running and type(app.screen).__name__ == "UnsavedScreen"


def full_disk(*_args):
    raise OSError(errno.ENOSPC, "No space left on device")


async def play(app, pilot, moves: int) -> None:
    """`moves` actions by whoever is to act (two people at one keyboard, no secrets in Smurf)."""
    table = app.session.table
    for _ in range(moves):
        seat = next(iter(table.to_act()))
        app.session.submit(seat, table.legal_actions(seat)[0])
        await settle(pilot)


def smurf_app():
    return app_for([Seat("Ann", None, "red"), Seat("Bob", None, "blue")], game="smurf", seed=5)


async def test_quitting_on_a_full_disk_asks_and_trying_again_saves_every_move(monkeypatch):
    app = smurf_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 2)
        path = app.session.save_path
        on_disk = len(saves.read(path).events)
        with monkeypatch.context() as m:
            m.setattr(saves, "_write_all", full_disk)
            await play(app, pilot, 3)
            await press(pilot, "ctrl+q")
            assert asking(app) and app.is_running
            text = flat(await read_screen(pilot))
            assert "The game is not saved" in text and "No space left on device" in text
            assert "the last 3 moves are lost" in text
            await press(pilot, "escape")  # back to the game, unchanged
            assert isinstance(app.screen, GameScreen) and app.is_running
            await press(pilot, "ctrl+q")
            await press(pilot, "r")  # the disk is still full
            assert asking(app) and "Still not saved." in flat(await read_screen(pilot))
            assert len(saves.read(path).events) == on_disk
        await press(pilot, "r")  # room again
    assert app.exit_message.startswith("Saved.")
    assert saves.read(path).events == app.session.table.events


async def write_elsewhere(app, pilot, monkeypatch, tmp_path, target) -> None:
    """Two moves saved, then the data folder's disk is full (another disk has room): two moves
    more, Ctrl+Q, and `w` writes the game to `target`."""
    await settle(pilot)
    await play(app, pilot, 2)
    real_write = saves._write_all

    def full_in_the_saves_folder(fd, data):
        import os

        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(tmp_path / "data")):
            full_disk()
        real_write(fd, data)

    monkeypatch.setattr(saves, "_write_all", full_in_the_saves_folder)
    await play(app, pilot, 2)
    await press(pilot, "ctrl+q")
    await press(pilot, "w")
    assert "Type where to write it" in flat(await read_screen(pilot))
    app.screen.query_one("#unsaved-where").value = str(target)  # as typed
    await press(pilot, "enter")


async def test_writing_the_game_elsewhere(tmp_path, monkeypatch):
    app = smurf_app()
    target = tmp_path / "elsewhere.jsonl"
    async with app.run_test(size=(80, 24)) as pilot:
        await write_elsewhere(app, pilot, monkeypatch, tmp_path, target)
    assert app.exit_message == f"Saved in {target}. Resume it with: parlour resume {target}"
    assert saves.read(target).events == app.session.table.events


async def test_writing_to_the_config_folder_by_pressing_enter(tmp_path, monkeypatch):
    app = smurf_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 1)
        name = app.session.save_path.name
        with monkeypatch.context() as m:
            m.setattr(saves, "_write_all", full_disk)
            await play(app, pilot, 1)
        await press(pilot, "ctrl+q")
        await press(pilot, "w")
        await press(pilot, "enter")
    assert saves.read(tmp_path / "config" / name).events == app.session.table.events
    assert app.exit_message.startswith(f"Saved in {tmp_path / 'config' / name}.")


async def test_quitting_without_saving_says_what_was_lost(monkeypatch):
    app = smurf_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 1)
        monkeypatch.setattr(saves, "_write_all", full_disk)
        await play(app, pilot, 1)
        await press(pilot, "ctrl+q")
        await press(pilot, "q")
    assert app.exit_message == "Quit without saving: the last move is lost."


async def test_a_data_folder_that_is_a_file_is_said_at_the_first_save(tmp_path, monkeypatch):
    """Finding 3 in the full-screen app: PARLOUR_DATA_DIR naming a file."""
    a_file = tmp_path / "hostname"
    a_file.write_text("not a folder\n")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(a_file))
    app = smurf_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 1)
        assert isinstance(app.screen, GameScreen)
        assert "Not saved:" in flat(await read_screen(pilot)) and "Not a directory" in flat(await read_screen(pilot))
        await press(pilot, "ctrl+q")
        assert asking(app)
        assert "the last move is lost" in flat(await read_screen(pilot))


async def test_a_data_folder_that_is_a_file_is_said_at_start(tmp_path, monkeypatch):
    a_file = tmp_path / "hostname"
    a_file.write_text("not a folder\n")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(a_file))
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert "is not a folder, so saves cannot be kept in" in flat(await read_screen(pilot))


async def test_a_game_just_over_with_moves_not_on_disk_asks_too(monkeypatch):
    app = smurf_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 1)
        monkeypatch.setattr(saves, "_write_all", full_disk)
        await play(app, pilot, 1)
        monkeypatch.setattr(type(app.session), "over", property(lambda self: True))  # its last move
        assert not app.has_something_to_save()  # the key says "Quit" now
        await press(pilot, "ctrl+q")
        assert asking(app) and "the last move is lost" in flat(await read_screen(pilot))
