"""`parlour history` (parlour/services/history.py): the finished games, newest first, a fold
over the saves with an index file as a cache, rebuilt when missing or stale."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from parlour import cli
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import history, saves
from parlour.services.seats import Seat, seats_meta
from parlour.services.table_driver import TableDriver


def save_game(folder: Path, name: str, game: str, seats: list[Seat], seed: int, when: float, moves=None) -> Table:
    """A seeded game of bots (the humans' seats played by bots too), saved as `name` at `when`."""
    table = Table.new(game, [s.name for s in seats], seed=seed, meta={"seats": seats_meta(seats)})
    TableDriver(table, {i: make("smart", i) for i in range(len(seats))}).play_bots(moves)
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    saves.write(path, table.header, table.events)
    os.utime(path, (when, when))
    return table


@pytest.fixture
def folder(tmp_path) -> Path:
    folder = tmp_path / "saves"
    save_game(folder, "a.jsonl", "smurf", [Seat("Ann"), Seat("Papa Smurf", "smart")], 1, 1_000_000)
    save_game(folder, "b.jsonl", "garfield", [Seat("Ann"), Seat("Bob"), Seat("Odie", "random")], 2, 3_000_000)
    save_game(folder, "c.jsonl", "smurf", [Seat("Bob"), Seat("Cid")], 3, 2_000_000)
    save_game(folder, "d.jsonl", "smurf", [Seat("Ann"), Seat("Dee")], 4, 4_000_000, moves=6)  # unfinished
    (folder / "e.jsonl").write_text("not a save\n")
    return folder


def test_finished_games_newest_first_with_what_the_list_shows(folder):
    rows = history.finished(folder)
    assert [r.path.name for r in rows] == ["b.jsonl", "c.jsonl", "a.jsonl"]
    b = rows[0]
    table = Table.resume(saves.read(folder / "b.jsonl"))
    result = table.result()
    assert b.game == "garfield" and b.players == ("Ann", "Bob", "Odie") and b.bots == (None, None, "random")
    assert b.winners == result.winners and b.scores == result.scores and b.ended == 3_000_000
    assert b.turns == sum(1 for e in table.events if type(e).__name__ == "TurnBegan") > 5
    line = history.told(b)
    assert " · Garfield · Ann, Bob, Odie (bot) · " in line and line.endswith(f" won · {b.turns} turns")


def test_filters_by_game_and_player(folder):
    assert [r.path.name for r in history.finished(folder, game="smurf")] == ["c.jsonl", "a.jsonl"]
    assert [r.path.name for r in history.finished(folder, player="ann")] == ["b.jsonl", "a.jsonl"]
    assert [r.path.name for r in history.finished(folder, game="smurf", player="BOB")] == ["c.jsonl"]
    assert list(history.finished(folder, player="Nobody")) == []


def test_a_players_own_games_are_theirs_in_a_persons_seat_newest_first_and_bounded(folder):
    # (a served player's history in the lobby: a bot's seat of the same name is not theirs)
    save_game(folder, "f.jsonl", "smurf", [Seat("Eve"), Seat("Ann", "smart")], 5, 5_000_000)
    assert [r.path.name for r in history.own(folder, "ann")] == ["b.jsonl", "a.jsonl"]
    assert [r.path.name for r in history.own(folder, "Ann", most=1)] == ["b.jsonl"]
    assert [r.path.name for r in history.own(folder, "Eve")] == ["f.jsonl"]
    assert history.own(folder, "Dee") == [] and history.own(folder, "Nobody") == []


def test_the_index_is_a_cache_read_instead_of_the_saves_and_rebuilt_when_missing_or_stale(folder, monkeypatch):
    first = history.finished(folder)
    index = folder / history.INDEX
    assert json.loads(index.read_text().split("\n")[0])["version"] == history.VERSION
    read = []
    real = saves.read_then_check
    monkeypatch.setattr(saves, "read_then_check", lambda path, *a: read.append(Path(path).name) or real(path, *a))
    assert list(history.finished(folder)) == list(first) and read == []  # nothing read again
    os.utime(folder / "c.jsonl", (5_000_000, 5_000_000))  # changed since: read again, listed first
    assert [r.path.name for r in history.finished(folder)][0] == "c.jsonl" and read == ["c.jsonl"]
    index.unlink()  # deleted: rebuilt from the saves alone, the same rows
    read.clear()
    again = history.finished(folder)
    # read whole: the finished games and the file that is not a save; the unfinished d only at its ends
    assert sorted(read) == ["a.jsonl", "b.jsonl", "c.jsonl", "e.jsonl"]
    assert [(r.path.name, r.winners, r.turns) for r in again] == [
        (r.path.name, r.winners, r.turns) for r in sorted(first, key=lambda r: r.path.name != "c.jsonl")
    ]
    good = index.read_text()
    head, rest = good.split("\n", 1)
    edited = rest.replace('"turns":', '"turns":1', 1)  # one entry changed by hand: the digest tells
    said = json.loads(head)
    bad_count = json.dumps({**said, "finished": "3"}) + "\n" + rest  # its digest right, its head not
    too_many = json.dumps({**said, "finished": 99}) + "\n" + rest
    for garbage in (
        bad_count,
        too_many,
        "{",
        good.replace(f'"version": {history.VERSION}', '"version": 99'),
        f"{head}\n{edited}",
        good[:-9],
    ):
        index.write_text(garbage)
        read.clear()
        assert len(history.finished(folder)) == 3 and sorted(read) == ["a.jsonl", "b.jsonl", "c.jsonl", "e.jsonl"]
    (folder / "a.jsonl").unlink()  # a save deleted: gone from the list and the index
    assert [r.path.name for r in history.finished(folder)] == ["c.jsonl", "b.jsonl"]
    assert all(json.loads(line)[0] != "a.jsonl" for line in index.read_text().split("\n")[1:])


def test_a_folder_that_is_not_there_lists_nothing(tmp_path):
    assert list(history.finished(tmp_path / "nowhere")) == []


def test_the_command_lists_and_opens_a_game(folder, monkeypatch, capsys):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder.parent))
    assert cli.main(["history", "--lang", "en", "--player", "ann"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Finished games" and out[1].startswith("1. ") and " · Garfield · " in out[1]
    assert out[2].startswith("2. ") and " · The Smurf Game · Ann, Papa Smurf (bot) · " in out[2] and len(out) == 3
    assert cli.main(["history", "--lang", "en", "--open", "4"]) == 2
    assert "There is no game 4 in the list (it has 3)." in capsys.readouterr().err
    opened = []
    monkeypatch.setattr(cli, "_run_app", lambda args: opened.append((args.command, args.save, args.seat)) or 0)
    assert cli.main(["history", "--lang", "en", "--open", "2"]) == 0
    assert opened == [("replay", folder / "c.jsonl", None)]
    assert cli.main(["history", "--game", "chess"]) == 2


def test_a_rebuild_reads_a_finished_save_whole_once_and_an_unfinished_one_only_at_its_ends(folder, monkeypatch):
    """Copies carry no end mark (parlour/services/save_mark.py), as a folder copied from another
    machine: the list of saves would read each whole to trust its end; history needs only the ends
    to see a game is unfinished, and one whole read to fold a finished game's result."""
    import shutil

    for name in ("a", "b", "d"):
        shutil.copyfile(folder / f"{name}.jsonl", folder / f"{name}2.jsonl")
    read = []
    real = saves.read_then_check
    monkeypatch.setattr(saves, "read_then_check", lambda path, *a: read.append(Path(path).name) or real(path, *a))
    rows = history.finished(folder)
    assert sorted(read) == ["a.jsonl", "a2.jsonl", "b.jsonl", "b2.jsonl", "c.jsonl", "e.jsonl"]
    assert sorted(r.path.name for r in rows) == ["a.jsonl", "a2.jsonl", "b.jsonl", "b2.jsonl", "c.jsonl"]
    read.clear()
    assert [r.path.name for r in history.finished(folder)] == [r.path.name for r in rows] and read == []
