"""Issue 28: text from outside is shown as text in every front but the Textual screens (those:
tests/tui/test_hostile_screens.py). The hostile corpus (tests/hostile.py) goes through
parlour/services/shown.py itself, the engine, `parlour replay --text`, plain mode and the lobby's rows."""

from __future__ import annotations

import io
import json
import os
from contextlib import redirect_stderr, redirect_stdout

import pytest

from parlour import cli
from parlour.fronts.engine import EngineSession
from parlour.fronts.plain.lines import Lines
from parlour.fronts.plain.local import PlainTable, choose_save
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import Seat, seats_meta
from parlour.services.shown import shown
from parlour.services.table_driver import TableDriver
from tests.hostile import FILE_NAMES, NAMES, TEXTS, raw_controls


@pytest.mark.parametrize("text", TEXTS + FILE_NAMES)
def test_shown_leaves_nothing_that_acts_on_a_terminal(text):
    out = shown(text)
    assert raw_controls(out) == [] and "\ufffd" not in out
    assert shown(out) == out  # showing twice changes nothing more


def test_shown_keeps_text_and_makes_the_rest_visible():
    for name in ("Ann", "山田太郎", "e\u0301x", "[/]", "Zoë"):
        assert shown(name) == name
    assert shown("\x1b[2J") == "\\x1b[2J"
    assert shown(b"caf\xe9") == "caf\\xe9" == shown(os.fsdecode(b"caf\xe9"))
    assert shown("\u202eevil") == "\\u202eevil"
    assert shown("\u0301Cid") == "\u25cc\u0301Cid"


def _finished(names, tmp_path, file_name: str, seed: int = 3):
    seats = [Seat(n, "random", c) for n, c in zip(names, ("red", "blue", "green", "yellow"))]
    table = Table.new("smurf", list(names), seed=seed, meta={"seats": seats_meta(seats)})
    TableDriver(table, {i: make("random", f"{seed}/{i}") for i in range(len(names))}).play_bots()
    path = tmp_path / file_name
    saves.write(path, table.header, table.events)
    return path


def _run(*args) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = cli.main(list(args))
    return code, out.getvalue(), err.getvalue()


def test_replay_text_tells_hostile_names_as_text(tmp_path):
    for names, file_name in ((NAMES[:4], FILE_NAMES[0]), (NAMES[4:8], FILE_NAMES[4])):
        code, out, err = _run("replay", str(_finished(names, tmp_path, file_name)), "--text")
        assert code == 0 and raw_controls(out + err) == []
        for name in names:
            assert shown(name) in out
    broken = tmp_path / "esc\x1b[2J\u202e.jsonl"
    broken.write_bytes(b"\x1b[31m not a save\n")
    code, out, err = _run("replay", str(broken), "--text")
    assert code == 1 and raw_controls(err) == [] and "esc\\x1b[2J\\u202e.jsonl: " in err


def test_the_engine_answers_hostile_names_and_paths_in_visible_json(tmp_path):
    engine = EngineSession()
    replies = []
    for text in TEXTS:
        replies.append(engine.reply(json.dumps({"cmd": "new", "game": "smurf", "players": [text, "Bob"]})))
        replies.append(engine.reply(json.dumps({"cmd": "load", "path": str(tmp_path / (text + ".jsonl"))})))
    replies.append(engine.reply(json.dumps({"cmd": "new", "game": "smurf", "players": NAMES[:4]})))
    replies.append(engine.reply(json.dumps({"cmd": "save", "path": str(tmp_path / FILE_NAMES[0])})))
    replies.append(engine.reply(b'{"cmd": "new", "game": "smurf", "players": ["\xfe", "Bob"]}'))
    for reply in replies:
        assert "\n" not in reply and raw_controls(reply) == [], reply
        json.loads(reply)
    accepted = [json.loads(r) for r in replies[0 : len(TEXTS) * 2 : 2]]
    assert [a["ok"] for a in accepted] == [text.isprintable() and text == text.strip() for text in TEXTS]
    assert json.loads(replies[-2])["ok"] and saves.read(tmp_path / FILE_NAMES[0]).header.players == tuple(NAMES[:4])


def test_plain_mode_tells_hostile_names_and_lists_hostile_files_as_text(tmp_path, monkeypatch):
    said: list[str] = []
    names = NAMES[:2]
    table = Table.new("smurf", names, seed=4)
    seats = [Seat(names[0], None, "red"), Seat(names[1], "random", "blue")]
    answers = iter(["board", "log", "roll", "quit"])
    PlainTable(
        table, seats, Lines(said.append), lambda prompt: next(answers, None), save_path=tmp_path / FILE_NAMES[0]
    ).play()
    text = "".join(said)
    assert raw_controls(text) == [] and all(name in text for name in names)

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data" / "saves").mkdir(parents=True)
    for file_name, players in zip(FILE_NAMES, [NAMES[i : i + 2] for i in range(0, 8, 2)] * 2):
        unfinished = Table.new("smurf", players, seed=1)
        saves.write(tmp_path / "data" / "saves" / file_name, unfinished.header, unfinished.events)
    said.clear()
    choose_save(Lines(said.append), lambda prompt: None)
    text = "".join(said)
    assert raw_controls(text) == [] and text.count("The Smurf Game") == len(FILE_NAMES)
    for players in [NAMES[i : i + 2] for i in range(0, 8, 2)]:
        assert ", ".join(map(shown, players)) in text


def test_the_lobby_rows_show_names_sent_by_a_server_as_text():
    from parlour.services.wire import SeatLine, TableLine
    from parlour.tui.screens.lobby import describe

    for text in TEXTS:
        seats = (SeatLine(text, None), SeatLine(text, "random"), SeatLine(text, None, away=True))
        line = describe(TableLine(1, "smurf", "waiting", seats))
        assert raw_controls(line) == [] and shown(text) in line
