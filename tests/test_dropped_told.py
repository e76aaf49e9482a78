"""Whatever the loader drops from a save's end is told, on every front, before anything is
written over the save: which action, whose, and that it was not saved (rules/log.py `Dropped`,
parlour/services/dropped.py). The full-screen app (and so the browser, which runs it), plain
mode, a served table's restore (its log) and the engine's `load`."""

from __future__ import annotations

import io
import json
import logging

import pytest

from parlour.cli import main
from parlour.fronts.engine import EngineSession
from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.records import Acted
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.table_driver import TableDriver
from parlour.services.words.base import Words
from parlour.tui.app import make_app

from .tui.driving import settle

SEATS = {"seats": [{"bot": None, "colour": "red"}, {"bot": "random", "colour": "blue"}]}


@pytest.fixture
def dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


def torn_save(how: str, seat: int = 0):
    """A Smurf game of Ann (at this keyboard) and a bot, saved with the last action of `seat`
    torn while saving: `events` (its record whole, its events cut at a line's end) or `record`
    (its own line cut in the middle). Returns (path, the whole game's table, that action)."""
    table = Table.new("smurf", ["Ann", "Bob"], seed=11, meta=SEATS)
    driver = TableDriver(table, {0: make("random", "a"), 1: make("random", "b")})
    driver.play_bots(40)
    while table.to_act() != (seat,):
        driver.play_bots(1)
    driver.play_bots(1)
    at = max(i for i, event in enumerate(table.events) if type(event) is Acted)
    assert at < len(table.events) - 1  # the action has events after its record: a roll and its move
    lines = log.dumps(table.header, table.events).splitlines(keepends=True)
    record = lines[at + 1]  # (line 1 is the header)
    kept = "".join(lines[: at + 2]) if how == "events" else "".join(lines[: at + 1]) + record[: len(record) // 2]
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / "torn.jsonl"
    path.write_text(kept, encoding="utf-8")
    return path, table, table.events[at]


def described(table, acted) -> str:
    before = log.fold(table.game, table.header, table.events[: table.events.index(acted)])
    view = table.game.view(before, acted.seat)
    return Words.of("smurf").describe(acted.action, view, acted.seat, tuple(table.players))


@pytest.mark.parametrize("how", ["events", "record"])
def test_the_loader_says_which_action_it_dropped_and_whose(dirs, how):
    path, table, acted = torn_save(how, seat=1)
    loaded = saves.read(path)
    assert loaded.dropped == log.Dropped(1, acted.action if how == "events" else None)
    opened = saves.read_then_check(path, 3)
    assert opened.dropped == loaded.dropped
    clean = dirs / "clean.jsonl"
    saves.write(clean, table.header, table.events)
    assert saves.read(clean).dropped is None


@pytest.mark.parametrize("how", ["events", "record"])
async def test_the_full_screen_app_tells_it_before_anything_is_written(dirs, how):
    path, table, acted = torn_save(how)
    before = path.read_bytes()
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        told = [n.message for n in app._notifications]
        assert any("Not saved" in m and "Ann" in m for m in told), told
        if how == "events":
            assert any(described(table, acted) in m for m in told), told
        assert path.read_bytes() == before  # nothing written until the next action


def test_plain_mode_tells_it_before_the_save_is_written_again(dirs, monkeypatch, capsys):
    path, table, acted = torn_save("events")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["resume", str(path), "--plain"])
    said = capsys.readouterr().out
    assert "Not saved" in said and f"{described(table, acted)} by Ann" in said


@pytest.mark.parametrize("how", ["events", "record"])
def test_plain_mode_keeps_the_save_whole_after_a_dropped_action(dirs, monkeypatch, capsys, how):
    """The dropped action's whole lines (cut short at a line's end) are not kept: the moves made
    after it are saved after the log as loaded, and the save loads whole, every move in it
    (appended after those lines, it was refused from them on, though plain mode said "Saved.")."""
    path, table, acted = torn_save(how)
    kept = saves.read(path).events
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n1\nquit\n"))
    main(["resume", str(path), "--plain"])
    assert "Saved." in capsys.readouterr().out
    loaded = saves.read(path)
    assert loaded.warnings == [] and loaded.events[: len(kept)] == kept
    assert sum(1 for e in loaded.events[len(kept) :] if type(e) is Acted and e.seat == 0) >= 1  # Ann's move, saved


def test_the_engine_says_whose_action_it_dropped_and_which(dirs):
    path, table, acted = torn_save("events", seat=1)
    reply = EngineSession().handle(json.dumps({"cmd": "load", "path": str(path)}))
    assert reply["ok"] and reply["dropped"]["seat"] == 1 and reply["dropped"]["action"]
    assert reply["warnings"]


class Kept(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.said: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.said.append(record.getMessage())


async def test_a_served_tables_restore_logs_it(dirs):
    from parlour.fronts.serve.tables import Lobby

    path, table, acted = torn_save("events")
    header = table.header
    meta = {
        **header.meta,
        "served": True,
        "seats": [{"bot": None, "colour": "red"}, {"bot": "random", "colour": "blue"}],
    }
    text = path.read_text(encoding="utf-8").splitlines(keepends=True)
    head = json.loads(text[0])
    head["meta"] = meta
    path.write_text(json.dumps(head) + "\n" + "".join(text[1:]), encoding="utf-8")
    lobby = Lobby(bot_delay=0, save=True)
    kept, served_log = Kept(), logging.getLogger("parlour.fronts.serve")  # (the server's log may not propagate)
    served_log.addHandler(kept)
    try:
        assert lobby.restore(saves_dir()) == 1
    finally:
        served_log.removeHandler(kept)
    assert any("Not saved" in said and "Ann" in said for said in kept.said), kept.said
