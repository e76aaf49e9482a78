"""The log as save file: round trips, and every way a file can be bad refused with a clear
message (a torn last action is dropped with a warning instead)."""

import json

import pytest

from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver
from tests.helpers import rigged


def played(moves: int = 40, seed: int = 3) -> Table:
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=seed)
    bot = make("random", seed)
    TableDriver(table, {seat: bot for seat in range(3)}).play_bots(moves)
    return table


def lines_of(table: Table) -> list[str]:
    return log.dumps(table.header, table.events).splitlines(keepends=True)


def refused(text: str) -> str:
    with pytest.raises(log.LogError) as caught:
        log.loads(text)
    return str(caught.value)


def test_a_saved_game_loads_to_the_same_state_and_goes_on_the_same_way(tmp_path):
    table = played()
    path = tmp_path / "game.jsonl"
    saves.write(path, table.header, table.events)
    loaded = saves.read(path)
    assert loaded.state == table.state and loaded.events == table.events and loaded.warnings == []
    resumed, again = Table.resume(loaded), Table.resume(saves.read(path))
    seat = resumed.to_act()[0]
    action = resumed.legal_actions(seat)[0]
    assert resumed.submit(seat, action) == again.submit(seat, action)  # chance goes on alike


def test_the_header_says_what_the_game_is_and_marks_a_rigged_game():
    header = json.loads(lines_of(played(0))[0])
    assert header["format"] == "parlour-log" and header["format_version"] == 1
    assert header["game"] == "garfield" and header["players"] == ["Ann", "Bob", "Cid"]
    assert header["rigged"] is False and "rig" not in header
    rigged_header = json.loads(lines_of(rigged("garfield", dice=[6, 6, 1, 1]))[0])
    assert rigged_header["rigged"] is True and rigged_header["rig"]["dice"] == [6, 6, 1, 1]
    assert log.loads("".join(lines_of(rigged("garfield", dice=[6, 6, 1, 1])))).header.rigged


def test_the_writer_appends_each_action_and_the_file_always_loads(tmp_path):
    table = played(0)
    writer = saves.Writer(tmp_path / "g.jsonl", table.header, table.events)
    bot = make("random", 1)
    driver = TableDriver(table, {seat: bot for seat in range(3)}, writer)  # the driver saves
    for _ in range(10):
        driver.step_bot()
        assert saves.read(tmp_path / "g.jsonl").state == table.state


@pytest.mark.parametrize("ends_a_line", [True, False])
def test_a_resumed_save_is_appended_to_not_written_again(tmp_path, ends_a_line):
    """Resuming a long game must not write it all out again: the Writer goes on after the bytes
    on disk. A file whose last line has no newline is written whole (appending would glue lines)."""
    table, path = played(), tmp_path / "g.jsonl"
    text = log.dumps(table.header, table.events)
    path.write_text(text if ends_a_line else text.rstrip("\n"), encoding="utf-8")
    loaded = saves.read(path)
    assert not loaded.warnings and loaded.events == table.events
    table = Table.resume(loaded)
    writer = saves.Writer(path, table.header, table.events, on_disk=True)
    assert writer.written == len(table.events)
    TableDriver(table, {seat: make("random", 5) for seat in range(3)}, writer).play_bots(5)
    assert path.read_text(encoding="utf-8").startswith(text.rstrip("\n"))
    assert saves.read(path).events == table.events


def test_a_torn_last_line_keeps_the_valid_prefix_and_says_so():
    table = played()
    lines = lines_of(table)
    last_action = max(i for i, line in enumerate(lines) if '"type":"Acted"' in line)
    text = "".join(lines[:-1]) + lines[-1][: len(lines[-1]) // 2]  # cut mid-line, no newline
    loaded = log.loads(text)
    assert loaded.warnings and len(loaded.events) == last_action - 1  # the cut action is dropped
    assert loaded.state == log.fold(table.game, table.header, table.events[: last_action - 1])


def test_an_action_whose_events_stop_early_is_dropped_with_a_warning():
    table = played()
    lines = lines_of(table)
    last_action = max(i for i, line in enumerate(lines) if '"type":"Acted"' in line)
    loaded = log.loads("".join(lines[: last_action + 1]))  # the Acted line alone, complete
    assert loaded.warnings and len(loaded.events) == last_action - 1


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "empty"),
        ("\x89PNG\r\n", "not JSON"),
        ('{"hello": 1}\n', "not a Parlour log header"),
        ('{"format": "parlour-log", "format_version": 99, "game": "garfield"}\n', "newer"),
    ],
)
def test_foreign_files_are_refused(text, says):
    assert says in refused(text)


def test_header_errors_are_refused():
    lines = lines_of(played(0))
    header = json.loads(lines[0])
    for change, says in [
        ({"game": "chess"}, "unknown game"),
        ({"players": ["Ann"]}, "2 to 4"),
        ({"seed": "x"}, "seed"),
        ({"rigged": True}, "rigged"),
        ({"options": {"turbo": True}}, "no option"),
        ({"extra": 1}, "unknown field"),
    ]:
        text = json.dumps({**header, **change}) + "\n" + "".join(lines[1:])
        assert says in refused(text), change


def edit(table: Table, index: int, change) -> str:
    """The log text with line `index` (0 = header) replaced by change(parsed line)."""
    lines = lines_of(table)
    lines[index] = json.dumps(change(json.loads(lines[index]))) + "\n"
    return "".join(lines)


def test_a_tampered_die_is_refused():
    table = played()
    lines = lines_of(table)
    i = next(i for i, line in enumerate(lines) if i > 12 and '"type":"DiceRolled"' in line)

    def cheat(data):
        data["event"]["dice"] = [7 - d for d in data["event"]["dice"]]
        return data

    message = refused(edit(table, i, cheat))
    assert message.startswith("line ") and "follow from the rules" in message


def test_a_wrong_sequence_number_an_unknown_event_and_a_bad_field_are_refused():
    table = played()
    assert "sequence number" in refused(edit(table, 5, lambda d: {**d, "seq": 9}))
    assert "unknown event type" in refused(edit(table, 5, lambda d: {**d, "event": {"type": "Teleported"}}))
    assert "expected an integer" in refused(
        edit(
            table,
            3,
            lambda d: (
                {**d, "event": {**d["event"], "to": "far"}}
                if d["event"]["type"] == "Moved"
                else {**d, "event": {"type": "Moved", "seat": 0, "to": "far"}}
            ),
        )
    )


def test_an_illegal_action_in_the_log_is_refused():
    table = played()
    lines = lines_of(table)
    i = max(i for i, line in enumerate(lines) if '"type":"Acted"' in line and '"seat":null' not in line)

    def wrong_seat(data):
        data["event"]["seat"] = (data["event"]["seat"] + 1) % 3
        return data

    assert "not your turn" in refused(edit(table, i, wrong_seat))


def test_a_log_that_does_not_start_with_the_set_up_is_refused():
    lines = lines_of(played())
    assert "set-up" in refused(lines[0] + '{"seq":1,"event":{"type":"TurnBegan","seat":0}}\n')
    assert "set-up" in refused(lines[0])


def test_a_huge_line_and_a_non_utf8_file_are_refused(tmp_path):
    lines = lines_of(played(0))
    assert "too long" in refused(lines[0] + '{"seq":1,"event":"' + "x" * 70_000 + '"}\n')
    path = tmp_path / "bad.jsonl"
    path.write_bytes(b"\xff\xfe" + b"garbage")
    with pytest.raises(saves.SaveError, match="not UTF-8"):
        saves.read(path)
    with pytest.raises(saves.SaveError, match="cannot be read"):
        saves.read(tmp_path / "missing.jsonl")


def test_an_event_read_before_is_not_trusted_in_a_line_that_says_more():
    """Loading reads each distinct event text once (rules/log.py _EventReader); a later line that
    repeats an event's text with something more is still read in full, and refused as before."""
    table = played(60)
    lines = lines_of(table)
    seen, repeat = {}, None
    for number, line in enumerate(lines[1:], 2):
        body = line[line.index(',"event":') + 9 : -2]
        if body in seen:
            repeat = number, line, body
            break
        seen[body] = number
    number, line, body = repeat
    seq = number - 1
    for changed, reason in [
        (f'{{"seq":{seq},"event":{body},"seq":{seq + 5}}}\n', "sequence number"),
        (f'{{"seq":{seq},"event":{body[:-1]},"x":1}}}}\n', "unexpected field"),
        (f'{{"seq":{seq},"event":{body}}}}}\n', "not JSON"),
    ]:
        bad = lines[: number - 1] + [changed] + lines[number:]
        assert refused("".join(bad)).startswith(f"line {number}: ") and reason in refused("".join(bad))
    first = seen[body]  # written with its number twice (JSON keeps the last): it loads...
    twice = lines[: first - 1] + [f'{{"seq":{first - 1},"event":{body},"seq":{first - 1}}}\n'] + lines[first:]
    assert log.loads("".join(twice)).events == table.events
    # ... and the same text after another number is still refused
    twice[number - 1] = f'{{"seq":{seq},"event":{body},"seq":{first - 1}}}\n'
    assert refused("".join(twice)).startswith(f"line {number}: sequence number")
    spaced = lines[: number - 1] + [f'{{ "seq": {seq}, "event": {body} }}\n'] + lines[number:]
    assert log.loads("".join(spaced)).events == table.events
