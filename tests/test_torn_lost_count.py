"""Issue 37, item 5: the moves said to be lost are exactly the ones not on disk, also for a torn
save (its last line cut while saving) resumed where it cannot be written (a read-only folder
or disk, at the saves layer's write seam). The save still gives back every move before the torn
line, so only the moves made since are lost: in the full-screen app (and so in each `parlour
web` tab, a process running it), in plain mode, and at a served table restored from it."""

from __future__ import annotations

import errno
import io
import json
import logging

import pytest

from parlour.cli import main
from parlour.rules.records import Acted
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.tui.app import make_app

from .test_dropped_told import Kept
from .test_one_writer import hot_seat_save
from .tui.composed import flat, read_screen
from .tui.driving import settle
from .tui.test_unsaved_quit import play, press


@pytest.fixture
def torn(tmp_path, monkeypatch):
    """A hot-seat Smurf save of 60 moves with a torn line after them, in a folder that cannot be
    written; returns its path and the moves on disk."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    saves_dir().mkdir(parents=True)
    path = saves_dir() / "ann-bob.jsonl"
    on_disk = hot_seat_save(path, actions=60)
    seq = len(saves.read(path).events) + 1
    with open(path, "a", encoding="utf-8") as file:
        file.write(f'{{"seq":{seq},"event":{{"type":"Act')  # cut while saving
    assert saves.read(path).warnings
    monkeypatch.setattr(saves, "_write_all", read_only)
    return path, on_disk


def read_only(*_args):
    raise OSError(errno.EROFS, "Read-only file system")


def moves(path) -> int:
    return sum(1 for e in saves.read(path).events if type(e) is Acted and e.seat is not None)


async def test_the_full_screen_app_counts_only_the_moves_since(torn):
    path, on_disk = torn
    before = path.read_bytes()
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play(app, pilot, 3)
        await press(pilot, "ctrl+q")
        text = flat(await read_screen(pilot))
        assert "Read-only file system" in text and "the last 3 moves are lost" in text
        await press(pilot, "q")
    assert app.exit_message == "Quit without saving: the last 3 moves are lost."
    assert path.read_bytes() == before and moves(path) == on_disk  # those moves were never lost


def test_plain_mode_counts_only_the_moves_since(torn, monkeypatch, capsys):
    path, on_disk = torn
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\n1\nquit\nq\n"))
    main(["resume", str(path), "--plain"])
    said = capsys.readouterr().out
    assert "Quit without saving: the last 3 moves are lost." in said, said
    assert f"the last {on_disk + 3} moves" not in said
    assert moves(path) == on_disk


async def test_a_served_table_restored_from_it_counts_only_the_moves_since(torn):
    from parlour.fronts.serve.tables import Lobby

    path, on_disk = torn
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = json.loads(lines[0])
    head["meta"] = {**head["meta"], "served": True}
    with open(path, "w", encoding="utf-8") as file:  # (as a server wrote it; not through the saves layer)
        file.write(json.dumps(head) + "\n" + "".join(lines[1:]))
    lobby = Lobby(bot_delay=0, save=True)
    assert lobby.restore(saves_dir()) == 1
    [table] = lobby.tables.values()
    for _ in range(2):
        seat = next(iter(table.table.to_act()))
        table.driver.submit(seat, table.table.legal_actions(seat)[0])
    kept, served_log = Kept(), logging.getLogger("parlour.fronts.serve")
    served_log.addHandler(kept)
    try:
        lobby.log_unsaved()
    finally:
        served_log.removeHandler(kept)
        lobby.let_go()
    assert [said for said in kept.said if "moves are lost" in said] == [
        f"table {table.id} could not be saved: its last 2 moves are lost ({table.driver.save_problem})"
    ]
    assert moves(path) == on_disk
