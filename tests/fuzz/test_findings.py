"""Issue 15's twelve findings, one test (or a few) each: hostile input and odd files never end a
session, never make the engine answer with an internal error, and never lose a saved game."""

import io
import json
import os
import threading

import pytest

from parlour.fronts import engine
from parlour.fronts.engine import EngineSession as Session
from parlour.rules import log
from parlour.rules.table import Table
from parlour.services import config, saves, seats
from parlour.tui.screens.resume import describe_saves


def ask(session: Session, line) -> dict:
    return json.loads(session.reply(line))


def run_bytes(data: bytes) -> list[dict]:
    out = io.BytesIO()
    engine.run(io.BytesIO(data), out)
    text = out.getvalue().decode("utf-8")  # every answer is UTF-8
    return [json.loads(line) for line in text.splitlines()]


def smurf_session() -> Session:
    session = Session()
    assert ask(session, '{"cmd":"new","game":"smurf","players":["Ann","Bob"],"seed":1,"rig":{"dice":[6,1]}}')["ok"]
    return session


def garfield_table(seed: int = 3) -> Table:
    return Table.new("garfield", ["Ann", "Bob"], seed=seed)


# 1. invalid UTF-8 ----------------------------------------------------------------------------


def test_1_invalid_utf8_gets_an_answer_and_the_session_goes_on():
    answers = run_bytes(b'\xff\xfe{"cmd": "help"}\n{"cmd": "he\xc3lp"}\n{"cmd": "help"}\n')
    assert [a.get("error") for a in answers] == ["bad-json", "bad-json", None]
    assert "UTF-8" in answers[0]["message"]


# 2. internal errors instead of answers -------------------------------------------------------


@pytest.mark.parametrize(
    "line, kind",
    [
        ('{"cmd": "new", "game": "smurf", "players": ["A", "B"], "seed": ' + "9" * 5000 + "}", "bad-json"),
        ('{"cmd": "new", "game": "smurf", "players": "AB"}', "bad-command"),
        ('{"cmd": "new", "game": "smurf", "players": {"A": 1}}', "bad-command"),
        ("[" * 5000 + "]" * 5000, "bad-json"),
        ('{"cmd": "help", "x": ' + "[" * 900 + "]" * 900 + "}", "bad-json"),
        ('{"cmd": "load", "path": "."}', "bad-save"),
        ('{"cmd": "load", "path": "/"}', "bad-save"),
        ('{"cmd": "load", "path": "a\\u0000b"}', "bad-command"),
        ('{"cmd": "load", "path": "\\ud800.jsonl"}', "bad-json"),
    ],
    ids=[
        "huge-number",
        "players-string",
        "players-object",
        "deep-list",
        "deep-field",
        "load-dot",
        "load-root",
        "load-nul",
        "load-surrogate",
    ],
)
def test_2_hostile_values_get_their_documented_error_kind(line, kind):
    answer = ask(smurf_session(), line)
    assert answer["ok"] is False and answer["error"] == kind, answer


@pytest.mark.parametrize("path", [".", "/", "a\\u0000b"])
def test_2_saving_to_an_impossible_path_is_an_answer_not_an_internal_error(path):
    answer = ask(smurf_session(), '{"cmd": "save", "path": "' + path + '"}')
    assert answer["error"] in ("io", "bad-command"), answer


# 3. wrong types are named --------------------------------------------------------------------

WRONG = ['"0"', "true", "1.5", "[]", "{}"]


@pytest.mark.parametrize(
    "cmd, field, good",
    [
        ("events", "since", None),
        ("events", "as", None),
        ("view", "seat", None),
        ("legal", "seat", None),
        ("act", "as", '"action": {"type": "Roll"}, "seat": 0'),
    ],
)
@pytest.mark.parametrize("value", WRONG)
def test_3_a_field_of_the_wrong_type_is_refused_naming_it(cmd, field, good, value):
    session = smurf_session()
    rest = f", {good}" if good else ""
    answer = ask(session, f'{{"cmd": "{cmd}", "{field}": {value}{rest}}}')
    assert answer["error"] == "bad-command" and field in answer["message"], answer
    assert ask(session, '{"cmd": "events"}')["events"][-1]["seq"] == 4  # nothing was done


@pytest.mark.parametrize(
    "field, values",
    [
        ("seed", ['"1"', "true", "1.0", "[]", "{}"]),
        ("rig", ['"x"', "1", "true", "[]"]),
        ("options", ['"x"', "1", "true", "[]"]),
        ("game", ["1", "[]", "{}"]),
    ],
)
def test_3_new_refuses_wrong_types_naming_the_field(field, values):
    for value in values:
        fields = {"game": '"smurf"', "players": '["A", "B"]', field: value}
        line = "{" + ", ".join(['"cmd": "new"'] + [f'"{k}": {v}' for k, v in fields.items()]) + "}"
        answer = ask(Session(), line)
        assert answer["error"] == "bad-command" and field in answer["message"], (line, answer)


@pytest.mark.parametrize("cmd", ["save", "load"])
@pytest.mark.parametrize("value", ["1", "true", "[]", "{}", '""'])
def test_3_paths_must_be_names(cmd, value):
    answer = ask(smurf_session(), f'{{"cmd": "{cmd}", "path": {value}}}')
    assert answer["error"] == "bad-command" and "path" in answer["message"]


def test_3_an_unknown_field_is_refused():
    answer = ask(smurf_session(), '{"cmd": "legal", "seat": 0, "sead": 1}')
    assert answer["error"] == "bad-command" and "sead" in answer["message"]


# 4. harmless differences in saves ------------------------------------------------------------


def saved_text(table: Table) -> str:
    return log.dumps(table.header, table.events)


def played(moves: int = 30) -> Table:
    from parlour.rules.bots import make

    table, bot = garfield_table(), make("random", 1)
    for _ in range(moves):
        seat = table.to_act()[0]
        table.submit(seat, bot.choose(table.game, table.view(seat), seat))
    return table


def test_4_what_an_editor_adds_is_accepted(tmp_path):
    table = played()
    text = saved_text(table)
    edited = "\ufeff" + "".join(line.rstrip("\n") + "  \r\n" for line in text.splitlines(keepends=True)) + "\n\n"
    path = tmp_path / "edited.jsonl"
    path.write_text(edited, encoding="utf-8")
    loaded = saves.read(path)
    assert loaded.events == table.events and loaded.warnings == []


def test_4_a_huge_torn_tail_keeps_the_valid_prefix(tmp_path):
    table = played()
    path = tmp_path / "torn.jsonl"
    path.write_text(saved_text(table), encoding="utf-8")
    with path.open("ab") as file:
        file.write(b'{"seq": 999, "event": "' + b"x" * (2 * 2**20))  # a 2 MB append, cut
    loaded = saves.read(path)
    assert loaded.events == table.events and "cut off" in loaded.warnings[0]


def test_4_a_torn_tail_past_the_size_limit_is_refused_by_the_file_size(tmp_path):
    """Issue 28: the limit is on the file, torn tail included, checked before reading (the
    Writer appends one action at a time: only an edited file has a 40 MB torn tail)."""
    table = played()
    path = tmp_path / "torn.jsonl"
    path.write_text(saved_text(table), encoding="utf-8")
    with path.open("ab") as file:
        file.write(b'{"seq": 999, "event": "' + b"x" * (40 * 2**20))  # a 40 MB append, cut
    with pytest.raises(saves.SaveError, match="larger than a game can be"):
        saves.read(path)


@pytest.mark.parametrize("line, byte", [(1, 5), (3, 10), (8, 2)])
def test_4_a_bit_flip_is_refused_naming_the_line(tmp_path, line, byte):
    table = played()
    lines = saved_text(table).encode().splitlines(keepends=True)
    lines[line - 1] = lines[line - 1][:byte] + bytes([lines[line - 1][byte] ^ 0x80]) + lines[line - 1][byte + 1 :]
    path = tmp_path / "flipped.jsonl"
    path.write_bytes(b"".join(lines))
    with pytest.raises(saves.SaveError, match=f"line {line}"):
        saves.read(path)


# 5. echoed lone surrogates -------------------------------------------------------------------


def test_5_a_lone_surrogate_is_refused_and_the_answer_is_utf8():
    data = (
        b'{"cmd":"new","game":"garfield","players":["A","B"],"seed":1}\n'
        b'{"cmd":"act","seat":1,"action":{"type":"PlayCard","card":"\\ud800"}}\n'
        b'{"cmd":"save","path":"\\udc80"}\n{"cmd":"help"}\n'
    )
    answers = run_bytes(data)
    assert [a.get("error") for a in answers] == [None, "bad-json", "bad-json", None]


# 6. validate before doing --------------------------------------------------------------------


def test_6_act_with_a_bad_as_does_nothing():
    session = smurf_session()
    answer = ask(session, '{"cmd":"act","seat":0,"action":{"type":"Roll"},"as":"0"}')
    assert answer["error"] == "bad-command"
    assert len(ask(session, '{"cmd":"events"}')["events"]) == 4  # no roll happened
    assert ask(session, '{"cmd":"act","seat":0,"action":{"type":"Roll"}}')["ok"]


# 7. save never replaces a device; every line gets an answer ----------------------------------


def test_7_save_does_not_replace_a_fifo_or_a_directory(tmp_path):
    fifo = tmp_path / "pipe.jsonl"
    os.mkfifo(fifo)
    folder = tmp_path / "dir.jsonl"
    folder.mkdir()
    session = smurf_session()
    for path in (fifo, folder):
        answer = ask(session, json.dumps({"cmd": "save", "path": str(path)}))
        assert answer["error"] == "io" and "regular file" in answer["message"]
    assert fifo.is_fifo() and folder.is_dir()
    assert ask(session, '{"cmd":"save","path":"/dev/null"}')["error"] == "io"


def test_7_a_whitespace_only_line_gets_an_answer():
    answers = run_bytes(b'   \n\t\n{"cmd":"help"}\n')
    assert [a.get("error") for a in answers] == ["bad-json", "bad-json", None]


def test_7_a_huge_line_gets_one_answer_and_is_not_kept():
    answers = run_bytes(b'{"cmd":"help","x":"' + b"y" * (3 * engine.MAX_LINE) + b'"}\n{"cmd":"help"}\n')
    assert [a.get("error") for a in answers] == ["bad-json", None]


# 8. odd files in the saves folder ------------------------------------------------------------


def test_8_odd_files_never_break_the_list(tmp_path):
    table = played()
    saves.write(tmp_path / "good.jsonl", table.header, table.events)
    (tmp_path / "dangling.jsonl").symlink_to(tmp_path / "gone")
    os.mkfifo(tmp_path / "fifo.jsonl")
    (tmp_path / "zero.jsonl").symlink_to("/dev/zero")
    done = []
    worker = threading.Thread(target=lambda: done.append(describe_saves(tmp_path)), daemon=True)
    worker.start()
    worker.join(20)  # a FIFO opened for reading would block for ever
    assert done, "the saves list hung"
    rows = {path.name: ok for path, _, ok in done[0]}
    assert rows == {"good.jsonl": True, "dangling.jsonl": False, "fifo.jsonl": False, "zero.jsonl": False}


def test_8_load_refuses_a_device_without_reading_it():
    answer = ask(Session(), '{"cmd":"load","path":"/dev/zero"}')
    assert answer["error"] == "bad-save" and "regular file" in answer["message"]


# 9. a full disk during autosave --------------------------------------------------------------


def test_9_a_failing_autosave_is_reported_and_resumes_without_damage(tmp_path, monkeypatch):
    table = played(5)
    path = tmp_path / "game.jsonl"
    writer = saves.Writer(path, table.header, table.events)
    before = path.read_bytes()
    real_write = os.write
    full = {"on": True}

    def write(fd, data):  # the disk fills up half-way through the append
        if full["on"]:
            real_write(fd, bytes(data[:7]))
            raise OSError(28, "No space left on device")
        return real_write(fd, data)

    monkeypatch.setattr(os, "write", write)
    from parlour.rules.bots import make

    bot = make("random", 2)
    seat = table.to_act()[0]
    table.submit(seat, bot.choose(table.game, table.view(seat), seat))
    assert writer.sync(table.events) is False and "No space" in writer.problem
    assert path.read_bytes() == before  # what was saved is not damaged
    assert saves.read(path).events == table.events[: writer.written]
    full["on"] = False
    assert writer.sync(table.events) and writer.problem is None
    assert saves.read(path).events == table.events


def test_9_a_read_only_folder_does_not_stop_a_new_game(tmp_path):
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        if os.access(folder, os.W_OK):
            pytest.skip("running as root: a read-only folder is still writable")
        path = saves.new_path(folder, "game")
        table = played(3)
        writer = saves.Writer(path, table.header, table.events)
        assert writer.problem and not path.exists()
        folder.chmod(0o700)
        assert writer.sync(table.events) and saves.read(path).events == table.events
    finally:
        folder.chmod(0o700)


# 10. two games started in the same second ----------------------------------------------------


def test_10_new_save_paths_are_created_exclusively(tmp_path):
    paths = [saves.new_path(tmp_path, "20260101-000000-smurf") for _ in range(5)]
    assert len(set(paths)) == 5 and all(p.exists() for p in paths)


def test_10_two_writers_never_share_a_temporary_file(tmp_path, monkeypatch):
    names = []
    real = saves._temporary_beside

    def spy(*args, **kwargs):
        fd, name = real(*args, **kwargs)
        names.append(name)
        return fd, name

    monkeypatch.setattr(saves, "_temporary_beside", spy)
    table = played(3)
    saves.Writer(tmp_path / "a.jsonl", table.header, table.events)
    saves.Writer(tmp_path / "a.jsonl", table.header, table.events)
    assert len(set(names)) == 2


def test_10_the_app_path_comes_from_the_saves_layer(tmp_path, monkeypatch):
    monkeypatch.setattr("parlour.services.config.saves_dir", lambda: tmp_path)
    first, second = config.new_save_path("smurf"), config.new_save_path("smurf")
    assert first != second and first.exists() and second.exists()


# 11. a save cut before its set-up; a typo in meta --------------------------------------------


def test_11_a_save_with_only_the_header_and_the_start_goes_on():
    table = Table.new("smurf", ["Ann", "Bob"], seed=4)
    text = log.header_line(table.header) + log.event_line(1, table.events[0])
    loaded = log.loads(text)
    resumed = Table.resume(loaded)
    assert loaded.warnings and resumed.to_act() != (None,)
    assert resumed.events == table.events  # the same set-up as it would have been


def test_11_a_typo_in_a_bot_level_keeps_the_bot_a_bot():
    restored = seats.seats_from_meta(("Ann", "Papa"), {"seats": [{"bot": None}, {"bot": "smrat"}]})
    assert restored[0].human and not restored[1].human


# 12. Smurf offers small decisions ------------------------------------------------------------


def test_12_every_smurf_roll_offers_at_most_a_few_moves():
    """A roll is answered by one Move: a direction and the food area it stops in (or none). The
    choices are the distinct endings, never combinations: at most 2 directions x (1 + foods)."""
    from parlour.games.smurf.rules import board, moves, wheels

    for a in range(wheels.POSITIONS):
        for b in range(wheels.POSITIONS):
            cats = wheels.showing((a, b))
            for square in range(board.SIZE):
                for inside in (False, True):
                    for die in range(1, 7):
                        found = moves.options(square, inside, die, cats)
                        assert len(found) <= 2 * (1 + len(board.KINDS)), found


def test_12_a_smurf_seat_is_never_offered_more_than_a_few_actions():
    from parlour.rules.bots import make

    for seed in range(6):
        table = Table.new("smurf", ["A", "B", "C", "D"], seed=seed)
        bot = make("random", seed)
        for _ in range(3000):
            if table.result() is not None:
                break
            seat = next(s for s in table.to_act() if s is not None)
            actions = table.legal_actions(seat)
            assert 0 < len(actions) <= 10, actions
            table.submit(seat, bot.choose(table.game, table.view(seat), seat))


def test_9_a_read_only_disk_when_a_game_starts_is_reported_and_saving_starts_later(tmp_path, monkeypatch):
    real = saves._temporary_beside

    def refused(*args, **kwargs):
        raise OSError(30, "Read-only file system")

    monkeypatch.setattr(saves, "_temporary_beside", refused)
    table = played(3)
    path = tmp_path / "new.jsonl"
    writer = saves.Writer(path, table.header, table.events)
    assert "Read-only" in writer.problem and not path.exists()
    monkeypatch.setattr(saves, "_temporary_beside", real)
    assert writer.sync(table.events) and saves.read(path).events == table.events
