"""Issue 28, findings 5 and 7: a save's size is its file's, checked before reading (blank lines
count); the list of saves never waits on one file; a torn last action does not name the wrong
player; stray temporary files are removed; every save has the same mode."""

from __future__ import annotations

import io
import json
import os
import stat
import subprocess
import sys
import threading
import time

import pytest

from parlour.rules import log, registry
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver


def _played(game: str, seed: int, actions: int | None = None) -> Table:
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=seed)
    TableDriver(table, {i: make("random", f"{seed}/{i}") for i in range(3)}).play_bots(actions)
    return table


def test_blank_lines_count_toward_the_size_limit(tmp_path, monkeypatch):
    table = _played("smurf", 1, 40)
    path = tmp_path / "g.jsonl"
    saves.write(path, table.header, table.events)
    monkeypatch.setattr(log, "MAX_BYTES", path.stat().st_size + 1000)
    with open(path, "ab") as file:
        file.write(b"\n" * 2000)  # the save and blank lines: more than a save may be
    for look in (saves.read, saves.glance):
        with pytest.raises(saves.SaveError, match="larger than a game can be"):
            look(path)
    text = path.read_bytes()  # and read from lines (a pipe, the engine): counted all the same
    with pytest.raises(log.LogError, match="larger than a game can be"):
        log.load_lines(text.splitlines(keepends=True))


def test_a_huge_file_is_refused_by_its_size_before_it_is_read(tmp_path, monkeypatch):
    path = tmp_path / "huge.jsonl"
    with open(path, "wb") as file:
        file.truncate(log.MAX_BYTES + 1)  # sparse: nothing to write, nothing read
    reads = []
    real = saves.os.read if hasattr(saves.os, "read") else None
    monkeypatch.setattr(saves, "bounded_lines", lambda *a, **k: reads.append(a) or iter(()))
    for look in (saves.read, saves.glance):
        with pytest.raises(saves.SaveError, match="larger than a game can be"):
            look(path)
    assert reads == [] and real is not None


def test_the_list_never_waits_on_one_file(tmp_path, monkeypatch):
    folder = tmp_path / "saves"
    folder.mkdir()
    for n in range(3):
        table = _played("garfield", n, 10)
        saves.write(folder / f"g{n}.jsonl", table.header, table.events)
    stuck, real = threading.Event(), saves._read_ends

    def slow(path):  # a save on a stalled disk
        if path.name == "g1.jsonl":
            stuck.wait(10)
        return real(path)

    monkeypatch.setattr(saves, "_read_ends", slow)
    monkeypatch.setattr(saves, "LIST_WITHIN", 0.3, raising=False)  # the list's patience, made short
    from parlour.tui.screens.resume import describe_saves

    try:
        started = time.monotonic()
        rows = describe_saves(folder)
        took = time.monotonic() - started
    finally:
        stuck.set()
    assert took < 5
    by_name = {path.name: (line, ok) for path, line, ok in rows}
    assert by_name["g1.jsonl"] == (
        "cannot be loaded: g1.jsonl: cannot be read in time (it may be on a slow disk, or too large)",
        False,
    )
    assert by_name["g0.jsonl"][1] and by_name["g2.jsonl"][1]


def test_stray_temporary_files_are_removed_when_the_saves_are_listed(tmp_path):
    folder = tmp_path / "saves"
    folder.mkdir()
    old, fresh = folder / ".g.jsonl.k2j4x9.tmp", folder / ".h.jsonl.p0q8z1.tmp"  # as kill -9 leaves them
    old.write_text('{"format":')
    fresh.write_text('{"format":')  # a save being written right now
    two_minutes_ago = time.time() - 120
    os.utime(old, (two_minutes_ago, two_minutes_ago))
    from parlour.tui.screens.resume import describe_saves

    assert describe_saves(folder) == []
    assert not old.exists() and fresh.exists()


def test_new_and_rewritten_saves_have_the_same_mode(tmp_path):
    """0600 on purpose: a save holds every hand of a hot-seat game (parlour/services/saves.py MODE). A new
    save's file is made by `new_path` (and stays so if its first write fails: a full disk); one
    rewritten by undo is a new file renamed over it."""
    os.umask(0o022)
    table = _played("smurf", 3, 6)
    path = saves.new_path(tmp_path, "game")
    made = stat.S_IMODE(path.stat().st_mode)
    writer = saves.Writer(path, table.header, table.events)
    assert writer.rewrite(table.events[:-1]) and writer.problem is None  # as undo does
    assert stat.S_IMODE(path.stat().st_mode) == made == 0o600


def test_a_save_not_read_whole_in_time_is_listed_as_its_ends_seem(tmp_path, monkeypatch):
    """A save its mark does not vouch for (an old one, written before marks) is read whole; when
    that takes longer than the list may wait, its row says what its ends seem to say, as the list
    did before marks, and the reading goes on: the next list has its mark."""
    folder = tmp_path / "saves"
    folder.mkdir()
    tables = {}
    for n in range(3):
        tables[n] = _played("filmis", n, 12)
        (folder / f"g{n}.jsonl").write_text(log.dumps(tables[n].header, tables[n].events), encoding="utf-8")
    stuck, real = threading.Event(), saves._glance_whole

    def slow(path, ends):  # a long save, read whole
        if path.name == "g1.jsonl":
            stuck.wait(10)
        return real(path, ends)

    monkeypatch.setattr(saves, "_glance_whole", slow)
    try:
        rows = {path.name: seen for path, _, seen in saves.survey(folder, within=0.3)}
    finally:
        stuck.set()
    assert {name: seen.to_act for name, seen in rows.items()} == {f"g{n}.jsonl": tables[n].to_act() for n in range(3)}
    monkeypatch.setattr(saves, "_glance_whole", real)
    assert len(saves.survey(folder, within=60)) == 3  # read whole now (if the first reading has not ended)
    path = folder / "g1.jsonl"
    assert saves._glance_ends(path)[0] == saves.glance(path)  # marked: its ends are vouched for


def test_a_torn_last_action_names_who_really_acts(tmp_path, game="filmis", seed=1, actions=20):
    """A save cut anywhere in its last bytes (a crash while writing): the list says who is to
    act as loading it does (loading drops a torn last action). The Filmis game is one where the
    list, reading the torn action's whole lines, named the wrong player. A cut exactly at the end
    of a line inside an action too: nothing in the lines kept says the action went on, but the
    save no longer matches its mark (save_mark.py), so the list reads it as the loader does."""
    table = _played(game, seed, actions)
    path = tmp_path / "g.jsonl"
    saves.write(path, table.header, table.events)
    whole = path.read_bytes()
    spec = registry.get(game)
    cut = tmp_path / "cut.jsonl"
    wrong = []
    for end in range(len(whole) - 600, len(whole)):
        cut.write_bytes(whole[:end])
        loaded = saves.read(cut)
        if saves.glance(cut).to_act != spec.to_act(loaded.state):
            wrong.append(end)
    assert wrong == []


def _strays(folder, name: str) -> tuple:
    """An old temporary file of `name` (as kill -9 leaves it while saving) and a fresh one (a
    save being written right now) in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    old, fresh = folder / f".{name}.k2j4x9.tmp", folder / f".{name}.p0q8z1.tmp"
    old.write_text('{"format":')
    fresh.write_text('{"format":')
    two_minutes_ago = time.time() - 120
    os.utime(old, (two_minutes_ago, two_minutes_ago))
    return old, fresh


def test_stray_temporary_files_are_removed_at_every_start(tmp_path, monkeypatch):
    from parlour.cli import main

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    old, fresh = _strays(tmp_path / "data" / "saves", "g.jsonl")
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))
    main(["play", "garfield", "--plain", "--seats", "Ann,bot"])  # started and left at once
    assert not old.exists() and fresh.exists()


def test_the_engine_removes_the_stray_temporary_files_beside_its_save(tmp_path):
    from parlour.fronts.engine import EngineSession

    target = tmp_path / "games" / "g.jsonl"
    old, fresh = _strays(target.parent, target.name)
    other, _ = _strays(target.parent, "someone-else.jsonl")
    engine = EngineSession()
    assert engine.handle(json.dumps({"cmd": "new", "game": "smurf", "players": ["A", "B"], "seed": 1}))["ok"]
    assert engine.handle(json.dumps({"cmd": "save", "path": str(target)}))["ok"]
    assert target.exists() and not old.exists() and fresh.exists()
    assert other.exists()  # not this save's: left to its own writer


PADDED_READ = r"""
import json, re, sys
from parlour.services import saves
try:
    loaded = saves.read(sys.argv[1])
    found = {"events": len(loaded.events), "warnings": loaded.warnings}
except saves.SaveError as error:
    found = {"refused": str(error)}
# this process's own peak (VmHWM): ru_maxrss would count the test's process it was forked from
found["peak"] = int(re.search(r"VmHWM:\s*(\d+)", open("/proc/self/status").read())[1]) * 1024
print(json.dumps(found))
"""


@pytest.mark.skipif(sys.platform != "linux", reason="reads /proc")
@pytest.mark.parametrize("padding", ["blank lines at the end", "spaces in every line", "blank lines between"])
def test_a_save_padded_to_the_size_limit_opens_in_bounded_memory(tmp_path, padding):
    """32 MB of a save, most of it padding: read (or refused, for more lines than a game can
    have) with at most 100 MB of memory; the subprocess's timeout only marks a hang."""
    table = _played("smurf", 2, 400)
    text = log.dumps(table.header, table.events).encode()
    lines = text.splitlines(keepends=True)
    room = log.MAX_BYTES - len(text)
    if padding == "blank lines at the end":
        data = text + b"\n" * room
    elif padding == "spaces in every line":
        per = room // len(lines)
        data = b"".join(line[:-1] + b" " * per + b"\n" for line in lines)
    else:
        per = room // len(lines)
        data = b"".join(line + b"\n" * per for line in lines)
    path = tmp_path / "padded.jsonl"
    path.write_bytes(data)
    assert log.MAX_BYTES - len(lines) <= path.stat().st_size <= log.MAX_BYTES
    try:
        done = subprocess.run(
            [sys.executable, "-c", PADDED_READ, str(path)], capture_output=True, text=True, timeout=120, check=False
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"{padding}: opening the save hung")
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    if padding == "blank lines between":  # 32 million lines: counted, not read
        assert found.get("refused") == f"padded.jsonl: {log.TOO_MANY_LINES}"
    else:
        assert found.get("events") == len(table.events) and found["warnings"] == [], found
    assert found["peak"] <= 100 * 2**20, f"{padding}: {found['peak'] / 2**20:.0f} MB"
