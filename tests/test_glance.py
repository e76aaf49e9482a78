"""The list of saves reads a row from a save's header and last lines (`saves.glance`), not a
replay: it says what loading the whole save says about who is to act, checks what it reads, and
leaves the rest to loading, which checks everything when the save is opened."""

import os
import random
import re

import pytest
from hypothesis import given, settings, strategies as st

from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.records import Acted
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver
from tests.fuzz.test_fuzz import corrupt

GAMES = ("garfield", "filmis", "smurf")


def played(game: str, seed: int, actions: int | None, players: int = 3) -> Table:
    table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][:players], seed=seed)
    TableDriver(table, {seat: make("random", f"{seed}/{seat}") for seat in range(players)}).play_bots(actions)
    return table


def saved(tmp_path, table: Table, name: str = "game.jsonl"):
    path = tmp_path / name
    saves.write(path, table.header, table.events)
    return path


def glanced_as_read(path) -> None:
    seen, loaded = saves.glance(path), saves.read(path)
    game = Table.resume(loaded).game
    assert seen == log.Glance(loaded.header, game.to_act(loaded.state))


@pytest.mark.parametrize("game", GAMES)
def test_a_row_says_who_acts_as_loading_the_whole_save_does(tmp_path, game):
    for seed, actions in [(1, 1), (2, 7), (3, 40), (4, 300), (5, None)]:
        table = played(game, seed, actions, players=2 + seed % 3)
        glanced_as_read(saved(tmp_path, table))
    assert saves.glance(saved(tmp_path, table)).to_act == ()  # the last game was played to the end


def test_a_long_save_is_read_at_its_ends_only(tmp_path):
    """A bad line in the middle of a long save a game wrote (marked, save_mark.py) does not show
    in its row (nothing but the ends is read); opening the save refuses it, naming the line."""
    table = played("smurf", 3, 2000)
    path = saved(tmp_path, table, "long.jsonl")
    lines = path.read_bytes().splitlines(keepends=True)
    assert sum(map(len, lines)) > 3 * saves.TAIL_BYTES
    middle = len(lines) // 2
    lines[middle] = b"x" * (len(lines[middle]) - 1) + b"\n"  # as long as it was: the ends are as marked
    path.write_bytes(b"".join(lines))
    assert saves.glance(path).to_act == table.to_act()
    with pytest.raises(saves.SaveError, match=f"line {middle + 1}:"):
        saves.read(path)


def test_a_bad_last_line_is_reported_as_loading_reports_it(tmp_path):
    table = played("smurf", 2, 30)
    text = log.dumps(table.header, table.events)
    path = tmp_path / "bad.jsonl"
    seq = len(table.events) + 1
    path.write_text(text + f'{{"seq": {seq}, "event": {{"type": "TurnBegun", "seat": 0}}}}\n', encoding="utf-8")
    with pytest.raises(saves.SaveError) as glanced:
        saves.glance(path)
    with pytest.raises(saves.SaveError) as loaded:
        saves.read(path)
    assert str(glanced.value) == str(loaded.value) and f"line {len(table.events) + 2}:" in str(glanced.value)


def test_a_torn_last_line_and_what_an_editor_adds_are_read_as_loading_reads_them(tmp_path):
    table = played("filmis", 4, 25)
    text = log.dumps(table.header, table.events)
    torn = tmp_path / "torn.jsonl"
    torn.write_text(text + '{"seq": 1000, "ev', encoding="utf-8")
    glanced_as_read(torn)
    edited = tmp_path / "edited.jsonl"
    edited.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "  \r\n\n").encode())
    glanced_as_read(edited)


def test_last_lines_that_do_not_tell_mean_reading_the_whole_save(tmp_path):
    table = played("garfield", 5, 12)
    path = tmp_path / "blank.jsonl"
    path.write_text(log.dumps(table.header, table.events) + "\n" * (2 * saves.TAIL_BYTES), encoding="utf-8")
    glanced_as_read(path)


def test_odd_files_are_refused_without_being_read(tmp_path):
    os.mkfifo(tmp_path / "fifo.jsonl")
    (tmp_path / "dir.jsonl").mkdir()
    (tmp_path / "zero.jsonl").symlink_to("/dev/zero")
    (tmp_path / "gone.jsonl").symlink_to(tmp_path / "nowhere")
    (tmp_path / "empty.jsonl").write_bytes(b"")
    (tmp_path / "huge.jsonl").write_bytes(b"x" * (log.MAX_LINE_BYTES * 3))
    for name, reason in [
        ("fifo", "not a regular file"),
        ("dir", "not a regular file"),
        ("zero", "not a regular file"),
        ("gone", "cannot be read"),
        ("empty", "empty"),
        ("huge", "line 1:"),
    ]:
        with pytest.raises(saves.SaveError, match=reason):
            saves.glance(tmp_path / f"{name}.jsonl")


@given(st.integers(0, 2**16))
@settings(max_examples=30, deadline=None)
def test_a_damaged_save_gets_a_row_or_a_reason_naming_the_line(tmp_path_factory, seed):
    rnd = random.Random(seed)
    table = played(GAMES[seed % 3], seed, rnd.randint(1, 60))
    text = log.dumps(table.header, table.events).encode()
    path = tmp_path_factory.mktemp("saves") / "c.jsonl"
    # damage near the end, where the row is read
    cut = max(0, len(text) - rnd.randrange(1, 2000))
    path.write_bytes(text[:cut] + corrupt(rnd, text[cut:]) if cut < len(text) else text)
    try:
        seen = saves.glance(path)
    except saves.SaveError as error:
        assert "line " in str(error) or "empty" in str(error), error
        return
    try:
        loaded = saves.read(path)
    except saves.SaveError:
        return  # the row was read from the ends; opening the save says what is wrong
    if not loaded.warnings:
        assert seen == log.Glance(loaded.header, table.game.to_act(loaded.state))


def test_last_lines_out_of_order_are_reported_as_loading_reports_them(tmp_path):
    table = played("garfield", 6, 30)
    lines = log.dumps(table.header, table.events).splitlines(keepends=True)
    lines[-1], lines[-3] = lines[-3], lines[-1]
    path = tmp_path / "swapped.jsonl"
    path.write_text("".join(lines), encoding="utf-8")
    with pytest.raises(saves.SaveError) as glanced:
        saves.glance(path)
    with pytest.raises(saves.SaveError) as loaded:
        saves.read(path)
    assert str(glanced.value) == str(loaded.value) and "sequence number" in str(glanced.value)


def changed_ends(whole: bytes, last_batch: int) -> list[bytes]:
    """A save whose last action (its last `last_batch` lines) was changed as a crash or a careless
    hand changes it: cut at the end of each of its lines (a crash between two writes of one
    action), and each die of it turned to each other face."""
    lines = whole.splitlines(keepends=True)
    first = len(lines) - last_batch
    found = [b"".join(lines[:end]) for end in range(first + 1, len(lines))]
    for at in range(first, len(lines)):
        dice = re.search(rb'"dice":\[([\d,]+)\]', lines[at])
        if dice is None:
            continue
        faces = dice.group(1).split(b",")
        for i, face in enumerate(faces):
            for other in range(1, 7):
                if str(other).encode() != face:
                    turned = b",".join(faces[:i] + [str(other).encode()] + faces[i + 1 :])
                    line = lines[at][: dice.start(1)] + turned + lines[at][dice.end(1) :]
                    found.append(b"".join(lines[:at] + [line] + lines[at + 1 :]))
    return found


@pytest.mark.parametrize("game", GAMES)
def test_a_changed_or_cut_last_action_names_who_acts_as_the_opened_game_does(tmp_path, game):
    """Issue 37: the list read a save's last lines as played, while loading it drops (or refuses)
    a last action that is not what the rules decide, so they named different players. Over
    seeded games saved as a game saves them (each action appended, and marked), then changed
    in their last action, the row names whom the opened game names, or both refuse the save."""
    path, checked = tmp_path / "g.jsonl", 0
    for seed in range(12):
        table = Table.new(game, ["Ann", "Bob", "Cid", "Dee"][: 2 + seed % 3], seed=seed)
        writer = saves.Writer(path, table.header, table.events)
        driver = TableDriver(table, {s: make("random", f"{seed}/{s}") for s in range(len(table.players))}, writer)
        driver.play_bots(5 + seed * 3)
        driver.close()  # (each game's save let go: the next game writes it)
        assert saves.glance(path).to_act == table.to_act()
        last = next(i for i in range(len(table.events) - 1, -1, -1) if type(table.events[i]) is Acted)
        for changed in changed_ends(path.read_bytes(), len(table.events) - last):
            path.write_bytes(changed)
            try:
                loaded = saves.read(path)
            except saves.SaveError as refused:
                with pytest.raises(saves.SaveError) as glanced:
                    saves.glance(path)
                assert str(glanced.value) == str(refused)
                continue
            assert saves.glance(path) == log.Glance(loaded.header, table.game.to_act(loaded.state))
            checked += 1
    assert checked > 20
