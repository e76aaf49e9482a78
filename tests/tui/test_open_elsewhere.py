"""Issue 37, item 1, in the full-screen app: a save open in another process is not resumed but
told (who holds it, on which host, since when) with watch or back; watching follows its moves as
they are saved; and a game the app holds is told to a second copy, while the app keeps every
move. The other copy is plain mode in its own process (tests/test_one_writer.py drives it)."""

from __future__ import annotations

import os
import random

from parlour.services import save_lock, saves
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.replay import ReplayScreen

from ..plain.test_plain_cli import environment
from ..test_one_writer import Plain, hot_seat_save, moves, told_open_elsewhere
from .composed import flat, read_screen
from .driving import settle
from .test_unsaved_quit import play


async def test_a_game_open_in_another_process_is_told_and_may_be_watched_as_it_is_played(tmp_path, monkeypatch):
    path = tmp_path / "ann-bob.jsonl"
    before = hot_seat_save(path)
    other = Plain(path, environment(tmp_path))
    try:
        assert other.waits()
        app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert app.session is None and type(app.screen).__name__ == "HeldScreen"
            text = flat(await read_screen(pilot))
            assert told_open_elsewhere(text, path, "plain mode", other.pid), text
            assert "w watch it" in text and "Esc back" in text
            await pilot.press("w")
            await settle(pilot)
            watching = app.screen
            assert isinstance(watching, ReplayScreen) and watching.followed == path
            stops = watching.last
            made = other.play(3, random.Random(4))
            assert other.waits()  # the third move is saved: it asks again
            watching.follow_save()  # (what its timer does each second)
            assert watching.last == stops + made and watching.stop == watching.last
            assert other.end() == 0
            watching.follow_save()
            await settle(pilot)
            assert watching.followed is None  # the other left: no more following
            assert any("has left the game" in n.message for n in app._notifications)
            await pilot.press("escape")
            await settle(pilot)
            assert type(app.screen).__name__ == "ResumeScreen"
    finally:
        other.process.kill()
    assert moves(path) == before + made  # the app wrote nothing


async def test_a_game_the_app_holds_is_told_to_a_second_copy_and_keeps_every_move(tmp_path, monkeypatch):
    path = tmp_path / "ann-bob.jsonl"
    before = hot_seat_save(path)
    monkeypatch.setattr(save_lock, "front", "app")  # as `parlour resume` names it
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        while not app.screen.session.check_some():
            pass
        await play(app, pilot, 2)
        second = Plain(path, environment(tmp_path))
        assert second.waits()
        assert told_open_elsewhere(second.text, path, "the full-screen app", os.getpid()), second.text
        second.answer("1")  # its move: back, not written
        assert second.end() == 0
        await play(app, pilot, 3)
        assert moves(path) == before + 5
    assert saves.read(path).warnings == []
    assert save_lock.holder(path) is None  # let go when the game was left


async def test_a_game_written_elsewhere_is_listed_and_its_copy_left_behind_is_marked(tmp_path, monkeypatch):
    """Issue 37, item 5: after `w` on a full disk, the list of saves (full screen and plain)
    shows the game where it went on, and the old partial save as left behind, not in progress."""
    from parlour.fronts.plain.local import choose_save
    from parlour.services.config import saves_dir
    from parlour.tui.screens.resume import describe_saves

    from ..plain.test_plain_table import Script
    from .test_unsaved_quit import smurf_app, write_elsewhere

    app, real_write = smurf_app(), saves._write_all
    target = tmp_path / "elsewhere" / "game.jsonl"
    target.parent.mkdir()
    async with app.run_test(size=(80, 24)) as pilot:
        await write_elsewhere(app, pilot, monkeypatch, tmp_path, target)
    [old] = saves_dir().glob("*.jsonl")  # the save left behind
    monkeypatch.setattr(saves, "_write_all", real_write)
    rows = {path: line for path, line, _ in describe_saves(saves_dir())}
    assert set(rows) == {old, target}
    assert "in progress" in rows[target]
    assert rows[old].endswith(f"left behind: the game went on in {target}") and "in progress" not in rows[old]
    script = Script("quit")
    assert choose_save(script.lines, script.read) is None
    assert f"left behind: the game went on in {target}" in script.text and "2. The Smurf Game" in script.text
